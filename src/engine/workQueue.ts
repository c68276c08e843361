// The discrete-event queue: timed work items ordered by (time, sequence). Like client-go's work
// queue, an item whose (controller, key) is already waiting is not queued twice; the earlier time wins.

export interface WorkItem {
  at: number;
  seq: number;
  controller: string;
  key: string;
  /** Why the item was queued (first reason wins while it waits). */
  reason: string;
  run: () => string | void;
}

/** The items due at one time, in queueing (seq) order; `head` is the next one to run. */
interface Bucket {
  at: number;
  items: WorkItem[];
  head: number;
}

/**
 * Ordered by (at, seq) like a binary heap of items, but bucketed by due time: many items share a
 * time (everything queued in one step with the same delay), and `seq` only grows, so each bucket is
 * already in seq order and only the distinct times need a heap. (workQueue.test.ts holds it to a
 * plain binary heap of items on random inputs.)
 */
export class WorkQueue {
  /** due time → its bucket */
  private buckets = new Map<number, Bucket>();
  /** min-heap of the buckets, by time (one entry per bucket) */
  private times: Bucket[] = [];
  /** controller → key → the item waiting */
  private waiting = new Map<string, Map<string, WorkItem>>();
  private count = 0;
  private seq = 0;

  get size(): number {
    return this.count;
  }

  /** Queues `run` at `at`. Returns false when an equal-or-earlier item with the same id waits already. */
  add(controller: string, key: string, at: number, reason: string, run: () => string | void): boolean {
    let byKey = this.waiting.get(controller);
    if (!byKey) this.waiting.set(controller, (byKey = new Map()));
    const existing = byKey.get(key);
    if (existing) {
      if (existing.at <= at) return false;
      // Move earlier: invalidate the old entry (it stays in its bucket, skipped), keep its reason.
      existing.seq = -1;
      reason = existing.reason;
    }
    const item: WorkItem = { at, seq: this.seq++, controller, key, reason, run };
    if (!existing) this.count++;
    byKey.set(key, item);
    let b = this.buckets.get(at);
    if (!b) {
      b = { at, items: [], head: 0 };
      this.buckets.set(at, b);
      this.pushTime(b);
    }
    b.items.push(item);
    return true;
  }

  peekTime(): number | undefined {
    return this.first()?.at;
  }

  pop(): WorkItem | undefined {
    return this.popUntil(Infinity);
  }

  /** pop, if the next item is due at `end` or earlier (peekTime and pop in one look). */
  popUntil(end: number): WorkItem | undefined {
    const b = this.first();
    if (!b || b.at > end) return undefined;
    const top = b.items[b.head++];
    if (this.waiting.get(top.controller)!.delete(top.key)) this.count--;
    return top;
  }

  /** Items in the order they will run (for the UI). */
  pending(): WorkItem[] {
    const out: WorkItem[] = [];
    for (const byKey of this.waiting.values()) for (const item of byKey.values()) out.push(item);
    return out.sort(compare);
  }

  clear(): void {
    this.buckets = new Map();
    this.times = [];
    this.waiting.clear();
    this.count = 0;
  }

  /** The earliest bucket with a live item at its head (stale entries and spent buckets dropped). */
  private first(): Bucket | undefined {
    const t = this.times;
    while (t.length) {
      const b = t[0];
      const items = b.items;
      let h = b.head;
      while (h < items.length && items[h].seq === -1) h++;
      b.head = h;
      if (h < items.length) return b;
      this.buckets.delete(b.at);
      const last = t.pop()!;
      if (t.length) {
        t[0] = last;
        this.downTime(0);
      }
    }
    return undefined;
  }

  // Sifts move a hole instead of swapping pairs (one write per level). Times are distinct.
  private pushTime(b: Bucket): void {
    const h = this.times;
    let i = h.length;
    h.push(b);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const q = h[p];
      if (q.at < b.at) break;
      h[i] = q;
      i = p;
    }
    h[i] = b;
  }

  private downTime(i: number): void {
    const h = this.times;
    const n = h.length;
    const b = h[i];
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      let m = l;
      let c = h[l];
      const r = l + 1;
      if (r < n && h[r].at < c.at) {
        m = r;
        c = h[r];
      }
      if (!(c.at < b.at)) break;
      h[i] = c;
      i = m;
    }
    h[i] = b;
  }
}

function compare(a: WorkItem, b: WorkItem): number {
  // stale entries (seq -1) sort first so dropStale can discard them
  if (a.at !== b.at) return a.at - b.at;
  return a.seq - b.seq;
}
