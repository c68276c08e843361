// Where a DaemonSet's rollout stands, counted the way the DaemonSet controller's rollingUpdate counts
// (pkg/controller/daemon/update.go, our engine/controller/daemonset/rollingUpdate.ts): the budget
// (maxUnavailable or maxSurge, resolved from the spec against the desired count by the controller's
// own updatedDesiredNodeCounts), the nodes it counts as unavailable and why, the old pods waiting for
// room, and from those: complete, rolling, or stalled (the budget is spent on pods that are failing,
// so the controller will not replace another old pod). Also which revisions are failing. Pure.

import type { DaemonSet, Node, Pod } from '../engine';
import {
  isPodAvailable,
  findUpdatedPodsOnNode,
  DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY,
  scaledValue,
  templateGeneration,
  updatedDesiredNodeCounts,
  daemonTolerations,
  shouldRunFast,
  pinnedNodeName,
} from '../engine/predicates';
import { podTrouble, type PodTrouble, type TroubleClass } from './podTrouble';

/** maxUnavailable or maxSurge: the spec's value (`1`, `10%`), the desired count it scales against, and the result. */
export interface Budget {
  value: number;
  spec?: number | string;
  desired: number;
  /** both came out 0 and the controller used maxUnavailable 1 */
  fallback?: boolean;
}

/** A node the controller counts as unavailable (or, with maxSurge, as surging), and why. */
export interface UnavailableNode {
  node: string;
  /** the pod that is not available there (the new one when there is one) */
  pod?: { name: string; namespace: string; hash?: string; updated: boolean };
  trouble?: PodTrouble;
  /**
   * trouble: the pod is failing; starting: it is on its way; replacing: an old pod that is not
   * available, which the controller replaces whatever the budget; noPod: none yet; terminating: only a
   * terminating one; both: an old and a new pod
   */
  why: 'trouble' | 'starting' | 'replacing' | 'noPod' | 'terminating' | 'both';
}

export type RolloutState = 'complete' | 'rolling' | 'stalled' | 'pending' | 'onDelete';

export interface RevisionTrouble {
  /** pods of the revision in trouble */
  count: number;
  /** the first one's word and class */
  word: string;
  class: TroubleClass;
}

export interface RolloutProgress {
  state: RolloutState;
  strategy: 'RollingUpdate' | 'OnDelete';
  /** the status counters kubectl rollout status reads */
  desired: number;
  updated: number;
  available: number;
  maxUnavailable: Budget;
  maxSurge: Budget;
  /** what the controller counts against the budget, in node name order */
  unavailable: UnavailableNode[];
  /** the ones of them that are failing */
  troubled: UnavailableNode[];
  /** old available pods the controller would replace if the budget had room */
  waiting: number;
  /** room left in the budget: max(0, budget − counted) */
  room: number;
  /** revision hash → its pods in trouble: the bad revisions */
  badRevisions: ReadonlyMap<string, RevisionTrouble>;
  currentHash?: string;
}

const NO_BAD: ReadonlyMap<string, RevisionTrouble> = new Map();

/** The node a daemon pod is on, or is pinned to on its way (getNodesToDaemonPods' GetTargetNodeName). */
function targetNode(pod: Pod): string | undefined {
  return pod.spec.nodeName || pinnedNodeName(pod.spec);
}

function budgets(ds: DaemonSet, desired: number): { maxUnavailable: Budget; maxSurge: Budget } {
  const ru = ds.spec.updateStrategy?.rollingUpdate;
  const { maxSurge, maxUnavailable } = updatedDesiredNodeCounts(ds, desired);
  const mu: Budget = { value: maxUnavailable, desired };
  if (ru?.maxUnavailable !== undefined) mu.spec = ru.maxUnavailable;
  if (maxUnavailable !== scaledValue(ru?.maxUnavailable, desired)) mu.fallback = true;
  const ms: Budget = { value: maxSurge, desired };
  if (ru?.maxSurge !== undefined) ms.spec = ru.maxSurge;
  return { maxUnavailable: mu, maxSurge: ms };
}

/** The revisions whose pods are failing (not terminating, in trouble now), by hash. */
export function badRevisions(
  pods: readonly Pod[],
  now: number,
  troubleOf: (p: Pod, now: number) => PodTrouble | undefined = podTrouble,
): ReadonlyMap<string, RevisionTrouble> {
  let out: Map<string, RevisionTrouble> | undefined;
  for (const p of pods) {
    const hash = p.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
    if (!hash) continue;
    const t = troubleOf(p, now);
    if (!t) continue;
    out ??= new Map();
    const r = out.get(hash);
    if (r) r.count++;
    else out.set(hash, { count: 1, word: t.word, class: t.class });
  }
  return out ?? NO_BAD;
}

export interface RolloutInput {
  ds: DaemonSet;
  /** the DaemonSet's pods (controlled by it) */
  pods: readonly Pod[];
  /** every node (only those without a pod of the DaemonSet are asked whether they should run one) */
  nodes: Iterable<Node>;
  /** the current revision's hash (the highest ControllerRevision's), when known */
  hash?: string;
  /** the simulated clock (minReadySeconds) */
  now: number;
  /** pod → trouble at `now` (a cache may be passed); podTrouble by default */
  troubleOf?: (p: Pod, now: number) => PodTrouble | undefined;
}

/** True when kubectl rollout status would say "successfully rolled out" (and the controller saw the spec). */
export function statusComplete(ds: DaemonSet): boolean {
  const st = ds.status;
  if (!st) return false;
  if ((st.observedGeneration ?? 0) < (ds.metadata.generation ?? 0)) return false;
  const desired = st.desiredNumberScheduled ?? 0;
  return (st.updatedNumberScheduled ?? 0) >= desired && (st.numberAvailable ?? 0) >= desired;
}

export function rolloutProgress(input: RolloutInput): RolloutProgress {
  const { ds, pods, now } = input;
  const troubleOf = input.troubleOf ?? podTrouble;
  const st = ds.status;
  const desired = st?.desiredNumberScheduled ?? 0;
  const strategy = ds.spec.updateStrategy?.type === 'OnDelete' ? 'OnDelete' : 'RollingUpdate';
  const { maxUnavailable, maxSurge } = budgets(ds, desired);
  const base = {
    strategy,
    desired,
    updated: st?.updatedNumberScheduled ?? 0,
    available: st?.numberAvailable ?? 0,
    maxUnavailable,
    maxSurge,
    ...(input.hash ? { currentHash: input.hash } : {}),
  } as const;
  // Every desired node has an available pod of the current template: nothing to count.
  if (statusComplete(ds) && strategy === 'RollingUpdate')
    return {
      ...base,
      state: 'complete',
      unavailable: [],
      troubled: [],
      waiting: 0,
      room: maxSurge.value || maxUnavailable.value,
      badRevisions: NO_BAD,
    };
  const bad = badRevisions(pods, now, troubleOf);
  const pending = !st || (st.observedGeneration ?? 0) < (ds.metadata.generation ?? 0) || !input.hash;

  // nodeToDaemonPods, extended with the nodes that should run a pod and have none.
  const byNode = new Map<string, Pod[]>();
  for (const p of pods) {
    const n = targetNode(p);
    if (!n) continue;
    const list = byNode.get(n);
    if (list) list.push(p);
    else byNode.set(n, [p]);
  }
  const tolerations = daemonTolerations(ds);
  const shouldRun = new Set<string>();
  for (const node of input.nodes) {
    const name = node.metadata.name;
    const live = byNode.get(name)?.some((p) => !p.metadata.deletionTimestamp);
    if (live) continue;
    if (shouldRunFast(node, ds, tolerations).shouldRun) {
      shouldRun.add(name);
      if (!byNode.has(name)) byNode.set(name, []);
    }
  }
  const names = [...byNode.keys()].sort();
  const minReady = ds.spec.minReadySeconds ?? 0;
  const generation = templateGeneration(ds);
  const hash = input.hash ?? '';
  const surge = maxSurge.value > 0;
  const unavailable: UnavailableNode[] = [];
  let waiting = 0;
  let counted = 0;
  const entry = (node: string, pod: Pod | undefined, fallback: UnavailableNode['why']): UnavailableNode => {
    if (!pod) return { node, why: fallback };
    const replacing = fallback === 'replacing';
    const updated = (pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] ?? '') === hash;
    const podRef = {
      name: pod.metadata.name,
      namespace: pod.metadata.namespace ?? 'default',
      updated,
      ...(pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY]
        ? { hash: pod.metadata.labels[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] }
        : {}),
    };
    const trouble = troubleOf(pod, now);
    if (!trouble) return { node, pod: podRef, why: fallback };
    return { node, pod: podRef, trouble, why: replacing ? fallback : 'trouble' };
  };
  for (const node of names) {
    const list = byNode.get(node) ?? [];
    // Nodes that should not run a pod and have none left are not the rollout's concern.
    if (!list.length && !shouldRun.has(node)) continue;
    const { newPod, oldPod, ok } = findUpdatedPodsOnNode(list, hash, generation);
    const terminating = list.some((p) => p.metadata.deletionTimestamp);
    if (!ok) {
      unavailable.push(entry(node, undefined, 'both'));
      counted++;
      continue;
    }
    if (!oldPod && !newPod) {
      if (!shouldRun.has(node)) continue;
      unavailable.push(entry(node, undefined, terminating ? 'terminating' : 'noPod'));
      counted++;
      continue;
    }
    if (!oldPod) {
      if (!isPodAvailable(newPod!, minReady, now)) {
        unavailable.push(entry(node, newPod, 'starting'));
        // With maxSurge the controller does not count a new pod with no old one beside it.
        if (!surge) counted++;
      }
      continue;
    }
    const oldAvailable = isPodAvailable(oldPod, minReady, now);
    if (!newPod) {
      if (!oldAvailable) {
        // Replaced at once, whatever the budget.
        unavailable.push(entry(node, oldPod, 'replacing'));
        if (!surge) counted++;
      } else waiting++;
      continue;
    }
    // An old and a new pod.
    if (!surge) {
      unavailable.push(entry(node, isPodAvailable(newPod, minReady, now) ? oldPod : newPod, 'both'));
      counted++;
    } else if (!isPodAvailable(newPod, minReady, now)) {
      unavailable.push(entry(node, newPod, 'starting'));
      counted++;
    }
  }
  const budget = surge ? maxSurge.value : maxUnavailable.value;
  const room = Math.max(0, budget - counted);
  // The old pods the controller replaces now leave the waiting ones.
  waiting = Math.max(0, waiting - room);
  const troubled = unavailable.filter((u) => u.why === 'trouble');
  let state: RolloutState;
  if (strategy === 'OnDelete') state = statusComplete(ds) ? 'complete' : 'onDelete';
  else if (pending) state = 'pending';
  else if (troubled.length > 0 && troubled.length === unavailable.length && (room === 0 || waiting === 0))
    state = 'stalled';
  else if (statusComplete(ds)) state = 'complete';
  else state = 'rolling';
  return { ...base, state, unavailable, troubled, waiting, room, badRevisions: bad };
}
