// Scheduler checks for one (pod, node) pair, every filter evaluated: used by `sim why` and the UI's
// "why is there no pod here" panel.

import type { Node, Pod } from '../api/types';
import type { Simulation } from '../simulation';
import { type FilterResult, firstFailure, runFilters } from './filters';
import type { NodeUsage } from './nodeInfo';

/**
 * Every filter's verdict for `pod` on `node`, against what is bound to the node now (the pod's own
 * share left out when it is already bound there). Works for hypothetical pods too.
 */
export function explainScheduling(sim: Simulation, pod: Pod, node: Node): FilterResult[] {
  return runFilters(pod, node, sim.scheduler.nodeInfos.usageWithout(node.metadata.name, pod), true);
}

/** Whether `pod` passes every filter on `node` given `usage`. */
export function fitsNode(pod: Pod, node: Node, usage: NodeUsage): boolean {
  return firstFailure(pod, node, usage) === undefined;
}
