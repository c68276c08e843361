// "Click the nodes that will get a pod" (issue 13): the answer of a graph question is what the engine
// does — the nodes that hold a pod of the DaemonSet once the step's script has run. Pure.

import type { DaemonSet, Pod } from '../engine';
import type { NodeQuestion } from './types';

/** The nodes with a live pod of the DaemonSet (bound, not being deleted), sorted; null when it does not exist. */
export function nodesWithDaemonPod(
  q: NodeQuestion,
  daemonSets: readonly DaemonSet[],
  pods: readonly Pod[],
): string[] | null {
  const ds = daemonSets.find(
    (d) => d.metadata.name === q.daemonSet && (d.metadata.namespace ?? 'default') === q.namespace,
  );
  if (!ds) return null;
  const out = new Set<string>();
  for (const p of pods) {
    if (
      (p.metadata.namespace ?? 'default') !== q.namespace ||
      p.metadata.deletionTimestamp ||
      !p.spec?.nodeName
    )
      continue;
    if (p.metadata.ownerReferences?.some((o) => o.kind === 'DaemonSet' && o.uid === ds.metadata.uid))
      out.add(p.spec.nodeName);
  }
  return [...out].sort();
}

export function sameNodes(a: readonly string[], b: readonly string[]): boolean {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((n, i) => n === y[i]);
}
