// The taints the node lifecycle controller derives from node conditions and spec.unschedulable
// (node_lifecycle_controller.go: nodeConditionToTaintKeyStatusMap, doNoScheduleTaintingPass,
// doNoExecuteTaintingPass; well-known keys from k8s.io/api/core/v1/well_known_taints.go).

import { ownGet } from '../../api/own';
import type { Node, Taint, TaintEffect } from '../../api/types';

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
export const TAINT_DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
export const TAINT_NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';
export const TAINT_PID_PRESSURE = 'node.kubernetes.io/pid-pressure';

/** nodeConditionToTaintKeyStatusMap */
export const CONDITION_TAINTS: Record<string, Partial<Record<string, string>>> = {
  Ready: { False: TAINT_NOT_READY, Unknown: TAINT_UNREACHABLE },
  MemoryPressure: { True: TAINT_MEMORY_PRESSURE },
  DiskPressure: { True: TAINT_DISK_PRESSURE },
  NetworkUnavailable: { True: TAINT_NETWORK_UNAVAILABLE },
  PIDPressure: { True: TAINT_PID_PRESSURE },
};

const MANAGED = new Set<string>([
  ...[
    TAINT_NOT_READY,
    TAINT_UNREACHABLE,
    TAINT_MEMORY_PRESSURE,
    TAINT_DISK_PRESSURE,
    TAINT_NETWORK_UNAVAILABLE,
    TAINT_PID_PRESSURE,
    TAINT_UNSCHEDULABLE,
  ].map((k) => `${k}:NoSchedule`),
  `${TAINT_NOT_READY}:NoExecute`,
  `${TAINT_UNREACHABLE}:NoExecute`,
]);

/** Whether the node lifecycle controller owns this taint (key + effect). */
export function isConditionTaint(t: Taint): boolean {
  return MANAGED.has(`${t.key}:${t.effect}`);
}

function same(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect;
}

/**
 * The condition taints a node should carry, in the order the controller adds them: NoSchedule
 * taints in the order of the node's conditions, then unschedulable, then the NoExecute taint.
 * Pure; `timeAdded` is left for the caller.
 */
export function nodeConditionTaints(node: Node): Taint[] {
  const out: Taint[] = [];
  const noSchedule = (key: string) => out.push({ key, effect: 'NoSchedule' });
  for (const c of node.status?.conditions ?? []) {
    const key = ownGet(ownGet(CONDITION_TAINTS, c.type), c.status);
    if (key) noSchedule(key);
  }
  if (node.spec?.unschedulable) noSchedule(TAINT_UNSCHEDULABLE);
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready')?.status;
  const noExecute: TaintEffect = 'NoExecute';
  if (ready === 'False') out.push({ key: TAINT_NOT_READY, effect: noExecute });
  else if (ready === 'Unknown') out.push({ key: TAINT_UNREACHABLE, effect: noExecute });
  return out;
}

/**
 * The node's taints after reconciling the condition taints: stale ones removed, missing ones
 * appended (NoExecute ones stamped with `now` as timeAdded), existing and user taints untouched.
 * Returns undefined when nothing changes.
 */
export function reconcileConditionTaints(node: Node, now: string): Taint[] | undefined {
  const current = node.spec?.taints ?? [];
  const desired = nodeConditionTaints(node);
  const kept = current.filter((t) => !isConditionTaint(t) || desired.some((d) => same(d, t)));
  const added = desired
    .filter((d) => !current.some((t) => same(d, t)))
    .map((d) => (d.effect === 'NoExecute' ? { ...d, timeAdded: now } : d));
  if (added.length === 0 && kept.length === current.length) return undefined;
  return [...kept, ...added];
}
