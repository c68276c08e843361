// Required node affinity (component-helpers/scheduling/corev1/nodeaffinity): nodeSelector AND the
// required terms (ORed; within a term every expression and field must hold).

import type { Node, NodeSelectorRequirement, NodeSelectorTerm, PodSpec } from '../api/types';

export function matchExpression(r: NodeSelectorRequirement, labels: Record<string, string>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const v = labels[r.key];
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      return has && values.includes(v);
    case 'NotIn':
      return !has || !values.includes(v);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      if (!has || values.length !== 1) return false;
      const a = Number.parseInt(v, 10);
      const b = Number.parseInt(values[0], 10);
      if (!/^-?\d+$/.test(v) || !/^-?\d+$/.test(values[0])) return false;
      return r.operator === 'Gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

export function matchField(r: NodeSelectorRequirement, node: Node): boolean {
  if (r.key !== 'metadata.name' || (r.values ?? []).length !== 1) return false;
  if (r.operator === 'In') return node.metadata.name === r.values![0];
  if (r.operator === 'NotIn') return node.metadata.name !== r.values![0];
  return false;
}

// Loops rather than every/some/Object.entries: the kubelet's admission and the scheduler ask this
// for every pod they place, and these allocate nothing.
export function termMatches(term: NodeSelectorTerm, node: Node): boolean {
  const exprs = term.matchExpressions;
  const fields = term.matchFields;
  if (!exprs?.length && !fields?.length) return false;
  const labels = node.metadata.labels ?? {};
  if (exprs) for (let i = 0; i < exprs.length; i++) if (!matchExpression(exprs[i], labels)) return false;
  if (fields) for (let i = 0; i < fields.length; i++) if (!matchField(fields[i], node)) return false;
  return true;
}

const hasOwn = Object.prototype.hasOwnProperty;

export function nodeSelectorMatches(nodeSelector: Record<string, string> | undefined, node: Node): boolean {
  if (!nodeSelector) return true;
  const labels = node.metadata.labels ?? {};
  for (const k in nodeSelector) {
    if (hasOwn.call(nodeSelector, k) && labels[k] !== nodeSelector[k]) return false;
  }
  return true;
}

export function requiredTermsMatch(spec: PodSpec, node: Node): boolean {
  const req = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!req) return true;
  const terms = req.nodeSelectorTerms;
  if (terms) for (let i = 0; i < terms.length; i++) if (termMatches(terms[i], node)) return true;
  return false;
}

/** GetRequiredNodeAffinity(pod).Match(node) */
export function podMatchesNodeAffinity(spec: PodSpec, node: Node): boolean {
  return nodeSelectorMatches(spec.nodeSelector, node) && requiredTermsMatch(spec, node);
}

/**
 * Whether podMatchesNodeAffinity holds for every node: no nodeSelector entry and no required node
 * affinity (what lets a caller skip asking node by node).
 */
export function matchesEveryNode(spec: PodSpec): boolean {
  if (spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution) return false;
  const sel = spec.nodeSelector;
  if (sel) for (const k in sel) if (hasOwn.call(sel, k)) return false;
  return true;
}

/** The node a daemon pod is pinned to by its `matchFields metadata.name In [x]` term, if any. */
export function pinnedNodeName(spec: PodSpec): string | undefined {
  const terms =
    spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms) return undefined;
  for (const t of terms) {
    for (const f of t.matchFields ?? []) {
      if (f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1) return f.values[0];
    }
  }
  return undefined;
}
