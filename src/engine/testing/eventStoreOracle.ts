// The event store as it was first written: records in a Map keyed by `namespace/name`, the write
// FIFO of those keys. The test oracle of `EventStore` (eventStore.test.ts), which keeps a slot per
// Event name instead and indexes names only once something asks by name.

import {
  DEFAULT_EVENT_TTL_MS,
  DEFAULT_MAX_EVENTS,
  toObject,
  type EventListener,
  type EventRecord,
} from '../api/eventStore';
import { namespacedName } from '../api/namespacedName';
import type { KEvent } from '../api/types';

export class MapEventStore {
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
    const k = namespacedName(r.namespace, r.name);
    const n = this.records.size;
    const prev = this.records.get(k);
    this.records.set(k, r);
    if (this.records.size !== n) this.sorted = undefined;
    this.fifoKeys.push(k);
    this.fifoAt.push(r.written);
    for (const l of this.listeners) l('upsert', r, prev);
    while (this.records.size > this.max) this.dropOldest();
  }

  record(namespace: string, name: string): EventRecord | undefined {
    return this.records.get(namespacedName(namespace, name));
  }

  /** The record under a key (`EventRecord.key`). */
  recordAt(k: string): EventRecord | undefined {
    return this.records.get(k);
  }

  delete(namespace: string, name: string): EventRecord | undefined {
    const k = namespacedName(namespace, name);
    const r = this.records.get(k);
    if (r) this.remove(r);
    return r;
  }

  private remove(r: EventRecord): void {
    this.records.delete(namespacedName(r.namespace, r.name));
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
    const r = this.records.get(namespacedName(namespace, name));
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
