// Events kept compactly, the way the API server keeps them apart from other objects: one small record
// per Event (no clone, no validation, no freeze, no change fan-out per write), turned into an `Event`
// object only when something gets, lists or describes it. Like the API server (--event-ttl, 1 h by
// default) an Event disappears one TTL after its last write; the store is also bounded (the oldest
// writes go first).

import { namespacedName } from './namespacedName';
import type { KEvent, ObjectReference } from './types';

export const DEFAULT_EVENT_TTL_MS = 60 * 60 * 1000;
export const DEFAULT_MAX_EVENTS = 50_000;

/**
 * An Event's fields as one object: what readers get (a list, a listener, the page's rows), made from
 * the store's columns when read (the store keeps no object per Event), and what writes through the
 * API hand in.
 */
export interface EventRecord {
  namespace: string;
  name: string;
  /** the uid; '' while it is only drawn, not spelled out (see `uidState`) */
  uid: string;
  /**
   * The uid generator's state the uid was drawn from, when `uid` is '' (−1 otherwise): the store
   * advances the generator by the uid's draws at the write and spells the uid out from this state
   * only when the Event is read as an object (most Events never are).
   */
  uidState: number;
  resourceVersion: string;
  creationTimestamp: string;
  involvedObject: ObjectReference;
  reason: string;
  message: string;
  source: { component: string; host?: string };
  firstTimestamp: string;
  lastTimestamp: string;
  count: number;
  type: 'Normal' | 'Warning';
  reportingComponent?: string;
  /** simulated time of the last write (the TTL runs from there) */
  written: number;
  /** an Event written through the API is kept whole (it may carry labels, annotations, …) */
  full?: KEvent;
  /** the slot the record was read from (−1 for a record not read from a store) */
  slot: number;
  /** the store's write sequence number of this version (−1 for a record not read from a store) */
  seq: number;
}

/** What the recorder supplies for a new Event (the server adds uid, resourceVersion, timestamps). */
export type EventRecordInput = Omit<
  EventRecord,
  'uid' | 'uidState' | 'resourceVersion' | 'creationTimestamp' | 'written' | 'full' | 'slot' | 'seq'
>;

/**
 * A record with every field in one order, so all records share one hidden class (an object spread
 * with extra fields gave each record its own: slow property access and a descriptor array each).
 */
export function makeRecord(
  r: EventRecordInput,
  uid: string,
  resourceVersion: string,
  creationTimestamp: string,
  written: number,
  full?: KEvent,
  uidState = -1,
): EventRecord {
  return {
    namespace: r.namespace,
    name: r.name,
    uid,
    uidState,
    resourceVersion,
    creationTimestamp,
    involvedObject: r.involvedObject,
    reason: r.reason,
    message: r.message,
    source: r.source,
    firstTimestamp: r.firstTimestamp,
    lastTimestamp: r.lastTimestamp,
    count: r.count,
    type: r.type,
    reportingComponent: r.reportingComponent,
    written,
    full,
    slot: -1,
    seq: -1,
  };
}

/** The next version of a record: the recorder's patch of count, lastTimestamp and message. */
export function patchRecord(
  prev: EventRecord,
  count: number,
  lastTimestamp: string,
  message: string,
  resourceVersion: string,
  written: number,
): EventRecord {
  return {
    namespace: prev.namespace,
    name: prev.name,
    uid: prev.uid,
    uidState: prev.uidState,
    resourceVersion,
    creationTimestamp: prev.creationTimestamp,
    involvedObject: prev.involvedObject,
    reason: prev.reason,
    message,
    source: prev.source,
    firstTimestamp: prev.firstTimestamp,
    lastTimestamp,
    count,
    type: prev.type,
    reportingComponent: prev.reportingComponent,
    written,
    full: undefined,
    slot: prev.slot,
    seq: prev.seq,
  };
}

/** A row for the page's event log: what a table line needs, no object. */
export interface EventRow {
  namespace: string;
  name: string;
  kind: string;
  object: string;
  objectNamespace?: string;
  uid?: string;
  reason: string;
  message: string;
  type: 'Normal' | 'Warning';
  component: string;
  host?: string;
  first: string;
  last: string;
  count: number;
  resourceVersion: string;
}

/**
 * Called after each write of an Event: `upsert` with the record stored and the record it replaced
 * (undefined for a new Event), or `delete` with the record removed. A listener with `idle` is
 * skipped while `idle()` says so; when every listener is idle (or there is none) the store makes
 * no record objects for a write.
 */
export type EventListener = ((type: 'upsert' | 'delete', r: EventRecord, prev?: EventRecord) => void) & {
  idle?: () => boolean;
};

/** An involved object's reference without its resourceVersion (the writer keeps one per object). */
export interface ReferenceBase {
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
  apiVersion?: string;
}

/** What Events of one kind share: their namespace, type, reason, source and reporting component. */
interface EventKind {
  namespace: string;
  type: 'Normal' | 'Warning';
  reason: string;
  source: { component: string; host?: string };
  reportingComponent: string | undefined;
}

function isKind(
  k: EventKind,
  namespace: string,
  type: 'Normal' | 'Warning',
  reason: string,
  source: { component: string; host?: string },
  reportingComponent: string | undefined,
): boolean {
  return (
    k.reason === reason &&
    k.namespace === namespace &&
    k.source === source &&
    k.type === type &&
    k.reportingComponent === reportingComponent
  );
}

/**
 * A resourceVersion as the number it spells in canonical decimal (the server's are), else NaN (the
 * reference is then kept whole).
 */
export function decimalRV(s: string | undefined): number {
  if (s === undefined || s.length === 0 || s.length > 15) return NaN;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9 || (d === 0 && i === 0 && s.length > 1)) return NaN;
    n = n * 10 + d;
  }
  return n;
}

/** A Float64Array of `cap` entries holding `a`'s (a column's growth). */
function grown(a: Float64Array, cap: number): Float64Array {
  const b = new Float64Array(cap);
  b.set(a);
  return b;
}

function grownInt(a: Int32Array, cap: number): Int32Array {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}

/**
 * The Events as columns indexed by slot (struct of arrays), so an Event the recorder writes is no
 * object of its own: its numbers (resourceVersion, count, times, the uid's generator state) sit in
 * typed arrays the collector never scans, what Events of one kind share (namespace, type, reason,
 * source, reporting component) is one interned kind number, the involved object's reference is the
 * writer's one per object plus the object's resourceVersion as a number, and the timestamps are the
 * clock's strings of their second. Only the name and the message are per Event. The record of an
 * Event is made when something reads it (`recordAt`); an Event written as a record (through the
 * API, or `put`/`add`) keeps that record. A slot is taken by an Event while it lives and reused
 * after; `born` (the write sequence number of the Event's first write) tells a slot's Events apart,
 * so a writer that kept a slot and its `born` patches its Event and no later one (`at`).
 * `MapEventStore` (testing/eventStoreOracle.ts), records in a Map by name, is the test oracle.
 */
export class EventStore {
  private cap = 0;
  /** slots taken (live or free) */
  private top = 0;
  private readonly free: number[] = [];
  private live = 0;
  private cName: string[] = [];
  private cMessage: string[] = [];
  /** the reference's base (with `cRefRV`), or the whole reference (`cRefRV` NaN) */
  private cRef: (ReferenceBase | ObjectReference)[] = [];
  private cFirst: string[] = [];
  private cLast: string[] = [];
  private cCreated: string[] = [];
  /** the record of an Event written as a record (kept whole), else undefined */
  private cRec: (EventRecord | undefined)[] = [];
  private cKind: Int32Array = new Int32Array(0);
  private cUidState: Float64Array = new Float64Array(0);
  private cRV: Float64Array = new Float64Array(0);
  private cRefRV: Float64Array = new Float64Array(0);
  private cCount: Float64Array = new Float64Array(0);
  private cWritten: Float64Array = new Float64Array(0);
  /** write sequence number of the Event's first write (0: the slot is free) */
  private cBorn: Int32Array = new Int32Array(0);
  /** write sequence number of the slot's last write */
  private cSeq: Int32Array = new Int32Array(0);
  /**
   * the last write sequence number: 1 to 2^31 − 1, then 1 again (a slot's Events are told apart as
   * long as the slot is not reused exactly 2^31 − 1 writes later)
   */
  private seq = 0;

  private nextSeq(): number {
    return (this.seq = this.seq === 0x7fff_ffff ? 1 : this.seq + 1);
  }
  private readonly kinds: EventKind[] = [];
  /** source → its kinds' numbers (a source has a few) */
  private readonly kindsBySource = new Map<object, number[]>();
  private lastKind = -1;
  private lastSource: object | undefined;
  private lastIds: number[] | undefined;
  /** the Event objects read of the slots' current versions (deleted at the slot's next write) */
  private readonly objects = new Map<number, KEvent>();
  /**
   * the slots in the order their Events' names were first written (a Map's order, which lists
   * follow), with the `born` of the Event each entry is for: an entry whose slot has another Event
   * since is stale and dropped at the next compaction
   */
  private orderSlot: number[] = [];
  private orderBorn: number[] = [];
  private dead = 0;
  /**
   * `namespace/name` → slot, built the first time something asks for an Event by name (a get, a
   * delete, a write through the API or `put`), then kept. The recorder's new Events (`addEvent`)
   * need no lookup, so their names need not be hashed.
   */
  private byName: Map<string, number> | undefined;
  /**
   * writes in time order, as parallel arrays (slot, born, time) so a write allocates no entry; an
   * entry is stale when its slot's Event was written again later or removed
   */
  private fifoSlot: number[] = [];
  private fifoBorn: number[] = [];
  private fifoAt: number[] = [];
  private head = 0;
  private expiredAt = NaN;
  private sorted?: number[];
  readonly listeners: EventListener[] = [];
  ttlMs = DEFAULT_EVENT_TTL_MS;
  max = DEFAULT_MAX_EVENTS;
  /** spells out the uid drawn from a generator state (the object store's uid generator) */
  spellUID: ((state: number) => string) | undefined;

  get size(): number {
    return this.live;
  }

  /** Whether a listener wants records of the writes (else none are made). */
  private heard(): boolean {
    const ls = this.listeners;
    for (let i = 0; i < ls.length; i++) if (ls[i].idle === undefined || !ls[i].idle!()) return true;
    return false;
  }

  /** The number of a kind of Events (interned: one per distinct kind). */
  private kindOf(
    namespace: string,
    type: 'Normal' | 'Warning',
    reason: string,
    source: { component: string; host?: string },
    reportingComponent: string | undefined,
  ): number {
    const last = this.lastKind;
    if (last >= 0 && isKind(this.kinds[last], namespace, type, reason, source, reportingComponent))
      return last;
    // a source writes its events in a row (a kubelet's pass over a pod): its kinds are kept at hand
    let ids = this.lastSource === source ? this.lastIds : this.kindsBySource.get(source);
    if (ids === undefined) this.kindsBySource.set(source, (ids = []));
    this.lastSource = source;
    this.lastIds = ids;
    for (let i = 0; i < ids.length; i++)
      if (isKind(this.kinds[ids[i]], namespace, type, reason, source, reportingComponent))
        return (this.lastKind = ids[i]);
    const id = this.kinds.length;
    this.kinds.push({ namespace, type, reason, source, reportingComponent });
    ids.push(id);
    return (this.lastKind = id);
  }

  /**
   * Stores a new or updated record: in `prev`'s slot when `prev` is the version stored there (the
   * recorder's patch), else replacing the record of the same name, if there is one. Returns the slot.
   */
  put(r: EventRecord, prev?: EventRecord): number {
    const slot =
      prev !== undefined && prev.slot >= 0 && this.cBorn[prev.slot] !== 0 && this.cSeq[prev.slot] === prev.seq
        ? prev.slot
        : (this.names().get(namespacedName(r.namespace, r.name)) ?? -1);
    return this.storeRecord(r, slot);
  }

  /**
   * Stores the record of a new Event the recorder wrote. Until something else writes an Event (which
   * makes the index of names), every stored record is the recorder's, under a name none of its live
   * Events has (names end in their first write's unix nanoseconds, and one is reused only once its
   * Event is gone: `at` says so), so no lookup is needed and no index is made. Once the index
   * exists, a record of the same name is replaced, as `put` does.
   */
  add(r: EventRecord): number {
    return this.storeRecord(r, this.byName?.get(namespacedName(r.namespace, r.name)) ?? -1);
  }

  private storeRecord(r: EventRecord, slot: number): number {
    // a record keeps its resourceVersion as text (`kept`); the column's number is only read for the
    // recorder's own Events, so another server's (a connected cluster's: opaque, or past 15 digits) is NaN
    const rv = decimalRV(r.resourceVersion);
    const prev = this.begin(slot, r.namespace, r.name);
    slot = this.slotOf;
    const kept = makeRecord(r, r.uid, r.resourceVersion, r.creationTimestamp, r.written, r.full, r.uidState);
    this.cRec[slot] = kept;
    this.cFirst[slot] = r.firstTimestamp;
    this.cCreated[slot] = r.creationTimestamp;
    this.cUidState[slot] = r.uidState;
    this.finish(slot, prev, r.count, r.lastTimestamp, r.message, rv, r.written);
    return slot;
  }

  /**
   * The recorder's new Event, its fields given one by one (no record is made): stored as `add`
   * stores a record. `ref` is the involved object's reference, or its base when `refRV` is its
   * resourceVersion's number (NaN: `ref` is the whole reference). Returns the slot.
   */
  addEvent(
    namespace: string,
    name: string,
    ref: ReferenceBase | ObjectReference,
    refRV: number,
    reason: string,
    message: string,
    source: { component: string; host?: string },
    firstTimestamp: string,
    lastTimestamp: string,
    count: number,
    type: 'Normal' | 'Warning',
    reportingComponent: string | undefined,
    uidState: number,
    resourceVersion: number,
    creationTimestamp: string,
    written: number,
  ): number {
    const prev = this.begin(this.byName?.get(namespacedName(namespace, name)) ?? -1, namespace, name);
    const slot = this.slotOf;
    this.cRec[slot] = undefined;
    this.cKind[slot] = this.kindOf(namespace, type, reason, source, reportingComponent);
    this.cRef[slot] = ref;
    this.cRefRV[slot] = refRV;
    this.cFirst[slot] = firstTimestamp;
    this.cCreated[slot] = creationTimestamp;
    this.cUidState[slot] = uidState;
    this.finish(slot, prev, count, lastTimestamp, message, resourceVersion, written);
    return slot;
  }

  /** The recorder's patch of a stored Event (count, lastTimestamp and message), in place. */
  patchEvent(
    slot: number,
    count: number,
    lastTimestamp: string,
    message: string,
    resourceVersion: number,
    written: number,
  ): void {
    const rec = this.cRec[slot];
    if (rec !== undefined) {
      // an Event written as a record stays one (patchRecord: the patched Event is the recorder's)
      const stored = this.recordAt(slot);
      this.storeRecord(
        patchRecord(stored, count, lastTimestamp, message, String(resourceVersion), written),
        slot,
      );
      return;
    }
    const prev = this.begin(slot, '', '');
    this.finish(slot, prev, count, lastTimestamp, message, resourceVersion, written);
  }

  /** the slot `begin` chose */
  private slotOf = -1;

  /**
   * Takes `slot` (the Event's, when it exists: −1 for a new one) for a write; returns the record the
   * write replaces (undefined for a new Event) when a listener wants records, else null.
   */
  private begin(slot: number, namespace: string, name: string): EventRecord | null | undefined {
    if (slot >= 0) {
      this.slotOf = slot;
      return this.heard() ? this.recordAt(slot) : null;
    }
    slot = this.free.length ? this.free.pop()! : this.top++;
    if (slot >= this.cap) this.grow();
    this.slotOf = slot;
    this.cName[slot] = name;
    this.cBorn[slot] = this.nextSeq();
    this.cKind[slot] = -1;
    this.orderSlot.push(slot);
    this.orderBorn.push(this.seq);
    this.live++;
    this.sorted = undefined;
    this.byName?.set(namespacedName(namespace, name), slot);
    return this.heard() ? undefined : null;
  }

  private finish(
    slot: number,
    prev: EventRecord | null | undefined,
    count: number,
    lastTimestamp: string,
    message: string,
    resourceVersion: number,
    written: number,
  ): void {
    this.cCount[slot] = count;
    this.cLast[slot] = lastTimestamp;
    this.cMessage[slot] = message;
    this.cRV[slot] = resourceVersion;
    this.cWritten[slot] = written;
    this.cSeq[slot] = this.nextSeq();
    if (this.objects.size !== 0) this.objects.delete(slot);
    this.fifoSlot.push(slot);
    this.fifoBorn.push(this.cBorn[slot]);
    this.fifoAt.push(written);
    if (prev !== null) {
      const r = this.recordAt(slot);
      for (let i = 0; i < this.listeners.length; i++) this.listeners[i]('upsert', r, prev);
    }
    while (this.live > this.max) this.dropOldest();
  }

  private grow(): void {
    const cap = Math.max(64, this.cap * 2);
    this.cKind = grownInt(this.cKind, cap);
    this.cUidState = grown(this.cUidState, cap);
    this.cRV = grown(this.cRV, cap);
    this.cRefRV = grown(this.cRefRV, cap);
    this.cCount = grown(this.cCount, cap);
    this.cWritten = grown(this.cWritten, cap);
    this.cBorn = grownInt(this.cBorn, cap);
    this.cSeq = grownInt(this.cSeq, cap);
    this.cap = cap;
  }

  /** The namespace of a live slot's Event. */
  private namespaceAt(slot: number): string {
    const rec = this.cRec[slot];
    return rec !== undefined ? rec.namespace : this.kinds[this.cKind[slot]].namespace;
  }

  private names(): Map<string, number> {
    if (this.byName === undefined) {
      const m = new Map<string, number>();
      for (const slot of this.slotsInOrder())
        m.set(namespacedName(this.namespaceAt(slot), this.cName[slot]), slot);
      this.byName = m;
    }
    return this.byName;
  }

  /** The live slots in the order their Events' names were first written. */
  private slotsInOrder(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.orderSlot.length; i++) {
      const s = this.orderSlot[i];
      if (this.cBorn[s] === this.orderBorn[i]) out.push(s);
    }
    return out;
  }

  /** The record of a live slot's current version (a new object each call). */
  recordAt(slot: number): EventRecord {
    const rec = this.cRec[slot];
    if (rec !== undefined) return { ...rec, slot, seq: this.cSeq[slot] };
    const k = this.kinds[this.cKind[slot]];
    const base = this.cRef[slot];
    const refRV = this.cRefRV[slot];
    const ref: ObjectReference = Number.isNaN(refRV)
      ? base
      : {
          kind: base.kind,
          namespace: base.namespace,
          name: base.name,
          uid: base.uid,
          apiVersion: base.apiVersion,
          resourceVersion: String(refRV),
        };
    return {
      namespace: k.namespace,
      name: this.cName[slot],
      uid: '',
      uidState: this.cUidState[slot],
      resourceVersion: String(this.cRV[slot]),
      creationTimestamp: this.cCreated[slot],
      involvedObject: ref,
      reason: k.reason,
      message: this.cMessage[slot],
      source: k.source,
      firstTimestamp: this.cFirst[slot],
      lastTimestamp: this.cLast[slot],
      count: this.cCount[slot],
      type: k.type,
      reportingComponent: k.reportingComponent,
      written: this.cWritten[slot],
      full: undefined,
      slot,
      seq: this.cSeq[slot],
    };
  }

  record(namespace: string, name: string): EventRecord | undefined {
    const slot = this.names().get(namespacedName(namespace, name));
    return slot === undefined ? undefined : this.recordAt(slot);
  }

  /** The write sequence number of the first write of the Event in a live slot (see `at`). */
  bornAt(slot: number): number {
    return this.cBorn[slot];
  }

  /**
   * The slot of the Event stored under `namespace/name`, whose slot and `born` the caller kept from
   * its last write (if it wrote one): that slot while its Event lives, else whatever slot has the
   * name since; −1 when none.
   */
  at(slot: number, born: number, namespace: string, name: string): number {
    if (slot >= 0 && this.cBorn[slot] === born) return slot;
    return this.byName?.get(namespacedName(namespace, name)) ?? -1;
  }

  delete(namespace: string, name: string): EventRecord | undefined {
    const slot = this.names().get(namespacedName(namespace, name));
    if (slot === undefined) return undefined;
    const r = this.recordAt(slot);
    this.remove(slot, r);
    return r;
  }

  private remove(slot: number, r?: EventRecord): void {
    if (r === undefined && this.listeners.length && this.heard()) r = this.recordAt(slot);
    this.byName?.delete(namespacedName(this.namespaceAt(slot), this.cName[slot]));
    this.cBorn[slot] = 0;
    // the strings and objects go with the Event
    this.cName[slot] = this.cMessage[slot] = this.cFirst[slot] = this.cLast[slot] = this.cCreated[slot] = '';
    this.cRef[slot] = NO_REF;
    this.cRec[slot] = undefined;
    if (this.objects.size !== 0) this.objects.delete(slot);
    this.free.push(slot);
    this.live--;
    this.dead++;
    this.sorted = undefined;
    if (r !== undefined) for (let i = 0; i < this.listeners.length; i++) this.listeners[i]('delete', r);
    if (this.dead > 1024 && this.dead > this.live) {
      const slots: number[] = [];
      const born: number[] = [];
      for (let i = 0; i < this.orderSlot.length; i++) {
        const s = this.orderSlot[i];
        if (this.cBorn[s] !== this.orderBorn[i]) continue;
        slots.push(s);
        born.push(this.orderBorn[i]);
      }
      this.orderSlot = slots;
      this.orderBorn = born;
      this.dead = 0;
    }
  }

  /** Whether fifo entry `i` is the last write of a live Event. */
  private current(i: number): boolean {
    const s = this.fifoSlot[i];
    return this.cBorn[s] === this.fifoBorn[i] && this.cWritten[s] === this.fifoAt[i];
  }

  private dropOldest(): void {
    while (this.head < this.fifoSlot.length) {
      const i = this.head++;
      if (this.current(i)) {
        this.remove(this.fifoSlot[i]);
        break;
      }
    }
    this.compact();
  }

  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.fifoSlot.length) {
      this.fifoSlot = this.fifoSlot.slice(this.head);
      this.fifoBorn = this.fifoBorn.slice(this.head);
      this.fifoAt = this.fifoAt.slice(this.head);
      this.head = 0;
    }
  }

  /** Removes the Events whose TTL ran out by `now`. */
  expire(now: number): void {
    if (now === this.expiredAt) return;
    this.expiredAt = now;
    while (this.head < this.fifoSlot.length) {
      const i = this.head;
      if (this.fifoAt[i] + this.ttlMs > now) break;
      this.head++;
      if (this.current(i)) this.remove(this.fifoSlot[i]);
    }
    this.compact();
  }

  /** The Event object of a record (made once per version of a stored record). */
  object(r: EventRecord): KEvent {
    if (r.full) return r.full;
    const slot = r.slot;
    const stored = slot >= 0 && this.cBorn[slot] !== 0 && this.cSeq[slot] === r.seq;
    if (stored) {
      const o = this.objects.get(slot);
      if (o !== undefined) return o;
    }
    if (r.uidState >= 0 && r.uid === '') r.uid = this.spellUID!(r.uidState);
    const o = toObject(r);
    if (stored) this.objects.set(slot, o);
    return o;
  }

  get(namespace: string, name: string): KEvent | undefined {
    const r = this.record(namespace, name);
    return r ? this.object(r) : undefined;
  }

  /** Records in API order (namespace, then name). */
  list(namespace?: string): EventRecord[] {
    if (!this.sorted) {
      const names = this.cName;
      const ns = new Map<number, string>();
      for (const s of this.slotsInOrder()) ns.set(s, this.namespaceAt(s));
      this.sorted = [...ns.keys()].sort((a, b) => {
        const x = ns.get(a)!;
        const y = ns.get(b)!;
        if (x !== y) return x < y ? -1 : 1;
        return names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0;
      });
    }
    const out: EventRecord[] = [];
    for (const s of this.sorted) {
      if (namespace !== undefined && this.namespaceAt(s) !== namespace) continue;
      out.push(this.recordAt(s));
    }
    return out;
  }

  /** Records in the order their names were first written (since they last went away). */
  *values(): IterableIterator<EventRecord> {
    for (const s of this.slotsInOrder()) yield this.recordAt(s);
  }
}

const NO_REF: ReferenceBase = Object.freeze({ kind: '', name: '' });

function dropUndefined<T extends object>(o: T): T {
  const out = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

/** The Event object, with the fields in the order the API server's object has them. */
export function toObject(r: EventRecord): KEvent {
  const ev: KEvent = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: {
      name: r.name,
      namespace: r.namespace,
      uid: r.uid,
      resourceVersion: r.resourceVersion,
      creationTimestamp: r.creationTimestamp,
    },
    involvedObject: dropUndefined(r.involvedObject),
    reason: r.reason,
    message: r.message,
    source: dropUndefined(r.source),
    firstTimestamp: r.firstTimestamp,
    lastTimestamp: r.lastTimestamp,
    count: r.count,
    type: r.type,
  };
  if (r.reportingComponent !== undefined) ev.reportingComponent = r.reportingComponent;
  return deepFreezeShallow(ev);
}

function deepFreezeShallow<T extends KEvent>(ev: T): T {
  Object.freeze(ev.metadata);
  Object.freeze(ev.involvedObject);
  Object.freeze(ev.source);
  return Object.freeze(ev);
}

/** A record as a row for the page. */
export function toRow(r: EventRecord): EventRow {
  const io = r.involvedObject;
  const row: EventRow = {
    namespace: r.namespace,
    name: r.name,
    kind: io.kind,
    object: io.name,
    reason: r.reason,
    message: r.message,
    type: r.type,
    component: r.source.component,
    first: r.firstTimestamp,
    last: r.lastTimestamp,
    count: r.count,
    resourceVersion: r.resourceVersion,
  };
  if (io.namespace !== undefined) row.objectNamespace = io.namespace;
  if (io.uid !== undefined) row.uid = io.uid;
  if (r.source.host !== undefined) row.host = r.source.host;
  return row;
}

/** The record of an Event object (written through the API, e.g. `kubectl create -f event.yaml`). */
export function fromObject(o: KEvent, written: number): EventRecord {
  const input: EventRecordInput = {
    namespace: o.metadata.namespace ?? 'default',
    name: o.metadata.name,
    involvedObject: o.involvedObject,
    reason: o.reason,
    message: o.message,
    source: o.source,
    firstTimestamp: o.firstTimestamp,
    lastTimestamp: o.lastTimestamp,
    count: o.count,
    type: o.type,
    reportingComponent: o.reportingComponent,
  };
  return makeRecord(
    input,
    o.metadata.uid,
    o.metadata.resourceVersion,
    o.metadata.creationTimestamp,
    written,
    o,
  );
}
