// Watches the engine for a hang, whatever it is doing. It pings every `everyMs` — also while a command
// is running — and declares the engine hung when nothing at all came back for `hangMs`: no answer, no
// batch, no chunk, no keep-alive. A busy engine is not hung: the host sends a keep-alive from inside
// long work (Host.beat), so only an engine stuck without progress goes quiet.
//
// When the page's own thread was blocked (a long task, or the main-thread fallback running the engine
// on it), the engine's messages could not be received either: such a stall does not count.

import type { EngineClient } from './client';

export interface WatchdogOptions {
  /** how often to ping and check (ms) */
  everyMs: number;
  /** silence longer than this is a hang (ms) */
  hangMs: number;
  /**
   * more silence allowed per million characters of manifest in flight (ms): parsing YAML sends no
   * keep-alive, and a 5 MB manifest takes the parser about 15 s on a busy 2-core machine
   */
  perMillionCharsMs?: number;
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(h: unknown): void;
}

export const DEFAULT_WATCHDOG = { everyMs: 1000, hangMs: 6000, perMillionCharsMs: 10_000 } as const;

export class Watchdog {
  private timer: unknown;
  private lastTick = 0;
  private pinging = false;
  private stopped = true;

  constructor(
    private readonly client: EngineClient,
    /** called once, with how long the engine has been silent */
    private readonly onHang: (silentMs: number) => void,
    private readonly opts: WatchdogOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.lastTick = this.opts.now();
    this.client.markAlive();
    this.timer = this.opts.setInterval(() => this.check(), this.opts.everyMs);
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.opts.clearInterval(this.timer);
  }

  /** One check (the interval calls it; tests may too). */
  check(): void {
    if (this.stopped) return;
    const t = this.opts.now();
    // Our own thread was blocked well past a tick: we could not have heard the engine meanwhile.
    if (t - this.lastTick > this.opts.everyMs * 2.5) this.client.markAlive();
    this.lastTick = t;
    const silent = t - this.client.lastSeen;
    const limit = this.opts.hangMs + ((this.opts.perMillionCharsMs ?? 0) * this.client.inFlightChars()) / 1e6;
    if (silent > limit) {
      this.stop();
      this.onHang(silent);
      return;
    }
    if (this.pinging) return;
    this.pinging = true;
    this.client
      .request({ type: 'ping' }, { timeoutMs: Infinity })
      .catch(() => undefined)
      .finally(() => {
        this.pinging = false;
      });
  }
}
