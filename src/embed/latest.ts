// "Latest request wins" for what a parent page asks (load, reset): requests run one at a time, a
// request whose turn comes when a newer one is already waiting is skipped, and a running one is told
// (stale()) so it stops between its steps. However many arrive, at most the one running and the last
// one do any work: a flood of 10,000 resets restarts the engine at most twice.

export const SUPERSEDED: unique symbol = Symbol('superseded');
export type Superseded = typeof SUPERSEDED;

export class LatestWins {
  private generation = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** jobs that did work (for tests and figures) */
  ran = 0;

  run<T>(job: (stale: () => boolean) => Promise<T>): Promise<T | Superseded> {
    const mine = ++this.generation;
    const stale = () => mine !== this.generation;
    const next = this.queue.then((): T | Superseded | Promise<T> => {
      if (stale()) return SUPERSEDED;
      this.ran++;
      return job(stale);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
