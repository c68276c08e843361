// The default profile's Score plugins (pkg/scheduler/framework/plugins/*), the framework's
// RunPreScorePlugins / RunScorePlugins (score, NormalizeScore, weight) and schedule_one.go's
// prioritizeNodes and selectHost. Each plugin is a PreScore (its cycle state, or Skip with the reason),
// a Score per feasible node and an optional NormalizeScore, as upstream splits them; the weights are
// those of pkg/scheduler/apis/config/v1/default_plugins.go.

import { fromLabelSelector, matches, type Selector } from '../api/labels';
import type {
  LabelSelector,
  Labels,
  Node,
  Pod,
  PodAffinityTerm,
  ReplicaSet,
  Toleration,
  TopologySpreadConstraint,
  WeightedPodAffinityTerm,
} from '../api/types';
import type { Random } from '../random';
import { matchesEveryNode, podMatchesNodeAffinity, termMatches } from './nodeAffinity';
import { type NodeUsage, nodeAllocatable, podRequest } from './nodeInfo';
import { toleratesTaint } from './taints';

/** framework.MaxNodeScore */
export const MAX_NODE_SCORE = 100;

export type ScorePluginName =
  | 'TaintToleration'
  | 'NodeAffinity'
  | 'NodeResourcesFit'
  | 'PodTopologySpread'
  | 'InterPodAffinity'
  | 'NodeResourcesBalancedAllocation'
  | 'ImageLocality';

/** What the plugins read of the cluster: the scheduler cache's snapshot. */
export interface ScoreSnapshot {
  /** every node, in the cache's order */
  readonly nodes: readonly Node[];
  /** what is bound to a node (NodeInfo.Requested and NonZeroRequested) */
  usage(node: string): NodeUsage;
  /** the pods bound to a node that the cache counts (NodeInfo.Pods) */
  pods(node: string): readonly Pod[];
  /** whether any bound pod has pod (anti-)affinity (HavePodsWithAffinityList() is not empty) */
  havePodsWithAffinity(): boolean;
  /** the ReplicaSet lister, for the default spreading selector */
  replicaSet(namespace: string, name: string): ReplicaSet | undefined;
  /** a namespace's labels (for namespaceSelector in pod affinity terms) */
  namespaceLabels(namespace: string): Labels | undefined;
  /**
   * The scheduler's kept counts (matchingPodCounts.ts): per node, the pods of `namespace` that
   * `selector` matches. Absent, PodTopologySpread counts over `pods(node)` (the oracle).
   */
  matchingPodCounter?(selector: Selector | null, namespace: string | undefined): (node: string) => number;
  /**
   * The kept counts summed per value of `topologyKey` over `nodes` ('' for a node without the key;
   * every value of the nodes has an entry): matchingPodCounter's counts added up node by node, kept
   * (MatchingPodCounts.topologySums). The feasible nodes of a cycle are some of `nodes`. Absent,
   * PodTopologySpread adds them up itself.
   */
  topologySums?(
    selector: Selector | null,
    namespace: string | undefined,
    topologyKey: string,
  ): ReadonlyMap<string, number>;
  /**
   * The kept counts per node of `nodes`, in its order (MatchingPodCounts.nodeCounts): what
   * matchingPodCounter gives each node, read by a NodeInfo's `index` instead of a lookup by name.
   * Absent (or undefined: a selector that selects nothing), PodTopologySpread's Score asks
   * matchingPodCounter (or counts) per node.
   */
  nodeCounts?(selector: Selector | null, namespace: string | undefined): ArrayLike<number> | undefined;
}

/** One node's score from one plugin. */
export interface NodeScore {
  name: string;
  score: number;
}

/** A PreScore that returned Skip: the plugin's Score is not run for this pod. */
export class Skip {
  constructor(readonly reason: string) {}
}

/**
 * What a Score plugin reads of one feasible node (framework.NodeInfo, which upstream's Score takes):
 * the node, what is bound to it, and its allocatable cpu and memory as the resource scorers count
 * them. The scheduler keeps one per node of its node list (read in place, no lookup per plugin);
 * `nodeInfoOf` makes one from a snapshot (the oracle, tests and explanations).
 */
export interface NodeInfo {
  readonly node: Node;
  /** NodeInfo.Requested and NonZeroRequested */
  readonly usage: NodeUsage;
  /** cpu in millicores, memory in bytes; a resource the node does not report is 0 (left out of the score) */
  readonly allocatable: Requests;
  /**
   * The node's position in the snapshot's `nodes`, on the scheduler's kept NodeInfos (where per-node
   * figures kept in the list's order are read by it); absent on one made by nodeInfoOf.
   */
  readonly index?: number;
}

/** A NodeInfo made from the snapshot's usage and the node's allocatable. */
export function nodeInfoOf(node: Node, snap: ScoreSnapshot): NodeInfo {
  return { node, usage: snap.usage(node.metadata.name), allocatable: allocatableOf(node) };
}

export interface ScorePlugin<S = unknown> {
  readonly name: ScorePluginName;
  readonly weight: number;
  preScore(pod: Pod, feasible: readonly Node[], snap: ScoreSnapshot): S | Skip;
  score(state: S, pod: Pod, info: NodeInfo, snap: ScoreSnapshot): number;
  /** ScoreExtensions().NormalizeScore, when the plugin has one */
  normalizeScore?(state: S, scores: NodeScore[]): void;
  /**
   * The normalised score every feasible node gets, when the cycle's state proves it is the same for
   * all of them (undefined otherwise): a scheduling cycle then adds it without running Score and
   * NormalizeScore per node. Only a cycle takes it; an explanation runs the plugin on every node, and
   * the tests hold the two to the same totals.
   */
  uniformScore?(state: S, feasible: readonly Node[]): number | undefined;
}

/** helper.DefaultNormalizeScore: scale to [0, maxPriority] by the highest score; `reverse` flips it. */
export function defaultNormalizeScore(maxPriority: number, reverse: boolean, scores: NodeScore[]): void {
  let maxCount = 0;
  for (const s of scores) if (s.score > maxCount) maxCount = s.score;
  if (maxCount === 0) {
    if (reverse) for (const s of scores) s.score = maxPriority;
    return;
  }
  for (const s of scores) {
    let score = Math.trunc((maxPriority * s.score) / maxCount);
    if (reverse) score = maxPriority - score;
    s.score = score;
  }
}

// ----------------------------------------------------------------------------- TaintToleration

/** getAllTolerationPreferNoSchedule: tolerations with no effect or PreferNoSchedule. */
function tolerationsPreferNoSchedule(tols: readonly Toleration[] | undefined): Toleration[] {
  return (tols ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
}

/** countIntolerableTaintsPreferNoSchedule */
export function countIntolerableTaintsPreferNoSchedule(node: Node, tols: readonly Toleration[]): number {
  let n = 0;
  for (const taint of node.spec?.taints ?? []) {
    if (taint.effect !== 'PreferNoSchedule') continue;
    if (!tols.some((t) => toleratesTaint(t, taint))) n++;
  }
  return n;
}

/** TaintToleration: fewer untolerated PreferNoSchedule taints score higher (reverse-normalised). */
export const taintTolerationScore: ScorePlugin<Toleration[]> = {
  name: 'TaintToleration',
  weight: 3,
  preScore: (pod) => tolerationsPreferNoSchedule(pod.spec.tolerations),
  score: (tols, _pod, info) => countIntolerableTaintsPreferNoSchedule(info.node, tols),
  normalizeScore: (_s, scores) => defaultNormalizeScore(MAX_NODE_SCORE, true, scores),
  // No feasible node has a PreferNoSchedule taint: every count is 0, and the reversed normalisation
  // gives each node MaxNodeScore.
  uniformScore: (_tols, feasible) => {
    for (let i = 0; i < feasible.length; i++) {
      const taints = feasible[i].spec?.taints;
      if (taints) for (let j = 0; j < taints.length; j++) if (taints[j].effect === 'PreferNoSchedule') return;
    }
    return MAX_NODE_SCORE;
  },
};

// ----------------------------------------------------------------------------- NodeAffinity

/** NodeAffinity: the sum of the weights of the preferred terms the node matches. */
export const nodeAffinityScore: ScorePlugin<
  { weight: number; preference: Parameters<typeof termMatches>[0] }[]
> = {
  name: 'NodeAffinity',
  weight: 2,
  preScore: (pod) => {
    const terms = pod.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution;
    if (!terms) return new Skip('no preferred node affinity terms');
    // NewPreferredSchedulingTerms leaves out terms of weight 0
    return terms
      .filter((t) => t.weight !== 0)
      .map((t) => ({ weight: t.weight, preference: t.preference ?? {} }));
  },
  score: (terms, _pod, { node }) => {
    let count = 0;
    for (const t of terms) if (termMatches(t.preference, node)) count += t.weight;
    return count;
  },
  normalizeScore: (_s, scores) => defaultNormalizeScore(MAX_NODE_SCORE, false, scores),
};

// ----------------------------------------------------------------------------- NodeResources

/** cpu in millicores, memory in bytes: the default `resources` of both resource scorers */
interface Requests {
  cpu: number;
  memory: number;
}

/** per (frozen, cached) allocatable figure: both resource scorers read it for every feasible node */
const requestsByAllocatable = new WeakMap<object, Requests>();

export function allocatableOf(node: Node): Requests {
  const a = nodeAllocatable(node);
  let r = Object.isFrozen(a) ? requestsByAllocatable.get(a) : undefined;
  if (!r) {
    // a resource the node does not report is 0 to the scheduler: that resource is left out of the score
    r = {
      cpu: Number.isFinite(a.milliCPU) ? a.milliCPU : 0,
      memory: Number.isFinite(a.memory) ? a.memory : 0,
    };
    if (Object.isFrozen(a)) requestsByAllocatable.set(a, r);
  }
  return r;
}

/** leastRequestedScore: the free fraction of the resource, 0–100, rounded down. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0) return 0;
  if (requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

/**
 * leastResourceScorer with the default weights (cpu 1, memory 1): the requested and allocatable cpu
 * and memory as numbers (no object to make per node and plugin).
 */
export function leastAllocatedScore(cpu: number, memory: number, allocatable: Requests): number {
  let nodeScore = 0;
  let weightSum = 0;
  // the resources cpu and memory, in that order (spelt out: no list to make per node and plugin)
  if (allocatable.cpu !== 0) {
    nodeScore += leastRequestedScore(cpu, allocatable.cpu);
    weightSum += 1;
  }
  if (allocatable.memory !== 0) {
    nodeScore += leastRequestedScore(memory, allocatable.memory);
    weightSum += 1;
  }
  return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum);
}

/**
 * NodeResourcesFit, scoring strategy LeastAllocated: requests counted with the defaults for missing
 * ones (100m cpu, 200Mi memory), what is bound plus this pod against allocatable.
 */
export const nodeResourcesFitScore: ScorePlugin<Requests> = {
  name: 'NodeResourcesFit',
  weight: 1,
  preScore: (pod) => {
    const r = podRequest(pod);
    return { cpu: r.nonZeroMilliCPU, memory: r.nonZeroMemory };
  },
  score: (req, _pod, { usage: u, allocatable }) =>
    leastAllocatedScore(u.nonZeroMilliCPU + req.cpu, u.nonZeroMemory + req.memory, allocatable),
};

/** balancedResourceScorer: 100 × (1 − the standard deviation of the requested fractions). */
export function balancedResourceScore(cpu: number, memory: number, allocatable: Requests): number {
  // with two resources the standard deviation is half their fractions' difference; with one, 0
  let std = 0;
  if (allocatable.cpu !== 0 && allocatable.memory !== 0) {
    const cpuFraction = Math.min(1, cpu / allocatable.cpu);
    const memoryFraction = Math.min(1, memory / allocatable.memory);
    std = Math.abs((cpuFraction - memoryFraction) / 2);
  }
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

/**
 * NodeResourcesBalancedAllocation: prefers nodes whose cpu and memory would be used in the same
 * proportion. Counts the real requests (useRequested), and skips a pod that requests nothing
 * (kubernetes#129138: best-effort pods would all pile onto one node).
 */
export const balancedAllocationScore: ScorePlugin<Requests> = {
  name: 'NodeResourcesBalancedAllocation',
  weight: 1,
  preScore: (pod) => {
    const r = podRequest(pod);
    if (r.milliCPU === 0 && r.memory === 0)
      return new Skip('the pod requests no cpu and no memory (best effort)');
    return { cpu: r.milliCPU, memory: r.memory };
  },
  score: (req, _pod, { usage: u, allocatable }) =>
    balancedResourceScore(u.milliCPU + req.cpu, u.memory + req.memory, allocatable),
};

// ----------------------------------------------------------------------------- ImageLocality

/** normalizedImageName: a name without a tag gets `:latest` (a digest's `@sha256:` counts as a tag). */
export function normalizeImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

const MB = 1024 * 1024;
const MIN_THRESHOLD = 23 * MB;
const MAX_CONTAINER_THRESHOLD = 1000 * MB;

/** calculatePriority: the summed image scores between 23 MB and 1000 MB per container, as 0–100. */
export function imageLocalityPriority(sumScores: number, numContainers: number): number {
  const maxThreshold = MAX_CONTAINER_THRESHOLD * numContainers;
  const s = Math.min(Math.max(sumScores, MIN_THRESHOLD), maxThreshold);
  return Math.trunc((MAX_NODE_SCORE * (s - MIN_THRESHOLD)) / (maxThreshold - MIN_THRESHOLD));
}

export interface ImageStates {
  /** per node: image name → size */
  byNode: Map<string, Map<string, number>>;
  /** image name → how many nodes have it (ImageStateSummary.NumNodes) */
  numNodes: Map<string, number>;
  total: number;
}

/** The image summaries of a node list (the cache's createImageStateSummary), made from the nodes. */
export function computeImageStates(nodes: readonly Node[]): ImageStates {
  const byNode = new Map<string, Map<string, number>>();
  const numNodes = new Map<string, number>();
  for (const n of nodes) {
    const images = n.status?.images;
    if (!images?.length) continue;
    const m = new Map<string, number>();
    for (const img of images) for (const name of img.names ?? []) m.set(name, img.sizeBytes);
    for (const name of m.keys()) numNodes.set(name, (numNodes.get(name) ?? 0) + 1);
    byNode.set(n.metadata.name, m);
  }
  return { byNode, numNodes, total: nodes.length };
}

/**
 * The summaries kept per (frozen) node list, as upstream keeps them in the cache's snapshot instead
 * of walking every node's images in every cycle: the scheduler hands out the same frozen list while
 * no node changed. A list that is not frozen is summarised afresh (computeImageStates, the oracle).
 */
const imageStatesByList = new WeakMap<readonly Node[], ImageStates>();

export function imageStatesOf(nodes: readonly Node[]): ImageStates {
  if (!Object.isFrozen(nodes)) return computeImageStates(nodes);
  let s = imageStatesByList.get(nodes);
  if (!s) imageStatesByList.set(nodes, (s = computeImageStates(nodes)));
  return s;
}

/**
 * ImageLocality: prefers nodes that already have the pod's images (node.status.images), each image's
 * size scaled by the share of nodes that have it, so an image every node has does not pull pods in.
 */
export const imageLocalityScore: ScorePlugin<{ states: ImageStates; images: string[] }> = {
  name: 'ImageLocality',
  weight: 1,
  // the pod's images, init containers first, normalised once per cycle instead of once per node
  preScore: (pod, _feasible, snap) => ({
    states: imageStatesOf(snap.nodes),
    images: [...(pod.spec.initContainers ?? []), ...pod.spec.containers].map((c) =>
      normalizeImageName(c.image ?? ''),
    ),
  }),
  score: ({ states: s, images }, _pod, { node }) => {
    const states = s.byNode.get(node.metadata.name);
    let sum = 0;
    if (states) {
      for (const name of images) {
        const size = states.get(name);
        // scaledImageScore: size × spread, truncated as Go's int64(float64) does
        if (size !== undefined) sum += Math.trunc(size * ((s.numNodes.get(name) ?? 0) / s.total));
      }
    }
    return imageLocalityPriority(sum, images.length);
  },
  // No node of the cluster has any of the pod's images: every node's sum is 0 (there is no NormalizeScore).
  uniformScore: ({ states: s, images }) => {
    for (const name of images) if (s.numNodes.has(name)) return undefined;
    return imageLocalityPriority(0, images.length);
  },
};

// ----------------------------------------------------------------------------- PodTopologySpread

export const LABEL_HOSTNAME = 'kubernetes.io/hostname';
export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';

/** The plugin's systemDefaultConstraints (defaultingType: System). */
export const SYSTEM_DEFAULT_CONSTRAINTS: readonly TopologySpreadConstraint[] = [
  { topologyKey: LABEL_HOSTNAME, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: LABEL_TOPOLOGY_ZONE, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
];

interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  /** null: selects nothing (a nil labelSelector) */
  selector: Selector | null;
  /** nodeAffinityPolicy Honor (the default): only nodes matching the pod's required affinity count */
  honorNodeAffinity: boolean;
}

interface SpreadState {
  constraints: SpreadConstraint[];
  /** per constraint: a node's matching pods (countPodsMatchSelector over its pods, or the kept counts) */
  counters: ((node: string) => number)[];
  /**
   * per constraint: the kept counts per node of the snapshot's list (hostname constraints, when the
   * snapshot keeps them), read at a NodeInfo's index; the same numbers as `counters`
   */
  nodeCounts: (ArrayLike<number> | undefined)[];
  ignoredNodes: Set<string>;
  /** per constraint: topology value → matching pods (not for the hostname key: counted in Score) */
  topologyValueToPodCounts: Map<string, number>[];
  topologyNormalizingWeight: number[];
}

/**
 * helper.DefaultSelector: the selector of the pod's controlling ReplicaSet (Services, replication
 * controllers and StatefulSets are not served by the playground). Empty when the pod has none.
 */
export function defaultSelector(pod: Pod, snap: ScoreSnapshot): Selector {
  const owner = pod.metadata.ownerReferences?.find((r) => r.controller);
  if (!owner || owner.kind !== 'ReplicaSet' || !owner.apiVersion.startsWith('apps/')) return [];
  const rs = snap.replicaSet(pod.metadata.namespace ?? 'default', owner.name);
  const ls = rs?.spec.selector;
  if (!ls || !Object.isFrozen(ls)) return fromLabelSelector(ls) ?? [];
  // a stored ReplicaSet's selector is frozen: converted once, the same (frozen) array every cycle,
  // which also keys the kept counts without spelling the selector out again
  let s = defaultSelectors.get(ls);
  if (!s) defaultSelectors.set(ls, (s = Object.freeze(fromLabelSelector(ls) ?? []) as Selector));
  return s;
}

/** a stored (frozen) ReplicaSet selector → its Selector */
const defaultSelectors = new WeakMap<LabelSelector, Selector>();

/** filterTopologySpreadConstraints: the pod's ScheduleAnyway constraints, matchLabelKeys merged in. */
function softConstraints(pod: Pod): SpreadConstraint[] {
  const out: SpreadConstraint[] = [];
  for (const c of pod.spec.topologySpreadConstraints ?? []) {
    if (c.whenUnsatisfiable !== 'ScheduleAnyway') continue;
    let selector = fromLabelSelector(c.labelSelector);
    if (selector && c.matchLabelKeys?.length) {
      const labels = pod.metadata.labels ?? {};
      for (const k of c.matchLabelKeys)
        if (Object.hasOwn(labels, k))
          selector = [...selector, { key: k, operator: 'In', values: [labels[k]] }];
    }
    out.push({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      selector,
      honorNodeAffinity: (c.nodeAffinityPolicy ?? 'Honor') === 'Honor',
    });
  }
  return out;
}

/** countPodsMatchSelector: pods of the namespace the selector matches, terminating ones left out. */
export function countPodsMatchSelector(
  pods: readonly Pod[],
  selector: Selector | null,
  ns: string | undefined,
): number {
  if (!selector || selector.length === 0) return 0;
  let count = 0;
  for (const p of pods) {
    if (p.metadata.deletionTimestamp || p.metadata.namespace !== ns) continue;
    if (matches(selector, p.metadata.labels)) count++;
  }
  return count;
}

/** topologyNormalizingWeight: log(size + 2), so counts in small topologies are not watered down. */
export function topologyNormalizingWeight(size: number): number {
  return Math.log(size + 2);
}

/** scoreForCount */
export function scoreForCount(cnt: number, maxSkew: number, tpWeight: number): number {
  return cnt * tpWeight + (maxSkew - 1);
}

function nodeLabelsMatchSpreadConstraints(labels: Labels, constraints: readonly SpreadConstraint[]): boolean {
  return constraints.every((c) => Object.hasOwn(labels, c.topologyKey));
}

/**
 * PodTopologySpread (scoring): fewer matching pods in the node's topology domains scores higher.
 * A pod without constraints of its own gets the system defaults (hostname maxSkew 3, zone maxSkew 5)
 * with its ReplicaSet's selector, so a Deployment's replicas spread over nodes.
 */
export const podTopologySpreadScore: ScorePlugin<SpreadState> = {
  name: 'PodTopologySpread',
  weight: 2,
  preScore: (pod, feasible, snap) => {
    if (snap.nodes.length === 0) return new Skip('no nodes');
    const own = pod.spec.topologySpreadConstraints ?? [];
    let constraints: SpreadConstraint[];
    if (own.length > 0) {
      constraints = softConstraints(pod);
    } else {
      const selector = defaultSelector(pod, snap);
      constraints =
        selector.length === 0
          ? []
          : SYSTEM_DEFAULT_CONSTRAINTS.map((c) => ({
              maxSkew: c.maxSkew,
              topologyKey: c.topologyKey,
              selector,
              honorNodeAffinity: true,
            }));
    }
    if (constraints.length === 0)
      return new Skip(
        own.length > 0
          ? 'no ScheduleAnyway topology spread constraints'
          : 'no topology spread constraints, and no ReplicaSet selects the pod (system defaults need one)',
      );
    // Only the pod's own constraints need every topology key on a node (the defaults let nodes
    // without a zone label still spread by hostname).
    const requireAllTopologies = own.length > 0;
    const ns = pod.metadata.namespace;
    const state: SpreadState = {
      constraints,
      counters: constraints.map(
        (c) =>
          snap.matchingPodCounter?.(c.selector, ns) ??
          ((node: string) => countPodsMatchSelector(snap.pods(node), c.selector, ns)),
      ),
      nodeCounts: constraints.map((c) =>
        c.topologyKey === LABEL_HOSTNAME ? snap.nodeCounts?.(c.selector, ns) : undefined,
      ),
      ignoredNodes: new Set(),
      topologyValueToPodCounts: constraints.map(() => new Map()),
      topologyNormalizingWeight: [],
    };
    // The kept per-value sums (over every node of the snapshot) stand for the count over every node
    // when every node counts for a constraint: no topology key required of every node (the system
    // defaults), no required node affinity to honour. The other constraints walk the nodes below.
    const everyNodeCounts = !requireAllTopologies && matchesEveryNode(pod.spec);
    const sums = constraints.map((c) =>
      snap.topologySums &&
      c.topologyKey !== LABEL_HOSTNAME &&
      !requireAllTopologies &&
      (!c.honorNodeAffinity || everyNodeCounts)
        ? snap.topologySums(c.selector, ns, c.topologyKey)
        : undefined,
    );
    // The values seen among the feasible nodes. When every node of the snapshot has the same value
    // (as when no node has the key: ''), the feasible ones (a non-empty part of them) have that one.
    const collect: boolean[] = constraints.map((c) => c.topologyKey !== LABEL_HOSTNAME);
    for (let i = 0; i < constraints.length; i++) {
      const si = sums[i];
      if (!si || si.size !== 1 || feasible.length === 0) continue;
      state.topologyValueToPodCounts[i].set(si.keys().next().value!, 0);
      collect[i] = false;
    }
    // (plain loops: this runs over every feasible node in every cycle)
    if (requireAllTopologies || collect.includes(true)) {
      for (let k = 0; k < feasible.length; k++) {
        const labels = feasible[k].metadata.labels ?? {};
        if (requireAllTopologies && !nodeLabelsMatchSpreadConstraints(labels, constraints)) {
          state.ignoredNodes.add(feasible[k].metadata.name);
          continue;
        }
        for (let i = 0; i < constraints.length; i++) {
          if (!collect[i]) continue;
          const value = labels[constraints[i].topologyKey] ?? '';
          const m = state.topologyValueToPodCounts[i];
          if (!m.has(value)) m.set(value, 0);
        }
      }
    }
    // topoSize: the values seen among the feasible nodes
    state.topologyNormalizingWeight = constraints.map((c, i) =>
      topologyNormalizingWeight(
        c.topologyKey === LABEL_HOSTNAME
          ? feasible.length - state.ignoredNodes.size
          : state.topologyValueToPodCounts[i].size,
      ),
    );
    // Counting over every node is needed only for keys other than hostname (hostname counts are
    // taken in Score); the kept sums are that count where they apply.
    const walk: boolean[] = constraints.map((c, i) => c.topologyKey !== LABEL_HOSTNAME && !sums[i]);
    for (let i = 0; i < constraints.length; i++) {
      const si = sums[i];
      if (!si) continue;
      const m = state.topologyValueToPodCounts[i];
      for (const value of m.keys()) m.set(value, si.get(value) ?? 0);
    }
    if (walk.includes(true)) {
      for (const node of snap.nodes) {
        const labels = node.metadata.labels ?? {};
        if (requireAllTopologies && !nodeLabelsMatchSpreadConstraints(labels, constraints)) continue;
        // the pod's required node affinity, matched once per node (not once per constraint)
        let affinityMatch: boolean | undefined;
        for (let i = 0; i < constraints.length; i++) {
          const c = constraints[i];
          // hostname counts have no entries here (they are counted in Score); kept sums were read above
          if (!walk[i]) continue;
          if (c.honorNodeAffinity && !(affinityMatch ??= podMatchesNodeAffinity(pod.spec, node))) continue;
          const value = labels[c.topologyKey] ?? '';
          const m = state.topologyValueToPodCounts[i];
          const cur = m.get(value);
          if (cur === undefined) continue;
          m.set(value, cur + state.counters[i](node.metadata.name));
        }
      }
    }
    return state;
  },
  score: (s, _pod, { node, index }) => {
    const name = node.metadata.name;
    if (s.ignoredNodes.size > 0 && s.ignoredNodes.has(name)) return 0;
    const labels = node.metadata.labels ?? {};
    let score = 0;
    const constraints = s.constraints;
    for (let i = 0; i < constraints.length; i++) {
      const key = constraints[i].topologyKey;
      if (!Object.hasOwn(labels, key)) continue;
      let cnt: number;
      if (key === LABEL_HOSTNAME) {
        // the kept count at the NodeInfo's index, or a lookup by name
        const kept = s.nodeCounts[i];
        cnt = kept !== undefined && index !== undefined ? kept[index] : s.counters[i](name);
      } else cnt = s.topologyValueToPodCounts[i].get(labels[key]) ?? 0;
      score += scoreForCount(cnt, constraints[i].maxSkew, s.topologyNormalizingWeight[i]);
    }
    return goRound(score);
  },
  normalizeScore: (s, scores) => {
    let minScore = Number.MAX_SAFE_INTEGER;
    let maxScore = 0;
    // the ignored nodes' scores are invalid (no set of them to make when there are none)
    const ignored = s.ignoredNodes;
    if (ignored.size === 0) {
      // (every score valid: the same two passes without asking per node)
      for (let i = 0; i < scores.length; i++) {
        const v = scores[i].score;
        if (v < minScore) minScore = v;
        if (v > maxScore) maxScore = v;
      }
      for (let i = 0; i < scores.length; i++) {
        const sc = scores[i];
        if (maxScore === 0) sc.score = MAX_NODE_SCORE;
        else sc.score = Math.trunc((MAX_NODE_SCORE * (maxScore + minScore - sc.score)) / maxScore);
      }
      return;
    }
    const invalid = (sc: NodeScore) => ignored.size > 0 && ignored.has(sc.name);
    for (const sc of scores) {
      if (invalid(sc)) continue;
      if (sc.score < minScore) minScore = sc.score;
      if (sc.score > maxScore) maxScore = sc.score;
    }
    for (const sc of scores) {
      if (invalid(sc)) sc.score = 0;
      else if (maxScore === 0) sc.score = MAX_NODE_SCORE;
      else sc.score = Math.trunc((MAX_NODE_SCORE * (maxScore + minScore - sc.score)) / maxScore);
    }
  },
};

/** Go's math.Round: half away from zero. */
function goRound(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

// ----------------------------------------------------------------------------- InterPodAffinity

interface AffinityTerm {
  namespaces: Set<string>;
  namespaceSelector: Selector | null;
  selector: Selector | null;
  topologyKey: string;
  weight: number;
}

/** framework.newAffinityTerm: the namespaces a term looks at (the pod's own when it names none). */
function affinityTerm(pod: Pod, term: PodAffinityTerm, weight: number): AffinityTerm {
  const namespaces = new Set(term.namespaces ?? []);
  if (namespaces.size === 0 && !term.namespaceSelector) namespaces.add(pod.metadata.namespace ?? 'default');
  let selector = fromLabelSelector(term.labelSelector);
  const labels = pod.metadata.labels ?? {};
  if (selector) {
    for (const k of term.matchLabelKeys ?? [])
      if (Object.hasOwn(labels, k)) selector = [...selector, { key: k, operator: 'In', values: [labels[k]] }];
    for (const k of term.mismatchLabelKeys ?? [])
      if (Object.hasOwn(labels, k))
        selector = [...selector, { key: k, operator: 'NotIn', values: [labels[k]] }];
  }
  return {
    namespaces,
    namespaceSelector: term.namespaceSelector
      ? fromLabelSelector(term.namespaceSelector as LabelSelector)
      : null,
    selector,
    topologyKey: term.topologyKey,
    weight,
  };
}

/** AffinityTerm.Matches: the pod's namespace is one of the term's and its labels match. */
function termMatchesPod(t: AffinityTerm, pod: Pod, snap: ScoreSnapshot): boolean {
  const ns = pod.metadata.namespace ?? 'default';
  const inNs =
    t.namespaces.has(ns) ||
    (t.namespaceSelector !== null && matches(t.namespaceSelector, snap.namespaceLabels(ns)));
  return inNs && t.selector !== null && matches(t.selector, pod.metadata.labels);
}

function weighted(pod: Pod, terms: readonly WeightedPodAffinityTerm[] | undefined): AffinityTerm[] {
  return (terms ?? []).map((t) => affinityTerm(pod, t.podAffinityTerm, t.weight));
}

/** topology key → value → score */
type ScoreMap = Map<string, Map<string, number>>;

function processTerm(
  m: ScoreMap,
  t: AffinityTerm,
  weight: number,
  pod: Pod,
  node: Node,
  mult: number,
  snap: ScoreSnapshot,
): void {
  if (!termMatchesPod(t, pod, snap)) return;
  const labels = node.metadata.labels ?? {};
  if (!Object.hasOwn(labels, t.topologyKey)) return;
  let byValue = m.get(t.topologyKey);
  if (!byValue) m.set(t.topologyKey, (byValue = new Map()));
  const v = labels[t.topologyKey];
  byValue.set(v, (byValue.get(v) ?? 0) + weight * mult);
}

/** HardPodAffinityWeight's default */
const HARD_POD_AFFINITY_WEIGHT = 1;

/**
 * InterPodAffinity (scoring): the pod's preferred (anti-)affinity terms against the pods already
 * bound, and the bound pods' own terms against this pod (their required affinity with weight 1).
 */
export const interPodAffinityScore: ScorePlugin<ScoreMap> = {
  name: 'InterPodAffinity',
  weight: 2,
  preScore: (pod, feasible, snap) => {
    if (feasible.length === 0) return new Skip('no nodes');
    const a = pod.spec.affinity;
    const affinityTerms = weighted(pod, a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution);
    const antiAffinityTerms = weighted(
      pod,
      a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution,
    );
    const hasConstraints = affinityTerms.length > 0 || antiAffinityTerms.length > 0;
    const m: ScoreMap = new Map();
    if (hasConstraints || snap.havePodsWithAffinity()) {
      for (const node of snap.nodes) {
        for (const existing of snap.pods(node.metadata.name)) {
          const ea = existing.spec.affinity;
          const existingHasAffinity = !!(ea && (ea.podAffinity || ea.podAntiAffinity));
          // Unless this pod has preferred terms, only pods with affinity are looked at.
          if (!hasConstraints && !existingHasAffinity) continue;
          for (const t of affinityTerms) processTerm(m, t, t.weight, existing, node, 1, snap);
          for (const t of antiAffinityTerms) processTerm(m, t, t.weight, existing, node, -1, snap);
          if (ea?.podAffinity) {
            for (const rt of ea.podAffinity.requiredDuringSchedulingIgnoredDuringExecution ?? []) {
              const t = affinityTerm(existing, rt, HARD_POD_AFFINITY_WEIGHT);
              processTerm(m, t, t.weight, pod, node, 1, snap);
            }
            for (const t of weighted(
              existing,
              ea.podAffinity.preferredDuringSchedulingIgnoredDuringExecution,
            ))
              processTerm(m, t, t.weight, pod, node, 1, snap);
          }
          if (ea?.podAntiAffinity) {
            for (const t of weighted(
              existing,
              ea.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution,
            ))
              processTerm(m, t, t.weight, pod, node, -1, snap);
          }
        }
      }
    }
    if (m.size === 0)
      return new Skip('no pod affinity terms apply (neither this pod nor a bound pod has one that matches)');
    return m;
  },
  score: (m, _pod, { node }) => {
    const labels = node.metadata.labels ?? {};
    let score = 0;
    for (const [key, byValue] of m) if (Object.hasOwn(labels, key)) score += byValue.get(labels[key]) ?? 0;
    return score;
  },
  normalizeScore: (_m, scores) => {
    let minCount = Infinity;
    let maxCount = -Infinity;
    for (const s of scores) {
      if (s.score > maxCount) maxCount = s.score;
      if (s.score < minCount) minCount = s.score;
    }
    const diff = maxCount - minCount;
    for (const s of scores)
      s.score = diff > 0 ? Math.trunc(MAX_NODE_SCORE * ((s.score - minCount) / diff)) : 0;
  },
};

// ----------------------------------------------------------------------------- the framework

/** The Score extension point of the default profile, in its order. */
export const SCORE_PLUGINS = [
  taintTolerationScore,
  nodeAffinityScore,
  nodeResourcesFitScore,
  podTopologySpreadScore,
  interPodAffinityScore,
  balancedAllocationScore,
  imageLocalityScore,
] as unknown as readonly ScorePlugin[];

/** One plugin's part of a node's score. */
export interface PluginScore {
  plugin: ScorePluginName;
  /** what Score returned */
  raw: number;
  /** after NormalizeScore (the raw score when the plugin has none) */
  normalized: number;
  weight: number;
  /** normalized × weight: what is added to the total */
  weighted: number;
}

/** framework.NodePluginScores */
export interface NodePluginScores {
  name: string;
  scores: PluginScore[];
  totalScore: number;
}

export interface Prioritized {
  nodes: NodePluginScores[];
  /** plugins whose PreScore returned Skip, with why */
  skipped: { plugin: ScorePluginName; reason: string }[];
}

/**
 * prioritizeNodes: RunPreScorePlugins, then per plugin Score on every feasible node,
 * NormalizeScore, and the weight; a node's total is the sum.
 */
export function prioritizeNodes(
  pod: Pod,
  feasible: readonly Node[],
  snap: ScoreSnapshot,
  plugins: readonly ScorePlugin[] = SCORE_PLUGINS,
  /**
   * keep each plugin's part of each node's score (`sim why`); a scheduling cycle reads only the totals
   * and leaves `scores` empty (the same sums: 420 nodes × 7 plugins of parts per cycle were most of
   * what a 3,000-replica apply allocated)
   */
  detail = true,
  /** the feasible nodes' NodeInfos in the same order (the scheduler's kept ones); made from `snap` when absent */
  infos: readonly NodeInfo[] = feasible.map((n) => nodeInfoOf(n, snap)),
): Prioritized {
  const n = feasible.length;
  const out: NodePluginScores[] = feasible.map((f) => ({
    name: f.metadata.name,
    scores: detail ? [] : NO_SCORES,
    totalScore: 0,
  }));
  const skipped: Prioritized['skipped'] = [];
  // one list of node scores, filled by each plugin in turn (made for the first plugin that scores per node)
  let list: NodeScore[] | undefined;
  const raw: number[] = detail ? feasible.map(() => 0) : [];
  for (const p of plugins) {
    const state = p.preScore(pod, feasible, snap);
    if (state instanceof Skip) {
      skipped.push({ plugin: p.name, reason: state.reason });
      continue;
    }
    const uniform = detail ? undefined : p.uniformScore?.(state, feasible);
    if (uniform !== undefined) {
      const weightedScore = uniform * p.weight;
      for (let i = 0; i < n; i++) out[i].totalScore += weightedScore;
      continue;
    }
    list ??= feasible.map((f) => ({ name: f.metadata.name, score: 0 }));
    for (let i = 0; i < n; i++) {
      const score = p.score(state, pod, infos[i], snap);
      list[i].score = score;
      if (detail) raw[i] = score;
    }
    p.normalizeScore?.(state, list);
    for (let i = 0; i < n; i++) {
      const weightedScore = list[i].score * p.weight;
      if (detail)
        out[i].scores.push({
          plugin: p.name,
          raw: raw[i],
          normalized: list[i].score,
          weight: p.weight,
          weighted: weightedScore,
        });
      out[i].totalScore += weightedScore;
    }
  }
  return { nodes: out, skipped };
}

/** What a scheduling cycle keeps of prioritizeNodes: each feasible node's total, in their order. */
export interface PrioritizedTotals {
  totals: Float64Array;
  skipped: Prioritized['skipped'];
}

/**
 * The buffers a scheduler's cycles reuse (one scheduler runs one cycle at a time, and a cycle reads
 * them only until it has picked its node): the feasible nodes and their NodeInfos as the filter loop
 * finds them, the NodeScore list the Score plugins fill, and the totals. Without it a cycle made
 * each afresh — some 2,000 objects per replica scored against 420 nodes, most of the mixed case's
 * garbage. What is read of them is only ever the part a cycle wrote (prioritizeTotals sets every
 * name and score, and zeroes the totals, before reading; cycleCaches.test.ts checks it against
 * fresh ones through cycles of different sizes).
 */
export class CycleScratch {
  readonly feasible: Node[] = [];
  readonly infos: NodeInfo[] = [];
  private readonly scores: NodeScore[] = [];
  private totalsBuf = new Float64Array(0);

  /** A NodeScore per feasible node, named in their order, the scores 0: exactly `feasible.length` long. */
  scoresFor(feasible: readonly Node[]): NodeScore[] {
    const n = feasible.length;
    const list = this.scores;
    for (let i = 0; i < n; i++) {
      const name = feasible[i].metadata.name;
      if (i < list.length) {
        list[i].name = name;
        list[i].score = 0;
      } else list.push({ name, score: 0 });
    }
    list.length = n;
    return list;
  }

  /** `n` totals, all 0 (a view of a buffer kept from one cycle to the next). */
  totals(n: number): Float64Array {
    if (this.totalsBuf.length < n) this.totalsBuf = new Float64Array(Math.max(n, 2 * this.totalsBuf.length));
    const t = this.totalsBuf.subarray(0, n);
    t.fill(0);
    return t;
  }
}

/**
 * prioritizeNodes as a scheduling cycle runs it: the same plugins, normalisation and weights, the
 * same uniform scores, but only the totals (one number per feasible node, no record per node) —
 * prioritizeNodes's totals are the oracle (cycleCaches.test.ts). With `scratch`, the NodeScore list
 * and the totals are its buffers (read the totals before the next cycle with the same scratch).
 */
export function prioritizeTotals(
  pod: Pod,
  feasible: readonly Node[],
  snap: ScoreSnapshot,
  infos: readonly NodeInfo[],
  plugins: readonly ScorePlugin[] = SCORE_PLUGINS,
  scratch?: CycleScratch,
): PrioritizedTotals {
  const n = feasible.length;
  const totals = scratch ? scratch.totals(n) : new Float64Array(n);
  const skipped: Prioritized['skipped'] = [];
  let list: NodeScore[] | undefined;
  for (const p of plugins) {
    const state = p.preScore(pod, feasible, snap);
    if (state instanceof Skip) {
      skipped.push({ plugin: p.name, reason: state.reason });
      continue;
    }
    const uniform = p.uniformScore?.(state, feasible);
    if (uniform !== undefined) {
      const weightedScore = uniform * p.weight;
      for (let i = 0; i < n; i++) totals[i] += weightedScore;
      continue;
    }
    if (list === undefined) {
      if (scratch) list = scratch.scoresFor(feasible);
      else {
        list = [];
        for (let i = 0; i < n; i++) list.push({ name: feasible[i].metadata.name, score: 0 });
      }
    }
    for (let i = 0; i < n; i++) list[i].score = p.score(state, pod, infos[i], snap);
    p.normalizeScore?.(state, list);
    const w = p.weight;
    for (let i = 0; i < n; i++) totals[i] += list[i].score * w;
  }
  return { totals, skipped };
}

/** selectHost over a cycle's totals (the feasible nodes in the same order): the same pick and draws. */
export function selectHostOfTotals(
  feasible: readonly Node[],
  totals: ArrayLike<number>,
  rand: Random,
): string | undefined {
  const n = feasible.length;
  if (n === 0) return undefined;
  let max = -Infinity;
  for (let i = 0; i < n; i++) if (totals[i] > max) max = totals[i];
  let selected: string | undefined;
  let cntOfMaxScore = 0;
  for (let i = 0; i < n; i++) {
    if (totals[i] !== max) continue;
    cntOfMaxScore++;
    if (cntOfMaxScore === 1 || rand.int(cntOfMaxScore) === 0) selected = feasible[i].metadata.name;
  }
  return selected;
}

/** the parts of a cycle's node score, which keeps only the totals (shared, never written) */
const NO_SCORES = Object.freeze([]) as unknown as PluginScore[];

/**
 * selectHost: the highest total wins; among equal totals one is picked uniformly at random by
 * reservoir sampling (each later tie replaces the pick with probability 1/count), drawing from the
 * scheduler's seeded generator once per tie after the first, in the list's order.
 */
export function selectHost(list: readonly NodePluginScores[], rand: Random): string | undefined {
  if (list.length === 0) return undefined;
  let max = -Infinity;
  for (const n of list) if (n.totalScore > max) max = n.totalScore;
  let selected: string | undefined;
  let cntOfMaxScore = 0;
  for (const n of list) {
    if (n.totalScore !== max) continue;
    cntOfMaxScore++;
    if (cntOfMaxScore === 1 || rand.int(cntOfMaxScore) === 0) selected = n.name;
  }
  return selected;
}

/** numFeasibleNodesToFind with the default percentageOfNodesToScore (adaptive). */
export function numFeasibleNodesToFind(numAllNodes: number): number {
  const MIN_FEASIBLE_NODES_TO_FIND = 100;
  const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let percentage = 50 - Math.trunc(numAllNodes / 125);
  if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
  const numNodes = Math.trunc((numAllNodes * percentage) / 100);
  return numNodes < MIN_FEASIBLE_NODES_TO_FIND ? MIN_FEASIBLE_NODES_TO_FIND : numNodes;
}
