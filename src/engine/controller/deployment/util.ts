// pkg/controller/deployment/util/deployment_util.go: annotations, fenceposts, replica counts,
// conditions and the old/new ReplicaSet split.

import { canonicalJSON } from '../../api/objects';
import { parseTime } from '../../clock';
import type {
  Deployment,
  DeploymentCondition,
  DeploymentStatus,
  PodTemplateSpec,
  ReplicaSet,
} from '../../api/types';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
export const ROLLBACK_TO_ANNOTATION = 'deprecated.deployment.rollback.to';
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
/** apps.DefaultDeploymentUniqueLabelKey */
export const DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY = 'pod-template-hash';
/** maxRevHistoryLengthInChars */
export const MAX_REV_HISTORY_LENGTH_IN_CHARS = 2000;

// condition reasons
export const FAILED_RS_CREATE_REASON = 'ReplicaSetCreateError';
export const NEW_REPLICA_SET_REASON = 'NewReplicaSetCreated';
export const FOUND_NEW_RS_REASON = 'FoundNewReplicaSet';
export const NEW_RS_AVAILABLE_REASON = 'NewReplicaSetAvailable';
export const TIMED_OUT_REASON = 'ProgressDeadlineExceeded';
export const PAUSED_DEPLOY_REASON = 'DeploymentPaused';
export const RESUMED_DEPLOY_REASON = 'DeploymentResumed';
export const REPLICA_SET_UPDATED_REASON = 'ReplicaSetUpdated';
export const MINIMUM_REPLICAS_AVAILABLE = 'MinimumReplicasAvailable';
export const MINIMUM_REPLICAS_UNAVAILABLE = 'MinimumReplicasUnavailable';

const MAX_INT32 = 2147483647;

export function replicas(o: { spec: { replicas?: number } }): number {
  return o.spec.replicas ?? 0;
}

/**
 * intstr.GetScaledValueFromIntOrPercent: an int as it is, `N%` of `total` rounded up or down.
 * (A string that is not a percentage is an error upstream; validation refuses it before here.)
 */
export function getScaledValueFromIntOrPercent(
  v: number | string | undefined,
  total: number,
  roundUp: boolean,
): number {
  if (v === undefined) return 0;
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) return 0;
  const x = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

export function isRollingUpdate(d: Deployment): boolean {
  return d.spec.strategy?.type === 'RollingUpdate';
}

/** ResolveFenceposts: surge rounded up, unavailable rounded down; both 0 → unavailable 1. */
export function resolveFenceposts(
  maxSurge: number | string | undefined,
  maxUnavailable: number | string | undefined,
  desired: number,
): [number, number] {
  const surge = getScaledValueFromIntOrPercent(maxSurge ?? 0, desired, true);
  let unavailable = getScaledValueFromIntOrPercent(maxUnavailable ?? 0, desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return [surge, unavailable];
}

export function maxUnavailable(d: Deployment): number {
  if (!isRollingUpdate(d) || replicas(d) === 0) return 0;
  const ru = d.spec.strategy?.rollingUpdate;
  const [, u] = resolveFenceposts(ru?.maxSurge, ru?.maxUnavailable, replicas(d));
  return Math.min(u, replicas(d));
}

export function maxSurge(d: Deployment): number {
  if (!isRollingUpdate(d)) return 0;
  const ru = d.spec.strategy?.rollingUpdate;
  return resolveFenceposts(ru?.maxSurge, ru?.maxUnavailable, replicas(d))[0];
}

export const getReplicaCountForReplicaSets = (rss: readonly (ReplicaSet | undefined)[]) =>
  rss.reduce((n, rs) => n + (rs ? replicas(rs) : 0), 0);
export const getActualReplicaCountForReplicaSets = (rss: readonly (ReplicaSet | undefined)[]) =>
  rss.reduce((n, rs) => n + (rs?.status?.replicas ?? 0), 0);
export const getReadyReplicaCountForReplicaSets = (rss: readonly (ReplicaSet | undefined)[]) =>
  rss.reduce((n, rs) => n + (rs?.status?.readyReplicas ?? 0), 0);
export const getAvailableReplicaCountForReplicaSets = (rss: readonly (ReplicaSet | undefined)[]) =>
  rss.reduce((n, rs) => n + (rs?.status?.availableReplicas ?? 0), 0);

/** NewRSNewReplicas: how many replicas the new ReplicaSet may have now. */
export function newRSNewReplicas(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet): number {
  if (isRollingUpdate(d)) {
    const surge = getScaledValueFromIntOrPercent(d.spec.strategy?.rollingUpdate?.maxSurge, replicas(d), true);
    const currentPodCount = getReplicaCountForReplicaSets(allRSs);
    const maxTotalPods = replicas(d) + surge;
    if (currentPodCount >= maxTotalPods) return replicas(newRS);
    const scaleUpCount = Math.min(maxTotalPods - currentPodCount, replicas(d) - replicas(newRS));
    return replicas(newRS) + scaleUpCount;
  }
  return replicas(d);
}

/** EqualIgnoreHash: the templates are equal once the pod-template-hash label is left out of both. */
export function equalIgnoreHash(a: PodTemplateSpec, b: PodTemplateSpec): boolean {
  return canonicalJSON(withoutHash(a)) === canonicalJSON(withoutHash(b));
}

function withoutHash(t: PodTemplateSpec): PodTemplateSpec {
  const labels = { ...t.metadata?.labels };
  delete labels[DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY];
  const md: Record<string, unknown> = { ...t.metadata, labels };
  if (Object.keys(labels).length === 0) delete md.labels;
  delete md.creationTimestamp;
  return { ...t, metadata: md };
}

/** ReplicaSetsByCreationTimestamp, names breaking ties. */
export function byCreationTimestamp(a: ReplicaSet, b: ReplicaSet): number {
  const ta = a.metadata.creationTimestamp;
  const tb = b.metadata.creationTimestamp;
  if (ta === tb) return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
  return (parseTime(ta) ?? 0) - (parseTime(tb) ?? 0);
}

/** FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's (ignoring the hash). */
export function findNewReplicaSet(d: Deployment, rsList: readonly ReplicaSet[]): ReplicaSet | undefined {
  return [...rsList]
    .sort(byCreationTimestamp)
    .find((rs) => equalIgnoreHash(rs.spec.template, d.spec.template));
}

/** FindOldReplicaSets: every other ReplicaSet (all of them, and those with pods). */
export function findOldReplicaSets(
  d: Deployment,
  rsList: readonly ReplicaSet[],
): { requiredRSs: ReplicaSet[]; allOldRSs: ReplicaSet[] } {
  const newRS = findNewReplicaSet(d, rsList);
  const allOldRSs = rsList.filter((rs) => !newRS || rs.metadata.uid !== newRS.metadata.uid);
  return { allOldRSs, requiredRSs: allOldRSs.filter((rs) => replicas(rs) !== 0) };
}

export function revision(o: { metadata: { annotations?: Record<string, string> } }): number {
  const v = o.metadata.annotations?.[REVISION_ANNOTATION];
  const n = v === undefined ? 0 : Number(v);
  return Number.isInteger(n) ? n : 0;
}

export function maxRevision(rss: readonly ReplicaSet[]): number {
  return rss.reduce((m, rs) => Math.max(m, revision(rs)), 0);
}

/** ReplicaSetsByRevision: by revision, then creation time. */
export function byRevision(a: ReplicaSet, b: ReplicaSet): number {
  const ra = revision(a);
  const rb = revision(b);
  return ra === rb ? byCreationTimestamp(a, b) : ra - rb;
}

const SKIP_COPY = new Set([
  LAST_APPLIED_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  ROLLBACK_TO_ANNOTATION,
]);

/** copyDeploymentAnnotationsToReplicaSet (change-cause and the user's own annotations). Mutates `rs`. */
function copyDeploymentAnnotationsToReplicaSet(d: Deployment, annotations: Record<string, string>): boolean {
  let changed = false;
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (SKIP_COPY.has(k) || (Object.hasOwn(annotations, k) && annotations[k] === v)) continue;
    annotations[k] = v;
    changed = true;
  }
  return changed;
}

/**
 * SetNewReplicaSetAnnotations: the Deployment's annotations, the new revision (only ever raised;
 * the revision it had goes to revision-history), and on create the replica annotations. Mutates
 * `annotations`; returns whether anything changed.
 */
export function setNewReplicaSetAnnotations(
  d: Deployment,
  annotations: Record<string, string>,
  newRevision: string,
  exists: boolean,
): boolean {
  let changed = copyDeploymentAnnotationsToReplicaSet(d, annotations);
  const had = Object.hasOwn(annotations, REVISION_ANNOTATION);
  const oldRevision = had ? annotations[REVISION_ANNOTATION] : '';
  let oldRevisionInt = 0;
  if (oldRevision !== '') {
    if (!/^-?\d+$/.test(oldRevision)) return false;
    oldRevisionInt = Number(oldRevision);
  }
  const newRevisionInt = Number(newRevision);
  if (oldRevisionInt < newRevisionInt) {
    annotations[REVISION_ANNOTATION] = newRevision;
    changed = true;
  }
  if (had && oldRevisionInt < newRevisionInt) {
    const history = annotations[REVISION_HISTORY_ANNOTATION] ?? '';
    let oldRevisions = history.split(',');
    if (oldRevisions[0].length === 0) {
      annotations[REVISION_HISTORY_ANNOTATION] = oldRevision;
    } else {
      let totalLen = history.length + oldRevision.length + 1;
      let start = 0;
      while (totalLen > MAX_REV_HISTORY_LENGTH_IN_CHARS && start < oldRevisions.length) {
        totalLen = totalLen - oldRevisions[start].length - 1;
        start++;
      }
      if (totalLen <= MAX_REV_HISTORY_LENGTH_IN_CHARS) {
        oldRevisions = [...oldRevisions.slice(start), oldRevision];
        annotations[REVISION_HISTORY_ANNOTATION] = oldRevisions.join(',');
      }
    }
  }
  if (!exists && setReplicasAnnotations(annotations, replicas(d), replicas(d) + maxSurge(d))) changed = true;
  return changed;
}

/** SetReplicasAnnotations: desired-replicas and max-replicas. Mutates; returns whether they changed. */
export function setReplicasAnnotations(
  annotations: Record<string, string>,
  desired: number,
  max: number,
): boolean {
  let changed = false;
  if (annotations[DESIRED_REPLICAS_ANNOTATION] !== String(desired)) {
    annotations[DESIRED_REPLICAS_ANNOTATION] = String(desired);
    changed = true;
  }
  if (annotations[MAX_REPLICAS_ANNOTATION] !== String(max)) {
    annotations[MAX_REPLICAS_ANNOTATION] = String(max);
    changed = true;
  }
  return changed;
}

export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desired: number, max: number): boolean {
  const a = rs.metadata.annotations ?? {};
  return a[DESIRED_REPLICAS_ANNOTATION] !== String(desired) || a[MAX_REPLICAS_ANNOTATION] !== String(max);
}

function intAnnotation(rs: ReplicaSet, key: string): number | undefined {
  const v = rs.metadata.annotations?.[key];
  if (v === undefined || !/^-?\d+$/.test(v)) return undefined;
  return Number(v);
}

export const getDesiredReplicasAnnotation = (rs: ReplicaSet) =>
  intAnnotation(rs, DESIRED_REPLICAS_ANNOTATION);
export const getMaxReplicasAnnotation = (rs: ReplicaSet) => intAnnotation(rs, MAX_REPLICAS_ANNOTATION);

/** FilterActiveReplicaSets: those with replicas. */
export function filterActiveReplicaSets(rss: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return rss.filter((rs): rs is ReplicaSet => rs !== undefined && replicas(rs) > 0);
}

/** FindActiveOrLatest: the one active ReplicaSet, or the newest when none is; undefined when several are. */
export function findActiveOrLatest(
  newRS: ReplicaSet | undefined,
  oldRSs: readonly ReplicaSet[],
): ReplicaSet | undefined {
  if (!newRS && oldRSs.length === 0) return undefined;
  const sorted = [...oldRSs].sort(byCreationTimestamp).reverse();
  const active = filterActiveReplicaSets([...sorted, newRS]);
  if (active.length === 0) return newRS ?? sorted[0];
  if (active.length === 1) return active[0];
  return undefined;
}

/** IsSaturated: the new ReplicaSet runs all the Deployment's replicas, all available. */
export function isSaturated(d: Deployment, rs: ReplicaSet | undefined): boolean {
  if (!rs) return false;
  const desired = getDesiredReplicasAnnotation(rs);
  return (
    desired === replicas(d) &&
    replicas(rs) === replicas(d) &&
    (rs.status?.availableReplicas ?? 0) === replicas(d)
  );
}

/** getReplicaSetFraction: the change a ReplicaSet's size takes when its Deployment scales. */
export function getReplicaSetFraction(rs: ReplicaSet, d: Deployment): number {
  if (replicas(d) === 0) return -replicas(rs);
  const deploymentMaxReplicas = replicas(d) + maxSurge(d);
  let annotated = getMaxReplicasAnnotation(rs);
  if (annotated === undefined || annotated === 0) annotated = d.status?.replicas ?? 0;
  const newRSsize = (replicas(rs) * deploymentMaxReplicas) / annotated;
  return roundToInt32(newRSsize) - replicas(rs);
}

/** integer.RoundToInt32: math.Round, halves away from zero. */
export function roundToInt32(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** GetReplicaSetProportion: this ReplicaSet's share of the replicas to add (or remove). */
export function getReplicaSetProportion(
  rs: ReplicaSet | undefined,
  d: Deployment,
  toAdd: number,
  added: number,
): number {
  if (!rs || replicas(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = getReplicaSetFraction(rs, d);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

// ------------------------------------------------------------------------------------ conditions

export function hasProgressDeadline(d: Deployment): boolean {
  return d.spec.progressDeadlineSeconds !== undefined && d.spec.progressDeadlineSeconds !== MAX_INT32;
}

export function hasRevisionHistoryLimit(d: Deployment): boolean {
  return d.spec.revisionHistoryLimit !== undefined && d.spec.revisionHistoryLimit !== MAX_INT32;
}

export function getDeploymentCondition(s: DeploymentStatus, type: string): DeploymentCondition | undefined {
  return s.conditions?.find((c) => c.type === type);
}

export function newDeploymentCondition(
  type: string,
  status: DeploymentCondition['status'],
  reason: string,
  message: string,
  iso: string,
): DeploymentCondition {
  return { type, status, lastUpdateTime: iso, lastTransitionTime: iso, reason, message };
}

/** SetDeploymentCondition: unchanged when status and reason are; lastTransitionTime kept when status is. */
export function setDeploymentCondition(s: DeploymentStatus, c: DeploymentCondition): void {
  const cur = getDeploymentCondition(s, c.type);
  if (cur && cur.status === c.status && cur.reason === c.reason) return;
  if (cur && cur.status === c.status) c = { ...c, lastTransitionTime: cur.lastTransitionTime };
  s.conditions = [...(s.conditions ?? []).filter((x) => x.type !== c.type), c];
}

export function removeDeploymentCondition(s: DeploymentStatus, type: string): void {
  if (!s.conditions) return;
  s.conditions = s.conditions.filter((c) => c.type !== type);
}

/** DeploymentComplete */
export function deploymentComplete(d: Deployment, s: DeploymentStatus): boolean {
  const n = replicas(d);
  return (
    (s.updatedReplicas ?? 0) === n &&
    (s.replicas ?? 0) === n &&
    (s.availableReplicas ?? 0) === n &&
    (s.observedGeneration ?? 0) >= (d.metadata.generation ?? 0)
  );
}

/** DeploymentProgressing: more updated, fewer old, more ready or more available replicas than before. */
export function deploymentProgressing(d: Deployment, s: DeploymentStatus): boolean {
  const o = d.status ?? {};
  const oldOld = (o.replicas ?? 0) - (o.updatedReplicas ?? 0);
  const newOld = (s.replicas ?? 0) - (s.updatedReplicas ?? 0);
  return (
    (s.updatedReplicas ?? 0) > (o.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    (s.readyReplicas ?? 0) > (o.readyReplicas ?? 0) ||
    (s.availableReplicas ?? 0) > (o.availableReplicas ?? 0)
  );
}

/** DeploymentTimedOut: no progress for progressDeadlineSeconds since the Progressing condition's lastUpdateTime. */
export function deploymentTimedOut(d: Deployment, s: DeploymentStatus, now: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const c = getDeploymentCondition(s, 'Progressing');
  if (!c) return false;
  if (c.reason === NEW_RS_AVAILABLE_REASON) return false;
  if (c.reason === TIMED_OUT_REASON) return true;
  const from = parseTime(c.lastUpdateTime) ?? 0;
  return from + d.spec.progressDeadlineSeconds! * 1000 < now;
}
