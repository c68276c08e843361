// Pod helpers (pkg/api/v1/pod/util.go).

import { parseTime } from '../clock';
import type { Pod, PodCondition, Node, NodeCondition } from './types';

export function getPodCondition(pod: Pod, type: string): PodCondition | undefined {
  // A loop, not `find` with a closure: called for every pod on every sync and status write.
  const cs = pod.status?.conditions;
  if (cs) for (let i = 0; i < cs.length; i++) if (cs[i].type === type) return cs[i];
  return undefined;
}

export function isPodReady(pod: Pod): boolean {
  return getPodCondition(pod, 'Ready')?.status === 'True';
}

/** IsPodAvailable: ready, and ready for at least minReadySeconds (`<=`, newest upstream). */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  const c = getPodCondition(pod, 'Ready');
  if (c?.status !== 'True') return false;
  if (minReadySeconds === 0) return true;
  const t = parseTime(c.lastTransitionTime);
  return t !== undefined && t + minReadySeconds * 1000 <= now;
}

export function isPodTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded';
}

export function controllerRef(pod: { metadata: Pod['metadata'] }) {
  const refs = pod.metadata.ownerReferences;
  if (refs) for (let i = 0; i < refs.length; i++) if (refs[i].controller) return refs[i];
  return undefined;
}

export function getNodeCondition(node: Node, type: string): NodeCondition | undefined {
  const cs = node.status?.conditions;
  if (cs) for (let i = 0; i < cs.length; i++) if (cs[i].type === type) return cs[i];
  return undefined;
}
