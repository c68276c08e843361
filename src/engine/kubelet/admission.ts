// Kubelet pod admission (pkg/kubelet/lifecycle/predicate.go, predicateAdmitHandler.Admit +
// generalFilter, and pkg/scheduler.AdmissionCheck): before it starts a pod bound to its node, the
// kubelet re-checks what the scheduler would have checked — resources against the pods it already
// admitted, node affinity/selector, the node name, host ports — and NoExecute taints. A pod bound
// by `spec.nodeName` never met the scheduler, so this is where it fails. The first failed check
// becomes the pod's `status.reason` (OutOfcpu, OutOfmemory, OutOfpods, NodeAffinity, NodeName,
// NodePorts, TaintToleration) and `status.message` ("Pod was rejected: …"); kubelet.rejectPod.

import type { Node, Pod, PodStatus } from '../api/types';
import { qosClass } from '../api/qos';
import { podMatchesNodeAffinity } from '../scheduler/nodeAffinity';
import {
  nodeAllocatable,
  podRequest,
  portConflicts,
  usageOf,
  type NodeUsage,
  type PodRequest,
} from '../scheduler/nodeInfo';
import { findUntoleratedTaint } from '../scheduler/taints';
import { ERR_NODE_AFFINITY, ERR_NODE_NAME, ERR_NODE_PORTS } from '../scheduler/filters';

/** tainttoleration.ErrReasonNotMatch */
export const ERR_TAINT_TOLERATION = "node(s) had taints that the pod didn't tolerate";

export type AdmitResult = { admit: true } | { admit: false; reason: string; message: string };

/** The usage of no pods (only read here: the first pod on a node shares it). */
const NO_USAGE = usageOf([]);

/** One failed check, in generalFilter's order. */
type Failure =
  | {
      kind: 'resource';
      resource: 'pods' | 'cpu' | 'memory';
      requested: number;
      used: number;
      capacity: number;
    }
  | { kind: 'predicate'; name: string; desc: string };

const OUT_OF: Record<'pods' | 'cpu' | 'memory', string> = {
  pods: 'OutOfpods',
  cpu: 'OutOfcpu',
  memory: 'OutOfmemory',
};

/**
 * generalFilter: noderesources.Fits (pods, cpu, memory — cpu in millicores, memory in bytes), then
 * NodeAffinity, NodeName, NodePorts, then untolerated NoExecute taints. `others` are the pods the
 * kubelet already admitted on this node (terminal ones do not count).
 */
export function generalFilter(pod: Pod, node: Node, others: readonly Pod[]): Failure[] {
  return generalFilterOf(pod, node, others.length === 0 ? NO_USAGE : usageOf(others));
}

/** generalFilter against the admitted pods' usage (NodeInfo made from them). */
function generalFilterOf(pod: Pod, node: Node, usage: NodeUsage): Failure[] {
  const out: Failure[] = [];
  const alloc = nodeAllocatable(node);
  const req = podRequest(pod);
  if (usage.pods + 1 > alloc.pods)
    out.push({ kind: 'resource', resource: 'pods', requested: 1, used: usage.pods, capacity: alloc.pods });
  if (req.milliCPU > 0 && req.milliCPU > alloc.milliCPU - usage.milliCPU) {
    out.push({
      kind: 'resource',
      resource: 'cpu',
      requested: req.milliCPU,
      used: usage.milliCPU,
      capacity: alloc.milliCPU,
    });
  }
  if (req.memory > 0 && req.memory > alloc.memory - usage.memory) {
    out.push({
      kind: 'resource',
      resource: 'memory',
      requested: req.memory,
      used: usage.memory,
      capacity: alloc.memory,
    });
  }
  if (!podMatchesNodeAffinity(pod.spec, node))
    out.push({ kind: 'predicate', name: 'NodeAffinity', desc: ERR_NODE_AFFINITY });
  if (pod.spec.nodeName && pod.spec.nodeName !== node.metadata.name)
    out.push({ kind: 'predicate', name: 'NodeName', desc: ERR_NODE_NAME });
  if (req.ports.some((p) => portConflicts(usage, p)))
    out.push({ kind: 'predicate', name: 'NodePorts', desc: ERR_NODE_PORTS });
  if (findUntoleratedTaint(node.spec?.taints, pod.spec.tolerations, ['NoExecute'])) {
    out.push({ kind: 'predicate', name: 'TaintToleration', desc: ERR_TAINT_TOLERATION });
  }
  return out;
}

/** predicateAdmitHandler.Admit: the first failure gives the reason and message. */
export function canAdmitPod(pod: Pod, node: Node, others: readonly Pod[]): AdmitResult {
  return admitResult(generalFilter(pod, node, others)[0]);
}

const NO_PORTS: NodeUsage['ports'] = new Map();

/**
 * The summed requests of the pods the kubelet admitted on a node, without their host ports: all
 * generalFilter reads of them when the pod to admit asks no host port (NodePorts looks the pod's
 * own ports up; without any it reads none). A kubelet sums into one and reuses it per admission
 * instead of listing the pods into an array and making a NodeInfo (with a ports map) of them.
 */
export class AdmittedRequests implements NodeUsage {
  milliCPU = 0;
  memory = 0;
  nonZeroMilliCPU = 0;
  nonZeroMemory = 0;
  pods = 0;
  readonly ports = NO_PORTS;

  reset(): this {
    this.milliCPU = this.memory = this.nonZeroMilliCPU = this.nonZeroMemory = this.pods = 0;
    return this;
  }

  /** one more admitted (non-terminal) pod asking `req` */
  add(req: PodRequest): void {
    this.milliCPU += req.milliCPU;
    this.memory += req.memory;
    this.nonZeroMilliCPU += req.nonZeroMilliCPU;
    this.nonZeroMemory += req.nonZeroMemory;
    this.pods++;
  }
}

/**
 * canAdmitPod for a pod that asks no host port, against the admitted pods' summed requests; a pod
 * asking a host port needs the pods themselves (canAdmitPod). Throws on one that asks a host port:
 * answering without the ports would admit a conflict.
 */
export function canAdmitPodBySum(pod: Pod, node: Node, admitted: AdmittedRequests): AdmitResult {
  if (podRequest(pod).ports.length > 0)
    throw new Error(`canAdmitPodBySum: pod ${pod.metadata.name} asks a host port; use canAdmitPod`);
  return admitResult(generalFilterOf(pod, node, admitted)[0]);
}

function admitResult(first: Failure | undefined): AdmitResult {
  if (!first) return { admit: true };
  if (first.kind === 'predicate')
    return { admit: false, reason: first.name, message: `Predicate ${first.name} failed: ${first.desc}` };
  return {
    admit: false,
    reason: OUT_OF[first.resource],
    message: `Node didn't have enough resource: ${first.resource}, requested: ${first.requested}, used: ${first.used}, capacity: ${first.capacity}`,
  };
}

/** kubelet.rejectPod's status: phase Failed, the reason, "Pod was rejected: …", QoS class kept. */
export function rejectedStatus(pod: Pod, reason: string, message: string, now: string): PodStatus {
  return {
    phase: 'Failed',
    message: `Pod was rejected: ${message}`,
    reason,
    startTime: pod.status?.startTime ?? now,
    qosClass: pod.status?.qosClass ?? qosClass(pod),
  };
}
