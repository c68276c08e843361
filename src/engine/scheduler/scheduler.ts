// The default scheduler (pkg/scheduler/schedule_one.go): takes pods without spec.nodeName, runs
// the filters against the candidate nodes, binds to the best feasible one, or records why none fit
// (PodScheduled=False + FailedScheduling) and parks the pod until a relevant cluster event.

import { deepEqual } from '../api/objects';
import type { Change } from '../api/objectStore';
import type { Node, Pod } from '../api/types';
import type { ControllerHost } from '../host';
import { TIMINGS } from '../timings';
import { firstFailure } from './filters';
import {
  type Diagnosis,
  type NodeStatus,
  ERR_AFFINITY_CONFLICT,
  absentNodesStatus,
  fitErrorMessage,
  preFilterNodeNames,
  preFilterSingleNode,
  statusOf,
} from './fitError';
import { NodeInfoIndex, podRequest } from './nodeInfo';
import { setPodCondition } from '../api/podCondition';
import { namespacedName } from '../api/namespacedName';
import { splitKey } from './podsByNode';

export const SCHEDULER_QUEUE = 'scheduler';
export const SCHEDULER_NAME = 'default-scheduler';

export type ScheduleResult = { node: string } | { diagnosis: Diagnosis; message: string };

function nodeSchedulingChanged(a: Node, b: Node): boolean {
  return (
    !deepEqual(a.metadata.labels, b.metadata.labels) ||
    !deepEqual(a.spec?.taints, b.spec?.taints) ||
    !!a.spec?.unschedulable !== !!b.spec?.unschedulable ||
    !deepEqual(a.status?.allocatable, b.status?.allocatable)
  );
}

export class Scheduler {
  /** The scheduler cache: what is bound to each node. */
  readonly nodeInfos = new NodeInfoIndex();
  /** Unschedulable pods waiting for a change on a given node (daemon pods pinned to it). */
  private readonly waitingOnNode = new Map<string, Set<string>>();
  /** Unschedulable pods that any node change may help. */
  private readonly waitingOnAny = new Set<string>();
  private readonly waitingKey = new Map<string, string | undefined>();

  constructor(private readonly sim: ControllerHost) {
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

  private onNode(c: Change): void {
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

  /** findNodesThatFitPod + selectHost, without side effects. */
  findNode(pod: Pod): ScheduleResult {
    const numAllNodes = this.sim.store.count('Node');
    if (numAllNodes === 0) return failed(pod, emptyDiagnosis(numAllNodes, 0));
    // A daemon pod (its affinity pins one node) is read without building the prefilter's set.
    const pinned = preFilterSingleNode(pod.spec);
    const names = pinned !== undefined ? undefined : preFilterNodeNames(pod.spec);
    let candidates: Node[];
    let absentNodes = 0;
    if (pinned !== undefined) {
      const only = this.sim.store.get('Node', undefined, pinned);
      candidates = only ? [only] : [];
      absentNodes = numAllNodes - candidates.length;
    } else if (names === 'conflict') {
      const d = emptyDiagnosis(numAllNodes, 0);
      d.preFilterMsg = ERR_AFFINITY_CONFLICT;
      return failed(pod, d);
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
      candidates = this.sim.store.list('Node');
    }
    let best: Node | undefined;
    let bestPods = Infinity;
    const req = podRequest(pod);
    // The diagnosis is built only when no node fits (the failed nodes in candidate order).
    let statuses: Map<string, NodeStatus> | undefined;
    for (const node of candidates) {
      const usage = this.nodeInfos.usage(node.metadata.name);
      const failure = firstFailure(pod, node, usage, req);
      if (failure) {
        (statuses ??= new Map()).set(node.metadata.name, statusOf(failure));
      } else if (usage.pods < bestPods) {
        // Score: fewest pods first; candidates are in name order, so ties go to the first name.
        best = node;
        bestPods = usage.pods;
      }
    }
    if (best) return { node: best.metadata.name };
    const d = emptyDiagnosis(numAllNodes, absentNodes, statuses);
    if (absentNodes > 0) d.absentStatus = absentNodesStatus(['NodeAffinity']);
    return failed(pod, d);
  }

  private scheduleOne(key: string, namespace?: string, podName?: string): string {
    let ns = namespace;
    let name = podName;
    if (ns === undefined || name === undefined) [ns, name] = splitKey(key);
    const pod = this.sim.store.get('Pod', ns, name);
    if (!pod || pod.spec.nodeName || pod.metadata.deletionTimestamp) return 'nothing to do';
    const result = this.findNode(pod);
    if ('node' in result) {
      this.bind(pod, result.node);
      return `bound ${key} to ${result.node}`;
    }
    this.recordFailure(pod, result.message);
    this.park(key, result.diagnosis.preFilterMsg ? undefined : pinnedTarget(pod));
    return `unschedulable: ${result.message}`;
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

  private recordFailure(pod: Pod, message: string): void {
    const now = this.sim.iso();
    const updated = this.sim.store.updateStatus<'Pod'>({
      ...pod,
      status: {
        ...pod.status,
        conditions: setPodCondition(
          pod.status?.conditions,
          { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message },
          now,
        ),
      },
    });
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

function failed(pod: Pod, diagnosis: Diagnosis): ScheduleResult {
  return { diagnosis, message: fitErrorMessage(pod, diagnosis) };
}

/** The single node a pod's NodeAffinity PreFilter limits it to, if exactly one. */
function pinnedTarget(pod: Pod): string | undefined {
  const names = preFilterNodeNames(pod.spec);
  return names instanceof Set && names.size === 1 ? [...names][0] : undefined;
}
