// pkg/controller/deployment/progress.go: syncRolloutStatus (the Progressing condition:
// NewReplicaSetAvailable, ReplicaSetUpdated, ProgressDeadlineExceeded) and requeueStuckDeployment.

import { deepEqual } from '../../api/objects';
import { parseTime } from '../../clock';
import type { ReplicaSet } from '../../api/types';
import { type SyncContext, trimDeploymentStatus, updateDeploymentStatus } from './context';
import { calculateStatus } from './sync';
import {
  NEW_RS_AVAILABLE_REASON,
  REPLICA_SET_UPDATED_REASON,
  TIMED_OUT_REASON,
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getDeploymentCondition,
  hasProgressDeadline,
  newDeploymentCondition,
  removeDeploymentCondition,
  setDeploymentCondition,
} from './util';

/** syncRolloutStatus: the status with the Progressing and ReplicaFailure conditions brought up to date. */
export function syncRolloutStatus(
  ctx: SyncContext,
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
): void {
  const d = ctx.d;
  const iso = ctx.host.iso();
  const newStatus = calculateStatus(allRSs, newRS, d, iso);
  if (!hasProgressDeadline(d)) removeDeploymentCondition(newStatus, 'Progressing');
  const currentCond = getDeploymentCondition(d.status ?? {}, 'Progressing');
  const isCompleteDeployment =
    newStatus.replicas === newStatus.updatedReplicas && currentCond?.reason === NEW_RS_AVAILABLE_REASON;
  if (hasProgressDeadline(d) && !isCompleteDeployment) {
    if (deploymentComplete(d, newStatus)) {
      const msg = newRS
        ? `ReplicaSet "${newRS.metadata.name}" has successfully progressed.`
        : `Deployment "${d.metadata.name}" has successfully progressed.`;
      setDeploymentCondition(
        newStatus,
        newDeploymentCondition('Progressing', 'True', NEW_RS_AVAILABLE_REASON, msg, iso),
      );
    } else if (deploymentProgressing(d, newStatus)) {
      const msg = newRS
        ? `ReplicaSet "${newRS.metadata.name}" is progressing.`
        : `Deployment "${d.metadata.name}" is progressing.`;
      let condition = newDeploymentCondition('Progressing', 'True', REPLICA_SET_UPDATED_REASON, msg, iso);
      // lastUpdateTime moves on every sign of progress; lastTransitionTime only when the status changes
      if (currentCond) {
        if (currentCond.status === 'True')
          condition = { ...condition, lastTransitionTime: currentCond.lastTransitionTime };
        removeDeploymentCondition(newStatus, 'Progressing');
      }
      setDeploymentCondition(newStatus, condition);
    } else if (deploymentTimedOut(d, newStatus, ctx.host.now())) {
      const msg = newRS
        ? `ReplicaSet "${newRS.metadata.name}" has timed out progressing.`
        : `Deployment "${d.metadata.name}" has timed out progressing.`;
      const before = getDeploymentCondition(newStatus, 'Progressing')?.reason;
      setDeploymentCondition(
        newStatus,
        newDeploymentCondition('Progressing', 'False', TIMED_OUT_REASON, msg, iso),
      );
      // upstream records no event: the condition is the report
      if (before !== TIMED_OUT_REASON)
        ctx.notes.push(`progress deadline of ${d.spec.progressDeadlineSeconds}s exceeded`);
    }
  }
  // getReplicaFailures: the new (else an old) ReplicaSet's ReplicaFailure condition, copied
  const failure = replicaFailure(allRSs, newRS);
  if (failure) setDeploymentCondition(newStatus, { ...failure, lastUpdateTime: failure.lastTransitionTime });
  else removeDeploymentCondition(newStatus, 'ReplicaFailure');
  if (deepEqual(d.status, trimDeploymentStatus(newStatus))) {
    requeueStuckDeployment(ctx, newStatus);
    return;
  }
  updateDeploymentStatus(ctx, newStatus);
}

function replicaFailure(allRSs: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined) {
  const find = (rs: ReplicaSet | undefined) =>
    rs?.status?.conditions?.find((c) => c.type === 'ReplicaFailure' && c.status === 'True');
  return find(newRS) ?? allRSs.map(find).find((c) => c !== undefined);
}

/**
 * requeueStuckDeployment: a rollout without progress is looked at again one second after its
 * deadline (lastUpdateTime + progressDeadlineSeconds), so that it times out on time.
 */
export function requeueStuckDeployment(
  ctx: SyncContext,
  newStatus: Parameters<typeof deploymentComplete>[1],
): number {
  const d = ctx.d;
  const cond = getDeploymentCondition(d.status ?? {}, 'Progressing');
  if (!hasProgressDeadline(d) || !cond) return -1;
  if (deploymentComplete(d, newStatus) || cond.reason === TIMED_OUT_REASON) return -1;
  const after =
    (parseTime(cond.lastUpdateTime) ?? 0) + d.spec.progressDeadlineSeconds! * 1000 - ctx.host.now();
  if (after < 1000) {
    ctx.requeueAfter(1000, 'progress deadline reached (rate-limited requeue)');
    return 0;
  }
  ctx.requeueAfter(after + 1000, `check progress deadline (${d.spec.progressDeadlineSeconds}s)`);
  return after;
}
