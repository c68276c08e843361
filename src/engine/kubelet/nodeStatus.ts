// Node conditions as the kubelet (and, for Unknown, the node lifecycle controller) writes them:
// `sim node condition NAME TYPE=STATUS` and the network plugin coming up.

import { ownGet } from '../api/own';
import { StatusError, notFound } from '../api/errors';
import { clone } from '../api/objects';
import { getNodeCondition } from '../api/podutil';
import type { Node, NodeCondition } from '../api/types';
import type { ControllerHost } from '../host';

export type ConditionStatus = NodeCondition['status'];

/** The conditions the kubelet posts itself (the lifecycle controller turns them all Unknown). */
export const KUBELET_CONDITIONS = ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'];

export const NODE_STATUS_UNKNOWN = {
  reason: 'NodeStatusUnknown',
  message: 'Kubelet stopped posting node status.',
};

export const NETWORK_NOT_READY_MESSAGE =
  'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';

const REASONS: Record<string, Partial<Record<ConditionStatus, { reason: string; message: string }>>> = {
  Ready: {
    True: { reason: 'KubeletReady', message: 'kubelet is posting ready status' },
    False: { reason: 'KubeletNotReady', message: 'container runtime is down' },
  },
  MemoryPressure: {
    True: { reason: 'KubeletHasInsufficientMemory', message: 'kubelet has insufficient memory available' },
    False: { reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
  },
  DiskPressure: {
    True: { reason: 'KubeletHasDiskPressure', message: 'kubelet has disk pressure' },
    False: { reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
  },
  PIDPressure: {
    True: { reason: 'KubeletHasInsufficientPID', message: 'kubelet has insufficient PID available' },
    False: { reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
  },
  NetworkUnavailable: {
    True: { reason: 'NoRouteCreated', message: 'Node created without a route' },
    False: { reason: 'RouteCreated', message: 'RouteController created a route' },
  },
};

/** The reason and message a condition of `type` carries with `status`. */
export function conditionReason(type: string, status: ConditionStatus): { reason: string; message: string } {
  if (status === 'Unknown') return NODE_STATUS_UNKNOWN;
  return (
    ownGet(ownGet(REASONS, type), status) ?? {
      reason: `${type}${status === 'True' ? '' : 'Not'}Set`,
      message: `${type} is ${status}`,
    }
  );
}

/** Sets one condition in a list (lastTransitionTime moves only on a status change). */
export function putNodeCondition(
  list: NodeCondition[],
  type: string,
  status: ConditionStatus,
  now: string,
  why: { reason: string; message: string } = conditionReason(type, status),
): NodeCondition[] {
  const i = list.findIndex((c) => c.type === type);
  const old = i >= 0 ? list[i] : undefined;
  const cond: NodeCondition = {
    type,
    status,
    lastHeartbeatTime: status === 'Unknown' && old?.lastHeartbeatTime ? old.lastHeartbeatTime : now,
    lastTransitionTime: old && old.status === status && old.lastTransitionTime ? old.lastTransitionTime : now,
    reason: why.reason,
    message: why.message,
  };
  const out = [...list];
  if (i >= 0) out[i] = cond;
  else if (type === 'NetworkUnavailable') out.unshift(cond);
  else out.push(cond);
  return out;
}

/**
 * `sim node condition NAME TYPE=STATUS`. Ready=Unknown means the kubelet stopped posting: like the
 * node lifecycle controller, every kubelet-posted condition turns Unknown. Ready=True after that
 * means it posts again: conditions left Unknown come back healthy.
 */
export function setNodeCondition(sim: ControllerHost, nodeName: string, type: string, status: string): Node {
  if (status !== 'True' && status !== 'False' && status !== 'Unknown') {
    throw new StatusError(
      400,
      'BadRequest',
      `invalid condition status "${status}": must be True, False or Unknown`,
    );
  }
  const node = sim.store.get('Node', undefined, nodeName);
  if (!node) throw notFound('Node', nodeName);
  const now = sim.iso();
  let list = clone(node.status?.conditions ?? []);
  if (type === 'Ready' && status === 'Unknown') {
    for (const t of KUBELET_CONDITIONS) list = putNodeCondition(list, t, 'Unknown', now);
  } else {
    if (KUBELET_CONDITIONS.includes(type) && status !== 'Unknown') {
      // A kubelet that posts again reports every condition it owns.
      for (const t of KUBELET_CONDITIONS) {
        if (t !== type && getNodeCondition(node, t)?.status === 'Unknown') {
          list = putNodeCondition(list, t, t === 'Ready' ? 'True' : 'False', now);
        }
      }
    }
    list = putNodeCondition(list, type, status, now);
  }
  return sim.store.updateStatus<'Node'>({ ...node, status: { ...node.status, conditions: list } });
}

/** Whether a Ready=False condition is only the missing pod network. */
export function notReadyBecauseOfNetwork(node: Node): boolean {
  const r = getNodeCondition(node, 'Ready');
  return r?.status === 'False' && (r.message ?? '').includes('NetworkReady=false');
}

/**
 * A network plugin pod became Ready on the node: NetworkUnavailable=False and, if the node was not
 * ready only for lack of a network, Ready=True. Returns whether the node changed.
 */
export function networkPluginUp(sim: ControllerHost, nodeName: string, podKey: string): boolean {
  const node = sim.store.get('Node', undefined, nodeName);
  if (!node) return false;
  const now = sim.iso();
  let list = clone(node.status?.conditions ?? []);
  const nu = getNodeCondition(node, 'NetworkUnavailable');
  if (nu && nu.status !== 'False') {
    list = putNodeCondition(list, 'NetworkUnavailable', 'False', now, {
      reason: 'NetworkPluginIsUp',
      message: `network plugin pod ${podKey} is running on this node`,
    });
  }
  if (notReadyBecauseOfNetwork(node)) list = putNodeCondition(list, 'Ready', 'True', now);
  const updated = sim.store.updateStatus<'Node'>({ ...node, status: { ...node.status, conditions: list } });
  return updated !== node;
}
