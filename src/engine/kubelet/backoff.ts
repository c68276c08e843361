// flowcontrol.Backoff (k8s.io/client-go/util/flowcontrol/backoff.go) as the kubelet uses it, without
// jitter: the image pull back-off (`imageBackOff`, 10 s doubling to 300 s, keyed per pod and image)
// and the crash-loop back-off (`backOff`, 10 s doubling to MaxContainerBackOff 300 s, keyed per
// container). An entry not updated for 2 × max (10 minutes) has expired: the next failure starts
// over at the initial duration. Times are simulated milliseconds.

interface Entry {
  backoff: number;
  lastUpdate: number;
}

export class Backoff {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly initialMs: number,
    readonly maxMs: number,
  ) {}

  /** Get: the current back-off of `id` (0 when it has none). */
  get(id: string): number {
    return this.entries.get(id)?.backoff ?? 0;
  }

  /** Next: moves `id` to its next back-off (doubling, capped), or starts it over when new or expired. */
  next(id: string, eventTime: number, now: number): void {
    let e = this.entries.get(id);
    if (e === undefined || this.hasExpired(eventTime, e.lastUpdate)) {
      e = { backoff: this.initialMs, lastUpdate: now };
      this.entries.set(id, e);
    } else {
      e.backoff = Math.min(e.backoff * 2, this.maxMs);
    }
    e.lastUpdate = now;
  }

  /** IsInBackOffSince: whether less than the back-off has passed since `eventTime` (e.g. a container's finishedAt). */
  isInBackOffSince(id: string, eventTime: number, now: number): boolean {
    const e = this.entries.get(id);
    if (e === undefined || this.hasExpired(eventTime, e.lastUpdate)) return false;
    return now - eventTime < e.backoff;
  }

  /** IsInBackOffSinceUpdate: whether less than the back-off has passed since the last Next. */
  isInBackOffSinceUpdate(id: string, eventTime: number): boolean {
    const e = this.entries.get(id);
    if (e === undefined || this.hasExpired(eventTime, e.lastUpdate)) return false;
    return eventTime - e.lastUpdate < e.backoff;
  }

  /** GC: forgets the entries not updated for 2 × max. */
  gc(now: number): void {
    for (const [id, e] of this.entries) if (now - e.lastUpdate > 2 * this.maxMs) this.entries.delete(id);
  }

  /** hasExpired: "consider stable if it's ok for twice the maxDuration" */
  private hasExpired(eventTime: number, lastUpdate: number): boolean {
    return eventTime - lastUpdate > 2 * this.maxMs;
  }
}
