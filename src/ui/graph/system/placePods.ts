// Where each pod is drawn: in a node's card, or in the unscheduled lane.

import type { Node, Pod } from '../../../engine';
import { byOrder, factsOf } from './podFacts';

export interface PodPlacement {
  /** pods drawn in each node's card, sorted */
  byNode: Map<string, Pod[]>;
  /** pods drawn in the unscheduled lane, sorted by key */
  lane: Pod[];
  /** lane pods bound to a node that no longer exists */
  nodeGone: string[];
  /** per node: unschedulable pods pinned to it */
  waitingFor: Map<string, number>;
  waitingPods: Map<string, Pod[]>;
}

/**
 * Where each pod is drawn. Bound pods sit in their node; a pod not bound yet sits in the node its
 * node affinity pins it to (a daemon pod on its way); pods the scheduler marked Unschedulable, pods
 * with no node to go to, and pods whose node is gone go to the lane.
 */
export function placePods(
  nodes: Readonly<Record<string, Node>>,
  pods: Readonly<Record<string, Pod>>,
): PodPlacement {
  const byNode = new Map<string, Pod[]>();
  const lane: Pod[] = [];
  const nodeGone: string[] = [];
  const waitingFor = new Map<string, number>();
  const waitingPods = new Map<string, Pod[]>();
  for (const key in pods) {
    const pod = pods[key];
    const f = factsOf(pod);
    let on: string | undefined;
    if (f.nodeName) {
      if (nodes[`/${f.nodeName}`]) on = f.nodeName;
      else nodeGone.push(f.key);
    } else if (f.unschedulable) {
      if (f.pinned) {
        waitingFor.set(f.pinned, (waitingFor.get(f.pinned) ?? 0) + 1);
        const list = waitingPods.get(f.pinned);
        if (list) list.push(pod);
        else waitingPods.set(f.pinned, [pod]);
      }
    } else if (f.pinned && nodes[`/${f.pinned}`]) on = f.pinned;
    if (on) {
      const list = byNode.get(on);
      if (list) list.push(pod);
      else byNode.set(on, [pod]);
    } else lane.push(pod);
  }
  for (const list of byNode.values()) if (list.length > 1) list.sort(byOrder);
  lane.sort((a, b) => (factsOf(a).key < factsOf(b).key ? -1 : 1));
  nodeGone.sort();
  return { byNode, lane, nodeGone, waitingFor, waitingPods };
}
