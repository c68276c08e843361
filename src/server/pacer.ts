// The paced clock (`serve --speed 0`): simulated time moves only when a client waits for
// something — a watch, or a poll of an object being deleted — and then exactly as far as the
// kubectl emulator moves it for the same command: work item by work item until the awaited thing
// holds (a DaemonSet rolled out, an object gone) or, for any other watch, until the cluster is
// quiet. So a real kubectl against the server prints the transcript the emulator prints.

import type { Simulation } from '../engine';

export interface Wait {
  /** true once the client's wait is over */
  done: () => boolean;
  /** called when the wait ends because nothing more will happen (quiet cluster) */
  onQuiet?: () => void;
  /**
   * Wall milliseconds to hold the clock first, for the client's sibling requests to arrive: `logs -f`
   * of several containers opens one stream each at once, and all of them follow the same time.
   */
  gatherMs?: number;
}

export class Pacer {
  private readonly waits = new Set<Wait>();
  private scheduled = false;
  /** performance.now() before which the clock holds (gathering a client's parallel requests) */
  private holdUntil = 0;

  constructor(private readonly sim: () => Simulation) {}

  /** Registers a wait; the simulation steps until it is over. Returns a cancel function. */
  waitFor(w: Wait): () => void {
    this.waits.add(w);
    if (w.gatherMs) this.holdUntil = Math.max(this.holdUntil, performance.now() + w.gatherMs);
    this.schedule();
    return () => this.waits.delete(w);
  }

  get waiting(): number {
    return this.waits.size;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // One work item per turn of the event loop, so watch events reach their sockets in between.
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    for (const w of this.waits) if (w.done()) this.waits.delete(w);
    if (this.waits.size === 0) return;
    const hold = this.holdUntil - performance.now();
    if (hold > 0) {
      this.scheduled = true;
      setTimeout(() => {
        this.scheduled = false;
        this.pump();
      }, hold);
      return;
    }
    const sim = this.sim();
    if (sim.nextAt() === undefined) {
      // Nothing more will happen: the waits that were for quiet are over.
      // (deleting the current entry while iterating a Set is safe)
      for (const w of this.waits) {
        this.waits.delete(w);
        w.onQuiet?.();
      }
      return;
    }
    sim.step();
    this.schedule();
  }
}
