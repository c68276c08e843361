// One shape for every pod status the engine writes on a pod's way to Running (v1.PodStatus).
//
// A pod's status goes through several field sets: Pending with its QoS class (the create), the
// PodScheduled condition (the binding), the sandbox with its host IP and waiting containers, the
// pod IP and running containers, readiness. Built with only the fields they have, in whatever order
// a spread leaves them, those statuses were four hidden classes in V8, each new one meeting code
// optimized for the others: every function reading `pod.status` (the informers, the scheduler,
// the kubelet, the controllers' filters) was thrown out and compiled again as pods reached the
// next stage — the mixed case's apply recompiled some 80 functions, and the compiler threads'
// CPU was about as much as the main thread's. Here every such status has all of PodStatus's
// fields as its own properties in the Go struct's order, an absent one `undefined`, which every
// reader already takes as absent (deepEqual, the encoders, kubectl's printers, `?.`, `??`).

import type { ContainerStatus, PodStatus } from './types';
import { ownSet } from './own';

/** PodStatus with the fields the engine writes that the shared type leaves out. */
export type PodStatusFields = PodStatus & {
  hostIPs?: { ip: string }[];
  initContainerStatuses?: ContainerStatus[];
};

/** v1.PodStatus's fields in the Go struct's order (the order `podStatus` lays them out in). */
export const POD_STATUS_FIELDS: readonly (keyof PodStatusFields)[] = [
  'phase',
  'conditions',
  'message',
  'reason',
  'nominatedNodeName',
  'hostIP',
  'hostIPs',
  'podIP',
  'podIPs',
  'startTime',
  'initContainerStatuses',
  'containerStatuses',
  'qosClass',
];

const KNOWN = new Set<string>(POD_STATUS_FIELDS);

const NO_STATUS: PodStatusFields = Object.freeze({});

/**
 * `{ ...s, ...o }` (a field of `o` that is undefined keeps `s`'s; `o`'s fields outside
 * POD_STATUS_FIELDS are not looked at) with every field of
 * POD_STATUS_FIELDS its own property in that order, undefined when neither has it, then any other
 * field of `s` (ephemeralContainerStatuses, …) in its own order. Written out as one literal: V8
 * gives every status made here the same hidden class.
 */
export function podStatus(s: PodStatusFields | undefined, o: PodStatusFields): PodStatus {
  const src = s ?? NO_STATUS;
  const out: PodStatusFields = {
    phase: o.phase !== undefined ? o.phase : src.phase,
    conditions: o.conditions !== undefined ? o.conditions : src.conditions,
    message: o.message !== undefined ? o.message : src.message,
    reason: o.reason !== undefined ? o.reason : src.reason,
    nominatedNodeName: o.nominatedNodeName !== undefined ? o.nominatedNodeName : src.nominatedNodeName,
    hostIP: o.hostIP !== undefined ? o.hostIP : src.hostIP,
    hostIPs: o.hostIPs !== undefined ? o.hostIPs : src.hostIPs,
    podIP: o.podIP !== undefined ? o.podIP : src.podIP,
    podIPs: o.podIPs !== undefined ? o.podIPs : src.podIPs,
    startTime: o.startTime !== undefined ? o.startTime : src.startTime,
    initContainerStatuses:
      o.initContainerStatuses !== undefined ? o.initContainerStatuses : src.initContainerStatuses,
    containerStatuses: o.containerStatuses !== undefined ? o.containerStatuses : src.containerStatuses,
    qosClass: o.qosClass !== undefined ? o.qosClass : src.qosClass,
  };
  const extra = src as Record<string, unknown>;
  for (const k in extra) {
    if (!KNOWN.has(k) && Object.prototype.hasOwnProperty.call(extra, k) && extra[k] !== undefined)
      ownSet(out as Record<string, unknown>, k, extra[k]);
  }
  return out;
}
