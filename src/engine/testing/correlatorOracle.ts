// The EventCorrelator as upstream writes it (client-go tools/record/events_cache.go): three LRUs, each
// looked up per event with its own joined string key — getSpamKey for the spam filter, the aggregate
// key (object + `\0type\0reason`) for EventAggregate, the event key (aggregate key + `\0` + message,
// or the aggregate key once combined) for eventObserve. The test oracle of correlator.ts
// (correlator.test.ts). Not used by the engine.

import { AGGREGATE_INTERVAL_MS, AGGREGATE_MAX_EVENTS, SPAM_BURST, SPAM_QPS } from '../correlator';
import { LRU_SIZE, Lru } from '../lru';

interface AggregateRecord {
  /** the distinct messages seen, oldest first */
  localKeys: Set<string>;
  last: number;
}

export interface SimpleLog {
  count: number;
  firstTimestamp: string;
  name: string;
}

export interface TokenBucket {
  tokens: number;
  last: number;
}

/**
 * EventSourceObjectSpamFilter.Filter on a cache of token buckets: a bucket of SPAM_BURST refilled at
 * SPAM_QPS per source and object; false when it has no token left.
 */
export function spamFilterAllow(spam: Lru<TokenBucket>, spamKey: string, now: number): boolean {
  const b = spam.get(spamKey) ?? { tokens: SPAM_BURST, last: now };
  b.tokens = Math.min(SPAM_BURST, b.tokens + ((now - b.last) / 1000) * SPAM_QPS);
  b.last = now;
  let ok = false;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    ok = true;
  }
  spam.add(spamKey, b);
  return ok;
}

export class SimpleCorrelator {
  readonly aggregates: Lru<AggregateRecord>;
  readonly logs: Lru<SimpleLog>;
  readonly spam: Lru<TokenBucket>;

  constructor(size = LRU_SIZE) {
    this.aggregates = new Lru(size);
    this.logs = new Lru(size);
    this.spam = new Lru(size);
  }

  /**
   * EventAggregate: the key the event is counted under (its event key, or its aggregate key once
   * combined) and whether it is combined.
   */
  aggregate(
    spamKey: string,
    type: string,
    reason: string,
    message: string,
    now: number,
  ): { key: string; combined: boolean } {
    const aggregateKey = [spamKey, type, reason].join('\u0000');
    const eventKey = [spamKey, '', type, reason, message].join('\u0000');
    let rec = this.aggregates.get(aggregateKey);
    if (!rec || now - rec.last > AGGREGATE_INTERVAL_MS) rec = { localKeys: new Set(), last: 0 };
    rec.localKeys.add(message);
    rec.last = now;
    this.aggregates.add(aggregateKey, rec);
    if (rec.localKeys.size < AGGREGATE_MAX_EVENTS) return { key: eventKey, combined: false };
    rec.localKeys.delete(rec.localKeys.values().next().value!);
    return { key: aggregateKey, combined: true };
  }

  /** eventObserve: the previous occurrence under `key`, if any. */
  observed(key: string): SimpleLog | undefined {
    return this.logs.get(key);
  }

  remember(key: string, log: SimpleLog): void {
    this.logs.add(key, log);
  }

  /** The spam filter: false when the source has no token left for the object. */
  allow(spamKey: string, now: number): boolean {
    return spamFilterAllow(this.spam, spamKey, now);
  }
}
