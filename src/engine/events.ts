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

interface LruEntry<V> {
  key: string;
  value: V;
  prev: LruEntry<V> | undefined;
  next: LruEntry<V> | undefined;
}

/**
 * A cache that forgets its least recently used entry beyond `size` (groupcache/lru): a Map to the
 * entries and a doubly linked list in use order, front = most recent (a Map re-inserted on every hit
 * scans its deleted slots to find the oldest).
 */
export class Lru<V> {
  private readonly m = new Map<string, LruEntry<V>>();
  private front: LruEntry<V> | undefined;
  private back: LruEntry<V> | undefined;
  constructor(private readonly size = LRU_SIZE) {}

  get(k: string): V | undefined {
    const e = this.m.get(k);
    if (e === undefined) return undefined;
    this.moveToFront(e);
    return e.value;
  }

  add(k: string, v: V): void {
    const e = this.m.get(k);
    if (e !== undefined) {
      e.value = v;
      this.moveToFront(e);
      return;
    }
    const n: LruEntry<V> = { key: k, value: v, prev: undefined, next: this.front };
    if (this.front) this.front.prev = n;
    this.front = n;
    if (!this.back) this.back = n;
    this.m.set(k, n);
    if (this.m.size > this.size) this.removeOldest();
  }

  /** Keys from the most to the least recently used (tests). */
  keys(): string[] {
    const out: string[] = [];
    for (let e = this.front; e; e = e.next) out.push(e.key);
    return out;
  }

  private removeOldest(): void {
    const e = this.back;
    if (!e) return;
    this.unlink(e);
    this.m.delete(e.key);
  }

  private unlink(e: LruEntry<V>): void {
    if (e.prev) e.prev.next = e.next;
    else this.front = e.next;
    if (e.next) e.next.prev = e.prev;
    else this.back = e.prev;
    e.prev = e.next = undefined;
  }

  private moveToFront(e: LruEntry<V>): void {
    if (this.front === e) return;
    this.unlink(e);
    e.next = this.front;
    if (this.front) this.front.prev = e;
    this.front = e;
    if (!this.back) this.back = e;
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
  private readonly aggregates = new Lru<AggregateRecord>();
  private readonly logs = new Lru<EventLog>();
  private readonly spam = new Lru<TokenBucket>();

  /** EventAggregate: the key the event is counted under, and its message (combined, or as it is). */
  aggregate(aggregateKey: string, eventKey: string, message: string, now: number): { key: string; message: string; combined: boolean } {
    let rec = this.aggregates.get(aggregateKey);
    if (!rec || now - rec.last > AGGREGATE_INTERVAL_MS) rec = { localKeys: undefined, last: 0 };
    const size = addLocalKey(rec, message);
    rec.last = now;
    this.aggregates.add(aggregateKey, rec);
    if (size < AGGREGATE_MAX_EVENTS) return { key: eventKey, message, combined: false };
    // Do not grow the set beyond the maximum (upstream pops an arbitrary one; here the oldest).
    const keys = rec.localKeys as Set<string>;
    keys.delete(keys.values().next().value!);
    return { key: aggregateKey, message: `(combined from similar events): ${message}`, combined: true };
  }

  /** eventObserve: the previous occurrence under `key`, if any (then the Event is patched). */
  observed(key: string): EventLog | undefined {
    return this.logs.get(key);
  }

  remember(key: string, log: EventLog): void {
    this.logs.add(key, log);
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
  private readonly correlators = new Map<string, Correlator>();
  /** Listeners see every event the recorder writes (including repeats counted into an existing Event). */
  readonly listeners: ((e: RecordedEvent) => void)[] = [];

  constructor(
    private readonly store: ObjectStore,
    private readonly clock: Clock,
  ) {}

  private correlator(component: string, host: string): Correlator {
    const k = `${component}\u0000${host}`;
    let c = this.correlators.get(k);
    if (!c) this.correlators.set(k, (c = new Correlator()));
    return c;
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
    const spamKey = `${ref.kind}\u0000${ref.namespace ?? ''}\u0000${ref.name}\u0000${ref.uid ?? ''}\u0000${ref.apiVersion ?? ''}`;
    const aggregateKey = `${spamKey}\u0000${type}\u0000${reason}`;
    const eventKey = `${spamKey}\u0000\u0000${type}\u0000${reason}\u0000${message}`;
    const agg = c.aggregate(aggregateKey, eventKey, message, nowMs);
    const last = c.observed(agg.key);
    const existing = last ? this.store.events.record(last.namespace, last.name) : undefined;
    // eventObserve updates its cache before the spam filter decides.
    let name: string;
    if (last) {
      name = last.name;
      c.remember(agg.key, { ...last, count: last.count + 1 });
    } else {
      // Real event names are `<object>.<unix nanoseconds in hex>`.
      const nanos = BigInt(nowMs) * 1_000_000n + BigInt(this.seq++);
      name = `${ref.name}.${nanos.toString(16)}`;
      c.remember(agg.key, { count: 1, firstTimestamp: now, namespace, name });
    }
    if (!c.allow(spamKey, nowMs)) return;
    if (this.listeners.length) for (const l of this.listeners) l({ time: nowMs, type, reason, message: agg.message, component, object: ref });
    if (existing) {
      this.store.updateEvent(existing, { count: last!.count + 1, lastTimestamp: now, message: agg.message });
      return;
    }
    const rec: EventRecordInput = {
      namespace,
      name,
      involvedObject: ref,
      reason,
      message: agg.message,
      source: host ? { component, host } : { component },
      firstTimestamp: last ? last.firstTimestamp : now,
      lastTimestamp: now,
      count: last ? last.count + 1 : 1,
      type,
      reportingComponent: agg.combined ? undefined : component,
    };
    this.store.createEvent(rec);
  }
}
