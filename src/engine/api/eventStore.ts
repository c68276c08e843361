// Events kept compactly, the way the API server keeps them apart from other objects: one small record
// per Event (no clone, no validation, no freeze, no change fan-out per write), turned into an `Event`
// object only when something gets, lists or describes it. Like the API server (--event-ttl, 1 h by
// default) an Event disappears one TTL after its last write; the store is also bounded (the oldest
// writes go first).

import type { KEvent, ObjectReference } from './types';

export const DEFAULT_EVENT_TTL_MS = 60 * 60 * 1000;
export const DEFAULT_MAX_EVENTS = 50_000;

export interface EventRecord {
  /** `namespace/name`: the store's key, made once per Event (its versions share it) */
  key: string;
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
}

/**
 * What the recorder supplies for a new Event (the server adds uid, resourceVersion, timestamps); its
 * key when it has made it already (`eventKey(namespace, name)`).
 */
export type EventRecordInput = Omit<EventRecord, 'key' | 'uid' | 'uidState' | 'resourceVersion' | 'creationTimestamp' | 'written' | 'full'> & { key?: string };

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
    key: r.key ?? eventKey(r.namespace, r.name),
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
  };
}

/** The next version of a record: the recorder's patch of count, lastTimestamp and message. */
export function patchRecord(prev: EventRecord, count: number, lastTimestamp: string, message: string, resourceVersion: string, written: number): EventRecord {
  return {
    key: prev.key,
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

export type EventListener = (type: 'upsert' | 'delete', r: EventRecord) => void;

/** The key of an Event in the store (and of its record). */
export function eventKey(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

export class EventStore {
  private readonly records = new Map<string, EventRecord>();
  /**
   * writes in time order, as two parallel arrays (key, time) so a write allocates no entry; an entry
   * is stale when the record was written again later
   */
  private fifoKeys: string[] = [];
  private fifoAt: number[] = [];
  private head = 0;
  private expiredAt = NaN;
  private sorted?: string[];
  private readonly objects = new WeakMap<EventRecord, KEvent>();
  readonly listeners: EventListener[] = [];
  ttlMs = DEFAULT_EVENT_TTL_MS;
  max = DEFAULT_MAX_EVENTS;
  /** spells out the uid drawn from a generator state (the object store's uid generator) */
  spellUID: ((state: number) => string) | undefined;

  get size(): number {
    return this.records.size;
  }

  /** Stores a new or updated record (replacing the one of the same name). */
  put(r: EventRecord): void {
    const k = r.key;
    const n = this.records.size;
    this.records.set(k, r);
    if (this.records.size !== n) this.sorted = undefined;
    this.fifoKeys.push(k);
    this.fifoAt.push(r.written);
    for (const l of this.listeners) l('upsert', r);
    while (this.records.size > this.max) this.dropOldest();
  }

  record(namespace: string, name: string): EventRecord | undefined {
    return this.records.get(eventKey(namespace, name));
  }

  /** The record under a key (`EventRecord.key`). */
  recordAt(k: string): EventRecord | undefined {
    return this.records.get(k);
  }

  delete(namespace: string, name: string): EventRecord | undefined {
    const k = eventKey(namespace, name);
    const r = this.records.get(k);
    if (r) this.remove(r);
    return r;
  }

  private remove(r: EventRecord): void {
    this.records.delete(r.key);
    this.sorted = undefined;
    for (const l of this.listeners) l('delete', r);
  }

  private dropOldest(): void {
    while (this.head < this.fifoKeys.length) {
      const i = this.head++;
      const r = this.records.get(this.fifoKeys[i]);
      if (r && r.written === this.fifoAt[i]) {
        this.remove(r);
        break;
      }
    }
    this.compact();
  }

  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.fifoKeys.length) {
      this.fifoKeys = this.fifoKeys.slice(this.head);
      this.fifoAt = this.fifoAt.slice(this.head);
      this.head = 0;
    }
  }

  /** Removes the Events whose TTL ran out by `now`. */
  expire(now: number): void {
    if (now === this.expiredAt) return;
    this.expiredAt = now;
    while (this.head < this.fifoKeys.length) {
      const i = this.head;
      const at = this.fifoAt[i];
      if (at + this.ttlMs > now) break;
      this.head++;
      const r = this.records.get(this.fifoKeys[i]);
      if (r && r.written === at) this.remove(r);
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
    const r = this.records.get(eventKey(namespace, name));
    return r ? this.object(r) : undefined;
  }

  /** Records in API order (namespace, then name). */
  list(namespace?: string): EventRecord[] {
    if (!this.sorted) this.sorted = [...this.records.keys()].sort(compareKeys);
    const out: EventRecord[] = [];
    for (const k of this.sorted) {
      const r = this.records.get(k)!;
      if (namespace !== undefined && r.namespace !== namespace) continue;
      out.push(r);
    }
    return out;
  }

  values(): IterableIterator<EventRecord> {
    return this.records.values();
  }
}

function compareKeys(a: string, b: string): number {
  const ia = a.indexOf('/');
  const ib = b.indexOf('/');
  const na = a.slice(0, ia);
  const nb = b.slice(0, ib);
  if (na !== nb) return na < nb ? -1 : 1;
  const ma = a.slice(ia + 1);
  const mb = b.slice(ib + 1);
  return ma < mb ? -1 : ma > mb ? 1 : 0;
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
    metadata: { name: r.name, namespace: r.namespace, uid: r.uid, resourceVersion: r.resourceVersion, creationTimestamp: r.creationTimestamp },
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
  return makeRecord(input, o.metadata.uid, o.metadata.resourceVersion, o.metadata.creationTimestamp, written, o);
}
