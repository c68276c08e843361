// `sim why NODE [DAEMONSET]`: for each DaemonSet, should this node run its pod, and every check behind
// the answer — the controller's (nodeShouldRunDaemonPod), the scheduler's filters for the pod it would
// create, and what the last sync decided.

import type { DaemonSet, Node, Pod } from '../api/types';
import { notFound } from '../api/errors';
import type { Simulation } from '../simulation';
import { nodeShouldRunDaemonPod, type Check } from '../controller/daemonset/nodeShouldRunDaemonPod';
import { newDaemonPod } from '../controller/daemonset/util';
import { explainScheduling } from '../scheduler/explain';
import { preFilterNodeNames } from '../scheduler/fitError';
import type { NodePluginScores, PluginScore } from '../scheduler/scoring';

export interface WhyReport {
  ds: DaemonSet;
  node: Node;
  shouldRun: boolean;
  shouldContinueRunning: boolean;
  checks: Check[];
  scheduler: { name: string; passed: boolean; reason: string }[];
  decisions: { action: string; pod?: string; reason: string }[];
}

export function why(
  sim: Simulation,
  nodeName: string,
  namespace: string | undefined,
  dsName?: string,
): WhyReport[] {
  const node = sim.store.get('Node', undefined, nodeName);
  if (!node) throw notFound('Node', nodeName);
  let dss: DaemonSet[];
  if (dsName) {
    const ds = sim.store.get('DaemonSet', namespace ?? 'default', dsName);
    if (!ds) throw notFound('DaemonSet', dsName);
    dss = [ds];
  } else {
    dss = sim.store.list('DaemonSet', namespace);
  }
  return dss.map((ds) => {
    const r = nodeShouldRunDaemonPod(node, ds);
    const pod = newDaemonPod(ds, nodeName, '');
    const scheduler = explainScheduling(sim, pod, node);
    const decisions =
      sim.daemonsets.decisions(ds.metadata.namespace!, ds.metadata.name)?.forNode(nodeName) ?? [];
    return {
      ds,
      node,
      shouldRun: r.shouldRun,
      shouldContinueRunning: r.shouldContinueRunning,
      checks: r.checks,
      scheduler,
      decisions,
    };
  });
}

const yes = (b: boolean) => (b ? 'yes' : 'no');

export function formatWhy(reports: WhyReport[], nodeName: string): string {
  if (reports.length === 0) return `No DaemonSets found; nothing would run on node ${nodeName}.\n`;
  const out: string[] = [];
  for (const r of reports) {
    out.push(
      `daemonset.apps/${r.ds.metadata.name} (namespace ${r.ds.metadata.namespace}) on node/${nodeName}: should run: ${yes(r.shouldRun)}, may keep running: ${yes(r.shouldContinueRunning)}`,
    );
    out.push('  DaemonSet controller (nodeShouldRunDaemonPod):');
    for (const c of r.checks)
      out.push(`    ${c.passed ? 'pass' : 'FAIL'}  ${c.check.padEnd(13)}${c.message}`);
    out.push(`  scheduler (for the pod it would create, pinned to ${nodeName}):`);
    for (const s of r.scheduler)
      out.push(`    ${s.passed ? 'pass' : 'FAIL'}  ${s.name.padEnd(18)}${s.reason}`);
    if (r.decisions.length) {
      out.push('  last sync:');
      for (const d of r.decisions)
        out.push(`    ${d.action.padEnd(6)}${d.pod ? `${d.pod}: ` : ''}${d.reason}`);
    }
  }
  return out.join('\n') + '\n';
}

// ------------------------------------------------------------------ sim why pod/NAME

/** One node's part of `sim why pod/NAME`. */
export interface WhyPodNode {
  node: string;
  filters: { name: string; passed: boolean; reason: string }[];
  /** feasible and scored | feasible, the only one (taken unscored) | feasible but the cycle stopped before it | filtered out */
  verdict: 'scored' | 'only' | 'unscored' | 'infeasible';
  scores?: PluginScore[];
  total?: number;
}

export interface WhyPodReport {
  pod: Pod;
  /** the node it is bound to, if any */
  boundTo?: string;
  /** a NodeAffinity PreFilter limiting the nodes looked at */
  preFilter?: string[];
  nodes: WhyPodNode[];
  skipped: { plugin: string; reason: string }[];
  /** the nodes with the highest total (more than one: a tie, picked at random) */
  best: string[];
  /** FailedScheduling's message when no node fits */
  message?: string;
}

/**
 * `sim why pod/NAME`: the scheduler's filters on every node and, on the feasible ones, each score
 * plugin's raw, normalised and weighted score, as a scheduling cycle for this pod would find them
 * now. A bound pod is explained as if it were pending, its own requests left out of its node.
 */
export function whyPod(sim: Simulation, namespace: string, name: string): WhyPodReport {
  const pod = sim.store.get('Pod', namespace, name);
  if (!pod) throw notFound('Pod', name);
  const boundTo = pod.spec.nodeName || undefined;
  const pending: Pod = boundTo ? { ...pod, spec: { ...pod.spec, nodeName: undefined } } : pod;
  const result = sim.scheduler.schedulePod(pending, false, boundTo ? pod : undefined);
  const names = preFilterNodeNames(pending.spec);
  const preFilter = names instanceof Set ? [...names].sort() : undefined;
  const scored = new Map<string, NodePluginScores>();
  let feasible = new Set<string>();
  let skipped: WhyPodReport['skipped'] = [];
  let message: string | undefined;
  if ('node' in result) {
    feasible = new Set(result.feasible);
    for (const n of result.prioritized?.nodes ?? []) scored.set(n.name, n);
    skipped = result.prioritized?.skipped ?? [];
  } else {
    message = result.message;
  }
  const nodes: WhyPodNode[] = sim.store.list('Node').map((node) => {
    const n = node.metadata.name;
    const filters = explainScheduling(sim, pending, node).map((f) => ({
      name: f.name,
      passed: f.passed,
      reason: f.reason,
    }));
    if (preFilter && !preFilter.includes(n)) {
      filters.unshift({
        name: 'NodeAffinity',
        passed: false,
        reason:
          "node(s) didn't satisfy plugin(s) [NodeAffinity] (PreFilter: the pod's affinity names other nodes)",
      });
    }
    const s = scored.get(n);
    if (s) return { node: n, filters, verdict: 'scored', scores: s.scores, total: s.totalScore };
    if (feasible.has(n)) return { node: n, filters, verdict: 'only' };
    if (filters.every((f) => f.passed)) return { node: n, filters, verdict: 'unscored' };
    return { node: n, filters, verdict: 'infeasible' };
  });
  let best: string[] = [];
  if ('node' in result) {
    if (scored.size === 0) best = [result.node];
    else {
      const max = Math.max(...[...scored.values()].map((n) => n.totalScore));
      best = [...scored.values()].filter((n) => n.totalScore === max).map((n) => n.name);
    }
  }
  return { pod, boundTo, preFilter, nodes, skipped, best, message };
}

export function formatWhyPod(r: WhyPodReport): string {
  const out: string[] = [];
  const ns = r.pod.metadata.namespace;
  out.push(
    `pod/${r.pod.metadata.name} (namespace ${ns}): ${r.boundTo ? `bound to node/${r.boundTo}` : 'not bound to a node'}`,
  );
  out.push(
    r.boundTo
      ? `  scheduler (a cycle for it now, as if it were pending; its own requests left out of ${r.boundTo}):`
      : '  scheduler (a cycle for it now):',
  );
  if (r.preFilter)
    out.push(`  NodeAffinity PreFilter: only ${r.preFilter.map((n) => `node/${n}`).join(', ')} considered`);
  for (const n of r.nodes) {
    const head =
      n.verdict === 'scored'
        ? `feasible, score ${n.total}`
        : n.verdict === 'only'
          ? 'feasible, the only feasible node: taken without scoring'
          : n.verdict === 'unscored'
            ? 'feasible, not scored (the cycle stopped after enough feasible nodes: numFeasibleNodesToFind)'
            : 'filtered out';
    out.push(`  node/${n.node}: ${head}`);
    for (const f of n.filters) out.push(`    ${f.passed ? 'pass' : 'FAIL'}  ${f.name.padEnd(32)}${f.reason}`);
    for (const s of n.scores ?? []) {
      const raw = s.raw === s.normalized ? '' : `raw ${s.raw} → `;
      out.push(`    score ${s.plugin.padEnd(32)}${raw}${s.normalized} × ${s.weight} = ${s.weighted}`);
    }
  }
  if (r.skipped.length) {
    out.push('  score plugins skipped (PreScore):');
    for (const s of r.skipped) out.push(`    ${s.plugin.padEnd(32)}${s.reason}`);
  }
  if (r.message) out.push(`  result: no node fits: ${r.message}`);
  else if (r.best.length === 1) out.push(`  result: node/${r.best[0]}`);
  else
    out.push(
      `  result: ${r.best.map((b) => `node/${b}`).join(', ')} tie with the highest score; selectHost picks one at random`,
    );
  return out.join('\n') + '\n';
}
