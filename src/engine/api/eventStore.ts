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
 * Where one Event lives in the store while it exists: its current record, undefined once the Event
 * is removed. Each record knows its slot, so the recorder patches the Event it wrote last without
 * looking up its name.
 */
export interface EventSlot {
  rec: EventRecord | undefined;
}

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
  /** the record's slot, set when the store keeps it */
  slot: EventSlot | undefined;
}

/** What the recorder supplies for a new Event (the server adds uid, resourceVersion, timestamps). */
export type EventRecordInput = Omit<
  EventRecord,
  'uid' | 'uidState' | 'resourceVersion' | 'creationTimestamp' | 'written' | 'full' | 'slot'
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
    slot: undefined,
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
    slot: undefined,
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
 * (undefined for a new Event), or `delete` with the record removed.
 */
export type EventListener = (type: 'upsert' | 'delete', r: EventRecord, prev?: EventRecord) => void;

export class EventStore {
  /**
   * the slot of every Event, in the order their names were first written (a Map's order, which
   * lists used to follow); a removed Event's slot stays until the next compaction
   */
  private slots: EventSlot[] = [];
  private live = 0;
  private dead = 0;
  /**
   * `namespace/name` → slot, built the first time something asks for an Event by name (a get, a
   * delete, a write through the API or `put`), then kept. The recorder's new Events (`add`) need no
   * lookup, so their names need not be hashed.
   */
  private byName: Map<string, EventSlot> | undefined;
  /**
   * writes in time order, as two parallel arrays (slot, time) so a write allocates no entry; an
   * entry is stale when its slot's record was written again later or removed
   */
  private fifoSlots: EventSlot[] = [];
  private fifoAt: number[] = [];
  private head = 0;
  private expiredAt = NaN;
  private sorted?: EventSlot[];
  private readonly objects = new WeakMap<EventRecord, KEvent>();
  readonly listeners: EventListener[] = [];
  ttlMs = DEFAULT_EVENT_TTL_MS;
  max = DEFAULT_MAX_EVENTS;
  /** spells out the uid drawn from a generator state (the object store's uid generator) */
  spellUID: ((state: number) => string) | undefined;

  get size(): number {
    return this.live;
  }

  /**
   * Stores a new or updated record: in `prev`'s slot when `prev` is the stored record it updates
   * (the recorder's patch), else replacing the record of the same name, if there is one.
   */
  put(r: EventRecord, prev?: EventRecord): void {
    const slot =
      prev !== undefined && prev.slot !== undefined && prev.slot.rec === prev
        ? prev.slot
        : this.names().get(namespacedName(r.namespace, r.name));
    this.store(r, slot);
  }

  /**
   * Stores the record of a new Event the recorder wrote. Until something else writes an Event (which
   * makes the index of names), every stored record is the recorder's, under a name none of its live
   * Events has (names end in their first write's unix nanoseconds, and one is reused only once its
   * Event is gone: `at` says so), so no lookup is needed and no index is made. Once the index
   * exists, a record of the same name is replaced, as `put` does.
   */
  add(r: EventRecord): void {
    this.store(r, this.byName?.get(namespacedName(r.namespace, r.name)));
  }

  private store(r: EventRecord, slot: EventSlot | undefined): void {
    const prev = slot?.rec;
    if (slot === undefined) {
      slot = { rec: r };
      this.slots.push(slot);
      this.live++;
      this.sorted = undefined;
      this.byName?.set(namespacedName(r.namespace, r.name), slot);
    } else slot.rec = r;
    r.slot = slot;
    this.fifoSlots.push(slot);
    this.fifoAt.push(r.written);
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i]('upsert', r, prev);
    while (this.live > this.max) this.dropOldest();
  }

  private names(): Map<string, EventSlot> {
    if (this.byName === undefined) {
      const m = new Map<string, EventSlot>();
      for (const s of this.slots)
        if (s.rec !== undefined) m.set(namespacedName(s.rec.namespace, s.rec.name), s);
      this.byName = m;
    }
    return this.byName;
  }

  record(namespace: string, name: string): EventRecord | undefined {
    return this.names().get(namespacedName(namespace, name))?.rec;
  }

  /**
   * The record stored under `namespace/name`, whose slot the caller kept from its last write (if it
   * wrote one): that slot's record while the Event lives, else whatever has the name since.
   */
  at(slot: EventSlot | undefined, namespace: string, name: string): EventRecord | undefined {
    if (slot?.rec !== undefined) return slot.rec;
    return this.byName?.get(namespacedName(namespace, name))?.rec;
  }

  delete(namespace: string, name: string): EventRecord | undefined {
    const s = this.names().get(namespacedName(namespace, name));
    const r = s?.rec;
    if (r) this.remove(s!);
    return r;
  }

  private remove(s: EventSlot): void {
    const r = s.rec!;
    s.rec = undefined;
    this.live--;
    this.dead++;
    this.byName?.delete(namespacedName(r.namespace, r.name));
    this.sorted = undefined;
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i]('delete', r);
    if (this.dead > 1024 && this.dead > this.live) {
      this.slots = this.slots.filter((x) => x.rec !== undefined);
      this.dead = 0;
    }
  }

  private dropOldest(): void {
    while (this.head < this.fifoSlots.length) {
      const i = this.head++;
      const s = this.fifoSlots[i];
      if (s.rec !== undefined && s.rec.written === this.fifoAt[i]) {
        this.remove(s);
        break;
      }
    }
    this.compact();
  }

  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.fifoSlots.length) {
      this.fifoSlots = this.fifoSlots.slice(this.head);
      this.fifoAt = this.fifoAt.slice(this.head);
      this.head = 0;
    }
  }

  /** Removes the Events whose TTL ran out by `now`. */
  expire(now: number): void {
    if (now === this.expiredAt) return;
    this.expiredAt = now;
    while (this.head < this.fifoSlots.length) {
      const i = this.head;
      const at = this.fifoAt[i];
      if (at + this.ttlMs > now) break;
      this.head++;
      const s = this.fifoSlots[i];
      if (s.rec !== undefined && s.rec.written === at) this.remove(s);
    }
    this.compact();
  }

  /** The Event object of a record (made once per version of the record). */
  object(r: EventRecord): KEvent {
    if (r.full) return r.full;
    let o = this.objects.get(r);
    if (!o) {
      if (r.uidState >= 0 && r.uid === '') r.uid = this.spellUID!(r.uidState);
      o = toObject(r);
      this.objects.set(r, o);
    }
    return o;
  }

  get(namespace: string, name: string): KEvent | undefined {
    const r = this.record(namespace, name);
    return r ? this.object(r) : undefined;
  }

  /** Records in API order (namespace, then name). */
  list(namespace?: string): EventRecord[] {
    if (!this.sorted) this.sorted = this.slots.filter((s) => s.rec !== undefined).sort(byName);
    const out: EventRecord[] = [];
    for (const s of this.sorted) {
      const r = s.rec!;
      if (namespace !== undefined && r.namespace !== namespace) continue;
      out.push(r);
    }
    return out;
  }

  /** Records in the order their names were first written (since they last went away). */
  *values(): IterableIterator<EventRecord> {
    for (const s of this.slots) if (s.rec !== undefined) yield s.rec;
  }
}

function byName(a: EventSlot, b: EventSlot): number {
  const x = a.rec!;
  const y = b.rec!;
  if (x.namespace !== y.namespace) return x.namespace < y.namespace ? -1 : 1;
  return x.name < y.name ? -1 : x.name > y.name ? 1 : 0;
}

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
