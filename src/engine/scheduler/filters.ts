// The default scheduler's Filter plugins that matter here, each a pure function of (pod, node, what
// is already bound to the node). Failed results carry the plugin's real reason strings and status
// code (Unschedulable vs UnschedulableAndUnresolvable, which decides whether preemption could help).

import { formatBytes, formatMilli } from '../api/quantity';
import type { Node, Pod, Taint } from '../api/types';
import { podMatchesNodeAffinity } from './nodeAffinity';
import {
  type NodeAllocatable,
  type NodeUsage,
  type PodRequest,
  nodeAllocatable,
  podRequest,
  portConflicts,
} from './nodeInfo';
import { findUntoleratedTaint, taintBraces, tolerationsTolerateTaint } from './taints';

export type FilterName =
  'NodeUnschedulable' | 'NodeName' | 'TaintToleration' | 'NodeAffinity' | 'NodePorts' | 'NodeResourcesFit';

export type StatusCode = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface FilterResult {
  name: FilterName;
  passed: boolean;
  /** The upstream reason when failed (several joined by ", "); a human explanation when passed. */
  reason: string;
  /** Upstream failure reasons, one per histogram entry of the FailedScheduling message. */
  reasons: string[];
  code?: StatusCode;
}

export const ERR_NODE_UNSCHEDULABLE = 'node(s) were unschedulable';
export const ERR_NODE_NAME = "node(s) didn't match the requested node name";
export const ERR_NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector";
export const ERR_NODE_PORTS = "node(s) didn't have free ports for the requested pod ports";

export const UNSCHEDULABLE_TAINT: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };

function pass(name: FilterName, reason: string): FilterResult {
  return { name, passed: true, reason, reasons: [] };
}

function fail(name: FilterName, reasons: string[], code: StatusCode): FilterResult {
  return { name, passed: false, reason: reasons.join(', '), reasons, code };
}

/** NodeUnschedulable: a cordoned node only takes pods that tolerate its unschedulable taint. */
export function nodeUnschedulable(pod: Pod, node: Node): FilterResult {
  if (!node.spec?.unschedulable) return pass('NodeUnschedulable', 'node is schedulable');
  if (tolerationsTolerateTaint(pod.spec.tolerations, UNSCHEDULABLE_TAINT)) {
    return pass(
      'NodeUnschedulable',
      'node is cordoned, but the pod tolerates node.kubernetes.io/unschedulable:NoSchedule',
    );
  }
  return fail('NodeUnschedulable', [ERR_NODE_UNSCHEDULABLE], 'UnschedulableAndUnresolvable');
}

/** NodeName: a pod that names a node fits only that node. */
export function nodeName(pod: Pod, node: Node): FilterResult {
  const want = pod.spec.nodeName;
  if (!want) return pass('NodeName', 'pod does not ask for a node by name');
  if (want === node.metadata.name) return pass('NodeName', 'pod asks for this node by name');
  return fail('NodeName', [ERR_NODE_NAME], 'UnschedulableAndUnresolvable');
}

/** TaintToleration: every NoSchedule and NoExecute taint must be tolerated; PreferNoSchedule only scores. */
export function taintToleration(pod: Pod, node: Node): FilterResult {
  const taint = findUntoleratedTaint(node.spec?.taints, pod.spec.tolerations, ['NoSchedule', 'NoExecute']);
  if (!taint) {
    const n = (node.spec?.taints ?? []).filter((t) => t.effect !== 'PreferNoSchedule').length;
    return pass(
      'TaintToleration',
      n ? 'pod tolerates every NoSchedule/NoExecute taint' : 'node has no NoSchedule/NoExecute taints',
    );
  }
  return fail(
    'TaintToleration',
    [`node(s) had untolerated taint ${taintBraces(taint)}`],
    'UnschedulableAndUnresolvable',
  );
}

/** NodeAffinity: nodeSelector and required node affinity (incl. a daemon pod's matchFields pin). */
export function nodeAffinity(pod: Pod, node: Node): FilterResult {
  if (podMatchesNodeAffinity(pod.spec, node))
    return pass('NodeAffinity', "node matches the pod's nodeSelector and required node affinity");
  return fail('NodeAffinity', [ERR_NODE_AFFINITY], 'UnschedulableAndUnresolvable');
}

/** Optional inputs: the pod's request computed once per scheduling cycle (PreFilter state). */
export interface FilterContext {
  req?: PodRequest;
  /** false: skip building the human explanation of passed checks (the scheduler's hot path) */
  detail?: boolean;
}

/** NodePorts: requested host ports must be free on the node. */
export function nodePorts(pod: Pod, _node: Node, usage: NodeUsage, ctx: FilterContext = {}): FilterResult {
  const want = (ctx.req ?? podRequest(pod)).ports;
  if (want.length === 0) return pass('NodePorts', 'pod requests no host ports');
  if (want.some((p) => portConflicts(usage, p))) return fail('NodePorts', [ERR_NODE_PORTS], 'Unschedulable');
  if (ctx.detail === false) return pass('NodePorts', '');
  return pass('NodePorts', `host port(s) ${want.map((p) => `${p.port}/${p.protocol}`).join(', ')} free`);
}

/**
 * NodeResourcesFit: pod count, cpu and memory requests against allocatable minus what bound pods
 * request. A request larger than the whole node is unresolvable (preemption cannot help).
 */
export function nodeResourcesFit(
  pod: Pod,
  node: Node,
  usage: NodeUsage,
  ctx: FilterContext = {},
): FilterResult {
  const req = ctx.req ?? podRequest(pod);
  const alloc = nodeAllocatable(node);
  const reasons: string[] = [];
  let unresolvable = false;
  if (usage.pods + 1 > alloc.pods) reasons.push('Too many pods');
  if (req.milliCPU > 0 && req.milliCPU > alloc.milliCPU - usage.milliCPU) {
    reasons.push('Insufficient cpu');
    unresolvable ||= req.milliCPU > alloc.milliCPU;
  }
  if (req.memory > 0 && req.memory > alloc.memory - usage.memory) {
    reasons.push('Insufficient memory');
    unresolvable ||= req.memory > alloc.memory;
  }
  if (reasons.length)
    return fail('NodeResourcesFit', reasons, unresolvable ? 'UnschedulableAndUnresolvable' : 'Unschedulable');
  if (ctx.detail === false) return pass('NodeResourcesFit', '');
  const free = (total: number, used: number, fmt: (n: number) => string) =>
    Number.isFinite(total) ? `${fmt(Math.max(0, total - used))} free` : 'no limit';
  return pass(
    'NodeResourcesFit',
    `requests cpu ${formatMilli(req.milliCPU)} (${free(alloc.milliCPU, usage.milliCPU, formatMilli)}), memory ${formatBytes(req.memory)} (${free(
      alloc.memory,
      usage.memory,
      formatBytes,
    )}), pods ${usage.pods + 1}/${alloc.pods}`,
  );
}

type Filter = (pod: Pod, node: Node, usage: NodeUsage, ctx?: FilterContext) => FilterResult;

/** In the default profile's order (pkg/scheduler/apis/config/v1/default_plugins.go). */
export const FILTERS: readonly Filter[] = [
  nodeUnschedulable,
  nodeName,
  taintToleration,
  nodeAffinity,
  nodePorts,
  nodeResourcesFit,
];

/**
 * Runs the filters against one node. Like the framework, stops at the first failure unless `all`
 * is set (explanations want every check).
 */
export function runFilters(pod: Pod, node: Node, usage: NodeUsage, all = false): FilterResult[] {
  const out: FilterResult[] = [];
  for (const f of FILTERS) {
    const r = f(pod, node, usage);
    out.push(r);
    if (!r.passed && !all) break;
  }
  return out;
}

const NO_SCHEDULE_EFFECTS: readonly Taint['effect'][] = ['NoSchedule', 'NoExecute'];

/**
 * Whether every filter passes, as `runFilters(...).every((r) => r.passed)` decides it, without
 * building a result per filter (the scheduler's hot path; filters.test.ts holds it to the filters).
 */
export function fitsNode(
  pod: Pod,
  node: Node,
  usage: NodeUsage,
  req: PodRequest,
  /** the node's allocatable, when the caller keeps it (the scheduler's NodeInfo) */
  alloc: NodeAllocatable = nodeAllocatable(node),
): boolean {
  const spec = pod.spec;
  if (node.spec?.unschedulable && !tolerationsTolerateTaint(spec.tolerations, UNSCHEDULABLE_TAINT))
    return false;
  if (spec.nodeName && spec.nodeName !== node.metadata.name) return false;
  if (findUntoleratedTaint(node.spec?.taints, spec.tolerations, NO_SCHEDULE_EFFECTS)) return false;
  if (!podMatchesNodeAffinity(spec, node)) return false;
  const ports = req.ports;
  for (let i = 0; i < ports.length; i++) if (portConflicts(usage, ports[i])) return false;
  if (usage.pods + 1 > alloc.pods) return false;
  if (req.milliCPU > 0 && req.milliCPU > alloc.milliCPU - usage.milliCPU) return false;
  if (req.memory > 0 && req.memory > alloc.memory - usage.memory) return false;
  return true;
}

/** The first failing filter, or undefined when the pod fits the node. */
export function firstFailure(
  pod: Pod,
  node: Node,
  usage: NodeUsage,
  req: PodRequest = podRequest(pod),
): FilterResult | undefined {
  if (fitsNode(pod, node, usage, req)) return undefined;
  const ctx: FilterContext = { req, detail: false };
  for (const f of FILTERS) {
    const r = f(pod, node, usage, ctx);
    if (!r.passed) return r;
  }
  return undefined;
}
