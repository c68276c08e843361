// pkg/controller/deployment/rolling.go: rolloutRolling and its scale-up / scale-down halves.

import type { ReplicaSet } from '../../api/types';
import { type SyncContext, scaleReplicaSetAndRecordEvent } from './context';
import { syncRolloutStatus } from './progress';
import { cleanupDeployment, fresh, getAllReplicaSetsAndSyncRevision } from './sync';
import {
  byCreationTimestamp,
  deploymentComplete,
  filterActiveReplicaSets,
  getAvailableReplicaCountForReplicaSets,
  getReplicaCountForReplicaSets,
  maxUnavailable,
  newRSNewReplicas,
  replicas,
} from './util';

/** rolloutRolling: scale the new ReplicaSet up if we can, else the old ones down; clean up once complete. */
export function rolloutRolling(ctx: SyncContext, rsList: readonly ReplicaSet[]): void {
  const [newRS, oldRSs] = getAllReplicaSetsAndSyncRevision(ctx, rsList, true);
  if (!newRS) return;
  const allRSs = [...oldRSs, newRS];
  if (reconcileNewReplicaSet(ctx, allRSs, newRS)) {
    syncRolloutStatus(ctx, fresh(ctx, allRSs), fresh(ctx, [newRS])[0]);
    return;
  }
  if (reconcileOldReplicaSets(ctx, allRSs, filterActiveReplicaSets(oldRSs), newRS)) {
    syncRolloutStatus(ctx, fresh(ctx, allRSs), fresh(ctx, [newRS])[0]);
    return;
  }
  if (deploymentComplete(ctx.d, ctx.d.status ?? {})) cleanupDeployment(ctx, oldRSs);
  syncRolloutStatus(ctx, fresh(ctx, allRSs), fresh(ctx, [newRS])[0]);
}

/** reconcileNewReplicaSet: up to NewRSNewReplicas (maxSurge), or down to spec.replicas. */
export function reconcileNewReplicaSet(
  ctx: SyncContext,
  allRSs: readonly ReplicaSet[],
  newRS: ReplicaSet,
): boolean {
  const d = ctx.d;
  if (replicas(newRS) === replicas(d)) return false;
  if (replicas(newRS) > replicas(d)) return scaleReplicaSetAndRecordEvent(ctx, newRS, replicas(d))[0];
  return scaleReplicaSetAndRecordEvent(ctx, newRS, newRSNewReplicas(d, allRSs, newRS))[0];
}

/**
 * reconcileOldReplicaSets: how many old pods may go without the available ones falling below
 * spec.replicas - maxUnavailable (the new ReplicaSet's unavailable pods counted against it); the
 * unhealthy old replicas go first, then the old ReplicaSets scale down, oldest first.
 */
export function reconcileOldReplicaSets(
  ctx: SyncContext,
  allRSs: readonly ReplicaSet[],
  oldRSs: ReplicaSet[],
  newRS: ReplicaSet,
): boolean {
  const d = ctx.d;
  const oldPodsCount = getReplicaCountForReplicaSets(oldRSs);
  if (oldPodsCount === 0) return false;
  const allPodsCount = getReplicaCountForReplicaSets(allRSs);
  const minAvailable = replicas(d) - maxUnavailable(d);
  const newRSUnavailablePodCount = replicas(newRS) - (newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = allPodsCount - minAvailable - newRSUnavailablePodCount;
  if (maxScaledDown <= 0) {
    ctx.notes.push(
      `old replica sets wait: ${allPodsCount} pods, at least ${minAvailable} must stay available, ${newRSUnavailablePodCount} new ones unavailable`,
    );
    return false;
  }
  const [cleaned, cleanupCount] = cleanupUnhealthyReplicas(ctx, oldRSs, maxScaledDown);
  const scaledDownCount = scaleDownOldReplicaSetsForRollingUpdate(ctx, [...cleaned, newRS], cleaned);
  return cleanupCount + scaledDownCount > 0;
}

/** cleanupUnhealthyReplicas: scale old ReplicaSets down by their unavailable replicas, oldest first. */
export function cleanupUnhealthyReplicas(
  ctx: SyncContext,
  oldRSs: ReplicaSet[],
  maxCleanupCount: number,
): [ReplicaSet[], number] {
  const sorted = [...oldRSs].sort(byCreationTimestamp);
  let total = 0;
  for (let i = 0; i < sorted.length; i++) {
    const rs = sorted[i];
    if (total >= maxCleanupCount) break;
    if (replicas(rs) === 0) continue;
    const available = rs.status?.availableReplicas ?? 0;
    if (replicas(rs) === available) continue;
    const count = Math.min(maxCleanupCount - total, replicas(rs) - available);
    sorted[i] = scaleReplicaSetAndRecordEvent(ctx, rs, replicas(rs) - count)[1];
    total += count;
  }
  return [sorted, total];
}

/** scaleDownOldReplicaSetsForRollingUpdate: down by the available pods above minAvailable, oldest first. */
export function scaleDownOldReplicaSetsForRollingUpdate(
  ctx: SyncContext,
  allRSs: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
): number {
  const d = ctx.d;
  const minAvailable = replicas(d) - maxUnavailable(d);
  const availablePodCount = getAvailableReplicaCountForReplicaSets(allRSs);
  if (availablePodCount <= minAvailable) return 0;
  const sorted = [...oldRSs].sort(byCreationTimestamp);
  let total = 0;
  const totalScaleDownCount = availablePodCount - minAvailable;
  for (const rs of sorted) {
    if (total >= totalScaleDownCount) break;
    if (replicas(rs) === 0) continue;
    const count = Math.min(replicas(rs), totalScaleDownCount - total);
    scaleReplicaSetAndRecordEvent(ctx, rs, replicas(rs) - count);
    total += count;
  }
  return total;
}
