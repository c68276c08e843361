// What one syncDeployment round carries: the host, the working copy of the Deployment (its status
// and revision annotation change as the round goes), and what it did.

import { deepEqual } from '../../api/objects';
import type { Deployment, DeploymentStatus, ReplicaSet } from '../../api/types';
import type { ControllerHost } from '../replicaset/host';
import {
  DESIRED_REPLICAS_ANNOTATION,
  maxSurge,
  replicas,
  replicasAnnotationsNeedUpdate,
  setReplicasAnnotations,
} from './util';

export const DEPLOYMENT_CONTROLLER = 'deployment-controller';

export interface SyncContext {
  host: ControllerHost;
  d: Deployment;
  notes: string[];
  /** asks for another round after `ms` (the earliest asked for wins) */
  requeueAfter(ms: number, reason: string): void;
}

/** Go's omitempty on DeploymentStatus: zero counts and empty lists are not written. */
export function trimDeploymentStatus(s: DeploymentStatus): DeploymentStatus {
  const out: DeploymentStatus = {};
  if (s.observedGeneration) out.observedGeneration = s.observedGeneration;
  if (s.replicas) out.replicas = s.replicas;
  if (s.updatedReplicas) out.updatedReplicas = s.updatedReplicas;
  if (s.readyReplicas) out.readyReplicas = s.readyReplicas;
  if (s.availableReplicas) out.availableReplicas = s.availableReplicas;
  if (s.unavailableReplicas) out.unavailableReplicas = s.unavailableReplicas;
  if (s.conditions?.length) out.conditions = s.conditions;
  if (s.collisionCount) out.collisionCount = s.collisionCount;
  return out;
}

/**
 * UpdateStatus of the working copy, with its annotations (the Deployment's status strategy keeps
 * them: the revision annotation travels with the status); a no-op when nothing changed.
 */
export function updateDeploymentStatus(
  ctx: SyncContext,
  status: DeploymentStatus,
  annotations?: Record<string, string>,
): void {
  const s = trimDeploymentStatus(status);
  const a = annotations ?? ctx.d.metadata.annotations;
  if (deepEqual(ctx.d.status, s) && deepEqual(ctx.d.metadata.annotations ?? {}, a ?? {})) return;
  ctx.d = structuredClone(
    ctx.host.store.updateStatus<'Deployment'>({
      ...ctx.d,
      metadata: { ...ctx.d.metadata, annotations: a },
      status: s,
    }),
  );
}

/**
 * scaleReplicaSet: writes the new size (and the desired/max-replicas annotations); a change of size
 * is a ScalingReplicaSet event on the Deployment. Returns whether the size changed, and the RS.
 */
export function scaleReplicaSet(
  ctx: SyncContext,
  rs: ReplicaSet,
  newScale: number,
  scalingOperation: string,
): [boolean, ReplicaSet] {
  const d = ctx.d;
  const sizeNeedsUpdate = replicas(rs) !== newScale;
  const max = replicas(d) + maxSurge(d);
  const annotationsNeedUpdate = replicasAnnotationsNeedUpdate(rs, replicas(d), max);
  if (!sizeNeedsUpdate && !annotationsNeedUpdate) return [false, rs];
  const oldScale = replicas(rs);
  const annotations = { ...rs.metadata.annotations };
  setReplicasAnnotations(annotations, replicas(d), max);
  const updated = ctx.host.store.update<'ReplicaSet'>({
    ...rs,
    metadata: { ...rs.metadata, annotations },
    spec: { ...rs.spec, replicas: newScale },
  });
  if (sizeNeedsUpdate) {
    const msg = `Scaled ${scalingOperation} replica set ${rs.metadata.name} from ${oldScale} to ${newScale}`;
    ctx.host.recorder.event(d, 'Normal', 'ScalingReplicaSet', msg, DEPLOYMENT_CONTROLLER);
    ctx.notes.push(msg);
  } else {
    ctx.notes.push(`replica set ${rs.metadata.name}: ${DESIRED_REPLICAS_ANNOTATION}=${replicas(d)}`);
  }
  return [sizeNeedsUpdate, updated];
}

/** scaleReplicaSetAndRecordEvent */
export function scaleReplicaSetAndRecordEvent(
  ctx: SyncContext,
  rs: ReplicaSet,
  newScale: number,
): [boolean, ReplicaSet] {
  if (replicas(rs) === newScale) return [false, rs];
  return scaleReplicaSet(ctx, rs, newScale, replicas(rs) < newScale ? 'up' : 'down');
}
