// Why a pod fits no node, worded like the real scheduler: framework.Diagnosis + FitError.Error()
// (pkg/scheduler/framework/types.go) and the DefaultPreemption PostFilter's own FitError
// (pkg/scheduler/framework/preemption/preemption.go, plugins/defaultpreemption).

import type { Pod, PodSpec } from '../api/types';
import type { FilterResult, StatusCode } from './filters';

export const NO_NODES_AVAILABLE = 'no nodes available to schedule pods';
export const ERR_AFFINITY_CONFLICT = 'pod affinity terms conflict';
export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
export const NO_PREEMPTION_VICTIMS = 'No preemption victims found for incoming pod';

/** One node's verdict: a failed filter's reasons and status code. */
export interface NodeStatus {
  reasons: string[];
  code: StatusCode;
}

export interface Diagnosis {
  numAllNodes: number;
  /** Failed nodes that were filtered (by name). */
  nodeToStatus: Map<string, NodeStatus>;
  /** Nodes the PreFilter ruled out, all with the same status (NodeToStatus.SetAbsentNodesStatus). */
  absentNodes: number;
  absentStatus?: NodeStatus;
  /** A PreFilter that rejected the pod outright. */
  preFilterMsg?: string;
}

/**
 * NodeAffinity PreFilter: when every required term pins `metadata.name In [...]`, only those nodes
 * are considered (so a daemon pod is checked against one node). `undefined` = all nodes.
 */
export function preFilterNodeNames(spec: PodSpec): Set<string> | 'conflict' | undefined {
  const terms =
    spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms?.length) return undefined;
  if (terms.length === 1) {
    // The daemon pod's shape (one term, one matchFields metadata.name In): the same set, built once.
    const fields = terms[0].matchFields;
    if (fields?.length === 1 && fields[0].key === 'metadata.name' && fields[0].operator === 'In') {
      const s = new Set(fields[0].values ?? []);
      return s.size === 0 ? 'conflict' : s;
    }
  }
  let names: Set<string> | undefined;
  for (const t of terms) {
    let termNames: Set<string> | undefined;
    for (const r of t.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const s = new Set(r.values ?? []);
      termNames = termNames ? new Set([...termNames].filter((n) => s.has(n))) : s;
    }
    if (!termNames) return undefined;
    names = new Set([...(names ?? []), ...termNames]);
  }
  if (names && names.size === 0) return 'conflict';
  return names;
}

/**
 * The one node `preFilterNodeNames` would limit a daemon pod to (one term, one matchFields
 * `metadata.name In [x]`), read without building its set; undefined for any other shape (then ask
 * preFilterNodeNames). fastPaths.test.ts holds the two together.
 */
export function preFilterSingleNode(spec: PodSpec): string | undefined {
  const terms =
    spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms || terms.length !== 1) return undefined;
  const fields = terms[0].matchFields;
  if (!fields || fields.length !== 1) return undefined;
  const f = fields[0];
  if (f.key !== 'metadata.name' || f.operator !== 'In' || !f.values || f.values.length !== 1)
    return undefined;
  return f.values[0];
}

/** The status given to nodes a PreFilter left out. */
export function absentNodesStatus(plugins: string[]): NodeStatus {
  return {
    reasons: [`node(s) didn't satisfy plugin(s) [${plugins.join(' ')}]`],
    code: 'UnschedulableAndUnresolvable',
  };
}

export function statusOf(r: FilterResult): NodeStatus {
  return { reasons: r.reasons, code: r.code ?? 'Unschedulable' };
}

/** `1 Insufficient cpu, 2 node(s) didn't match …` sorted as Go's sort.Strings sorts them. */
export function histogram(counts: Map<string, number>): string {
  const parts = [...counts].map(([reason, n]) => `${n} ${reason}`);
  parts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return parts.join(', ');
}

function add(counts: Map<string, number>, reason: string, n = 1): void {
  if (n > 0) counts.set(reason, (counts.get(reason) ?? 0) + n);
}

/** FitError.Error() without the PostFilter part. */
export function filterMessage(d: Diagnosis): string {
  let msg = `0/${d.numAllNodes} nodes are available:`;
  if (d.preFilterMsg) return `${msg} ${d.preFilterMsg}.`;
  const counts = new Map<string, number>();
  for (const s of d.nodeToStatus.values()) for (const r of s.reasons) add(counts, r);
  if (d.absentStatus) for (const r of d.absentStatus.reasons) add(counts, r, d.absentNodes);
  const h = histogram(counts);
  if (h) msg += ` ${h}.`;
  return msg;
}

/**
 * The DefaultPreemption PostFilter's message when every pod has the same priority, so no node has
 * lower-priority victims: nodes that failed with a resolvable status report "No preemption victims
 * found", the rest "Preemption is not helpful". The scheduler asks preemption.ts's dry run, which
 * words that case the same; this shortcut stays for tests of the message's shape.
 */
export function preemptionMessage(pod: Pod, d: Diagnosis): string {
  if (pod.spec.preemptionPolicy === 'Never') return 'preemption: not eligible due to preemptionPolicy=Never.';
  const counts = new Map<string, number>();
  if (d.preFilterMsg) {
    add(counts, PREEMPTION_NOT_HELPFUL, d.numAllNodes);
  } else {
    for (const s of d.nodeToStatus.values()) {
      add(counts, s.code === 'UnschedulableAndUnresolvable' ? PREEMPTION_NOT_HELPFUL : NO_PREEMPTION_VICTIMS);
    }
    if (d.absentStatus) add(counts, PREEMPTION_NOT_HELPFUL, d.absentNodes);
  }
  return `preemption: 0/${d.numAllNodes} nodes are available: ${histogram(counts)}.`;
}

/**
 * The full FailedScheduling message (event and PodScheduled condition). FitError.Error() appends
 * the PostFilter message with SeparatorFormat (" %v."), and that message already ends with its own
 * period, so the real scheduler's message ends with two: `… Preemption is not helpful for scheduling..`
 */
export function fitErrorMessage(pod: Pod, d: Diagnosis): string {
  if (d.numAllNodes === 0) return NO_NODES_AVAILABLE;
  return `${filterMessage(d)} ${preemptionMessage(pod, d)}.`;
}

/**
 * FitError.Error() with the PostFilter's message as DefaultPreemption returned it: none when it
 * nominated a node (the victims are being removed), else ` preemption: ….` after the filters' part.
 */
export function fitErrorWithPostFilter(d: Diagnosis, postFilterMsg: string): string {
  if (d.numAllNodes === 0) return NO_NODES_AVAILABLE;
  return postFilterMsg ? `${filterMessage(d)} ${postFilterMsg}.` : filterMessage(d);
}
