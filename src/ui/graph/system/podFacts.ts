// What the graph needs to know about a pod, computed once per pod object (objects are immutable and
// keep their identity while unchanged), and the order a card draws its pods in.

import type { Pod } from '../../../engine';
import { controllerRef } from '../../../engine/predicates';
import { namespacedName } from '../../../engine/predicates';
import { pinnedNodeName } from '../../../engine/predicates';
import { isUnschedulable, podHash } from './model';

export interface PodFacts {
  key: string;
  /** `ns/name` of the controlling DaemonSet */
  dsKey?: string;
  hash?: string;
  nodeName?: string;
  pinned?: string;
  unschedulable: boolean;
  terminating: boolean;
  /** sort key on a card: daemon pods first by DaemonSet, then age, then name */
  order: string;
}

const factsCache = new WeakMap<Pod, PodFacts>();

export function factsOf(pod: Pod): PodFacts {
  let f = factsCache.get(pod);
  if (f) return f;
  const ref = controllerRef(pod);
  const ns = pod.metadata.namespace;
  const dsKey = ref?.kind === 'DaemonSet' ? namespacedName(ns, ref.name) : undefined;
  f = {
    key: namespacedName(ns, pod.metadata.name),
    dsKey,
    hash: podHash(pod),
    nodeName: pod.spec.nodeName || undefined,
    pinned: pinnedNodeName(pod.spec),
    unschedulable: isUnschedulable(pod),
    terminating: !!pod.metadata.deletionTimestamp,
    order: `${ref ? '0' : '1'}\u0000${ref?.name ?? ''}\u0000${pod.metadata.creationTimestamp ?? ''}\u0000${pod.metadata.name}`,
  };
  factsCache.set(pod, f);
  return f;
}

/** The pods of a card in the order it draws them: daemon pods first by DaemonSet, then age, then name. */
export function cardOrder(pods: readonly Pod[]): Pod[] {
  const list = [...pods];
  if (list.length > 1) list.sort(byOrder);
  return list;
}

export const byOrder = (a: Pod, b: Pod) => {
  const x = factsOf(a).order;
  const y = factsOf(b).order;
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The key of a pod as cards know it (`namespace/name`). */
export const podKey = (pod: Pod): string => factsOf(pod).key;
