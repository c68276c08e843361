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
import type { EventRecordInput } from './api/eventStore';
import type { KObject, ObjectReference } from './api/types';

export interface RecordedEvent {
  time: number;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  component: string;
  object: ObjectReference;
}

const LRU_SIZE = 4096;
const AGGREGATE_MAX_EVENTS = 10;
const AGGREGATE_INTERVAL_MS = 600_000;
const SPAM_BURST = 25;
const SPAM_QPS = 1 / 300;

/** objects whose spam key is kept before the cache starts over (a bound, not a behaviour) */
const OBJECT_KEYS_MAX = 16_384;

interface ObjectKey {
  kind: string;
  namespace: string | undefined;
  name: string;
  apiVersion: string | undefined;
  key: string;
}

export function spamKeyOf(ref: ObjectReference): string {
  return `${ref.kind}\u0000${ref.namespace ?? ''}\u0000${ref.name}\u0000${ref.uid ?? ''}\u0000${ref.apiVersion ?? ''}`;
}

const TWO_24 = 0x100_0000;

/**
 * `(nowMs × 10^6 + seq)` in hex, the unix nanoseconds of an event name, without BigInt: the product
 * passes 2^53, so it is kept as hi × 2^24 + lo with both parts exact doubles (the BigInt form is the
 * test oracle in eventName.test.ts).
 */
export function nanosHex(nowMs: number, seq: number): string {
  const msLo = nowMs % TWO_24;
  let hi = ((nowMs - msLo) / TWO_24) * 1_000_000;
  let lo = msLo * 1_000_000 + seq;
  const carry = Math.floor(lo / TWO_24);
  hi += carry;
  lo -= carry * TWO_24;
  const loHex = lo.toString(16);
  return hi === 0 ? loHex : hi.toString(16) + '000000'.slice(loHex.length) + loHex;
}

interface Linked<E> {
  prev: E | undefined;
  next: E | undefined;
}

/** A doubly linked list of entries in use order, front = most recent: the part both LRUs share. */
class UseOrder<E extends Linked<E>> {
  front: E | undefined;
  private back: E | undefined;

  pushFront(e: E): void {
    e.prev = undefined;
    e.next = this.front;
    if (this.front) this.front.prev = e;
    this.front = e;
    if (!this.back) this.back = e;
  }

  moveToFront(e: E): void {
    if (this.front === e) return;
    this.unlink(e);
    this.pushFront(e);
  }

  /** Takes the least recently used entry off the list. */
  popBack(): E | undefined {
    const e = this.back;
    if (e) this.unlink(e);
    return e;
  }

  private unlink(e: E): void {
    if (e.prev) e.prev.next = e.next;
    else this.front = e.next;
    if (e.next) e.next.prev = e.prev;
    else this.back = e.prev;
    e.prev = e.next = undefined;
  }
}

interface LruEntry<V> extends Linked<LruEntry<V>> {
  key: string;
  value: V;
}

/**
 * A cache that forgets its least recently used entry beyond `size` (groupcache/lru): a Map to the
 * entries and a doubly linked list in use order, front = most recent (a Map re-inserted on every hit
 * scans its deleted slots to find the oldest).
 */
export class Lru<V> {
  private readonly m = new Map<string, LruEntry<V>>();
  private readonly order = new UseOrder<LruEntry<V>>();
  constructor(private readonly size = LRU_SIZE) {}

  get(k: string): V | undefined {
    const e = this.m.get(k);
    if (e === undefined) return undefined;
    this.order.moveToFront(e);
    return e.value;
  }

  add(k: string, v: V): void {
    const e = this.m.get(k);
    if (e !== undefined) {
      e.value = v;
      this.order.moveToFront(e);
      return;
    }
    const n: LruEntry<V> = { key: k, value: v, prev: undefined, next: undefined };
    this.order.pushFront(n);
    this.m.set(k, n);
    if (this.m.size > this.size) this.m.delete(this.order.popBack()!.key);
  }

  /** Keys from the most to the least recently used (tests). */
  keys(): string[] {
    const out: string[] = [];
    for (let e = this.order.front; e; e = e.next) out.push(e.key);
    return out;
  }
}

interface PairEntry<V> extends Linked<PairEntry<V>> {
  outer: string;
  inner: string;
  value: V;
}

/**
 * The same LRU keyed by a pair (outer, inner) that stands for the joined key `outer + inner`
 * (upstream's string keys): the object's spam key as `outer` is one shared string per object, so an
 * event's key is not a new copy of that prefix (made, hashed and kept per event). `Lru` on the joined
 * keys is its test oracle (pairLru.test.ts).
 */
export class PairLru<V> {
  private readonly m = new Map<string, Map<string, PairEntry<V>>>();
  private readonly order = new UseOrder<PairEntry<V>>();
  private n = 0;
  constructor(private readonly size = LRU_SIZE) {}

  get(outer: string, inner: string): V | undefined {
    const e = this.m.get(outer)?.get(inner);
    if (e === undefined) return undefined;
    this.order.moveToFront(e);
    return e.value;
  }

  add(outer: string, inner: string, v: V): void {
    let byInner = this.m.get(outer);
    const e = byInner?.get(inner);
    if (e !== undefined) {
      e.value = v;
      this.order.moveToFront(e);
      return;
    }
    if (!byInner) this.m.set(outer, (byInner = new Map()));
    const n: PairEntry<V> = { outer, inner, value: v, prev: undefined, next: undefined };
    this.order.pushFront(n);
    byInner.set(inner, n);
    if (++this.n > this.size) this.removeOldest();
  }

  /** Joined keys from the most to the least recently used (tests). */
  keys(): string[] {
    const out: string[] = [];
    for (let e = this.order.front; e; e = e.next) out.push(e.outer + e.inner);
    return out;
  }

  private removeOldest(): void {
    const e = this.order.popBack();
    if (!e) return;
    const byInner = this.m.get(e.outer)!;
    byInner.delete(e.inner);
    if (byInner.size === 0) this.m.delete(e.outer);
    this.n--;
  }
}

interface AggregateRecord {
  /**
   * the messages seen in the group, oldest first: one message as it is, a Set once there are two
   * (most groups never see a second message; a Set each costs memory when 65,000 kubelets keep them)
   */
  localKeys: string | Set<string> | undefined;
  last: number;
}

/** Adds a message to a group's messages; returns how many distinct messages it has now. */
function addLocalKey(rec: AggregateRecord, message: string): number {
  const k = rec.localKeys;
  if (k === undefined) rec.localKeys = message;
  else if (typeof k === 'string') {
    if (k !== message) rec.localKeys = new Set([k, message]);
  } else k.add(message);
  const now = rec.localKeys!;
  return typeof now === 'string' ? 1 : now.size;
}

interface EventLog {
  count: number;
  firstTimestamp: string;
  namespace: string;
  name: string;
}

interface TokenBucket {
  tokens: number;
  last: number;
}

/** EventCorrelator for one source. */
class Correlator {
  /** the Events' source, one object shared by all the records this source writes */
  readonly source: { component: string; host?: string };
  private readonly aggregates = new PairLru<AggregateRecord>();
  private readonly logs = new PairLru<EventLog>();
  private readonly spam = new Lru<TokenBucket>();

  constructor(component: string, host: string) {
    this.source = host ? { component, host } : { component };
  }

  /**
   * EventAggregate: the key the event is counted under (the object's key `objectKey` joined with
   * `aggregateKey` or the event's key: only the second part is returned), and its message. The event's
   * key is `\0` + aggregateKey + `\0` + message, i.e. `\0\0type\0reason\0message`.
   */
  aggregate(objectKey: string, aggregateKey: string, message: string, now: number): { key: string; message: string; combined: boolean } {
    let rec = this.aggregates.get(objectKey, aggregateKey);
    if (!rec || now - rec.last > AGGREGATE_INTERVAL_MS) rec = { localKeys: undefined, last: 0 };
    const size = addLocalKey(rec, message);
    rec.last = now;
    this.aggregates.add(objectKey, aggregateKey, rec);
    if (size < AGGREGATE_MAX_EVENTS) return { key: `\u0000${aggregateKey}\u0000${message}`, message, combined: false };
    // Do not grow the set beyond the maximum (upstream pops an arbitrary one; here the oldest).
    const keys = rec.localKeys as Set<string>;
    keys.delete(keys.values().next().value!);
    return { key: aggregateKey, message: `(combined from similar events): ${message}`, combined: true };
  }

  /** eventObserve: the previous occurrence under `objectKey + key`, if any (then the Event is patched). */
  observed(objectKey: string, key: string): EventLog | undefined {
    return this.logs.get(objectKey, key);
  }

  remember(objectKey: string, key: string, log: EventLog): void {
    this.logs.add(objectKey, key, log);
  }

  /** EventSourceObjectSpamFilter: false when the source has no token left for this object. */
  allow(spamKey: string, now: number): boolean {
    let b = this.spam.get(spamKey);
    if (!b) b = { tokens: SPAM_BURST, last: now };
    b.tokens = Math.min(SPAM_BURST, b.tokens + ((now - b.last) / 1000) * SPAM_QPS);
    b.last = now;
    let ok = false;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      ok = true;
    }
    this.spam.add(spamKey, b);
    return ok;
  }
}

export class EventRecorder {
  private seq = 0;
  private isoAt = NaN;
  private iso = '';
  /** component → host → correlator (two lookups of interned strings, no key made per event) */
  private readonly correlators = new Map<string, Map<string, Correlator>>();
  /** the spam-filter key of each object (by uid) last seen: made once per object, not per event */
  private readonly objectKeys = new Map<string, ObjectKey>();
  private readonly aggregateKeys = new Map<string, Map<string, string>>();
  /** Listeners see every event the recorder writes (including repeats counted into an existing Event). */
  readonly listeners: ((e: RecordedEvent) => void)[] = [];

  constructor(
    private readonly store: ObjectStore,
    private readonly clock: Clock,
  ) {}

  private correlator(component: string, host: string): Correlator {
    let byHost = this.correlators.get(component);
    if (!byHost) this.correlators.set(component, (byHost = new Map()));
    let c = byHost.get(host);
    if (!c) byHost.set(host, (c = new Correlator(component, host)));
    return c;
  }

  /** `\0type\0reason`, one string per pair (reasons are the components' constants) */
  private aggregateKey(type: string, reason: string): string {
    let byReason = this.aggregateKeys.get(type);
    if (!byReason) this.aggregateKeys.set(type, (byReason = new Map()));
    let k = byReason.get(reason);
    if (k === undefined) byReason.set(reason, (k = `\u0000${type}\u0000${reason}`));
    return k;
  }

  /** getSpamKey: the object's kind, namespace, name, uid and apiVersion joined (cached per uid). */
  private spamKey(ref: ObjectReference): string {
    const uid = ref.uid;
    if (uid === undefined) return spamKeyOf(ref);
    let k = this.objectKeys.get(uid);
    if (k === undefined || k.kind !== ref.kind || k.namespace !== ref.namespace || k.name !== ref.name || k.apiVersion !== ref.apiVersion) {
      if (this.objectKeys.size >= OBJECT_KEYS_MAX) this.objectKeys.clear();
      k = { kind: ref.kind, namespace: ref.namespace, name: ref.name, apiVersion: ref.apiVersion, key: spamKeyOf(ref) };
      this.objectKeys.set(uid, k);
    }
    return k.key;
  }

  event(obj: KObject, type: 'Normal' | 'Warning', reason: string, message: string, component: string, host?: string): void {
    const ref: ObjectReference = {
      kind: obj.kind,
      namespace: obj.metadata.namespace,
      name: obj.metadata.name,
      uid: obj.metadata.uid,
      apiVersion: obj.apiVersion,
      resourceVersion: obj.metadata.resourceVersion,
    };
    const namespace = obj.metadata.namespace ?? 'default';
    const nowMs = this.clock.now();
    if (nowMs !== this.isoAt) {
      this.isoAt = nowMs;
      this.iso = this.clock.iso();
    }
    const now = this.iso;
    const c = this.correlator(component, host ?? '');
    const spamKey = this.spamKey(ref);
    // The aggregate and event keys (upstream's getEventKey and the aggregate key) after the object's
    // spam key: `spamKey + aggregateKey` and `spamKey + eventKey` are the joined keys.
    const agg = c.aggregate(spamKey, this.aggregateKey(type, reason), message, nowMs);
    const last = c.observed(spamKey, agg.key);
    const existing = last ? this.store.events.record(last.namespace, last.name) : undefined;
    // eventObserve updates its cache before the spam filter decides.
    let name: string;
    if (last) {
      name = last.name;
      last.count += 1; // the cache's own entry (upstream stores a copy with count + 1)
      c.remember(spamKey, agg.key, last);
    } else {
      // Real event names are `<object>.<unix nanoseconds in hex>`.
      name = `${ref.name}.${nanosHex(nowMs, this.seq++)}`;
      c.remember(spamKey, agg.key, { count: 1, firstTimestamp: now, namespace, name });
    }
    if (!c.allow(spamKey, nowMs)) return;
    if (this.listeners.length) for (const l of this.listeners) l({ time: nowMs, type, reason, message: agg.message, component, object: ref });
    if (existing) {
      this.store.updateEvent(existing, last!.count, now, agg.message);
      return;
    }
    const rec: EventRecordInput = {
      namespace,
      name,
      involvedObject: ref,
      reason,
      message: agg.message,
      source: c.source,
      firstTimestamp: last ? last.firstTimestamp : now,
      lastTimestamp: now,
      count: last ? last.count : 1,
      type,
      reportingComponent: agg.combined ? undefined : component,
    };
    this.store.createEvent(rec);
  }
}
