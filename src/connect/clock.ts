// The served cluster's simulated clock as the page sees it. serve reports its time as a node Lease's
// renewTime, rounded down to the 10 s a kubelet renews at: each reading says "the time is in
// [renewTime, renewTime + 10 s)". Between readings the clock runs on at the rate seen between the last
// two changes of the reading (serve's --speed), never more than one step past the reading; a reading
// that stays put for longer than the rate says it should means the clock stopped (the paced clock
// while idle).

export const LEASE_STEP_MS = 10_000;

export class ServedClock {
  /** the last change of the reading: server time, wall time, rate since the change before */
  private last: { server: number; wall: number; rate: number } | null = null;

  constructor(private readonly step = LEASE_STEP_MS) {}

  reading(server: number, wall: number): void {
    const prev = this.last;
    if (!prev) {
      this.last = { server, wall, rate: 1 };
      return;
    }
    if (server === prev.server) {
      // Still in the same step: a clock at this rate should have left it by now, so it stopped.
      if ((wall - prev.wall) * prev.rate > 2 * this.step) this.last = { ...prev, rate: 0 };
      return;
    }
    const rate =
      wall > prev.wall + 200
        ? Math.max(0, Math.min(1000, (server - prev.server) / (wall - prev.wall)))
        : prev.rate;
    this.last = { server, wall, rate: rate || 1 };
  }

  /** Forgets the readings: the page's own clock is the time (a real cluster runs on real time). */
  clear(): void {
    this.last = null;
  }

  now(wall: number): number {
    const c = this.last;
    if (!c) return wall;
    return Math.round(c.server + Math.min(this.step, c.rate * (wall - c.wall)));
  }
}
