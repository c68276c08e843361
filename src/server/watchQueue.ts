// The send side of one watch stream, bounded as the API server's cacher bounds a watcher
// (staging/src/k8s.io/apiserver/pkg/storage/cacher/cache_watcher.go): each watcher has a buffer of
// events (its `input` channel: 10 to 1,000 events, sized to about a second of changes); an event
// that does not fit waits for a share of a time budget, and a watcher still full after it is closed
// ("Forcing watcher close due to unresponsiveness") — the client watches again from the last
// version it got. Here the buffer is what Node holds for the socket once the client stops reading:
// the events written since the socket last drained. Past WATCH_QUEUE_LIMIT a budget starts, and a
// stream that has not drained when it runs out is closed; past WATCH_QUEUE_HARD_LIMIT (changes
// written in one go, with no turn of the event loop for a budget to run out in) at once. Events of
// the initial state (a watch from version 0) do not count, as upstream sends them from the cache
// snapshot, not through the buffer.

import type { ServerResponse } from 'node:http';

/** events a watch stream may fall behind by before its budget starts (upstream's largest channel) */
export const WATCH_QUEUE_LIMIT = 1000;
/** events behind at which a stream is closed at once */
export const WATCH_QUEUE_HARD_LIMIT = 10_000;
/** wall milliseconds a stream past the limit has to drain (upstream's budget is 100 ms of waiting per second; a shared machine gets more) */
export const WATCH_QUEUE_BUDGET_MS = 1000;
/** wall milliseconds a closed stream's client has to take what was written before the socket goes */
export const CLOSE_GRACE_MS = 5000;

export class WatchQueue {
  /** live events written since the socket last drained */
  backlog = 0;
  /** the most the backlog reached */
  maxBacklog = 0;
  /** false while the initial state is sent (those events do not count) */
  live = false;
  closed = false;
  private budget: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly res: ServerResponse,
    /** called once when the stream is closed for falling behind (the watch stops) */
    private readonly onBehind: () => void,
    private readonly limits = {
      soft: WATCH_QUEUE_LIMIT,
      hard: WATCH_QUEUE_HARD_LIMIT,
      budgetMs: WATCH_QUEUE_BUDGET_MS,
    },
  ) {
    res.on('drain', () => {
      this.backlog = 0;
      this.clearBudget();
    });
    res.on('close', () => this.clearBudget());
  }

  write(chunk: string): void {
    if (this.closed || this.res.writableEnded) return;
    const flushed = this.res.write(chunk);
    if (!this.live || (flushed && this.backlog === 0)) return;
    this.backlog++;
    if (this.backlog > this.maxBacklog) this.maxBacklog = this.backlog;
    if (this.backlog > this.limits.hard) this.close();
    else if (this.backlog > this.limits.soft && this.budget === undefined) {
      this.budget = setTimeout(() => {
        this.budget = undefined;
        if (this.backlog > this.limits.soft) this.close();
      }, this.limits.budgetMs);
    }
  }

  /** Ends the stream of a client that fell behind; its socket goes if it does not take the rest in time. */
  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearBudget();
    this.onBehind();
    if (!this.res.writableEnded) this.res.end();
    if (!this.res.writableFinished) {
      const t = setTimeout(() => this.res.destroy(), CLOSE_GRACE_MS);
      t.unref();
      this.res.on('finish', () => clearTimeout(t));
      this.res.on('close', () => clearTimeout(t));
    }
  }

  private clearBudget(): void {
    if (this.budget !== undefined) clearTimeout(this.budget);
    this.budget = undefined;
  }
}

/**
 * A boolean query parameter as the API server decodes one (apimachinery's
 * Convert_Slice_string_To_bool): absent, "0" or "false" in any case is false; anything else,
 * the empty string included, is true — so the Python client's `watch=True` watches.
 */
export function queryBool(q: URLSearchParams, name: string): boolean {
  const v = q.get(name);
  if (v === null) return false;
  return !(v === '0' || v.toLowerCase() === 'false');
}
