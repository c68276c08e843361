// A Deployment as its card shows it: READY / UP-TO-DATE / AVAILABLE of its replicas and its
// ReplicaSet chain, one entry per ReplicaSet (one per pod template, as the Deployment controller keeps
// them): the revision from `deployment.kubernetes.io/revision`, the image, the ReplicaSet's own
// replicas ready/desired, which one is current (the highest revision, as `kubectl rollout history`
// reads it), and after an undo the number it had before (`deployment.kubernetes.io/revision-history`,
// which upstream's SetNewReplicaSetAnnotations writes). Pure.

import type { Deployment, ReplicaSet } from '../../../engine';
import { controllerRef, namespacedName, parseTime } from '../../../engine/predicates';
import { hashColor, REVISION_COLORS } from './model';

const REVISION = 'deployment.kubernetes.io/revision';
const REVISION_HISTORY = 'deployment.kubernetes.io/revision-history';
const CHANGE_CAUSE = 'kubernetes.io/change-cause';
const HASH_LABEL = 'pod-template-hash';

export interface ReplicaSetEntry {
  name: string;
  namespace: string;
  /** 0 while the controller has not numbered it yet */
  revision: number;
  hash: string;
  images: string[];
  changeCause?: string;
  /** spec.replicas */
  desired: number;
  /** status.readyReplicas */
  ready: number;
  current: boolean;
  color: number;
  /** the revision it had before an undo gave it a new number (the last of revision-history) */
  was?: number;
}

export interface DeploymentView {
  key: string;
  name: string;
  namespace: string;
  desired: number;
  ready: number;
  upToDate: number;
  available: number;
  images: string[];
  strategy: string;
  paused: boolean;
  terminating: boolean;
  replicaSets: ReplicaSetEntry[];
}

function revisionOf(rs: ReplicaSet): number {
  const n = Number(rs.metadata.annotations?.[REVISION] ?? '');
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** The last number of `revision-history` ("1,3" → 3), if any. */
export function wasRevision(rs: ReplicaSet): number | undefined {
  const h = rs.metadata.annotations?.[REVISION_HISTORY];
  if (!h) return undefined;
  const parts = h.split(',');
  const n = Number(parts[parts.length - 1]);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The ReplicaSets the Deployment controls (controller ownerReference with its uid), any order. */
export function ownedReplicaSets(dep: Deployment, all: Iterable<ReplicaSet>): ReplicaSet[] {
  const out: ReplicaSet[] = [];
  for (const rs of all) {
    const ref = controllerRef(rs);
    if (
      ref &&
      ref.kind === 'Deployment' &&
      ref.uid === dep.metadata.uid &&
      (rs.metadata.namespace ?? 'default') === (dep.metadata.namespace ?? 'default')
    )
      out.push(rs);
  }
  return out;
}

/**
 * The chain, highest revision first; the highest is current. Colours follow the template hash, a
 * later ReplicaSet whose colour is taken moves to the next free one (in creation order, so colours
 * stay put when an undo renumbers one), as the DaemonSet's chain does.
 */
export function replicaSetChain(rss: readonly ReplicaSet[]): ReplicaSetEntry[] {
  const byAge = [...rss].sort(
    (a, b) =>
      (parseTime(a.metadata.creationTimestamp) ?? 0) - (parseTime(b.metadata.creationTimestamp) ?? 0) ||
      a.metadata.name.localeCompare(b.metadata.name),
  );
  const used = new Set<number>();
  const color = new Map<string, number>();
  for (const rs of byAge) {
    let c = hashColor(rs.metadata.labels?.[HASH_LABEL] ?? rs.metadata.name);
    for (let i = 0; i < REVISION_COLORS && used.has(c); i++) c = (c + 1) % REVISION_COLORS;
    used.add(c);
    color.set(rs.metadata.name, c);
  }
  const top = Math.max(0, ...rss.map(revisionOf));
  return [...rss]
    .sort((a, b) => revisionOf(b) - revisionOf(a) || a.metadata.name.localeCompare(b.metadata.name))
    .map((rs) => {
      const revision = revisionOf(rs);
      const cause = rs.metadata.annotations?.[CHANGE_CAUSE];
      const was = wasRevision(rs);
      return {
        name: rs.metadata.name,
        namespace: rs.metadata.namespace ?? 'default',
        revision,
        hash: rs.metadata.labels?.[HASH_LABEL] ?? '',
        images: [...new Set(rs.spec.template.spec.containers.map((c) => c.image ?? '').filter(Boolean))],
        ...(cause ? { changeCause: cause } : {}),
        desired: rs.spec.replicas ?? 1,
        ready: rs.status?.readyReplicas ?? 0,
        current: top > 0 && revision === top,
        color: color.get(rs.metadata.name) ?? 0,
        ...(was !== undefined ? { was } : {}),
      };
    });
}

export function deploymentView(dep: Deployment, chain: ReplicaSetEntry[]): DeploymentView {
  const s = dep.spec.strategy;
  const ru = s?.rollingUpdate;
  const strategy =
    s?.type === 'Recreate'
      ? 'Recreate'
      : `RollingUpdate (maxUnavailable ${ru?.maxUnavailable ?? '25%'}, maxSurge ${ru?.maxSurge ?? '25%'})`;
  return {
    key: namespacedName(dep.metadata.namespace, dep.metadata.name),
    name: dep.metadata.name,
    namespace: dep.metadata.namespace ?? 'default',
    desired: dep.spec.replicas ?? 1,
    ready: dep.status?.readyReplicas ?? 0,
    upToDate: dep.status?.updatedReplicas ?? 0,
    available: dep.status?.availableReplicas ?? 0,
    images: dep.spec.template.spec.containers.map((c) => c.image ?? ''),
    strategy,
    paused: dep.spec.paused === true,
    terminating: !!dep.metadata.deletionTimestamp,
    replicaSets: chain,
  };
}

/** What a ReplicaSet changed, in a word: its image's tag (the whole image on hover), else its change-cause. */
export function replicaSetWhat(r: ReplicaSetEntry): string {
  const image = r.images[0] ?? '';
  const last = image.slice(image.lastIndexOf('/') + 1);
  const colon = last.lastIndexOf(':');
  return colon >= 0 ? last.slice(colon + 1) : last || (r.changeCause ?? '');
}
