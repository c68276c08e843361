// The pod status the kubelet reports at each step of a pod's life (pkg/kubelet/status,
// kubelet_pods.go generateAPIPodStatus): phase, conditions, container statuses.
//
// Every status is built frozen, piece by piece, so the store and the kubelet's deepFreeze find it
// frozen and stop at once. What did not change is shared rather than copied: a condition whose
// status, reason and message stay is the stored object itself, and a condition that moves at
// `now` is one frozen object for every pod that moves at that instant. The simple builders these
// replace are kept as the oracle in podStatus.test.ts.

import type { Container, ContainerStatus, Pod, PodCondition, PodStatus } from '../api/types';
import { deepFreeze } from '../api/objects';
import { nextPodCondition } from '../api/podCondition';
import { normalizeImage } from '../registry/reference';
import { computeDigest, imageID } from './images';
import { podStatus, type PodStatusFields } from '../api/podStatusFields';

/** What a builder asks of one condition (setPodCondition's input). */
export type CondSpec = Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>;

/** The condition types in the kubelet's order; any other type sorts after them. */
function rank(c: PodCondition): number {
  switch (c.type) {
    case 'PodReadyToStartContainers':
      return 0;
    case 'Initialized':
      return 1;
    case 'Ready':
      return 2;
    case 'ContainersReady':
      return 3;
    case 'PodScheduled':
      return 4;
    default:
      return 5;
  }
}

/**
 * The conditions in the kubelet's order: a stable sort by rank, in place. An insertion sort by hand:
 * a list holds at most a handful, and Array.prototype.sort allocated a comparator and a work array
 * for each of the 10,000 lists a 5,000-node apply sorts.
 */
function orderConditions(list: PodCondition[]): PodCondition[] {
  for (let i = 1; i < list.length; i++) {
    const c = list[i];
    const r = rank(c);
    let j = i;
    while (j > 0 && rank(list[j - 1]) > r) {
      list[j] = list[j - 1];
      j--;
    }
    list[j] = c;
  }
  return list;
}

/**
 * Whether `old` is exactly what nextPodCondition(old, spec, now) would make: frozen, the same
 * status, reason and message, its transition time kept, and the same keys in the same order.
 */
function unchanged(old: PodCondition, spec: CondSpec): boolean {
  if (
    old.status !== spec.status ||
    old.lastProbeTime !== null ||
    !old.lastTransitionTime ||
    !Object.isFrozen(old)
  )
    return false;
  const reason = spec.reason || undefined;
  const message = spec.message || undefined;
  if (old.reason !== reason || old.message !== message) return false;
  let i = 0;
  for (const k in old) if (k !== KEYS[i++]) return false;
  return i === KEYS.length;
}

/** nextPodCondition's keys, in its order (reason and message present, undefined when empty) */
const KEYS = ['type', 'status', 'lastProbeTime', 'lastTransitionTime', 'reason', 'message'];

/** Conditions that start at `memoNow`, one per (frozen) spec, shared by every pod moving at that instant. */
let memoNow = '';
const memo = new Map<CondSpec, PodCondition>();

/** nextPodCondition, frozen, sharing what it can (see the file comment). */
function nextCondition(old: PodCondition | undefined, spec: CondSpec, now: string): PodCondition {
  if (old && unchanged(old, spec)) return old;
  const fresh = !old || old.status !== spec.status || !old.lastTransitionTime;
  if (!fresh || !Object.isFrozen(spec)) return Object.freeze(nextPodCondition(old, spec, now));
  if (memoNow !== now) {
    memoNow = now;
    memo.clear();
  }
  let c = memo.get(spec);
  if (!c) memo.set(spec, (c = Object.freeze(nextPodCondition(old, spec, now))));
  return c;
}

/**
 * setPodCondition for each, on one copy of the list. The list is frozen when what it keeps of the
 * old one was frozen (frozen means frozen all the way down: deepFreeze stops at a frozen object).
 */
export function withConditions(
  status: PodStatus | undefined,
  now: string,
  conds: readonly CondSpec[],
): PodCondition[] {
  const old = status?.conditions;
  // a copy by hand: Array.prototype.slice takes a slow path on frozen arrays (V8 11)
  const list: PodCondition[] = [];
  if (old) for (let i = 0; i < old.length; i++) list.push(old[i]);
  for (let j = 0; j < conds.length; j++) {
    const c = conds[j];
    let i = 0;
    while (i < list.length && list[i].type !== c.type) i++;
    list[i] = nextCondition(i < list.length ? list[i] : undefined, c, now);
  }
  orderConditions(list);
  return !old || Object.isFrozen(old) ? (Object.freeze(list) as PodCondition[]) : list;
}

/** Freezes a status built from `s` when `s` was frozen (or absent): its other parts are frozen then. */
function sealed(out: PodStatus, s: PodStatus | undefined): PodStatus {
  return s === undefined || Object.isFrozen(s) ? Object.freeze(out) : out;
}

/**
 * PodStatus with the fields this file writes that the shared type leaves out. Every status built
 * here is laid out by podStatus (api/podStatusFields.ts): one hidden class for all of them.
 */
type Status = PodStatusFields;

/** per (frozen, template-shared) containers list: the message, the not-ready conditions and the waiting statuses, made once */
const unreadyMessages = new WeakMap<readonly Container[], string>();
const notReadySpecs = new WeakMap<readonly Container[], readonly CondSpec[]>();
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

/** Ready and ContainersReady False, naming the containers (frozen and kept per frozen containers list). */
function notReadyConds(pod: Pod): readonly CondSpec[] {
  const cs = pod.spec.containers;
  let specs = notReadySpecs.get(cs);
  if (!specs) {
    const message = unreadyMessage(pod);
    specs = [
      { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message },
      { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message },
    ];
    if (Object.isFrozen(cs)) notReadySpecs.set(cs, deepFreeze(specs));
  }
  return specs;
}

/**
 * A condition spec without reason or message. Every CondSpec the kubelet hands to withConditions has
 * the same four keys (an absent reason or message undefined, as nextPodCondition and `unchanged` read
 * it) and every list of them is frozen: one hidden class each, so the code that walks them (compiled
 * while the first pods are pending) meets no new one when they start running and become ready.
 */
const spec = (type: string, status: CondSpec['status']): CondSpec =>
  Object.freeze({ type, status, reason: undefined, message: undefined });
const READY_TO_START_TRUE = spec('PodReadyToStartContainers', 'True');
const READY_TO_START_FALSE = spec('PodReadyToStartContainers', 'False');
const INITIALIZED_TRUE = spec('Initialized', 'True');
const READY_CONDS: readonly CondSpec[] = Object.freeze([
  spec('Ready', 'True'),
  spec('ContainersReady', 'True'),
]);

/** per not-ready specs: the lists pendingStatus (sandbox ready or not) and runningStatus hand to withConditions */
const pendingSpecs = new WeakMap<
  readonly CondSpec[],
  { ready: readonly CondSpec[]; notReady: readonly CondSpec[]; running: readonly CondSpec[] }
>();

function lifecycleSpecs(pod: Pod) {
  const nr = notReadyConds(pod);
  let l = pendingSpecs.get(nr);
  if (!l) {
    l = {
      ready: Object.freeze([READY_TO_START_TRUE, INITIALIZED_TRUE, ...nr]),
      notReady: Object.freeze([READY_TO_START_FALSE, INITIALIZED_TRUE, ...nr]),
      running: Object.freeze([READY_TO_START_TRUE, ...nr]),
    };
    if (Object.isFrozen(nr)) pendingSpecs.set(nr, l);
  }
  return l;
}

/** The waiting statuses (frozen: they go into a stored status as they are, shared by the pods of one template). */
export function waiting(pod: Pod): ContainerStatus[] {
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

/**
 * A deterministic containerd container ID for a pod's container (one per pod: not worth caching);
 * each restart (`attempt` n > 0) is a new container with its own ID.
 */
export function containerID(pod: Pod, container: string, attempt = 0): string {
  return `containerd://${computeDigest(attempt === 0 ? `${pod.metadata.uid}/${container}` : `${pod.metadata.uid}/${container}/${attempt}`)}`;
}

const NO_STATE = Object.freeze({});

/** `{ running: { startedAt } }`, frozen; the last one is kept, as pods that start together share it. */
let lastRunning: { startedAt: string; state: ContainerStatus['state'] } = { startedAt: '', state: NO_STATE };

function runningState(startedAt: string): ContainerStatus['state'] {
  if (lastRunning.startedAt !== startedAt || lastRunning.state === NO_STATE) {
    lastRunning = { startedAt, state: Object.freeze({ running: Object.freeze({ startedAt }) }) };
  }
  return lastRunning.state;
}

/** `[{ ip }]`, frozen */
export function ipList(ip: string): { ip: string }[] {
  return Object.freeze([Object.freeze({ ip })]) as { ip: string }[];
}

/** Right after binding: Pending, ContainerCreating; sandboxReady false while the network is missing. */
export function pendingStatus(pod: Pod, hostIP: string, now: string, sandboxReady: boolean): PodStatus {
  const s: Status | undefined = pod.status;
  const specs = lifecycleSpecs(pod);
  const out = podStatus(s, {
    phase: 'Pending',
    conditions: withConditions(s, now, sandboxReady ? specs.ready : specs.notReady),
    hostIP,
    hostIPs: ipList(hostIP),
    startTime: s?.startTime ?? now,
    containerStatuses: waiting(pod),
  });
  return sealed(out, s);
}

/** Every container started: Running with a pod IP, not ready yet. */
export function runningStatus(
  pod: Pod,
  podIP: string,
  now: string,
  startedAt: Record<string, string>,
): PodStatus {
  const s: PodStatus | undefined = pod.status;
  const containers = pod.spec.containers;
  const statuses: ContainerStatus[] = [];
  for (let i = 0; i < containers.length; i++) {
    const c = containers[i];
    const image = c.image ?? '';
    statuses.push(
      Object.freeze({
        name: c.name,
        image: normalizeImage(image),
        imageID: imageID(image),
        containerID: containerID(pod, c.name),
        ready: false,
        restartCount: 0,
        started: true,
        state: runningState(startedAt[c.name] ?? now),
        lastState: NO_STATE,
      }),
    );
  }
  const out = podStatus(s, {
    phase: 'Running',
    conditions: withConditions(s, now, lifecycleSpecs(pod).running),
    podIP,
    podIPs: ipList(podIP),
    containerStatuses: Object.freeze(statuses) as ContainerStatus[],
  });
  return sealed(out, s);
}

/** The container statuses with `ready` set (each one copied, its parts shared; frozen when the list was). */
function withReady(list: readonly ContainerStatus[] | undefined, ready: boolean): ContainerStatus[] {
  const out: ContainerStatus[] = [];
  if (!list) return Object.freeze(out) as ContainerStatus[];
  const frozen = Object.isFrozen(list);
  for (let i = 0; i < list.length; i++) {
    const c = { ...list[i], ready };
    out.push(frozen ? Object.freeze(c) : c);
  }
  return frozen ? (Object.freeze(out) as ContainerStatus[]) : out;
}

/** Readiness reported: Ready and ContainersReady True. */
export function readyStatus(pod: Pod, now: string): PodStatus {
  const s: PodStatus | undefined = pod.status;
  return sealed(
    podStatus(s, {
      conditions: withConditions(s, now, READY_CONDS),
      containerStatuses: withReady(s?.containerStatuses, true),
    }),
    s,
  );
}

/** Ready False (the pod is stopping, or its node stopped reporting). */
export function notReadyStatus(pod: Pod, now: string): PodStatus {
  const s: PodStatus | undefined = pod.status;
  return sealed(
    podStatus(s, {
      conditions: withConditions(s, now, notReadyConds(pod)),
      containerStatuses: withReady(s?.containerStatuses, false),
    }),
    s,
  );
}

/** The containers exited with an error: phase Failed. */
export function failedStatus(pod: Pod, now: string): PodStatus {
  const s: PodStatus | undefined = pod.status;
  return podStatus(s, {
    phase: 'Failed',
    conditions: withConditions(s, now, [READY_TO_START_FALSE, ...notReadyConds(pod)]),
    containerStatuses: pod.spec.containers.map((c) => {
      const prev = s?.containerStatuses?.find((x) => x.name === c.name);
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
export function withCondition(pod: Pod, cond: CondSpec, now: string): PodStatus {
  const s: PodStatus | undefined = pod.status;
  return podStatus(s, { conditions: withConditions(s, now, [cond]) });
}
