// The EventCorrelator of one event source (client-go tools/record/events_cache.go): its three caches,
// each an LRU of 4096 entries with its own use order, as upstream's —
// - EventAggregate's aggregate cache, keyed by (object, type, reason): the distinct messages seen;
// - eventObserve's logger cache, keyed by (object, type, reason, message) or, for a combined event,
//   (object, type, reason): the Event it last wrote and its count;
// - the spam filter's (filterFunc) token buckets, keyed by the object.
// Upstream computes a key string for each cache per event and looks each up. Here an event finds its
// object once (`entry`: the object's key is one shared string, its type and reason one shared
// `EventKind`) and gets the object's record in this correlator: its token bucket and, per type and
// reason, its aggregate record and its log entries. The three lookups are then field reads and a short
// walk. The caches' use orders and sizes are kept per cache, so each forgets the same entries as
// upstream's; an object's record lives while any cache holds one of its entries. The simple form (three
// LRUs on joined string keys) is the test oracle (testing/correlatorOracle.ts, correlator.test.ts).

import { LRU_SIZE, SCAN_MAX, UseOrder, innerKey } from './lru';

export const AGGREGATE_MAX_EVENTS = 10;
export const AGGREGATE_INTERVAL_MS = 600_000;
export const SPAM_BURST = 25;
export const SPAM_QPS = 1 / 300;

/** An event type and reason: their aggregate key `\0type\0reason`, one object per pair. */
export interface EventKind {
  key: string;
  /** the last message seen with them (the recorder shares its text) */
  message: string;
}

/**
 * eventObserve's cache entry: the Event a (object, type, reason, message) — or a combined event's
 * (object, type, reason) — last wrote.
 */
export interface EventLog {
  prev: EventLog | undefined;
  next: EventLog | undefined;
  /** the group it belongs to */
  group: Group;
  /** the message, or undefined for the combined event's entry */
  message: string | undefined;
  /** the next entry of its group's chain */
  same: EventLog | undefined;
  count: number;
  firstTimestamp: string;
  /** the Event's name (its namespace is the object's) */
  name: string;
  /** the store's slot of the Event this entry last wrote (−1 until it is written) */
  slot: number;
  /** that Event's first write (`EventStore.bornAt`): the slot holds it while this matches */
  born: number;
}

/**
 * An object's events of one type and reason in this correlator: its aggregate record (an entry of the
 * aggregate cache while it has messages) and its log entries (a chain, or a Map by message past
 * SCAN_MAX). It lives while a cache holds one of them.
 */
export interface Group {
  prev: Group | undefined;
  next: Group | undefined;
  object: KnownObject;
  kind: EventKind;
  /** the next group of the object */
  sibling: Group | undefined;
  /** the messages seen (one as it is, a Set once there are two), oldest first; undefined while the aggregate cache holds no record of the group */
  localKeys: string | Set<string> | undefined;
  last: number;
  /** the combined event's log entry */
  combined: EventLog | undefined;
  /** log entries by message: a chain through `same`, or a Map past SCAN_MAX (undefined when there are none) */
  logs: EventLog | Map<string, EventLog> | undefined;
}

/** An object as one correlator knows it: its token bucket (a spam cache entry while it has tokens ≥ 0) and groups. */
export interface KnownObject {
  prev: KnownObject | undefined;
  next: KnownObject | undefined;
  owner: EventCorrelator;
  record: ObjectRecord;
  /** the bucket's tokens; −1 while the spam cache holds no bucket of the object */
  tokens: number;
  last: number;
  groups: Group | undefined;
  /** the object's record in the next correlator that knows it */
  sibling: KnownObject | undefined;
}

/**
 * An object key as the correlators of one recorder know it: the records each of them keeps of it (the
 * sources that write about one object are few: its controller, the scheduler, its node's kubelet).
 * An event finds it once (the recorder keeps it with the object's key), then its correlator's record.
 */
export interface ObjectRecord {
  /** getSpamKey: the object's kind, namespace, name, uid and apiVersion joined */
  key: string;
  known: KnownObject | undefined;
  /** false once no correlator knows the object (a new record is made for its key) */
  live: boolean;
}

/** The object records of one recorder's correlators, by key; a record lives while a correlator knows its object. */
export class ObjectRecords {
  private readonly byKey = new Map<string, ObjectRecord>();

  /** The record of `key`, made when there is none. */
  of(key: string): ObjectRecord {
    let r = this.byKey.get(key);
    if (r === undefined) this.byKey.set(key, (r = { key, known: undefined, live: true }));
    return r;
  }

  forget(r: ObjectRecord): void {
    r.live = false;
    this.byKey.delete(r.key);
  }

  /** How many objects are known (tests). */
  get size(): number {
    return this.byKey.size;
  }

  /** How many correlators' records the objects have, and how many groups those have, in all (tests). */
  counts(): { known: number; groups: number } {
    let known = 0;
    let groups = 0;
    for (const r of this.byKey.values())
      for (let o = r.known; o; o = o.sibling) {
        known++;
        for (let g = o.groups; g; g = g.sibling) groups++;
      }
    return { known, groups };
  }
}

/** Adds a message to a group's messages; returns how many distinct messages it has now. */
function addLocalKey(g: Group, message: string): number {
  const k = g.localKeys;
  if (k === undefined) g.localKeys = message;
  else if (typeof k === 'string') {
    if (k !== message) g.localKeys = new Set([k, message]);
  } else k.add(message);
  const now = g.localKeys!;
  return typeof now === 'string' ? 1 : now.size;
}

export class EventCorrelator {
  /** the Events' source, one object shared by all the records this source writes */
  readonly source: { component: string; host?: string };
  /** the caches' use orders (front = most recent) and sizes */
  readonly aggregates = new UseOrder<Group>();
  readonly logs = new UseOrder<EventLog>();
  readonly spam = new UseOrder<KnownObject>();
  private aggregateCount = 0;
  private logCount = 0;
  private spamCount = 0;
  constructor(
    private readonly records: ObjectRecords,
    component: string,
    host: string,
    private readonly size = LRU_SIZE,
  ) {
    this.source = host ? { component, host } : { component };
  }

  /** The object's group of this type and reason, made when there is none (in no cache yet). */
  entry(r: ObjectRecord, kind: EventKind): Group {
    let o = r.known;
    while (o !== undefined && o.owner !== this) o = o.sibling;
    if (o === undefined) {
      o = {
        prev: undefined,
        next: undefined,
        owner: this,
        record: r,
        tokens: -1,
        last: 0,
        groups: undefined,
        sibling: r.known,
      };
      r.known = o;
    }
    let g = o.groups;
    while (g !== undefined && g.kind !== kind) g = g.sibling;
    if (g === undefined) {
      g = {
        prev: undefined,
        next: undefined,
        object: o,
        kind,
        sibling: o.groups,
        localKeys: undefined,
        last: 0,
        combined: undefined,
        logs: undefined,
      };
      o.groups = g;
    }
    return g;
  }

  /** Forgets an object none of the caches holds an entry of any more (and its record, if no correlator knows it). */
  private release(o: KnownObject): void {
    if (o.tokens >= 0 || o.groups !== undefined) return;
    const r = o.record;
    if (r.known === o) r.known = o.sibling;
    else {
      let p = r.known!;
      while (p.sibling !== o) p = p.sibling!;
      p.sibling = o.sibling;
    }
    o.sibling = undefined;
    if (r.known === undefined) this.records.forget(r);
  }

  /** Takes a group none of the caches holds an entry of off its object (and the object, if it was its last). */
  private releaseGroup(g: Group): void {
    if (g.localKeys !== undefined || g.combined !== undefined || g.logs !== undefined) return;
    const o = g.object;
    if (o.groups === g) o.groups = g.sibling;
    else {
      let p = o.groups!;
      while (p.sibling !== g) p = p.sibling!;
      p.sibling = g.sibling;
    }
    g.sibling = undefined;
    this.release(o);
  }

  /**
   * EventAggregate: whether the event is counted as a combined one (its group has seen
   * AGGREGATE_MAX_EVENTS distinct messages within the interval). `now`: ms since the recorder's start.
   */
  aggregate(g: Group, message: string, now: number): boolean {
    if (g.localKeys !== undefined) {
      this.aggregates.moveToFront(g);
      if (now - g.last > AGGREGATE_INTERVAL_MS) g.localKeys = undefined; // a new record
    } else {
      this.aggregates.pushFront(g);
      if (++this.aggregateCount > this.size) {
        const old = this.aggregates.popBack()!;
        this.aggregateCount--;
        old.localKeys = undefined;
        this.releaseGroup(old);
      }
    }
    const size = addLocalKey(g, message);
    g.last = now;
    if (size < AGGREGATE_MAX_EVENTS) return false;
    // Do not grow the set beyond the maximum (upstream pops an arbitrary one; here the oldest).
    const keys = g.localKeys as Set<string>;
    keys.delete(keys.values().next().value!);
    return true;
  }

  /** eventObserve's lookup: the group's log entry of `message` (undefined: the combined event's), now the most recent. */
  observed(g: Group, message: string | undefined): EventLog | undefined {
    let e: EventLog | undefined;
    if (message === undefined) e = g.combined;
    else {
      const x = g.logs;
      if (x instanceof Map) e = x.get(message);
      else for (e = x; e !== undefined && e.message !== message; e = e.same);
    }
    if (e !== undefined) this.logs.moveToFront(e);
    return e;
  }

  /** eventObserve's add: a new log entry of the group (none under its message yet), the most recent. */
  remember(g: Group, message: string | undefined, firstTimestamp: string, name: string): EventLog {
    const e: EventLog = {
      prev: undefined,
      next: undefined,
      group: g,
      message,
      same: undefined,
      count: 1,
      firstTimestamp,
      name,
      slot: -1,
      born: 0,
    };
    if (message === undefined) g.combined = e;
    else {
      const x = g.logs;
      if (x instanceof Map) x.set(message, e);
      else {
        let k = 0;
        for (let y = x; y !== undefined; y = y.same) k++;
        if (k < SCAN_MAX) {
          e.same = x;
          g.logs = e;
        } else {
          const m = new Map<string, EventLog>();
          for (let y = x; y !== undefined;) {
            const next: EventLog | undefined = y.same;
            y.same = undefined;
            m.set(y.message!, y);
            y = next;
          }
          m.set(message, e);
          g.logs = m;
        }
      }
    }
    this.logs.pushFront(e);
    if (++this.logCount > this.size) {
      const old = this.logs.popBack()!;
      this.logCount--;
      this.forgetLog(old);
    }
    return e;
  }

  private forgetLog(e: EventLog): void {
    const g = e.group;
    if (e.message === undefined) g.combined = undefined;
    else {
      const x = g.logs!;
      if (x instanceof Map) {
        x.delete(e.message);
        if (x.size === 0) g.logs = undefined;
      } else if (x === e) g.logs = e.same;
      else {
        let p = x;
        while (p.same !== e) p = p.same!;
        p.same = e.same;
      }
      e.same = undefined;
    }
    this.releaseGroup(g);
  }

  /**
   * EventSourceObjectSpamFilter (filterFunc): false when the source has no token left for the object.
   * `now`: ms since the recorder's start.
   */
  allow(o: KnownObject, now: number): boolean {
    if (o.tokens >= 0) this.spam.moveToFront(o);
    else {
      o.tokens = SPAM_BURST;
      o.last = now;
      this.spam.pushFront(o);
      if (++this.spamCount > this.size) {
        const old = this.spam.popBack()!;
        this.spamCount--;
        old.tokens = -1;
        this.release(old);
      }
    }
    o.tokens = Math.min(SPAM_BURST, o.tokens + ((now - o.last) / 1000) * SPAM_QPS);
    o.last = now;
    if (o.tokens < 1) return false;
    o.tokens -= 1;
    return true;
  }

  /** Each cache's keys, joined as upstream's, from the most to the least recently used (tests). */
  keys(): { aggregates: string[]; logs: string[]; spam: string[] } {
    const aggregates: string[] = [];
    const logs: string[] = [];
    const spam: string[] = [];
    for (let g = this.aggregates.front; g; g = g.next) aggregates.push(g.object.record.key + g.kind.key);
    for (let e = this.logs.front; e; e = e.next)
      logs.push(e.group.object.record.key + innerKey(e.group.kind.key, e.message));
    for (let o = this.spam.front; o; o = o.next) spam.push(o.record.key);
    return { aggregates, logs, spam };
  }
}
