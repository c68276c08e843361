// The simulated clock of a served cluster: it runs at `speed` × wall time, in small steps, so
// controllers react while clients talk to the server. Speed 0 leaves it to `sim advance`/`settle`.

import type { Simulation } from '../engine';

export class SimClock {
  private timer: ReturnType<typeof setInterval> | undefined;
  private last = 0;

  constructor(
    private readonly sim: () => Simulation,
    private readonly speed: number,
    private readonly tickMs = 20,
  ) {}

  start(): void {
    if (this.speed <= 0 || this.timer) return;
    this.last = performance.now();
    this.timer = setInterval(() => this.tick(), this.tickMs);
  }

  /** Moves the simulation by the wall time since the last tick, times the speed. */
  tick(): void {
    const now = performance.now();
    const ms = Math.round((now - this.last) * this.speed);
    if (ms <= 0) return;
    this.last = now;
    this.sim().advance(ms);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
