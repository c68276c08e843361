import { describe, expect, it } from 'vitest';
import { Random } from './random';
import { WorkQueue, type WorkItem } from './workQueue';

// The queue as it was before it was bucketed by due time (a binary heap of items, pairwise swaps,
// one compare function): the oracle. Both must hand out the same items in the same order, stale
// entries and all.
class SwapHeapQueue {
  private heap: WorkItem[] = [];
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
      // Move earlier: invalidate the old heap entry, keep its reason.
      existing.seq = -1;
      reason = existing.reason;
    }
    const item: WorkItem = { at, seq: this.seq++, controller, key, reason, run };
    if (!existing) this.count++;
    byKey.set(key, item);
    this.push(item);
    return true;
  }

  peekTime(): number | undefined {
    this.dropStale();
    return this.heap[0]?.at;
  }

  pop(): WorkItem | undefined {
    this.dropStale();
    const top = this.heap[0];
    if (!top) return undefined;
    const last = this.heap.pop()!;
    if (this.heap.length) {
      this.heap[0] = last;
      this.down(0);
    }
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
    this.heap = [];
    this.waiting.clear();
    this.count = 0;
  }

  private dropStale(): void {
    while (this.heap.length && this.heap[0].seq === -1) {
      const last = this.heap.pop()!;
      if (this.heap.length) {
        this.heap[0] = last;
        this.down(0);
      }
    }
  }

  private push(item: WorkItem): void {
    const h = this.heap;
    h.push(item);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (compare(h[i], h[p]) >= 0) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && compare(h[l], h[m]) < 0) m = l;
      if (r < h.length && compare(h[r], h[m]) < 0) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }
}

function compare(a: WorkItem, b: WorkItem): number {
  // stale entries (seq -1) sort first so dropStale can discard them
  if (a.at !== b.at) return a.at - b.at;
  return a.seq - b.seq;
}

/**
 * Compares the two queues answer by answer without an `expect` per answer (tens of thousands of them
 * would make the test slow for nothing); the differences are asserted at the end of each seed.
 */
function sameAs() {
  const differences: string[] = [];
  const same = (fast: unknown, slow: unknown, where: string) => {
    if (fast !== slow && differences.length < 5)
      differences.push(`${where}: ${String(fast)} instead of ${String(slow)}`);
  };
  return Object.assign(same, { differences });
}

describe('WorkQueue', () => {
  it('runs items by time, then by queueing order; a waiting key moves earlier, never later', () => {
    const q = new WorkQueue();
    const run = () => undefined;
    q.add('c', 'a', 30, 'first', run);
    q.add('c', 'b', 10, 'b', run);
    expect(q.add('c', 'a', 40, 'later', run)).toBe(false);
    expect(q.add('c', 'a', 5, 'earlier', run)).toBe(true);
    q.add('d', 'a', 10, 'same time', run);
    const order: string[] = [];
    for (let it = q.pop(); it; it = q.pop()) order.push(`${it.controller}/${it.key}@${it.at} ${it.reason}`);
    expect(order).toEqual(['c/a@5 first', 'c/b@10 b', 'd/a@10 same time']);
    expect(q.size).toBe(0);
  });

  it('matches the binary heap of items on random adds, pops, peeks and clears', () => {
    const same = sameAs();
    for (let seed = 1; seed <= 40; seed++) {
      const r = new Random(seed);
      const fast = new WorkQueue();
      const slow = new SwapHeapQueue();
      const run = () => undefined;
      const desc = (it: WorkItem | undefined) =>
        it ? `${it.controller}/${it.key}@${it.at}#${it.seq} ${it.reason}` : '-';
      for (let op = 0; op < 600; op++) {
        const x = r.int(10);
        if (x < 6) {
          const c = `c${r.int(3)}`;
          const k = `k${r.int(30)}`;
          const at = r.int(50) * (r.int(4) === 0 ? 0 : 1);
          same(fast.add(c, k, at, `r${op}`, run), slow.add(c, k, at, `r${op}`, run), `add at op ${op}`);
        } else if (x < 9) {
          same(desc(fast.pop()), desc(slow.pop()), `pop at op ${op}`);
        } else if (r.int(40) === 0) {
          fast.clear();
          slow.clear();
        } else {
          same(fast.peekTime(), slow.peekTime(), `peekTime at op ${op}`);
        }
        same(fast.size, slow.size, `size at op ${op}`);
      }
      expect(fast.pending().map(desc)).toEqual(slow.pending().map(desc));
      for (let it = slow.pop(); it; it = slow.pop()) expect(desc(fast.pop())).toBe(desc(it));
      expect(fast.pop()).toBeUndefined();
      expect(same.differences, `seed ${seed}`).toEqual([]);
    }
  });

  it('matches the binary heap when, as in a simulation, items come due at the clock or later', () => {
    const same = sameAs();
    for (let seed = 1; seed <= 20; seed++) {
      const r = new Random(seed * 7919);
      const fast = new WorkQueue();
      const slow = new SwapHeapQueue();
      const run = () => undefined;
      const desc = (it: WorkItem | undefined) =>
        it ? `${it.controller}/${it.key}@${it.at}#${it.seq} ${it.reason}` : '-';
      let now = 0;
      for (let op = 0; op < 3000; op++) {
        if (r.int(3) < 2) {
          // few distinct delays: many items share a due time
          const at = now + [0, 0, 10, 100, 1000][r.int(5)];
          const c = `c${r.int(4)}`;
          const k = `k${r.int(200)}`;
          same(fast.add(c, k, at, `r${op}`, run), slow.add(c, k, at, `r${op}`, run), `add at op ${op}`);
        } else if (r.int(2) === 0) {
          const a = slow.pop();
          same(desc(fast.pop()), desc(a), `pop at op ${op}`);
          if (a) now = a.at;
        } else {
          // popUntil(end): pop when the next item is due by `end`, else nothing
          const end = now + [0, 10, 500][r.int(3)];
          const t = slow.peekTime();
          const a = t !== undefined && t <= end ? slow.pop() : undefined;
          same(desc(fast.popUntil(end)), desc(a), `popUntil at op ${op}`);
          if (a) now = a.at;
        }
        same(fast.peekTime(), slow.peekTime(), `peekTime at op ${op}`);
        same(fast.size, slow.size, `size at op ${op}`);
      }
      for (let it = slow.pop(); it; it = slow.pop()) expect(desc(fast.pop())).toBe(desc(it));
      expect(fast.pop()).toBeUndefined();
      expect(same.differences, `seed ${seed}`).toEqual([]);
    }
  });
});
