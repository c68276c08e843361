// flowcontrol.Backoff as the DaemonSet controller uses it for failed pods: 1 s doubling to 15 min.

import type { DaemonSet } from '../../api/types';
import { TIMINGS } from '../../timings';

interface Entry {
  backoff: number;
  lastUpdate: number;
}

export class FailedPodsBackoff {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly initial = TIMINGS.failedPodBackoffInitialMs,
    private readonly max = TIMINGS.failedPodBackoffMaxMs,
  ) {}

  /** failedPodsBackoffKey: `<ds uid>/<observedGeneration>/<node>` */
  key(ds: DaemonSet, node: string): string {
    return `${ds.metadata.uid}/${ds.status.observedGeneration ?? 0}/${node}`;
  }

  get(key: string): number {
    return this.entries.get(key)?.backoff ?? 0;
  }

  next(key: string, now: number): void {
    const e = this.entries.get(key);
    if (!e || now - e.lastUpdate > 2 * this.max)
      this.entries.set(key, { backoff: this.initial, lastUpdate: now });
    else this.entries.set(key, { backoff: Math.min(e.backoff * 2, this.max), lastUpdate: now });
  }

  inBackoffSinceUpdate(key: string, now: number): boolean {
    const e = this.entries.get(key);
    return !!e && now - e.lastUpdate < e.backoff;
  }
}
