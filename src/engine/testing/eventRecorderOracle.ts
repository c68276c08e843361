// The event recorder as it was before its keys, names and caches were made cheaper (per event: joined
// string keys, BigInt names, a copy of the cached log): the test oracle of eventRecorder.test.ts.
// Not used by the engine.

import type { Clock } from '../clock';
import type { ObjectStore } from '../api/objectStore';
import type { EventRecordInput } from '../api/eventStore';
import type { KObject, ObjectReference } from '../api/types';
import type { RecordedEvent } from '../events';
import { Lru } from '../lru';
import { spamFilterAllow, type TokenBucket } from './correlatorOracle';

const AGGREGATE_MAX_EVENTS = 10;
const AGGREGATE_INTERVAL_MS = 600_000;

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

/** EventCorrelator for one source. */
class Correlator {
  private readonly aggregates = new Lru<AggregateRecord>();
  private readonly logs = new Lru<EventLog>();
  private readonly spam = new Lru<TokenBucket>();

  /** EventAggregate: the key the event is counted under, and its message (combined, or as it is). */
  aggregate(
    aggregateKey: string,
    eventKey: string,
    message: string,
    now: number,
  ): { key: string; message: string; combined: boolean } {
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
    return spamFilterAllow(this.spam, spamKey, now);
  }
}

export class OracleRecorder {
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

  event(
    obj: KObject,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    component: string,
    host?: string,
  ): void {
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
    if (this.listeners.length)
      for (const l of this.listeners)
        l({ time: nowMs, type, reason, message: agg.message, component, object: ref });
    if (existing) {
      this.store.updateEvent(existing, last!.count + 1, now, agg.message);
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
