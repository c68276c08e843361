// Helpers of pkg/controller/controller_utils.go the ReplicaSet controller uses: FilterActivePods,
// GetPodFromTemplate, ActivePodsWithRanks (which pods go first on scale-down) and slowStartBatch
// (pkg/controller/replicaset/replica_set.go).

import { parseTime } from '../../clock';
import { isPodReady } from '../../api/podutil';
import type { OwnerReference, Pod, PodTemplateSpec } from '../../api/types';

/** IsPodActive: not Succeeded, not Failed, not being deleted. */
export function isPodActive(p: Pod): boolean {
  return p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && !p.metadata.deletionTimestamp;
}

export function filterActivePods(pods: readonly Pod[]): Pod[] {
  return pods.filter(isPodActive);
}

/** GetPodFromTemplate: the template's labels, annotations and finalizers, `PREFIX-` as generateName. */
export function getPodFromTemplate(
  template: PodTemplateSpec,
  namespace: string,
  prefix: string,
  ref: OwnerReference,
): Pod {
  const md = template.metadata ?? {};
  const metadata = {
    generateName: `${prefix}-`,
    namespace,
    labels: { ...md.labels },
    ownerReferences: [ref],
  } as Pod['metadata'];
  if (md.annotations && Object.keys(md.annotations).length) metadata.annotations = { ...md.annotations };
  const fin = (md as { finalizers?: string[] }).finalizers;
  if (fin?.length) metadata.finalizers = [...fin];
  // A stored ReplicaSet's template is frozen: its spec is shared, not copied (upstream's DeepCopy keeps
  // Go's objects apart; here the API server copies the pod it creates, and nothing changes a frozen
  // spec), so the pods of one template reach the store's create memo (podCreateMemo.ts) as the same
  // tree, as the DaemonSet controller's do, instead of being copied, defaulted and validated each.
  const spec = Object.isFrozen(template.spec) ? template.spec : structuredClone(template.spec);
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec, status: {} };
}

const PHASE_ORDINAL = new Map<string, number>([
  ['Pending', 0],
  ['Unknown', 1],
  ['Running', 2],
]);

function podReadyTime(p: Pod): number | undefined {
  if (!isPodReady(p)) return undefined;
  return parseTime(p.status.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime);
}

function maxContainerRestarts(p: Pod): number {
  let m = 0;
  for (const c of p.status?.containerStatuses ?? []) m = Math.max(m, c.restartCount);
  return m;
}

/** afterOrZero: whether t1 is after t2, an empty time counting as the latest. */
function afterOrZero(t1: number | undefined, t2: number | undefined): boolean {
  if (t1 === undefined || t2 === undefined) return t1 === undefined;
  return t1 > t2;
}

/** log2 of the age at `now` in nanoseconds, truncated; −1 for a time not before `now` (logarithmicRankDiff's). */
export function logarithmicRank(t: number, now: number): number {
  const d = (now - t) * 1e6;
  return d > 0 ? Math.trunc(Math.log2(d)) : -1;
}

/** logarithmicRankDiff: log2 of the ages in nanoseconds, truncated, compared. */
export function logarithmicRankDiff(t1: number, t2: number, now: number): number {
  return logarithmicRank(t1, now) - logarithmicRank(t2, now);
}

function deletionCost(p: Pod): number {
  const v = p.metadata.annotations?.['controller.kubernetes.io/pod-deletion-cost'];
  if (v === undefined) return 0;
  const n = Number(v);
  return Number.isInteger(n) ? n : 0;
}

/**
 * ActivePodsWithRanks.Less (LogarithmicScaleDown and PodDeletionCost on, as by default): whether pod
 * `i` should be deleted before pod `j`.
 */
export function activePodsWithRanksLess(a: Pod, rankA: number, b: Pod, rankB: number, now: number): boolean {
  const na = a.spec.nodeName ?? '';
  const nb = b.spec.nodeName ?? '';
  // 1. Unassigned < assigned
  if (na !== nb && (na === '' || nb === '')) return na === '';
  // 2. PodPending < PodUnknown < PodRunning
  const pa = PHASE_ORDINAL.get(a.status?.phase ?? '') ?? 0;
  const pb = PHASE_ORDINAL.get(b.status?.phase ?? '') ?? 0;
  if (pa !== pb) return pa < pb;
  // 3. Not ready < ready
  const ra = isPodReady(a);
  const rb = isPodReady(b);
  if (ra !== rb) return !ra;
  // 4. lower pod-deletion-cost < higher pod-deletion-cost
  const ca = deletionCost(a);
  const cb = deletionCost(b);
  if (ca !== cb) return ca < cb;
  // 5. Doubled up < not doubled up
  if (rankA !== rankB) return rankA > rankB;
  // 6. Been ready for empty time < less time < more time
  if (ra && rb) {
    const ta = podReadyTime(a);
    const tb = podReadyTime(b);
    if (ta !== tb) {
      if (ta === undefined || tb === undefined) return afterOrZero(ta, tb);
      const diff = logarithmicRankDiff(ta, tb, now);
      if (diff === 0) return a.metadata.uid < b.metadata.uid;
      return diff < 0;
    }
  }
  // 7. Pods with containers with higher restart counts < lower restart counts
  const xa = maxContainerRestarts(a);
  const xb = maxContainerRestarts(b);
  if (xa !== xb) return xa > xb;
  // 8. Empty creation time pods < newer pods < older pods
  const ta = parseTime(a.metadata.creationTimestamp);
  const tb = parseTime(b.metadata.creationTimestamp);
  if (ta !== tb) {
    if (ta === undefined || tb === undefined) return afterOrZero(ta, tb);
    const diff = logarithmicRankDiff(ta, tb, now);
    if (diff === 0) return a.metadata.uid < b.metadata.uid;
    return diff < 0;
  }
  return false;
}

/**
 * A time absent among a RankedPod's keys (no ready time, no creation time): a number as the times
 * are, so the two fields keep one representation and every RankedPod one hidden class. With
 * `undefined` for absent, the first pod without a time after ones with it (or the reverse) made V8
 * generalize the field and deprecate the maps, and the deletion ranking's sort deopted (wrong map)
 * in the mixed case's rollout, three re-compiles of getPodsToDelete.
 */
export const NO_TIME = -Infinity;

/**
 * A pod's ActivePodsWithRanks keys, read once: a sort compares each pod many times, and
 * activePodsWithRanksLess reads its phase, readiness, annotations and timestamps (two of them
 * parsed) and takes two logarithms on every comparison. The logarithms of the ages (at the sort's
 * `now`) are taken here, once per pod.
 */
export interface RankedPod {
  readonly pod: Pod;
  readonly rank: number;
  readonly node: string;
  readonly phase: number;
  readonly ready: boolean;
  readonly cost: number;
  /** podReadyTime, when ready and set; else NO_TIME */
  readonly readyTime: number;
  /** logarithmicRank of readyTime at `now` (−1 without one: never read then) */
  readonly readyLog: number;
  readonly restarts: number;
  /** the creation time, NO_TIME without one */
  readonly created: number;
  /** logarithmicRank of the creation time at `now` (−1 without one: never read then) */
  readonly createdLog: number;
}

export function rankedPod(pod: Pod, rank: number, now: number): RankedPod {
  const ready = isPodReady(pod);
  const readyTime = (ready ? podReadyTime(pod) : undefined) ?? NO_TIME;
  const created = parseTime(pod.metadata.creationTimestamp) ?? NO_TIME;
  return {
    pod,
    rank,
    node: pod.spec.nodeName ?? '',
    phase: PHASE_ORDINAL.get(pod.status?.phase ?? '') ?? 0,
    ready,
    cost: deletionCost(pod),
    readyTime,
    readyLog: readyTime === NO_TIME ? -1 : logarithmicRank(readyTime, now),
    restarts: maxContainerRestarts(pod),
    created,
    createdLog: created === NO_TIME ? -1 : logarithmicRank(created, now),
  };
}

/** Two uids' order as a comparison: the tie-break of pods equally old on the logarithmic scale. */
function uidOrder(a: RankedPod, b: RankedPod): number {
  const ua = a.pod.metadata.uid;
  const ub = b.pod.metadata.uid;
  return ua < ub ? -1 : ub < ua ? 1 : 0;
}

/**
 * The sort's comparison of two ranked pods (the `now` their keys were read at): −1 when `a` is
 * deleted first (activePodsWithRanksLess(a, b)), 1 when `b` is (Less(b, a)), 0 when neither —
 * one pass instead of Less both ways (the oracle in rankedPods.test.ts).
 */
export function rankedPodCompare(a: RankedPod, b: RankedPod): number {
  const na = a.node;
  const nb = b.node;
  // 1. Unassigned < assigned
  if (na !== nb && (na === '' || nb === '')) return na === '' ? -1 : 1;
  // 2. PodPending < PodUnknown < PodRunning
  if (a.phase !== b.phase) return a.phase < b.phase ? -1 : 1;
  // 3. Not ready < ready
  if (a.ready !== b.ready) return a.ready ? 1 : -1;
  // 4. lower pod-deletion-cost < higher pod-deletion-cost
  if (a.cost !== b.cost) return a.cost < b.cost ? -1 : 1;
  // 5. Doubled up < not doubled up
  if (a.rank !== b.rank) return a.rank > b.rank ? -1 : 1;
  // 6. Been ready for empty time < less time < more time
  if (a.ready && b.ready && a.readyTime !== b.readyTime) {
    // afterOrZero: an empty time counts as the latest
    if (a.readyTime === NO_TIME || b.readyTime === NO_TIME) return a.readyTime === NO_TIME ? -1 : 1;
    const diff = a.readyLog - b.readyLog;
    return diff === 0 ? uidOrder(a, b) : diff < 0 ? -1 : 1;
  }
  // 7. Pods with containers with higher restart counts < lower restart counts
  if (a.restarts !== b.restarts) return a.restarts > b.restarts ? -1 : 1;
  // 8. Empty creation time pods < newer pods < older pods
  if (a.created !== b.created) {
    if (a.created === NO_TIME || b.created === NO_TIME) return a.created === NO_TIME ? -1 : 1;
    const diff = a.createdLog - b.createdLog;
    return diff === 0 ? uidOrder(a, b) : diff < 0 ? -1 : 1;
  }
  return 0;
}

/**
 * slowStartBatch: calls `fn` `count` times in batches of 1, 2, 4, … (starting at `initialBatchSize`);
 * stops after the first batch in which a call failed. Returns the successes, the batch sizes and
 * the first error.
 */
export function slowStartBatch(
  count: number,
  initialBatchSize: number,
  fn: () => void,
): { successes: number; batches: number[]; error?: Error } {
  let remaining = count;
  let successes = 0;
  const batches: number[] = [];
  for (
    let batchSize = Math.min(remaining, initialBatchSize);
    batchSize > 0;
    batchSize = Math.min(2 * batchSize, remaining)
  ) {
    batches.push(batchSize);
    let error: Error | undefined;
    let failed = 0;
    for (let i = 0; i < batchSize; i++) {
      try {
        fn();
      } catch (e) {
        failed++;
        error ??= e as Error;
      }
    }
    successes += batchSize - failed;
    if (error) return { successes, batches, error };
    remaining -= batchSize;
  }
  return { successes, batches };
}
