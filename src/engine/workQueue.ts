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

export class WorkQueue {
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

  // Sifts move a hole instead of swapping pairs (one write per level), comparing inline.
  private push(item: WorkItem): void {
    const h = this.heap;
    let i = h.length;
    h.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const q = h[p];
      if (q.at < item.at || (q.at === item.at && q.seq <= item.seq)) break;
      h[i] = q;
      i = p;
    }
    h[i] = item;
  }

  private down(i: number): void {
    const h = this.heap;
    const n = h.length;
    const item = h[i];
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      let m = l;
      let c = h[l];
      const r = l + 1;
      if (r < n) {
        const rc = h[r];
        if (rc.at < c.at || (rc.at === c.at && rc.seq < c.seq)) {
          m = r;
          c = rc;
        }
      }
      if (!(c.at < item.at || (c.at === item.at && c.seq < item.seq))) break;
      h[i] = c;
      i = m;
    }
    h[i] = item;
  }
}

function compare(a: WorkItem, b: WorkItem): number {
  // stale entries (seq -1) sort first so dropStale can discard them
  if (a.at !== b.at) return a.at - b.at;
  return a.seq - b.seq;
}
