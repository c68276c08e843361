// The engine's pure predicates and formatters the page reuses on the objects it holds (the graph's
// cards, the rollout view, the Why panel): the very functions the controllers, the scheduler and
// kubectl apply, so the page never re-derives a rule of its own. Each takes objects and returns a
// value; none reads a Simulation. A small face of its own so the page's first load takes only these
// modules, not the whole engine (src/engine/index.ts re-exports them too).

export { deepEqual } from './api/objects';
export { namespacedName } from './api/namespacedName';
export { controllerRef, getPodCondition, isPodAvailable, isPodReady, isPodTerminal } from './api/podutil';
export { comparePods, targetNodeName } from './controller/daemonset/podsByNode';
export { parseTime } from './clock';
export { pinnedNodeName } from './scheduler/nodeAffinity';
export { nodeAllocatable, podRequest } from './scheduler/nodeInfo';
export { taintString, toleratesTaint, tolerationString } from './scheduler/taints';
export {
  daemonTolerations,
  nodeShouldRunDaemonPod,
  shouldRunFast,
} from './controller/daemonset/nodeShouldRunDaemonPod';
export { findUpdatedPodsOnNode } from './controller/daemonset/rollingUpdate';
export {
  DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY,
  isInjectedToleration,
  newPodSpecForNode,
  scaledValue,
  templateGeneration,
  updatedDesiredNodeCounts,
} from './controller/daemonset/util';
export { humanDuration } from './kubectl/printers/age';
export { findNodeRoles, nodeStatus } from './kubectl/printers/columns';
export { podCells } from './kubectl/printers/podStatus';
export { API_VERSION, NAMESPACED, isKind } from './api/types';
export { TEMPLATE_GENERATION_ANNOTATION } from './api/annotations';
export { TAINT_EFFECTS, splitTaintSpec, type TaintSpecResult } from './api/taintSpec';
