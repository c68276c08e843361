// Batches from the engine, applied in frame-sized slices. Batches that arrive while the page is busy
// wait in a queue; each frame the queue applies as many as fit in its budget in one go (one publish,
// one render: they are coalesced) and leaves the rest for the next frame. The engine is never held
// back by this: it keeps its clock and sends on; a page that falls behind catches up in bigger
// slices (at least one batch per frame, and the cost per change is learnt as it goes).
//
// Whoever needs the mirror current (an answer to a command: the changes it made came first) calls
// flush(), which applies everything waiting at once. The engine's first snapshot is the exception
// (issue 24): `init`'s answer follows a whole cluster (a 1,000-node share link: several messages of up
// to 250 changes), and flushing it was one long task on a phone. drain() puts the waiting batches
// into the mirror one slice per task (the browser may run other work between them) and publishes them
// once at the end (one store update, one render), and the answer is handed out after that.

import type { ChangeBatch } from '../wire/protocol';
import { newObjects, cutBatch } from './cutBatch';

/** How much of a frame the queue may use (ms). */
export const FRAME_BUDGET_MS = 8;
/**
 * A batch with many new objects (a large cluster's first snapshot) goes into the mirror in parts, one
 * per task, when it has more than two parts' worth: the first part this many objects, the next ones as
 * many as the budget holds by the cost per object the parts have shown (at least MIN_PART).
 */
export const FIRST_PART = 128;
export const MIN_PART = 64;

export interface QueueTimers {
  /** run fn soon: at the next frame (or a short timeout when no frames come, in a hidden tab) */
  schedule(fn: () => void): void;
  now(): number;
  /** run fn in a task of its own, soon (drain's slices); `schedule` when not given */
  nextTask?(fn: () => void): void;
}

/**
 * Where drain() puts batches: into the mirror without publishing (`stage`), then one `publish`. Without
 * it, drain applies (and publishes) slice by slice.
 */
export interface StagedSink {
  stage(bs: readonly ChangeBatch[]): void;
  publish(): void;
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
  readonly stats = { runs: 0, applied: 0, publishes: 0, flushes: 0, drainSlices: 0, parts: 0 };
  /** learnt cost of one new object in a batch's parts (ms); 0 before the first part */
  private msPerObject = 0;
  /** what is left of the batch being cut in parts */
  private cutRest: ChangeBatch | null = null;
  /** the drain under way (its promise), so a second caller waits for the same one */
  private draining: Promise<void> | null = null;
  /** while set, nothing is published to the store (hold): the promise that ends it */
  private held: Promise<void> | null = null;

  constructor(
    private readonly apply: (bs: readonly ChangeBatch[]) => void,
    private readonly timers: QueueTimers,
    private readonly budgetMs = FRAME_BUDGET_MS,
    private readonly sink?: StagedSink,
  ) {}

  /**
   * Publishes nothing until `until` settles (batches wait, a drain stages but does not publish; flush,
   * which an answer needs, still applies at once). The page's first render (src/main.tsx): a snapshot
   * published while React renders the page as a transition makes React render it all again at once,
   * in one long task, to keep the store and the render consistent (issue 24).
   */
  hold(until: Promise<unknown>): void {
    const held = until.then(
      () => undefined,
      () => undefined,
    );
    this.held = held;
    void held.then(() => {
      if (this.held !== held) return;
      this.held = null;
      if (this.queue.length && !this.scheduled && !this.draining) {
        this.scheduled = true;
        this.timers.schedule(() => this.run());
      }
    });
  }

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

  /**
   * Applies everything waiting, a budget's worth per task (at least one batch), and publishes once at
   * the end; resolves then. Batches pushed meanwhile are part of it. A flush() or a frame's run in
   * between applies the rest at once (with what was staged: order is kept), and the drain ends.
   */
  drain(): Promise<void> {
    if (this.draining) return this.draining;
    if (!this.queue.length) return Promise.resolve();
    const next = this.timers.nextTask ?? this.timers.schedule;
    this.draining = new Promise<void>((resolve) => {
      const slice = () => {
        if (!this.queue.length) {
          if (this.held) {
            // staged, to be published once the hold ends (batches pushed meanwhile join the drain)
            void this.held.then(() => next(slice));
            return;
          }
          this.draining = null;
          if (this.sink) {
            this.sink.publish();
            this.stats.publishes++;
          }
          resolve();
          return;
        }
        this.stats.drainSlices++;
        if (this.stagePart()) {
          next(slice);
          return;
        }
        const bs = this.queue.splice(0, this.fits());
        if (this.sink) this.measured(bs, () => this.sink!.stage(bs));
        else this.applyNow(bs);
        next(slice);
      };
      slice();
    });
    return this.draining;
  }

  /** How many of the waiting batches fit in the budget by the cost learnt so far (at least one). */
  private fits(): number {
    let room = this.budgetMs / this.msPerChange;
    let take = 0;
    while (take < this.queue.length) {
      const n = batchSize(this.queue[take]);
      if (take > 0 && n > room) break;
      room -= n;
      take++;
    }
    return take;
  }

  private run(): void {
    this.scheduled = false;
    this.stats.runs++;
    if (!this.queue.length) return;
    // held: the hold's end schedules the next run
    if (this.held) return;
    // a part of a big batch into the mirror (published with the batch's last part), the next part soon
    if (this.stagePart()) {
      this.scheduled = true;
      (this.timers.nextTask ?? this.timers.schedule)(() => this.run());
      return;
    }
    // As many batches as the budget allows by the cost learnt so far, at least one. When the last of
    // them says more of it follow (a large batch the worker sent as several messages), they go into
    // the mirror unpublished: the message that ends it publishes them all, one render for the batch.
    const bs = this.queue.splice(0, this.fits());
    if (this.sink && bs[bs.length - 1].more) {
      const sink = this.sink;
      this.measured(bs, () => sink.stage(bs));
    } else this.applyNow(bs);
    if (this.queue.length) {
      this.scheduled = true;
      this.timers.schedule(() => this.run());
    }
  }

  /**
   * When the first batch waiting brings more than two parts' worth of new objects (and the queue can
   * stage without publishing): its first part into the mirror, unpublished, the rest left first in the
   * queue (cutBatch.ts), cut again while more than a part is left. Whatever publishes next (the batch's last part, a flush) publishes it too.
   */
  private stagePart(): boolean {
    const head = this.queue[0];
    if (!this.sink || !head) return false;
    const size = this.msPerObject
      ? Math.max(MIN_PART, Math.floor(this.budgetMs / this.msPerObject))
      : FIRST_PART;
    // (begun on a batch of more than two parts, going on while more than a part is left)
    if (newObjects(head) <= (head === this.cutRest ? size : 2 * size)) return false;
    // (the cut decodes the part's compact objects: its cost is the part's too)
    const t0 = this.timers.now();
    const [part, rest] = cutBatch(head, size);
    this.queue[0] = this.cutRest = rest;
    this.sink.stage([part]);
    const ms = this.timers.now() - t0;
    this.msPerObject = this.msPerObject
      ? 0.5 * this.msPerObject + 0.5 * Math.max(0.0005, ms / size)
      : Math.max(0.0005, ms / size);
    this.stats.parts++;
    return true;
  }

  private applyNow(bs: ChangeBatch[]): void {
    this.measured(bs, () => this.apply(bs));
    this.stats.publishes++;
  }

  private measured(bs: ChangeBatch[], work: () => void): void {
    const t0 = this.timers.now();
    work();
    const ms = this.timers.now() - t0;
    let n = 0;
    for (const b of bs) n += batchSize(b);
    // moving average, so one slow frame (a GC) does not starve the next ones
    if (n > 20) this.msPerChange = 0.7 * this.msPerChange + 0.3 * Math.max(0.0005, ms / n);
    this.stats.applied += bs.length;
  }
}

/** The page's timers: the next animation frame, or 100 ms when frames do not come (hidden tab). */
export function frameTimers(): QueueTimers {
  // drain's next slice: a task of its own right away (a message to ourselves, as React's scheduler
  // does; setTimeout(0) is clamped to 4 ms once nested)
  const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
  const waiting: (() => void)[] = [];
  if (channel) channel.port1.onmessage = () => waiting.shift()?.();
  return {
    now: () => performance.now(),
    nextTask(fn) {
      if (!channel) {
        setTimeout(fn, 0);
        return;
      }
      waiting.push(fn);
      channel.port2.postMessage(null);
    },
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
