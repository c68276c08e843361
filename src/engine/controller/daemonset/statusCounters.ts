// calculateStatus kept from deltas: each node's contribution to the DaemonSet's counters is kept,
// and only the nodes whose pods or eligibility changed (or whose pod became available after
// minReadySeconds) are looked at again. Same answer as calculateStatus in status.ts.

import type { DaemonSet, DaemonSetStatus, Pod } from '../../api/types';
import { parseTime } from '../../clock';
import { comparePods } from './podsByNode';
import { TimerQueue } from './timerQueue';
import { isPodUpdated, readyCondition } from './util';
import { newDaemonSetStatus } from './status';

const DESIRED = 1;
const CURRENT = 2;
const MISSCHEDULED = 4;
const READY = 8;
const AVAILABLE = 16;
const UPDATED = 32;
const BITS = [DESIRED, CURRENT, MISSCHEDULED, READY, AVAILABLE, UPDATED];

export class StatusCounters {
  private readonly contrib = new Map<string, number>();
  /** node → when its ready pod becomes available (only for ready, not yet available pods) */
  private readonly availableAt = new Map<string, number>();
  private readonly timers = new TimerQueue();
  private readonly sums = [0, 0, 0, 0, 0, 0];

  reset(): void {
    this.contrib.clear();
    this.availableAt.clear();
    this.timers.clear();
    this.sums.fill(0);
  }

  /** Nodes whose pod became available by `now` (their contribution must be recomputed). */
  due(now: number): string[] {
    const out: string[] = [];
    for (let t = this.timers.peek(); t && t.at <= now; t = this.timers.peek()) {
      this.timers.pop();
      if (this.availableAt.get(t.node) === t.at) out.push(t.node);
    }
    return out;
  }

  /** Recomputes one node's contribution; `shouldRun` undefined means the node does not exist. */
  evaluate(
    node: string,
    shouldRun: boolean | undefined,
    pods: readonly Pod[] | undefined,
    hash: string,
    generation: string | undefined,
    minReady: number,
    now: number,
  ): void {
    let bits = 0;
    let at: number | undefined;
    if (shouldRun !== undefined) {
      const scheduled = !!pods && pods.length > 0;
      if (shouldRun) {
        bits |= DESIRED;
        if (scheduled) {
          bits |= CURRENT;
          const pod = pods!.length > 1 ? [...pods!].sort(comparePods)[0] : pods![0];
          // isPodReady, then isPodAvailable, reading the Ready condition once
          const ready = readyCondition(pod);
          if (ready?.status === 'True') {
            bits |= READY;
            if (minReady === 0) bits |= AVAILABLE;
            else {
              const t = parseTime(ready.lastTransitionTime);
              if (t !== undefined && t + minReady * 1000 <= now) bits |= AVAILABLE;
              else if (t !== undefined) at = t + minReady * 1000;
            }
          }
          if (isPodUpdated(pod, hash, generation)) bits |= UPDATED;
        }
      } else if (scheduled) {
        bits |= MISSCHEDULED;
      }
    }
    const prev = this.contrib.get(node) ?? 0;
    if (prev !== bits) {
      const changed = prev ^ bits;
      const sums = this.sums;
      for (let i = 0; i < BITS.length; i++) if (changed & BITS[i]) sums[i] += bits & BITS[i] ? 1 : -1;
      if (bits) this.contrib.set(node, bits);
      else this.contrib.delete(node);
    }
    if (at !== undefined) {
      if (this.availableAt.get(node) !== at) {
        this.availableAt.set(node, at);
        this.timers.push(at, node);
      }
    } else if (this.availableAt.size) {
      this.availableAt.delete(node);
    }
  }

  /** The earliest time a ready pod becomes available, if any. */
  nextAvailableAt(): number | undefined {
    for (let t = this.timers.peek(); t; t = this.timers.peek()) {
      if (this.availableAt.get(t.node) === t.at) return t.at;
      this.timers.pop();
    }
    return undefined;
  }

  status(ds: DaemonSet): DaemonSetStatus {
    const [desired, current, misscheduled, ready, available, updated] = this.sums;
    return newDaemonSetStatus(ds, { desired, current, misscheduled, ready, available, updated });
  }
}
