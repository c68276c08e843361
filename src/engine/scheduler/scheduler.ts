// The default scheduler (pkg/scheduler/schedule_one.go): takes pods without spec.nodeName, runs
// the filters against the candidate nodes, binds to the best feasible one, or records why none fit
// (PodScheduled=False + FailedScheduling) and parks the pod until a relevant cluster event.

import { deepEqual } from '../api/objects';
import type { Change } from '../api/objectStore';
import type { Node, Pod } from '../api/types';
import type { ControllerHost } from '../host';
import { TIMINGS } from '../timings';
import { firstFailure, fitsNode } from './filters';
import {
  type Diagnosis,
  type NodeStatus,
  ERR_AFFINITY_CONFLICT,
  absentNodesStatus,
  fitErrorWithPostFilter,
  preFilterNodeNames,
  preFilterSingleNode,
  statusOf,
} from './fitError';
import { MatchingPodCounts } from './matchingPodCounts';
import { type NodeAllocatable, NodeInfoIndex, nodeAllocatable, podRequest, usageWithPods } from './nodeInfo';
import { podPriority } from '../api/priority';
import { type PreemptionResult, preempt } from './preemption';
import { Random } from '../random';
import {
  type NodeInfo,
  type Prioritized,
  type ScoreSnapshot,
  CycleScratch,
  SCORE_PLUGINS,
  allocatableOf,
  nodeInfoOf,
  numFeasibleNodesToFind,
  prioritizeNodes,
  prioritizeTotals,
  selectHost,
  selectHostOfTotals,
} from './scoring';
import { setPodCondition } from '../api/podCondition';
import { namespacedName } from '../api/namespacedName';
import { splitKey } from './podsByNode';

export const SCHEDULER_QUEUE = 'scheduler';
export const SCHEDULER_NAME = 'default-scheduler';

export type ScheduleResult =
  | {
      node: string;
      /**
       * the feasible nodes, in the order they were found: an explanation's (`sim why`); a scheduling
       * cycle leaves it out (nothing reads it there: it only binds the pick)
       */
      feasible?: string[];
      /**
       * an explanation's scores, when more than one node was feasible (one feasible node is taken
       * unscored); a scheduling cycle keeps only the totals (prioritizeTotals) and leaves this out
       */
      prioritized?: Prioritized;
    }
  | {
      diagnosis: Diagnosis;
      message: string;
      /** what DefaultPreemption (the PostFilter) found; none when there are no nodes */
      preemption?: PreemptionResult;
    };

function nodeSchedulingChanged(a: Node, b: Node): boolean {
  return (
    !deepEqual(a.metadata.labels, b.metadata.labels) ||
    !deepEqual(a.spec?.taints, b.spec?.taints) ||
    !!a.spec?.unschedulable !== !!b.spec?.unschedulable ||
    !deepEqual(a.status?.allocatable, b.status?.allocatable)
  );
}

/**
 * The scheduler's NodeInfo of a node of its list: the node, its usage (the cache's live object) and
 * its allocatable, made with the list and kept while no node changes.
 */
interface CachedNodeInfo extends NodeInfo {
  /** the figure the Fit filter reads (the pod count included) */
  readonly fitAllocatable: NodeAllocatable;
  /** its position in the node list */
  readonly index: number;
}

export class Scheduler {
  /** The scheduler cache: what is bound to each node. */
  readonly nodeInfos = new NodeInfoIndex();
  /** PodTopologySpread's counts per selector, kept from the pod changes (matchingPodCounts.ts) */
  readonly matchingPods: MatchingPodCounts;
  /** Unschedulable pods waiting for a change on a given node (daemon pods pinned to it). */
  private readonly waitingOnNode = new Map<string, Set<string>>();
  /** Unschedulable pods that any node change may help. */
  private readonly waitingOnAny = new Set<string>();
  private readonly waitingKey = new Map<string, string | undefined>();
  /**
   * Pods waiting for the node their preemption nominated (status.nominatedNodeName, not bound yet):
   * the scheduling queue's nominator. A pod of lower or equal priority is filtered as if they ran there.
   */
  private readonly nominated = new Map<string, Pod>();

  /**
   * Where the next cycle starts looking (nextStartNodeIndex): in a cluster of 100 nodes or more the
   * scheduler stops after numFeasibleNodesToFind feasible nodes, and the next pod starts after them.
   */
  private nextStartNodeIndex = 0;

  /**
   * The cache's node list (store order), made again only when a node comes, goes or changes: a
   * scheduling cycle reads it twice (the filter's candidates, the score plugins' snapshot), and
   * listing 1,000 nodes per read was a large part of a 3,000-replica apply. The same array while no
   * node changed, which also lets ImageLocality keep its summary (imageStatesOf).
   */
  private nodeList: readonly Node[] | undefined;
  /** a NodeInfo per node of nodeList, in its order (the cache's snapshot of NodeInfos) */
  private keptInfos: readonly CachedNodeInfo[] | undefined;
  /** the buffers a cycle fills and reads until it picks (CycleScratch): not made again per cycle */
  private readonly scratch = new CycleScratch();

  /**
   * @param rand the scheduler's own seeded generator (ties between nodes of equal score are picked
   *   at random, as upstream's selectHost does); separate from the API server's name generator, so a
   *   tie drawn here does not change the names of the pods created after it
   */
  constructor(
    private readonly sim: ControllerHost,
    private readonly rand: Random = new Random(1),
    /** PodTopologySpread's counts: kept per selector (default) or counted over every node's pods each cycle (the oracle) */
    private readonly spreadCounts: 'kept' | 'fullPass' = 'kept',
  ) {
    this.matchingPods = new MatchingPodCounts((ns, each) => sim.store.each('Pod', ns, each));
    sim.watch((c) => this.onPod(c), ['Pod']);
    sim.watch((c) => this.onNode(c), ['Node']);
  }

  /** Pods parked as unschedulable (for the UI). */
  unschedulablePods(): string[] {
    return [...this.waitingKey.keys()].sort();
  }

  private onPod(c: Change): void {
    const pod = c.obj as Pod;
    const old = c.old as Pod | undefined;
    if (pod.status?.nominatedNodeName || this.nominated.size > 0) this.trackNominated(c);
    if (this.spreadCounts === 'kept') this.matchingPods.onPodChange(c);
    // A bound pod whose spec, phase and deletion state stayed (a kubelet status write): the cache
    // already counts it, and it is in no scheduling queue.
    if (
      old &&
      c.type === 'MODIFIED' &&
      pod.spec.nodeName &&
      old.spec === pod.spec &&
      old.status?.phase === pod.status?.phase &&
      old.metadata.deletionTimestamp === pod.metadata.deletionTimestamp
    ) {
      return;
    }
    const freed = this.nodeInfos.onPodChange(c);
    // Nothing parked (the usual case): no pod to move back, no key to forget, no text to build.
    const parked = this.waitingKey.size > 0;
    if (freed && parked)
      this.requeueFor(
        freed,
        `pod ${namespacedName(pod.metadata.namespace, pod.metadata.name)} on node ${freed} freed its resources`,
      );
    if (c.type === 'DELETED' || pod.spec.nodeName || pod.metadata.deletionTimestamp) {
      if (parked) this.forget(namespacedName(pod.metadata.namespace, pod.metadata.name));
      return;
    }
    const key = namespacedName(pod.metadata.namespace, pod.metadata.name);
    if ((pod.spec.schedulerName ?? SCHEDULER_NAME) !== SCHEDULER_NAME) return;
    if (c.type === 'ADDED') {
      this.enqueue(key, 'pod created without a node', pod);
    } else if (old) {
      if (!deepEqual(old.spec, pod.spec) || !deepEqual(old.metadata.labels, pod.metadata.labels)) {
        this.forget(key);
        this.enqueue(key, 'unscheduled pod updated', pod);
      }
    }
  }

  private trackNominated(c: Change): void {
    const pod = c.obj as Pod;
    const key = namespacedName(pod.metadata.namespace, pod.metadata.name);
    const waiting =
      c.type !== 'DELETED' &&
      !!pod.status?.nominatedNodeName &&
      !pod.spec.nodeName &&
      !pod.metadata.deletionTimestamp;
    if (waiting) this.nominated.set(key, pod);
    else this.nominated.delete(key);
  }

  /** addGENominatedPods: the pods nominated to `node` with at least `pod`'s priority, itself left out. */
  private nominatedOn(node: string, pod: Pod): Pod[] {
    if (this.nominated.size === 0) return [];
    const priority = podPriority(pod);
    const out: Pod[] = [];
    for (const p of this.nominated.values()) {
      if (p.status.nominatedNodeName !== node || podPriority(p) < priority) continue;
      if (p.metadata.namespace === pod.metadata.namespace && p.metadata.name === pod.metadata.name) continue;
      out.push(p);
    }
    return out;
  }

  private onNode(c: Change): void {
    this.nodeList = undefined;
    this.keptInfos = undefined;
    const node = c.obj as Node;
    if (c.type === 'ADDED') this.requeueFor(node.metadata.name, `node ${node.metadata.name} added`);
    else if (c.type === 'MODIFIED' && nodeSchedulingChanged(c.old as Node, node)) {
      this.requeueFor(node.metadata.name, `node ${node.metadata.name} updated`);
    }
  }

  /** `pod`: the pod the key names, when the caller has it (its namespace and name, not split from the key) */
  private enqueue(key: string, reason: string, pod?: Pod): void {
    const ns = pod?.metadata.namespace;
    const name = pod?.metadata.name;
    this.sim.enqueue(SCHEDULER_QUEUE, key, TIMINGS.schedulerDelayMs, reason, () =>
      this.scheduleOne(key, ns, name),
    );
  }

  /** Moves the unschedulable pods a change on `node` may help back to the active queue. */
  private requeueFor(node: string, reason: string): void {
    if (this.waitingKey.size === 0) return;
    const keys = [...(this.waitingOnNode.get(node) ?? []), ...this.waitingOnAny].sort();
    for (const k of keys) {
      this.forget(k);
      this.enqueue(k, reason);
    }
  }

  private park(key: string, pinned: string | undefined): void {
    this.forget(key);
    this.waitingKey.set(key, pinned);
    if (pinned === undefined) {
      this.waitingOnAny.add(key);
      return;
    }
    let s = this.waitingOnNode.get(pinned);
    if (!s) this.waitingOnNode.set(pinned, (s = new Set()));
    s.add(key);
  }

  private forget(key: string): void {
    if (!this.waitingKey.has(key)) return;
    const pinned = this.waitingKey.get(key);
    this.waitingKey.delete(key);
    if (pinned === undefined) {
      this.waitingOnAny.delete(key);
      return;
    }
    const s = this.waitingOnNode.get(pinned);
    s?.delete(key);
    if (s && s.size === 0) this.waitingOnNode.delete(pinned);
  }

  /**
   * schedulePod: findNodesThatFitPod, then (more than one feasible node) prioritizeNodes and
   * selectHost. `cycle`: a real scheduling cycle, which moves nextStartNodeIndex and draws from the
   * generator on ties; false for an explanation (`sim why pod/NAME`), which leaves both alone and
   * leaves `exclude` (the pod itself, when it is bound) out of what the nodes hold.
   */
  schedulePod(pod: Pod, cycle = true, exclude?: Pod): ScheduleResult {
    const numAllNodes = this.sim.store.count('Node');
    if (numAllNodes === 0) return this.failed(pod, emptyDiagnosis(numAllNodes, 0), cycle, exclude);
    // A daemon pod (its affinity pins one node) is read without building the prefilter's set.
    const pinned = preFilterSingleNode(pod.spec);
    const names = pinned !== undefined ? undefined : preFilterNodeNames(pod.spec);
    let candidates: readonly Node[];
    // every node a candidate, nothing left out and nothing nominated: the kept NodeInfos are what the
    // filters and the score plugins read (the same usage and allocatable as the lookups below)
    let kept: readonly CachedNodeInfo[] | undefined;
    let absentNodes = 0;
    if (pinned !== undefined) {
      const only = this.sim.store.get('Node', undefined, pinned);
      candidates = only ? [only] : [];
      absentNodes = numAllNodes - candidates.length;
    } else if (names === 'conflict') {
      const d = emptyDiagnosis(numAllNodes, 0);
      d.preFilterMsg = ERR_AFFINITY_CONFLICT;
      return this.failed(pod, d, cycle, exclude);
    } else if (names) {
      if (names.size === 1) {
        // A daemon pod: its affinity pins one node.
        const only = this.sim.store.get('Node', undefined, names.values().next().value!);
        candidates = only ? [only] : [];
      } else {
        candidates = [...names]
          .sort()
          .map((n) => this.sim.store.get('Node', undefined, n))
          .filter((n): n is Node => n !== undefined);
      }
      absentNodes = numAllNodes - candidates.length;
    } else {
      candidates = this.nodes();
      if (!exclude && this.nominated.size === 0) kept = this.keptNodeInfos();
    }
    const req = podRequest(pod);
    // RunFilterPluginsWithNominatedPods: nominated pods of at least this priority count as placed
    const usageOf = (node: string) =>
      usageWithPods(
        exclude ? this.nodeInfos.usageWithout(node, exclude) : this.nodeInfos.usage(node),
        this.nominatedOn(node, pod),
      );
    // findNodesThatPassFilters: from nextStartNodeIndex round the list, until numNodesToFind fit.
    const n = candidates.length;
    const numNodesToFind = numFeasibleNodesToFind(n);
    // A cycle over every node fills the scratch buffers (read only until it picks its node); an
    // explanation, or a pod with its own candidates (a daemon pod's one node), fresh arrays.
    const reuse = cycle && kept !== undefined;
    const feasible: Node[] = reuse ? this.scratch.feasible : [];
    const feasibleInfos: NodeInfo[] | undefined = kept && (reuse ? this.scratch.infos : []);
    let found = 0;
    // The diagnosis is built only when no node fits (the failed nodes in the order checked).
    let statuses: Map<string, NodeStatus> | undefined;
    let failedCount = 0;
    for (let i = 0; i < n && found < numNodesToFind; i++) {
      const k = (this.nextStartNodeIndex + i) % n;
      const node = candidates[k];
      const info = kept?.[k];
      const usage = info ? info.usage : usageOf(node.metadata.name);
      if (fitsNode(pod, node, usage, req, info ? info.fitAllocatable : nodeAllocatable(node))) {
        feasible[found] = node;
        if (info) feasibleInfos![found] = info;
        found++;
        continue;
      }
      (statuses ??= new Map()).set(node.metadata.name, statusOf(firstFailure(pod, node, usage, req)!));
      failedCount++;
    }
    // the buffers' length is what this pass found (unchanged from cycle to cycle as a rule)
    if (feasible.length !== found) feasible.length = found;
    if (feasibleInfos !== undefined && feasibleInfos.length !== found) feasibleInfos.length = found;
    if (cycle)
      this.nextStartNodeIndex = (this.nextStartNodeIndex + feasible.length + failedCount) % numAllNodes;
    if (feasible.length === 0) {
      const d = emptyDiagnosis(numAllNodes, absentNodes, statuses);
      if (absentNodes > 0) d.absentStatus = absentNodesStatus(['NodeAffinity']);
      return this.failed(pod, d, cycle, exclude);
    }
    const feasibleNames = cycle ? undefined : feasible.map((f) => f.metadata.name);
    // When only one node fits, it is taken without scoring.
    if (feasible.length === 1) return { node: feasible[0].metadata.name, feasible: feasibleNames };
    const snap = this.snapshot(exclude);
    if (cycle) {
      // a cycle needs the totals only (prioritizeTotals: no record per node)
      const infos = feasibleInfos ?? feasible.map((f) => nodeInfoOf(f, snap));
      const { totals } = prioritizeTotals(pod, feasible, snap, infos, SCORE_PLUGINS, this.scratch);
      return { node: selectHostOfTotals(feasible, totals, this.rand)!, feasible: feasibleNames };
    }
    // an explanation shows each plugin's part
    const prioritized = prioritizeNodes(pod, feasible, snap, undefined, true, feasibleInfos);
    // An explanation draws from a copy of the generator: what the next cycle would pick.
    const rand = new Random(this.rand.getState());
    return { node: selectHost(prioritized.nodes, rand)!, feasible: feasibleNames, prioritized };
  }

  /**
   * A cycle that found no node: the PostFilter (DefaultPreemption) runs, and FailedScheduling's
   * message carries its verdict. An explanation runs it on a copy of the generator.
   */
  private failed(pod: Pod, diagnosis: Diagnosis, cycle: boolean, exclude?: Pod): ScheduleResult {
    if (diagnosis.numAllNodes === 0) return { diagnosis, message: fitErrorWithPostFilter(diagnosis, '') };
    const preemption = preempt(
      pod,
      diagnosis,
      {
        node: (n) => this.sim.store.get('Node', undefined, n),
        pods: this.podsOf(exclude),
        pdbs: () => this.sim.store.list('PodDisruptionBudget'),
      },
      cycle ? this.rand : new Random(this.rand.getState()),
    );
    const postFilterMsg = 'message' in preemption ? preemption.message : '';
    return { diagnosis, message: fitErrorWithPostFilter(diagnosis, postFilterMsg), preemption };
  }

  /** Every node, in the store's order (see nodeList). */
  nodes(): readonly Node[] {
    return (this.nodeList ??= Object.freeze(this.sim.store.list('Node')));
  }

  /** A NodeInfo per node of nodes(), in its order, kept with the list (read by a cycle; public for tests). */
  keptNodeInfos(): readonly CachedNodeInfo[] {
    return (this.keptInfos ??= this.nodes().map((node, index) => ({
      node,
      usage: this.nodeInfos.liveUsage(node.metadata.name),
      allocatable: allocatableOf(node),
      fitAllocatable: nodeAllocatable(node),
      index,
    })));
  }

  /** NodeInfo.Pods read from the store, per node once per cycle; `exclude` left out. */
  private podsOf(exclude?: Pod): (node: string) => Pod[] {
    const store = this.sim.store;
    const infos = this.nodeInfos;
    const podsByNode = new Map<string, Pod[]>();
    const exNs = exclude?.metadata.namespace;
    const exName = exclude?.metadata.name;
    return (node) => {
      let pods = podsByNode.get(node);
      if (!pods) {
        pods = [];
        for (const k of infos.podKeys(node)) {
          if (exclude && k.namespace === exNs && k.name === exName) continue;
          const p = store.get('Pod', k.namespace, k.name);
          if (p) pods.push(p);
        }
        podsByNode.set(node, pods);
      }
      return pods;
    };
  }

  /** The cache's view for the score plugins; `exclude` (a bound pod being explained) left out. */
  snapshot(exclude?: Pod): ScoreSnapshot {
    const store = this.sim.store;
    const infos = this.nodeInfos;
    return {
      nodes: this.nodes(),
      usage: (node) => (exclude ? infos.usageWithout(node, exclude) : infos.usage(node)),
      pods: this.podsOf(exclude),
      havePodsWithAffinity: () => infos.havePodsWithAffinity(),
      replicaSet: (ns, name) => store.get('ReplicaSet', ns, name),
      namespaceLabels: (ns) => store.get('Namespace', undefined, ns)?.metadata.labels,
      // an explanation leaves its pod out: counted over the pods then
      matchingPodCounter:
        exclude || this.spreadCounts === 'fullPass'
          ? undefined
          : (sel, ns) => this.matchingPods.counter(sel, ns),
      topologySums:
        exclude || this.spreadCounts === 'fullPass'
          ? undefined
          : (sel, ns, key) => this.matchingPods.topologySums(sel, ns, this.nodes(), key),
      nodeCounts:
        exclude || this.spreadCounts === 'fullPass'
          ? undefined
          : (sel, ns) => this.matchingPods.nodeCounts(sel, ns, this.nodes()),
    };
  }

  private scheduleOne(key: string, namespace?: string, podName?: string): string {
    let ns = namespace;
    let name = podName;
    if (ns === undefined || name === undefined) [ns, name] = splitKey(key);
    const pod = this.sim.store.get('Pod', ns, name);
    if (!pod || pod.spec.nodeName || pod.metadata.deletionTimestamp) return 'nothing to do';
    const result = this.schedulePod(pod);
    if ('node' in result) {
      this.bind(pod, result.node);
      return `bound ${key} to ${result.node}`;
    }
    const p = result.preemption;
    let nominated: string | null | undefined;
    let did = '';
    if (p && 'nominatedNode' in p) {
      this.prepareCandidate(pod, p.nominatedNode, p.victims);
      nominated = p.nominatedNode;
      did = `; preempting ${p.victims.map((v) => namespacedName(v.metadata.namespace, v.metadata.name)).join(', ')} on ${p.nominatedNode}`;
    } else if (p?.clearNomination) nominated = null;
    this.recordFailure(this.sim.store.get('Pod', ns, name) ?? pod, result.message, nominated);
    this.park(key, result.diagnosis.preFilterMsg ? undefined : pinnedTarget(pod));
    return `unschedulable: ${result.message}${did}`;
  }

  private bind(pod: Pod, node: string): void {
    // The binding subresource sets spec.nodeName and PodScheduled=True in one write.
    const bound = this.sim.store.bind(pod.metadata.namespace!, pod.metadata.name, node);
    this.sim.recorder.event(
      bound,
      'Normal',
      'Scheduled',
      `Successfully assigned ${pod.metadata.namespace}/${pod.metadata.name} to ${node}`,
      SCHEDULER_NAME,
    );
  }

  /**
   * prepareCandidate: each victim gets the DisruptionTarget condition, is deleted (gracefully: it
   * holds its resources until it is gone) and a Preempted event names the preemptor's uid.
   */
  private prepareCandidate(preemptor: Pod, node: string, victims: readonly Pod[]): void {
    for (const v of victims) {
      const updated = this.sim.store.updateStatus<'Pod'>({
        ...v,
        status: {
          ...v.status,
          conditions: setPodCondition(
            v.status?.conditions,
            {
              type: 'DisruptionTarget',
              status: 'True',
              reason: 'PreemptionByScheduler',
              message: 'DefaultPreemption: preempting to accommodate a higher priority pod',
            },
            this.sim.iso(),
          ),
        },
      });
      this.sim.store.delete('Pod', updated.metadata.namespace, updated.metadata.name);
      this.sim.recorder.event(
        updated,
        'Normal',
        'Preempted',
        `Preempted by pod ${preemptor.metadata.uid} on node ${node}`,
        SCHEDULER_NAME,
      );
    }
  }

  /** `nominated`: the node to nominate, null to clear the nomination, undefined to leave it. */
  private recordFailure(pod: Pod, message: string, nominated?: string | null): void {
    const now = this.sim.iso();
    const status = {
      ...pod.status,
      conditions: setPodCondition(
        pod.status?.conditions,
        { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message },
        now,
      ),
    };
    if (nominated) status.nominatedNodeName = nominated;
    else if (nominated === null) delete status.nominatedNodeName;
    const updated = this.sim.store.updateStatus<'Pod'>({ ...pod, status });
    this.sim.recorder.event(updated, 'Warning', 'FailedScheduling', message, SCHEDULER_NAME);
  }
}

function emptyDiagnosis(
  numAllNodes: number,
  absentNodes: number,
  nodeToStatus: Map<string, NodeStatus> = new Map(),
): Diagnosis {
  return { numAllNodes, nodeToStatus, absentNodes };
}

/** The single node a pod's NodeAffinity PreFilter limits it to, if exactly one. */
function pinnedTarget(pod: Pod): string | undefined {
  const names = preFilterNodeNames(pod.spec);
  return names instanceof Set && names.size === 1 ? [...names][0] : undefined;
}
