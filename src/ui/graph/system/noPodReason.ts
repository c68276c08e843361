// Why a node runs no daemon pod, in one short line: the controller's first failing check, else the
// scheduler's word on a daemon pod waiting for it.

import type { DaemonSet, Node, Pod } from '../../../engine';
import { nodeShouldRunDaemonPod } from '../../../engine/predicates';
import { taintString } from '../../../engine/predicates';
import type { NoPodReason } from './graphTypes';

/**
 * Why a node runs no pod of these DaemonSets, in one line: the first failing check of
 * nodeShouldRunDaemonPod for the first DaemonSet that skips it, else the scheduler's word on a daemon
 * pod waiting for it (Insufficient cpu…). Undefined when a pod should run and none waits.
 */
export function noPodReason(
  node: Node,
  daemonSets: readonly DaemonSet[],
  waiting: readonly Pod[],
): NoPodReason | undefined {
  if (!daemonSets.some((ds) => !ds.metadata.deletionTimestamp)) return { kind: 'noDaemonSets' };
  for (const ds of daemonSets) {
    if (ds.metadata.deletionTimestamp) continue;
    const r = nodeShouldRunDaemonPod(node, ds);
    if (r.shouldRun) continue;
    const c = r.checks.find((x) => !x.passed);
    if (!c) continue;
    if (c.check === 'taint' && c.taint) return { kind: 'taint', taint: taintString(c.taint) };
    return { kind: c.check === 'taint' ? 'nodeAffinity' : c.check };
  }
  for (const p of waiting) {
    const msg = p.status?.conditions?.find((c) => c.type === 'PodScheduled' && c.status === 'False')?.message;
    if (!msg) continue;
    const m = /Insufficient ([\w./-]+)/.exec(msg);
    return m ? { kind: 'insufficient', resource: m[1] } : { kind: 'scheduler', message: msg };
  }
  return undefined;
}
