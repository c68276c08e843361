// The served cluster's simulated clock as the page sees it: readings of the server's time (a node
// Lease's renewTime, which serve sets to its clock) at wall times; between readings it runs on at the
// rate the last two readings showed (serve's --speed; 0 while a paced clock is idle).

export class ServedClock {
  private last: { server: number; wall: number; rate: number } | null = null

  reading(server: number, wall: number): void {
    const prev = this.last
    const rate = prev && wall > prev.wall + 200 ? Math.max(0, Math.min(1000, (server - prev.server) / (wall - prev.wall))) : (prev?.rate ?? 1)
    this.last = { server, wall, rate }
  }

  /** Forgets the readings: the page's own clock is the time (a real cluster runs on real time). */
  clear(): void {
    this.last = null
  }

  now(wall: number): number {
    const c = this.last
    if (!c) return wall
    return Math.round(c.server + c.rate * (wall - c.wall))
  }
}
