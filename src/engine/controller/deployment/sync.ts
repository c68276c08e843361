// pkg/controller/deployment/sync.go: the new ReplicaSet (found or created, with its revision),
// proportional scaling, the paused/scaling sync, status and history cleanup.

import { StatusError } from '../../api/errors';
import type { Deployment, DeploymentStatus, ReplicaSet } from '../../api/types';
import { computeHash } from '../daemonset/history';
import {
  type SyncContext,
  DEPLOYMENT_CONTROLLER,
  scaleReplicaSet,
  scaleReplicaSetAndRecordEvent,
  updateDeploymentStatus,
} from './context';
import {
  DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY,
  FOUND_NEW_RS_REASON,
  MINIMUM_REPLICAS_AVAILABLE,
  MINIMUM_REPLICAS_UNAVAILABLE,
  NEW_REPLICA_SET_REASON,
  PAUSED_DEPLOY_REASON,
  RESUMED_DEPLOY_REASON,
  REVISION_ANNOTATION,
  TIMED_OUT_REASON,
  byCreationTimestamp,
  byRevision,
  equalIgnoreHash,
  filterActiveReplicaSets,
  findActiveOrLatest,
  findNewReplicaSet,
  findOldReplicaSets,
  getActualReplicaCountForReplicaSets,
  getAvailableReplicaCountForReplicaSets,
  getDeploymentCondition,
  getDesiredReplicasAnnotation,
  getReadyReplicaCountForReplicaSets,
  getReplicaCountForReplicaSets,
  getReplicaSetProportion,
  hasProgressDeadline,
  hasRevisionHistoryLimit,
  isRollingUpdate,
  isSaturated,
  maxRevision,
  maxSurge,
  maxUnavailable,
  newDeploymentCondition,
  newRSNewReplicas,
  replicas,
  setDeploymentCondition,
  setNewReplicaSetAnnotations,
} from './util';

/** getAllReplicaSetsAndSyncRevision: the new ReplicaSet (created if asked and missing) and the old ones. */
export function getAllReplicaSetsAndSyncRevision(
  ctx: SyncContext,
  rsList: readonly ReplicaSet[],
  createIfNotExisted: boolean,
): [ReplicaSet | undefined, ReplicaSet[]] {
  const { allOldRSs } = findOldReplicaSets(ctx.d, rsList);
  const newRS = getNewReplicaSet(ctx, rsList, allOldRSs, createIfNotExisted);
  return [newRS, allOldRSs];
}

/** SetDeploymentRevision on the working copy's annotations; returns whether it changed. */
function setDeploymentRevision(annotations: Record<string, string>, revision: string): boolean {
  if (annotations[REVISION_ANNOTATION] === revision) return false;
  annotations[REVISION_ANNOTATION] = revision;
  return true;
}

/**
 * getNewReplicaSet: the ReplicaSet whose template is the Deployment's, its revision raised above
 * every old one (undo: an old ReplicaSet becomes new again with the next number); or, when asked, a
 * new ReplicaSet named `DEPLOYMENT-HASH` with the pod-template-hash in its labels and selector.
 */
function getNewReplicaSet(
  ctx: SyncContext,
  rsList: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
  createIfNotExisted: boolean,
): ReplicaSet | undefined {
  const host = ctx.host;
  const existing = findNewReplicaSet(ctx.d, rsList);
  const newRevision = String(maxRevision(oldRSs) + 1);
  if (existing) {
    const annotations = { ...existing.metadata.annotations };
    const annotationsUpdated = setNewReplicaSetAnnotations(ctx.d, annotations, newRevision, true);
    const minReadySecondsNeedsUpdate =
      (existing.spec.minReadySeconds ?? 0) !== (ctx.d.spec.minReadySeconds ?? 0);
    if (annotationsUpdated || minReadySecondsNeedsUpdate) {
      const before = existing.metadata.annotations?.[REVISION_ANNOTATION];
      const spec = { ...existing.spec };
      if (ctx.d.spec.minReadySeconds) spec.minReadySeconds = ctx.d.spec.minReadySeconds;
      else delete spec.minReadySeconds;
      const updated = host.store.update<'ReplicaSet'>({
        ...existing,
        metadata: { ...existing.metadata, annotations },
        spec,
      });
      if (before !== annotations[REVISION_ANNOTATION])
        ctx.notes.push(
          `replica set ${existing.metadata.name} is revision ${annotations[REVISION_ANNOTATION]}${before ? ` (was ${before})` : ''}`,
        );
      // upstream returns here; the deployment's revision follows on the next round
      return updated;
    }
    const dAnnotations = { ...ctx.d.metadata.annotations };
    let needsUpdate = setDeploymentRevision(dAnnotations, annotations[REVISION_ANNOTATION] ?? '');
    const status = structuredClone(ctx.d.status ?? {});
    if (hasProgressDeadline(ctx.d) && !getDeploymentCondition(status, 'Progressing')) {
      setDeploymentCondition(
        status,
        newDeploymentCondition(
          'Progressing',
          'True',
          FOUND_NEW_RS_REASON,
          `Found new replica set "${existing.metadata.name}"`,
          host.iso(),
        ),
      );
      needsUpdate = true;
    }
    if (needsUpdate) updateDeploymentStatus(ctx, status, dAnnotations);
    return existing;
  }
  if (!createIfNotExisted) return undefined;

  const d = ctx.d;
  const template = structuredClone(d.spec.template);
  const hash = computeHash(d.spec.template, d.status?.collisionCount);
  template.metadata = {
    ...template.metadata,
    labels: { ...template.metadata?.labels, [DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY]: hash },
  };
  const selector = structuredClone(d.spec.selector);
  selector.matchLabels = { ...selector.matchLabels, [DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY]: hash };
  const newRS: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`,
      namespace: d.metadata.namespace,
      labels: { ...template.metadata.labels },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: d.metadata.name,
          uid: d.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    } as ReplicaSet['metadata'],
    spec: {
      replicas: 0,
      ...(d.spec.minReadySeconds ? { minReadySeconds: d.spec.minReadySeconds } : {}),
      selector,
      template,
    },
    status: { replicas: 0 },
  };
  const newReplicasCount = newRSNewReplicas(d, [...oldRSs, newRS], newRS);
  newRS.spec.replicas = newReplicasCount;
  const annotations: Record<string, string> = {};
  setNewReplicaSetAnnotations(d, annotations, newRevision, false);
  newRS.metadata.annotations = annotations;
  let created: ReplicaSet;
  try {
    created = host.store.create<'ReplicaSet'>(newRS);
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'AlreadyExists') {
      const rs = host.store.get('ReplicaSet', d.metadata.namespace, newRS.metadata.name);
      const ours = rs && rs.metadata.ownerReferences?.some((r) => r.controller && r.uid === d.metadata.uid);
      if (rs && ours && equalIgnoreHash(rs.spec.template, d.spec.template)) return rs;
      // a hash collision: count it, and the next round hashes with the new count
      const status = structuredClone(d.status ?? {});
      status.collisionCount = (status.collisionCount ?? 0) + 1;
      updateDeploymentStatus(ctx, status);
      ctx.notes.push(
        `replica set ${newRS.metadata.name} exists with another template: collisionCount ${status.collisionCount}`,
      );
      ctx.requeueAfter(0, 'hash collision');
      return undefined;
    }
    const status = structuredClone(d.status ?? {});
    const msg = `Failed to create new replica set "${newRS.metadata.name}": ${(e as Error).message}`;
    if (hasProgressDeadline(d))
      setDeploymentCondition(
        status,
        newDeploymentCondition('Progressing', 'False', 'ReplicaSetCreateError', msg, host.iso()),
      );
    host.recorder.event(d, 'Warning', 'ReplicaSetCreateError', msg, DEPLOYMENT_CONTROLLER);
    updateDeploymentStatus(ctx, status);
    ctx.notes.push(msg);
    return undefined;
  }
  ctx.notes.push(
    `created replica set ${created.metadata.name} (revision ${newRevision}) with ${newReplicasCount} replicas`,
  );
  if (newReplicasCount > 0) {
    host.recorder.event(
      d,
      'Normal',
      'ScalingReplicaSet',
      `Scaled up replica set ${created.metadata.name} from 0 to ${newReplicasCount}`,
      DEPLOYMENT_CONTROLLER,
    );
  }
  const dAnnotations = { ...ctx.d.metadata.annotations };
  let needsUpdate = setDeploymentRevision(dAnnotations, newRevision);
  const status = structuredClone(ctx.d.status ?? {});
  if (hasProgressDeadline(ctx.d)) {
    setDeploymentCondition(
      status,
      newDeploymentCondition(
        'Progressing',
        'True',
        NEW_REPLICA_SET_REASON,
        `Created new replica set "${created.metadata.name}"`,
        host.iso(),
      ),
    );
    needsUpdate = true;
  }
  if (needsUpdate) updateDeploymentStatus(ctx, status, dAnnotations);
  return created;
}

/** scale: a scaling event (or a paused Deployment): one active ReplicaSet takes it all, else proportionally. */
export function scale(ctx: SyncContext, newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): void {
  const d = ctx.d;
  const activeOrLatest = findActiveOrLatest(newRS, oldRSs);
  if (activeOrLatest) {
    if (replicas(activeOrLatest) === replicas(d)) return;
    scaleReplicaSetAndRecordEvent(ctx, activeOrLatest, replicas(d));
    return;
  }
  if (isSaturated(d, newRS)) {
    for (const old of filterActiveReplicaSets(oldRSs)) scaleReplicaSetAndRecordEvent(ctx, old, 0);
    return;
  }
  if (!isRollingUpdate(d)) return;
  const allRSs = filterActiveReplicaSets([...oldRSs, newRS]);
  const allRSsReplicas = getReplicaCountForReplicaSets(allRSs);
  const allowedSize = replicas(d) > 0 ? replicas(d) + maxSurge(d) : 0;
  const toAdd = allowedSize - allRSsReplicas;
  let scalingOperation = '';
  if (toAdd > 0) {
    // ReplicaSetsBySizeNewer: larger first, newer first among equals
    allRSs.sort((a, b) =>
      replicas(a) === replicas(b) ? byCreationTimestamp(b, a) : replicas(b) - replicas(a),
    );
    scalingOperation = 'up';
  } else if (toAdd < 0) {
    // ReplicaSetsBySizeOlder: larger first, older first among equals
    allRSs.sort((a, b) =>
      replicas(a) === replicas(b) ? byCreationTimestamp(a, b) : replicas(b) - replicas(a),
    );
    scalingOperation = 'down';
  }
  let added = 0;
  const nameToSize = new Map<string, number>();
  for (const rs of allRSs) {
    if (toAdd !== 0) {
      const proportion = getReplicaSetProportion(rs, d, toAdd, added);
      nameToSize.set(rs.metadata.name, replicas(rs) + proportion);
      added += proportion;
    } else {
      nameToSize.set(rs.metadata.name, replicas(rs));
    }
  }
  allRSs.forEach((rs, i) => {
    // leftovers go to the largest replica set
    if (i === 0 && toAdd !== 0) {
      const leftover = toAdd - added;
      nameToSize.set(rs.metadata.name, Math.max(0, nameToSize.get(rs.metadata.name)! + leftover));
    }
    scaleReplicaSet(ctx, rs, nameToSize.get(rs.metadata.name)!, scalingOperation);
  });
}

/** sync: for a paused Deployment or a scaling event: scale, clean up (paused), write the status. */
export function sync(ctx: SyncContext, rsList: readonly ReplicaSet[]): void {
  const [newRS, oldRSs] = getAllReplicaSetsAndSyncRevision(ctx, rsList, false);
  scale(ctx, newRS, oldRSs);
  if (ctx.d.spec.paused) cleanupDeployment(ctx, oldRSs);
  syncDeploymentStatus(ctx, fresh(ctx, [...oldRSs, newRS]), fresh(ctx, [newRS])[0]);
}

/** The stored versions of ReplicaSets this round may have written. */
export function fresh(
  ctx: SyncContext,
  rss: readonly (ReplicaSet | undefined)[],
): (ReplicaSet | undefined)[] {
  return rss.map((rs) =>
    rs ? ctx.host.store.get('ReplicaSet', rs.metadata.namespace, rs.metadata.name) : undefined,
  );
}

/** isScalingEvent: an active ReplicaSet's desired-replicas annotation differs from spec.replicas. */
export function isScalingEvent(ctx: SyncContext, rsList: readonly ReplicaSet[]): boolean {
  const [newRS, oldRSs] = getAllReplicaSetsAndSyncRevision(ctx, rsList, false);
  for (const rs of filterActiveReplicaSets([...oldRSs, newRS])) {
    const desired = getDesiredReplicasAnnotation(rs);
    if (desired === undefined) continue;
    if (desired !== replicas(ctx.d)) return true;
  }
  return false;
}

/** checkPausedConditions: Progressing Unknown DeploymentPaused / DeploymentResumed. */
export function checkPausedConditions(ctx: SyncContext): void {
  const d = ctx.d;
  if (!hasProgressDeadline(d)) return;
  const cond = getDeploymentCondition(d.status ?? {}, 'Progressing');
  if (cond?.reason === TIMED_OUT_REASON) return;
  const pausedCondExists = cond?.reason === PAUSED_DEPLOY_REASON;
  const status = structuredClone(d.status ?? {});
  if (d.spec.paused && !pausedCondExists) {
    setDeploymentCondition(
      status,
      newDeploymentCondition(
        'Progressing',
        'Unknown',
        PAUSED_DEPLOY_REASON,
        'Deployment is paused',
        ctx.host.iso(),
      ),
    );
  } else if (!d.spec.paused && pausedCondExists) {
    setDeploymentCondition(
      status,
      newDeploymentCondition(
        'Progressing',
        'Unknown',
        RESUMED_DEPLOY_REASON,
        'Deployment is resumed',
        ctx.host.iso(),
      ),
    );
  } else {
    return;
  }
  ctx.notes.push(d.spec.paused ? 'paused' : 'resumed');
  updateDeploymentStatus(ctx, status);
}

/** calculateStatus: counts summed over the ReplicaSets, and the Available condition. */
export function calculateStatus(
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
  d: Deployment,
  iso: string,
): DeploymentStatus {
  const available = getAvailableReplicaCountForReplicaSets(allRSs);
  const total = getReplicaCountForReplicaSets(allRSs);
  const status: DeploymentStatus = {
    observedGeneration: d.metadata.generation,
    replicas: getActualReplicaCountForReplicaSets(allRSs),
    updatedReplicas: getActualReplicaCountForReplicaSets([newRS]),
    readyReplicas: getReadyReplicaCountForReplicaSets(allRSs),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, total - available),
    collisionCount: d.status?.collisionCount,
    conditions: [...(d.status?.conditions ?? [])],
  };
  if (available >= replicas(d) - maxUnavailable(d)) {
    setDeploymentCondition(
      status,
      newDeploymentCondition(
        'Available',
        'True',
        MINIMUM_REPLICAS_AVAILABLE,
        'Deployment has minimum availability.',
        iso,
      ),
    );
  } else {
    setDeploymentCondition(
      status,
      newDeploymentCondition(
        'Available',
        'False',
        MINIMUM_REPLICAS_UNAVAILABLE,
        'Deployment does not have minimum availability.',
        iso,
      ),
    );
  }
  return status;
}

/** syncDeploymentStatus */
export function syncDeploymentStatus(
  ctx: SyncContext,
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
): void {
  updateDeploymentStatus(ctx, calculateStatus(allRSs, newRS, ctx.d, ctx.host.iso()));
}

/** cleanupDeployment: deletes the oldest scaled-down ReplicaSets beyond revisionHistoryLimit. */
export function cleanupDeployment(ctx: SyncContext, oldRSs: readonly ReplicaSet[]): void {
  const d = ctx.d;
  if (!hasRevisionHistoryLimit(d)) return;
  const cleanable = fresh(ctx, oldRSs).filter(
    (rs): rs is ReplicaSet => rs !== undefined && !rs.metadata.deletionTimestamp,
  );
  const diff = cleanable.length - d.spec.revisionHistoryLimit!;
  if (diff <= 0) return;
  cleanable.sort(byRevision);
  const deleted: string[] = [];
  for (let i = 0; i < diff; i++) {
    const rs = cleanable[i];
    if (
      (rs.status?.replicas ?? 0) !== 0 ||
      replicas(rs) !== 0 ||
      (rs.metadata.generation ?? 0) > (rs.status?.observedGeneration ?? 0) ||
      rs.metadata.deletionTimestamp
    )
      continue;
    ctx.host.store.delete('ReplicaSet', rs.metadata.namespace, rs.metadata.name);
    deleted.push(rs.metadata.name);
  }
  if (deleted.length)
    ctx.notes.push(
      `revisionHistoryLimit ${d.spec.revisionHistoryLimit}: deleted old replica set ${deleted.join(', ')}`,
    );
}
