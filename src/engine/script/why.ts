// `sim why NODE [DAEMONSET]`: for each DaemonSet, should this node run its pod, and every check behind
// the answer — the controller's (nodeShouldRunDaemonPod), the scheduler's filters for the pod it would
// create, and what the last sync decided.

import type { DaemonSet, Node } from '../api/types';
import { notFound } from '../api/errors';
import type { Simulation } from '../simulation';
import { nodeShouldRunDaemonPod, type Check } from '../controller/daemonset/nodeShouldRunDaemonPod';
import { newDaemonPod } from '../controller/daemonset/util';
import { explainScheduling } from '../scheduler/explain';

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
