// updateDaemonSetStatus (daemon_controller.go): per-node counters, written only when they change.

import { isPodAvailable, isPodReady } from '../../api/podutil';
import type { DaemonSet, DaemonSetStatus } from '../../api/types';
import { comparePods } from './podsByNode';
import type { SyncContext } from './syncContext';
import { isPodUpdated, templateGeneration } from './util';
import { parseTime } from '../../clock';

export function calculateStatus(ctx: SyncContext): DaemonSetStatus {
  const { ds, sim, hash } = ctx;
  const now = sim.now();
  const minReady = ds.spec.minReadySeconds ?? 0;
  const generation = templateGeneration(ds);
  let desired = 0;
  let current = 0;
  let misscheduled = 0;
  let ready = 0;
  let available = 0;
  let updated = 0;
  let nextAvailableAt: number | undefined;
  for (const name of ctx.nodeNames) {
    const shouldRun = ctx.shouldRun.get(name)!.shouldRun;
    const pods = ctx.nodeToDaemonPods.get(name);
    const scheduled = !!pods && pods.length > 0;
    if (shouldRun) {
      desired++;
      if (!scheduled) continue;
      current++;
      const pod = pods!.length > 1 ? [...pods!].sort(comparePods)[0] : pods![0];
      if (isPodReady(pod)) {
        ready++;
        if (isPodAvailable(pod, minReady, now)) available++;
        else {
          const t = parseTime(pod.status.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime);
          if (t !== undefined) {
            const at = t + minReady * 1000;
            nextAvailableAt = nextAvailableAt === undefined ? at : Math.min(nextAvailableAt, at);
          }
        }
      }
      if (isPodUpdated(pod, hash, generation)) updated++;
    } else if (scheduled) {
      misscheduled++;
    }
  }
  if (nextAvailableAt !== undefined)
    ctx.requeueAfter(
      Math.max(0, nextAvailableAt - now),
      'a ready pod becomes available after minReadySeconds',
    );
  return newDaemonSetStatus(ds, { desired, current, misscheduled, ready, available, updated });
}

export interface StatusCounts {
  desired: number;
  current: number;
  misscheduled: number;
  ready: number;
  available: number;
  updated: number;
}

/** The status `storeDaemonSetStatus` writes from the counts (the full pass's and the kept ones alike). */
export function newDaemonSetStatus(ds: DaemonSet, c: StatusCounts): DaemonSetStatus {
  const status: DaemonSetStatus = {
    currentNumberScheduled: c.current,
    numberMisscheduled: c.misscheduled,
    desiredNumberScheduled: c.desired,
    numberReady: c.ready,
    observedGeneration: ds.metadata.generation,
    updatedNumberScheduled: c.updated,
    numberAvailable: c.available,
    numberUnavailable: c.desired - c.available,
  };
  if (ds.status.collisionCount !== undefined) status.collisionCount = ds.status.collisionCount;
  return status;
}

/** Writes the status when a counter or observedGeneration changed. Returns true if it wrote. */
export function updateDaemonSetStatus(
  ctx: SyncContext,
  calculate: (fresh: DaemonSet) => DaemonSetStatus = (fresh) => calculateStatus({ ...ctx, ds: fresh }),
): boolean {
  const fresh = ctx.sim.store.get('DaemonSet', ctx.ds.metadata.namespace, ctx.ds.metadata.name);
  if (!fresh) return false;
  const status = calculate(fresh);
  const s = fresh.status;
  const same =
    s.currentNumberScheduled === status.currentNumberScheduled &&
    s.numberMisscheduled === status.numberMisscheduled &&
    s.desiredNumberScheduled === status.desiredNumberScheduled &&
    s.numberReady === status.numberReady &&
    s.observedGeneration === status.observedGeneration &&
    s.updatedNumberScheduled === status.updatedNumberScheduled &&
    s.numberAvailable === status.numberAvailable &&
    s.numberUnavailable === status.numberUnavailable;
  if (same) return false;
  ctx.sim.store.updateStatus({ ...fresh, status });
  const parts = [
    `${status.desiredNumberScheduled} desired`,
    `${status.currentNumberScheduled} current`,
    `${status.numberReady} ready`,
    `${status.updatedNumberScheduled} up-to-date`,
    `${status.numberAvailable} available`,
  ];
  ctx.notes.push(`status ${parts.join(', ')}`);
  return true;
}
