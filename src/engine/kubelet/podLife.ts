// What the kubelet knows of a pod's containers once something went wrong (an image that does not
// pull, a container that stopped, a probe that fails), and the pod status it generates from that
// (kubelet_pods.go generateAPIPodStatus, convertToAPIContainerStatuses, getPhase; status/generate.go
// for the conditions). A healthy pod never gets one: its status comes from podStatus.ts's builders,
// which give the same bytes for the same state (podLife.test.ts holds them to it).

import type { Container, ContainerState, ContainerStatus, Pod, PodStatus } from '../api/types';
import type { RunBehaviour } from '../registry/registry';
import { type CondSpec, ipList, withConditions } from './podStatus';
import { podStatus } from '../api/podStatusFields';
import type { Probe } from './prober';

/** A container the runtime created: one run of one of the pod's containers. */
export interface Instance {
  /** `containerd://…` */
  id: string;
  /** its restart count (0 for the first run) */
  attempt: number;
  /** the image as containerd reports it (normalized), and its digest */
  image: string;
  imageID: string;
  startedMs: number;
  startedAt: string;
  /** set once it exited */
  finishedMs?: number;
  finishedAt?: string;
  exitCode?: number;
  /** containerd's reason: Completed (exit 0), Error, OOMKilled */
  reason?: string;
  /** when the kubelet sent it SIGTERM (a failed liveness or startup probe) */
  signalledMs?: number;
  /** what its program does (the registry's rule when it started) */
  run: RunBehaviour;
}

/** The reason cache's entry of a container: why its last start failed (ErrImagePull, CrashLoopBackOff, …). */
export interface StartFailure {
  reason: string;
  message: string;
}

/** A probe worker of the current instance: the next probe and the run of equal results so far. */
export interface ProbeWorker {
  probe: Probe;
  /** the next probe (Infinity: none scheduled) */
  at: number;
  /** consecutive failures and successes */
  failures: number;
  successes: number;
}

export interface ContainerLife {
  name: string;
  /** the newest instance, and the one before (the status's lastState) */
  cur?: Instance;
  prev?: Instance;
  /** the reason cache: set by a failed start, cleared by a successful one */
  failure?: StartFailure;
  /** the prober's results for the current instance */
  started: boolean;
  ready: boolean;
  /** when the current instance's program exits on its own (Infinity: never) */
  exitAt: number;
  /** a container without a readiness probe turns ready at this time (Infinity: not pending) */
  readyAt: number;
  readiness?: ProbeWorker;
  liveness?: ProbeWorker;
  startup?: ProbeWorker;
  /** a failed liveness or startup probe asks the next sync to kill it, with this message */
  kill?: string;
  /** doBackOff's view at the sync's start: when the newest exited instance finished */
  backOffTs?: number;
}

export function newContainerLife(name: string): ContainerLife {
  return { name, started: false, ready: false, exitAt: Infinity, readyAt: Infinity };
}

/** Whether the instance is running (created and not exited). */
export function isRunning(i: Instance | undefined): i is Instance {
  return i !== undefined && i.finishedMs === undefined;
}

/** The newest exited instance's finish time, if any (doBackOff's cStatus.FinishedAt). */
export function newestExit(cl: ContainerLife): number | undefined {
  if (cl.cur?.finishedMs !== undefined) return cl.cur.finishedMs;
  return cl.prev?.finishedMs;
}

/** kubecontainer.ShouldContainerBeRestarted */
export function shouldContainerBeRestarted(
  cl: ContainerLife,
  restartPolicy: string | undefined,
  deleting: boolean,
): boolean {
  if (deleting) return false;
  const cur = cl.cur;
  if (cur === undefined) return true;
  if (cur.finishedMs === undefined) return false;
  if (restartPolicy === 'Never') return false;
  if (restartPolicy === 'OnFailure' && cur.exitCode === 0) return false;
  return true;
}

function terminated(i: Instance): ContainerState {
  return {
    terminated: {
      exitCode: i.exitCode ?? 0,
      reason: i.reason,
      startedAt: i.startedAt,
      finishedAt: i.finishedAt,
      containerID: i.id,
    } as NonNullable<ContainerState['terminated']>,
  };
}

/**
 * convertToAPIContainerStatuses for one container: the newest instance's state (the one before as
 * lastState), or ContainerCreating before the first; a container the next sync restarts shows the
 * reason cache's entry as its waiting state (its terminated state moving to lastState). Fields in
 * the order podStatus.ts writes them.
 */
export function containerStatusOf(
  c: Container,
  cl: ContainerLife,
  failure: StartFailure | undefined,
  restartPolicy: string | undefined,
  deleting: boolean,
): ContainerStatus {
  const cur = cl.cur;
  if (cur === undefined) {
    return {
      name: c.name,
      image: c.image ?? '',
      imageID: '',
      ready: false,
      restartCount: 0,
      started: false,
      state: {
        waiting:
          failure && !deleting
            ? { reason: failure.reason, message: failure.message }
            : { reason: 'ContainerCreating' },
      },
      lastState: {},
    };
  }
  const running = isRunning(cur);
  let state: ContainerState = running ? { running: { startedAt: cur.startedAt } } : terminated(cur);
  let lastState: ContainerState = cl.prev ? terminated(cl.prev) : {};
  if (!running && failure && shouldContainerBeRestarted(cl, restartPolicy, deleting)) {
    lastState = state;
    state = { waiting: { reason: failure.reason, message: failure.message } };
  }
  return {
    name: c.name,
    image: cur.image,
    imageID: cur.imageID,
    containerID: cur.id,
    ready: running && cl.started && cl.ready,
    restartCount: cur.attempt,
    started: running && cl.started,
    state,
    lastState,
  };
}

/** getPhase (kubelet_pods.go) for pods without init containers. */
export function getPhase(
  statuses: readonly ContainerStatus[],
  restartPolicy: string | undefined,
): NonNullable<PodStatus['phase']> {
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const s of statuses) {
    if (s.state.running) running++;
    else if (s.state.terminated) {
      stopped++;
      if (s.state.terminated.exitCode === 0) succeeded++;
    } else if (s.state.waiting) {
      if (s.lastState?.terminated) stopped++;
      else waiting++;
    }
  }
  if (waiting > 0) return 'Pending';
  if (running > 0) return 'Running';
  if (stopped > 0) {
    if (restartPolicy === 'Always' || restartPolicy === undefined) return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (restartPolicy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}

const spec = (type: string, status: CondSpec['status'], reason?: string): CondSpec =>
  Object.freeze(reason ? { type, status, reason } : { type, status });
const LIVE_CONDS: readonly CondSpec[] = Object.freeze([
  spec('PodReadyToStartContainers', 'True'),
  spec('Initialized', 'True'),
]);
const READY: readonly CondSpec[] = Object.freeze([spec('Ready', 'True'), spec('ContainersReady', 'True')]);
const FAILED_CONDS: readonly CondSpec[] = Object.freeze([
  spec('PodReadyToStartContainers', 'False'),
  spec('Initialized', 'True'),
  spec('Ready', 'False', 'PodFailed'),
  spec('ContainersReady', 'False', 'PodFailed'),
]);
const SUCCEEDED_CONDS: readonly CondSpec[] = Object.freeze([
  spec('PodReadyToStartContainers', 'False'),
  spec('Initialized', 'True', 'PodCompleted'),
  spec('Ready', 'False', 'PodCompleted'),
  spec('ContainersReady', 'False', 'PodCompleted'),
]);

/** GenerateContainersReadyCondition / GeneratePodReadyCondition (no readiness gates), with the two before them. */
function conditionsFor(phase: PodStatus['phase'], statuses: readonly ContainerStatus[]): readonly CondSpec[] {
  if (phase === 'Failed') return FAILED_CONDS;
  if (phase === 'Succeeded') return SUCCEEDED_CONDS;
  const unready: string[] = [];
  for (const s of statuses) if (!s.ready) unready.push(s.name);
  if (unready.length === 0) return [...LIVE_CONDS, ...READY];
  const message = `containers with unready status: [${unready.join(' ')}]`;
  return [
    ...LIVE_CONDS,
    { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message },
    { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message },
  ];
}

export interface LifeStatusInput {
  containers: readonly ContainerLife[];
  /** the reason cache as the last sync saw it (what the status shows) */
  shown: readonly (StartFailure | undefined)[];
  hostIP: string;
  podIP: string | undefined;
  now: string;
}

/** generateAPIPodStatus from what the kubelet knows of the pod's containers. */
export function lifeStatus(pod: Pod, input: LifeStatusInput): PodStatus {
  const s = pod.status;
  const deleting = pod.metadata.deletionTimestamp !== undefined;
  const policy = pod.spec.restartPolicy;
  const specs = pod.spec.containers;
  const statuses: ContainerStatus[] = [];
  for (let i = 0; i < specs.length; i++)
    statuses.push(containerStatusOf(specs[i], input.containers[i], input.shown[i], policy, deleting));
  const phase = getPhase(statuses, policy);
  const podIP = input.podIP;
  return podStatus(s, {
    phase,
    conditions: withConditions(s, input.now, conditionsFor(phase, statuses)),
    hostIP: input.hostIP,
    hostIPs: ipList(input.hostIP),
    podIP,
    podIPs: podIP === undefined ? undefined : ipList(podIP),
    startTime: s?.startTime ?? input.now,
    containerStatuses: statuses,
  });
}
