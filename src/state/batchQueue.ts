// Batches from the engine, applied in frame-sized slices. Batches that arrive while the page is busy
// wait in a queue; each frame the queue applies as many as fit in its budget in one go (one publish,
// one render: they are coalesced) and leaves the rest for the next frame. The engine is never held
// back by this: it keeps its clock and sends on; a page that falls behind catches up in bigger
// slices (at least one batch per frame, and the cost per change is learnt as it goes).
//
// Whoever needs the mirror current (an answer to a command: the changes it made came first) calls
// flush(), which applies everything waiting at once.

import type { ChangeBatch } from '../wire/protocol';

/** How much of a frame the queue may use (ms). */
export const FRAME_BUDGET_MS = 8;

export interface QueueTimers {
  /** run fn soon: at the next frame (or a short timeout when no frames come, in a hidden tab) */
  schedule(fn: () => void): void;
  now(): number;
}

export function batchSize(b: ChangeBatch): number {
  let n =
    b.upserts.length +
    (b.patches?.length ?? 0) +
    b.deletes.length +
    (b.eventRows?.length ?? 0) +
    (b.eventDeletes?.length ?? 0) +
    1;
  for (const g of b.compact ?? []) n += g.items.length;
  return n;
}

export class BatchQueue {
  private readonly queue: ChangeBatch[] = [];
  private scheduled = false;
  /** learnt cost of one change (ms), to choose how many fit in a frame */
  private msPerChange = 0.01;
  /** figures for tests and benchmarks */
  readonly stats = { runs: 0, applied: 0, publishes: 0, flushes: 0 };

  constructor(
    private readonly apply: (bs: readonly ChangeBatch[]) => void,
    private readonly timers: QueueTimers,
    private readonly budgetMs = FRAME_BUDGET_MS,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  push(b: ChangeBatch): void {
    // A reset replaces everything: what waits before it need not be applied.
    if (b.reset) this.queue.length = 0;
    this.queue.push(b);
    if (!this.scheduled) {
      this.scheduled = true;
      this.timers.schedule(() => this.run());
    }
  }

  /** Applies everything waiting now (before an answer is handed out, and on demand). */
  flush(): void {
    if (!this.queue.length) return;
    this.stats.flushes++;
    this.applyNow(this.queue.splice(0));
  }

  private run(): void {
    this.scheduled = false;
    this.stats.runs++;
    if (!this.queue.length) return;
    // As many batches as the budget allows by the cost learnt so far, at least one.
    let room = this.budgetMs / this.msPerChange;
    let take = 0;
    while (take < this.queue.length) {
      const n = batchSize(this.queue[take]);
      if (take > 0 && n > room) break;
      room -= n;
      take++;
    }
    this.applyNow(this.queue.splice(0, take));
    if (this.queue.length) {
      this.scheduled = true;
      this.timers.schedule(() => this.run());
    }
  }

  private applyNow(bs: ChangeBatch[]): void {
    const t0 = this.timers.now();
    this.apply(bs);
    const ms = this.timers.now() - t0;
    let n = 0;
    for (const b of bs) n += batchSize(b);
    // moving average, so one slow frame (a GC) does not starve the next ones
    if (n > 20) this.msPerChange = 0.7 * this.msPerChange + 0.3 * Math.max(0.0005, ms / n);
    this.stats.applied += bs.length;
    this.stats.publishes++;
  }
}

/** The page's timers: the next animation frame, or 100 ms when frames do not come (hidden tab). */
export function frameTimers(): QueueTimers {
  return {
    now: () => performance.now(),
    schedule(fn) {
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        cancelAnimationFrame(raf);
        clearTimeout(to);
        fn();
      };
      const raf = requestAnimationFrame(once);
      const to = setTimeout(once, 100);
    },
  };
}
