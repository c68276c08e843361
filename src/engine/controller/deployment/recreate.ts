// pkg/controller/deployment/recreate.go: rolloutRecreate: every old pod gone before the new
// ReplicaSet is created and scaled up.

import { controllerRef } from '../../api/podutil';
import { selectorMatches } from '../../api/labels';
import type { Pod, ReplicaSet } from '../../api/types';
import { type SyncContext, scaleReplicaSetAndRecordEvent } from './context';
import { syncRolloutStatus } from './progress';
import { cleanupDeployment, fresh, getAllReplicaSetsAndSyncRevision } from './sync';
import {
  deploymentComplete,
  filterActiveReplicaSets,
  getActualReplicaCountForReplicaSets,
  replicas,
} from './util';

/** getPodMapForDeployment: the pods the selector matches, by the uid of their ReplicaSet. */
export function getPodMapForDeployment(ctx: SyncContext, rsList: readonly ReplicaSet[]): Map<string, Pod[]> {
  const map = new Map<string, Pod[]>(rsList.map((rs) => [rs.metadata.uid, []]));
  for (const p of ctx.host.store.list('Pod', ctx.d.metadata.namespace)) {
    if (!selectorMatches(ctx.d.spec.selector, p.metadata.labels)) continue;
    const ref = controllerRef(p);
    if (ref && map.has(ref.uid)) map.get(ref.uid)!.push(p);
  }
  return map;
}

/** oldPodsRunning: old ReplicaSets still count replicas, or an old pod is not terminal yet. */
export function oldPodsRunning(
  newRS: ReplicaSet | undefined,
  oldRSs: readonly ReplicaSet[],
  podMap: Map<string, Pod[]>,
): boolean {
  if (getActualReplicaCountForReplicaSets(oldRSs) > 0) return true;
  for (const [uid, pods] of podMap) {
    if (newRS && newRS.metadata.uid === uid) continue;
    for (const p of pods) if (p.status?.phase !== 'Failed' && p.status?.phase !== 'Succeeded') return true;
  }
  return false;
}

export function rolloutRecreate(ctx: SyncContext, rsList: readonly ReplicaSet[]): void {
  // no new ReplicaSet yet: scaling up before the old pods are gone is what Recreate avoids
  let [newRS, oldRSs] = getAllReplicaSetsAndSyncRevision(ctx, rsList, false);
  let allRSs = [...oldRSs, newRS];
  let scaledDown = false;
  for (const rs of filterActiveReplicaSets(oldRSs))
    if (scaleReplicaSetAndRecordEvent(ctx, rs, 0)[0]) scaledDown = true;
  if (scaledDown) {
    syncRolloutStatus(ctx, fresh(ctx, allRSs), fresh(ctx, [newRS])[0]);
    return;
  }
  const podMap = getPodMapForDeployment(ctx, rsList);
  if (oldPodsRunning(newRS, oldRSs, podMap)) {
    ctx.notes.push('waiting for the old pods to terminate');
    syncRolloutStatus(ctx, fresh(ctx, allRSs), fresh(ctx, [newRS])[0]);
    return;
  }
  if (!newRS) {
    [newRS, oldRSs] = getAllReplicaSetsAndSyncRevision(ctx, rsList, true);
    allRSs = [...oldRSs, newRS];
  }
  if (newRS) scaleReplicaSetAndRecordEvent(ctx, fresh(ctx, [newRS])[0]!, replicas(ctx.d));
  if (deploymentComplete(ctx.d, ctx.d.status ?? {})) cleanupDeployment(ctx, oldRSs);
  syncRolloutStatus(ctx, fresh(ctx, allRSs), fresh(ctx, [newRS])[0]);
}
