// The pod status the kubelet reports at each step of a pod's life (pkg/kubelet/status,
// kubelet_pods.go generateAPIPodStatus): phase, conditions, container statuses.

import type { Container, ContainerStatus, Pod, PodCondition, PodStatus } from '../api/types';
import { deepFreeze } from '../api/objects';
import { nextPodCondition } from '../scheduler/podCondition';
import { computeDigest, imageID, normalizeImage } from './images';

const CONDITION_ORDER = ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'];

function rank(c: PodCondition): number {
  const i = CONDITION_ORDER.indexOf(c.type);
  return i < 0 ? CONDITION_ORDER.length : i;
}

/** The conditions in the kubelet's order (a stable sort by rank; Array.prototype.sort is stable). */
function orderConditions(list: PodCondition[]): PodCondition[] {
  let sorted = true;
  for (let i = 1; i < list.length && sorted; i++) sorted = rank(list[i - 1]) <= rank(list[i]);
  return sorted ? list : list.sort((a, b) => rank(a) - rank(b));
}

function withConditions(
  status: PodStatus,
  now: string,
  conds: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>[],
): PodCondition[] {
  // setPodCondition for each, on one copy of the list.
  const list = status.conditions ? status.conditions.slice() : [];
  for (const c of conds) {
    const i = list.findIndex((x) => x.type === c.type);
    if (i >= 0) list[i] = nextPodCondition(list[i], c, now);
    else list.push(nextPodCondition(undefined, c, now));
  }
  return orderConditions(list);
}

/** PodStatus fields in the API's (Go struct) order, so `-o yaml` reads like the real thing. */
const STATUS_ORDER = ['phase', 'conditions', 'message', 'reason', 'nominatedNodeName', 'hostIP', 'hostIPs', 'podIP', 'podIPs', 'startTime', 'initContainerStatuses', 'containerStatuses', 'qosClass'];

const IN_ORDER = new Set(STATUS_ORDER);

function ordered(s: PodStatus): PodStatus {
  const src = s as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of STATUS_ORDER) if (src[k] !== undefined) out[k] = src[k];
  for (const k in src) if (!IN_ORDER.has(k) && Object.prototype.hasOwnProperty.call(src, k) && src[k] !== undefined) out[k] = src[k];
  return out as PodStatus;
}

/** per (frozen, template-shared) containers list: the message and the waiting statuses, made once */
const unreadyMessages = new WeakMap<readonly Container[], string>();
const waitingStatuses = new WeakMap<readonly Container[], readonly ContainerStatus[]>();

export function unreadyMessage(pod: Pod): string {
  const cs = pod.spec.containers;
  let m = unreadyMessages.get(cs);
  if (m === undefined) {
    m = `containers with unready status: [${cs.map((c) => c.name).join(' ')}]`;
    if (Object.isFrozen(cs)) unreadyMessages.set(cs, m);
  }
  return m;
}

function notReadyConds(pod: Pod) {
  const message = unreadyMessage(pod);
  return [
    { type: 'Ready', status: 'False' as const, reason: 'ContainersNotReady', message },
    { type: 'ContainersReady', status: 'False' as const, reason: 'ContainersNotReady', message },
  ];
}

/** The waiting statuses (frozen: they go into a stored status as they are, shared by the pods of one template). */
function waiting(pod: Pod): ContainerStatus[] {
  const cs = pod.spec.containers;
  let w = waitingStatuses.get(cs);
  if (!w) {
    w = deepFreeze(waitingFor(cs));
    if (Object.isFrozen(cs)) waitingStatuses.set(cs, w);
  }
  return w as ContainerStatus[];
}

function waitingFor(cs: readonly Container[]): ContainerStatus[] {
  return cs.map((c) => ({
    name: c.name,
    image: c.image ?? '',
    imageID: '',
    ready: false,
    restartCount: 0,
    started: false,
    state: { waiting: { reason: 'ContainerCreating' } },
    lastState: {},
  }));
}

/** A deterministic containerd container ID for a pod's container (one per pod: not worth caching). */
export function containerID(pod: Pod, container: string): string {
  return `containerd://${computeDigest(`${pod.metadata.uid}/${container}`)}`;
}

/** Right after binding: Pending, ContainerCreating; sandboxReady false while the network is missing. */
export function pendingStatus(pod: Pod, hostIP: string, now: string, sandboxReady: boolean): PodStatus {
  const s: PodStatus = { ...pod.status };
  return ordered({
    ...s,
    phase: 'Pending',
    conditions: withConditions(s, now, [
      { type: 'PodReadyToStartContainers', status: sandboxReady ? 'True' : 'False' },
      { type: 'Initialized', status: 'True' },
      ...notReadyConds(pod),
    ]),
    hostIP,
    hostIPs: [{ ip: hostIP }],
    startTime: s.startTime ?? now,
    containerStatuses: waiting(pod),
  } as PodStatus);
}

/** Every container started: Running with a pod IP, not ready yet. */
export function runningStatus(pod: Pod, podIP: string, now: string, startedAt: Record<string, string>): PodStatus {
  const s: PodStatus = { ...pod.status };
  return ordered({
    ...s,
    phase: 'Running',
    conditions: withConditions(s, now, [{ type: 'PodReadyToStartContainers', status: 'True' }, ...notReadyConds(pod)]),
    podIP,
    podIPs: [{ ip: podIP }],
    containerStatuses: pod.spec.containers.map((c) => ({
      name: c.name,
      image: normalizeImage(c.image ?? ''),
      imageID: imageID(c.image ?? ''),
      containerID: containerID(pod, c.name),
      ready: false,
      restartCount: 0,
      started: true,
      state: { running: { startedAt: startedAt[c.name] ?? now } },
      lastState: {},
    })),
  });
}

/** Readiness reported: Ready and ContainersReady True. */
export function readyStatus(pod: Pod, now: string): PodStatus {
  const s: PodStatus = { ...pod.status };
  return {
    ...s,
    conditions: withConditions(s, now, [
      { type: 'Ready', status: 'True' },
      { type: 'ContainersReady', status: 'True' },
    ]),
    containerStatuses: (s.containerStatuses ?? []).map((c) => ({ ...c, ready: true })),
  };
}

/** Ready False (the pod is stopping, or its node stopped reporting). */
export function notReadyStatus(pod: Pod, now: string): PodStatus {
  const s: PodStatus = { ...pod.status };
  return {
    ...s,
    conditions: withConditions(s, now, notReadyConds(pod)),
    containerStatuses: (s.containerStatuses ?? []).map((c) => ({ ...c, ready: false })),
  };
}

/** The containers exited with an error: phase Failed. */
export function failedStatus(pod: Pod, now: string): PodStatus {
  const s: PodStatus = { ...pod.status };
  return ordered({
    ...s,
    phase: 'Failed',
    conditions: withConditions(s, now, [{ type: 'PodReadyToStartContainers', status: 'False' }, ...notReadyConds(pod)]),
    containerStatuses: pod.spec.containers.map((c) => {
      const prev = s.containerStatuses?.find((x) => x.name === c.name);
      const startedAt = prev?.state.running?.startedAt ?? now;
      return {
        name: c.name,
        image: prev?.image ?? c.image ?? '',
        imageID: prev?.imageID ?? '',
        ...(prev?.containerID ? { containerID: prev.containerID } : {}),
        ready: false,
        restartCount: prev?.restartCount ?? 0,
        started: false,
        state: { terminated: { exitCode: 1, reason: 'Error', startedAt, finishedAt: now } },
        lastState: {},
      };
    }),
  });
}

/** Adds (or refreshes) a condition on a status, e.g. DisruptionTarget before an eviction. */
export function withCondition(
  pod: Pod,
  cond: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>,
  now: string,
): PodStatus {
  const s: PodStatus = { ...pod.status };
  return { ...s, conditions: withConditions(s, now, [cond]) };
}
