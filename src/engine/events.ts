// The event recorder (client-go tools/record) with its EventCorrelator (events_cache.go), per event
// source (component + host, as each process has its own recorder):
// - aggregation: once 10 events that differ only in their message (same source, object, type and
//   reason) come within 10 minutes, the next ones become one "(combined from similar events): …" Event;
// - de-duplication: a repeat of the same event patches the existing Event (count + 1, lastTimestamp,
//   message) instead of creating one;
// - spam filter: a source may write 25 events about one object, then one per 5 minutes (token bucket);
//   the caches are LRUs of 4096 entries.
// Events are written to the store's compact event store (no Event objects are made until listed).

import type { Clock } from './clock';
import type { ObjectStore } from './api/objectStore';
import { decimalRV } from './api/eventStore';
import type { KObject, ObjectReference } from './api/types';
import { EventCorrelator, ObjectRecords, type EventKind, type ObjectRecord } from './correlator';

export interface RecordedEvent {
  time: number;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  component: string;
  object: ObjectReference;
}

/** objects whose spam key is kept before the cache starts over (a bound, not a behaviour) */
const OBJECT_KEYS_MAX = 131_072;

/**
 * An involved object's reference without its resourceVersion (the base the store keeps with the
 * version's number: one per object, not one per event), its spam-filter key and the correlators'
 * record of that key (found through the key's Map when it is not live).
 */
interface ObjectKey {
  kind: string;
  namespace: string | undefined;
  name: string;
  uid: string | undefined;
  apiVersion: string | undefined;
  key: string;
  record: ObjectRecord | undefined;
}

export function spamKeyOf(ref: ObjectReference): string {
  // joined in one flat string (kept as a cache key: a chain of concatenations keeps its pieces)
  return [ref.kind, ref.namespace ?? '', ref.name, ref.uid ?? '', ref.apiVersion ?? ''].join('\u0000');
}

const TWO_24 = 0x100_0000;
let lastHi = NaN;
let lastHiHex = '';

/** The parts of `nanosHex` (its high part's text and padding, and its low part's), set by `nanosParts`. */
let partHi = '';
let partPad = '';
let partLo = '';

/**
 * `(nowMs × 10^6 + seq)` in hex, the unix nanoseconds of an event name, without BigInt: the product
 * passes 2^53, so it is kept as hi × 2^24 + lo with both parts exact doubles (the BigInt form is the
 * test oracle in eventName.test.ts). Leaves the text in `partHi`, `partPad`, `partLo`.
 */
function nanosParts(nowMs: number, seq: number): void {
  const msLo = nowMs % TWO_24;
  let hi = ((nowMs - msLo) / TWO_24) * 1_000_000;
  let lo = msLo * 1_000_000 + seq;
  const carry = Math.floor(lo / TWO_24);
  hi += carry;
  lo -= carry * TWO_24;
  partLo = lo.toString(16);
  if (hi === 0) {
    partHi = partPad = '';
    return;
  }
  // hi changes once in 2^24 ns (16.8 ms) of event time: its text is kept
  if (hi !== lastHi) {
    lastHi = hi;
    lastHiHex = hi.toString(16);
  }
  partHi = lastHiHex;
  partPad = '000000'.slice(partLo.length);
}

export function nanosHex(nowMs: number, seq: number): string {
  nanosParts(nowMs, seq);
  return partHi + partPad + partLo;
}

/**
 * An Event's name, `<object>.<nanosHex>`, spelled out in one flat string: a name is kept as long as
 * its Event and its recorder cache entry, and `+` would keep it as a tree of its five pieces (three
 * 32-byte joints besides them, some 3 MiB over a 3,000-replica rollout's 36,000 Events).
 */
export function eventName(objectName: string, nowMs: number, seq: number): string {
  nanosParts(nowMs, seq);
  return [objectName, '.', partHi, partPad, partLo].join('');
}

export class EventRecorder {
  private seq = 0;
  private isoAt = NaN;
  private iso = '';
  /** component → host → correlator (two lookups of interned strings, no key made per event) */
  private readonly correlators = new Map<string, Map<string, EventCorrelator>>();
  /** the spam-filter key of each object (by uid) last seen: made once per object, not per event */
  private readonly objectKeys = new Map<string, ObjectKey>();
  /** the objects the correlators know, shared by them */
  private readonly records = new ObjectRecords();
  private readonly aggregateKeys = new Map<string, Map<string, EventKind>>();
  /** Listeners see every event the recorder writes (including repeats counted into an existing Event). */
  readonly listeners: ((e: RecordedEvent) => void)[] = [];

  /** the clock when the recorder was made: the correlator caches' times count from there */
  private readonly start: number;

  constructor(
    private readonly store: ObjectStore,
    private readonly clock: Clock,
  ) {
    this.start = clock.now();
  }

  /** the source of the last event and its correlator (a kubelet's pass writes a pod's events in a row) */
  private lastComponent = '';
  private lastHost = '';
  private lastCorrelator: EventCorrelator | undefined;
  /** the reference of the last event (events about one object version in a row share it) */
  private lastRef: ObjectReference | undefined;

  private correlator(component: string, host: string): EventCorrelator {
    if (this.lastCorrelator && component === this.lastComponent && host === this.lastHost)
      return this.lastCorrelator;
    this.lastComponent = component;
    this.lastHost = host;
    let byHost = this.correlators.get(component);
    if (!byHost) this.correlators.set(component, (byHost = new Map()));
    let c = byHost.get(host);
    if (!c) byHost.set(host, (c = new EventCorrelator(this.records, component, host)));
    return (this.lastCorrelator = c);
  }

  /** The event's object reference (shared with the last event's when it names the same object version). */
  private reference(obj: KObject): ObjectReference {
    const md = obj.metadata;
    const r = this.lastRef;
    if (
      r &&
      r.uid === md.uid &&
      r.resourceVersion === md.resourceVersion &&
      r.name === md.name &&
      r.namespace === md.namespace &&
      r.kind === obj.kind &&
      r.apiVersion === obj.apiVersion
    )
      return r;
    return (this.lastRef = {
      kind: obj.kind,
      namespace: md.namespace,
      name: md.name,
      uid: md.uid,
      apiVersion: obj.apiVersion,
      resourceVersion: md.resourceVersion,
    });
  }

  /** The `\0type\0reason` key of a pair, one per pair (reasons are the components' constants). */
  private aggregateKind(type: string, reason: string): EventKind {
    let byReason = this.aggregateKeys.get(type);
    if (!byReason) this.aggregateKeys.set(type, (byReason = new Map()));
    let k = byReason.get(reason);
    if (k === undefined) byReason.set(reason, (k = { key: `\u0000${type}\u0000${reason}`, message: '' }));
    return k;
  }

  /** the object key of the last event (a kubelet's pass writes a pod's events in a row) */
  private lastKey: ObjectKey | undefined;

  /**
   * The object's key: its reference's base and getSpamKey, the kind, namespace, name, uid and
   * apiVersion joined (one per object, kept by uid).
   */
  private objectKey(obj: KObject): ObjectKey {
    const md = obj.metadata;
    const uid = md.uid;
    let k = this.lastKey;
    if (
      k !== undefined &&
      k.uid === uid &&
      k.name === md.name &&
      k.namespace === md.namespace &&
      k.kind === obj.kind &&
      k.apiVersion === obj.apiVersion
    )
      return k;
    k = uid === undefined ? undefined : this.objectKeys.get(uid);
    if (
      k === undefined ||
      k.kind !== obj.kind ||
      k.namespace !== md.namespace ||
      k.name !== md.name ||
      k.apiVersion !== obj.apiVersion
    ) {
      // one literal, so that all keys share one hidden class (a spread gave each its own)
      k = {
        kind: obj.kind,
        namespace: md.namespace,
        name: md.name,
        uid,
        apiVersion: obj.apiVersion,
        key: '',
        record: undefined,
      };
      k.key = spamKeyOf(k);
      if (uid !== undefined) {
        if (this.objectKeys.size >= OBJECT_KEYS_MAX) this.objectKeys.clear();
        this.objectKeys.set(uid, k);
      }
    }
    return (this.lastKey = k);
  }

  event(
    obj: KObject,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    component: string,
    host?: string,
    /** the part of the object the event is about (`spec.ephemeralContainers{debugger-x}`) */
    fieldPath?: string,
  ): void {
    const namespace = obj.metadata.namespace ?? 'default';
    const nowMs = this.clock.now();
    if (nowMs !== this.isoAt) {
      this.isoAt = nowMs;
      this.iso = this.clock.iso();
    }
    const now = this.iso;
    const c = this.correlator(component, host ?? '');
    const objectKey = this.objectKey(obj);
    const kind = this.aggregateKind(type, reason);
    // The same text as the last message of this type and reason is that one string: 65,000 kubelets
    // keep "Started container …" in their caches once, not once each.
    if (message === kind.message) message = kind.message;
    else kind.message = message;
    // the caches keep times since the recorder's start: small integers, kept unboxed in their entries
    // (`| 0` makes a small integer of the difference of two doubles, else the entries' fields hold boxed doubles)
    const since = nowMs - this.start <= 0x3fff_ffff ? (nowMs - this.start) | 0 : nowMs - this.start;
    // The object's record in the correlator, found once for its three caches.
    let record = objectKey.record;
    if (record === undefined || !record.live) record = objectKey.record = this.records.of(objectKey.key);
    const group = c.entry(record, kind);
    const combined = c.aggregate(group, message, since);
    const eventMessage = combined ? `(combined from similar events): ${message}` : message;
    // eventObserve: the previous occurrence under upstream's event key (object, type, reason, message)
    // or, once combined, its aggregate key (object, type, reason), if any (then the Event is patched);
    // it updates its cache before the spam filter decides.
    const logKey = combined ? undefined : message;
    let last = c.observed(group, logKey);
    const existing = last ? this.store.events.at(last.slot, last.born, namespace, last.name) : -1;
    if (last) last.count += 1;
    // Real event names are `<object>.<unix nanoseconds in hex>`.
    else last = c.remember(group, logKey, now, eventName(obj.metadata.name, nowMs, this.seq++));
    if (!c.allow(group.object, since)) return;
    // The involved object's reference: the store keeps the object's base and its resourceVersion's
    // number (an object's events share the base), unless the event names a part of the object or
    // the version is no server's decimal; the whole reference is made for listeners.
    const refRV = fieldPath === undefined ? decimalRV(obj.metadata.resourceVersion) : NaN;
    let ref: ObjectReference | undefined;
    if (Number.isNaN(refRV) || this.listeners.length)
      ref = fieldPath === undefined ? this.reference(obj) : { ...this.reference(obj), fieldPath };
    if (this.listeners.length)
      for (const l of this.listeners)
        l({ time: nowMs, type, reason, message: eventMessage, component, object: ref! });
    if (existing >= 0) {
      this.store.patchEvent(existing, last.count, now, eventMessage);
      return;
    }
    const slot = this.store.recordEvent(
      namespace,
      last.name,
      Number.isNaN(refRV) ? ref! : objectKey,
      refRV,
      reason,
      eventMessage,
      c.source,
      last.firstTimestamp,
      now,
      last.count,
      type,
      combined ? undefined : component,
    );
    last.slot = slot;
    last.born = this.store.events.bornAt(slot);
  }
}
