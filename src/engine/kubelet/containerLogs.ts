// What a simulated container writes to its log (what the kubelet serves at pods/NAME/log): the
// playground runs no real programs, so each container writes the lines a generic service would at
// the points of its life the simulation knows — when it starts, when it is asked to stop (the
// kubelet's SIGTERM, once the pod is being deleted or a liveness probe failed) and when it exits on
// its own (an OOM-killed program writes nothing more: the kernel stopped it). Deterministic: derived
// from the pod's status and metadata; only the time of a liveness kill's SIGTERM comes from the
// kubelet, which passes it in.
//
// Which run's log: the current container's, or with `previous` the one before (lastState); a
// container waiting to be restarted serves the log of its last run, as validateContainerLogStatus
// (kubelet_pods.go) picks it.

import type { ContainerState, ContainerStatus, Pod } from '../api/types';

export interface LogLine {
  /** RFC 3339 with nanoseconds, as `kubectl logs --timestamps` prints it */
  time: string;
  text: string;
}

/** When the kubelet sent SIGTERM to a container (Kubelet.signalledAt), for the log of a killed run. */
export interface SignalSource {
  signalledAt(pod: Pod, containerID: string): number | undefined;
}

export interface LogOptions {
  /** the previous run's log (`kubectl logs --previous`) */
  previous?: boolean;
  /** the kubelet, to know when it stopped a run because a probe failed */
  kubelet?: SignalSource;
}

function nano(iso: string): string {
  // 2026-01-01T00:00:03Z or …03.250Z → 2026-01-01T00:00:03.250000000Z
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(iso);
  if (!m) return iso;
  return `${m[1]}.${(m[2] ?? '').padEnd(9, '0').slice(0, 9)}Z`;
}

function statusOf(pod: Pod, container: string): ContainerStatus | undefined {
  const status = pod.status as
    { containerStatuses?: ContainerStatus[]; initContainerStatuses?: ContainerStatus[] } | undefined;
  return (
    (status?.containerStatuses ?? []).find((c) => c.name === container) ??
    (status?.initContainerStatuses ?? []).find((c) => c.name === container) ??
    (pod.status?.ephemeralContainerStatuses ?? []).find((c) => c.name === container)
  );
}

type Terminated = NonNullable<ContainerState['terminated']> & { containerID?: string };

/** Why a container has no log to give, worded as the kubelet words it (validateContainerLogStatus). */
export function containerLogUnavailable(pod: Pod, container: string, previous: boolean): string | undefined {
  const name = pod.metadata.name;
  const cs = statusOf(pod, container);
  if (!cs) return `container "${container}" in pod "${name}" is not available`;
  const last = cs.lastState?.terminated as Terminated | undefined;
  if (previous) {
    if (!last || !last.containerID)
      return `previous terminated container "${container}" in pod "${name}" not found`;
    return undefined;
  }
  if (cs.state.running || cs.state.terminated || last) return undefined;
  const waiting = cs.state.waiting;
  if (waiting) {
    if (waiting.reason === 'ErrImagePull')
      return `container "${container}" in pod "${name}" is waiting to start: image can't be pulled`;
    if (waiting.reason === 'ImagePullBackOff')
      return `container "${container}" in pod "${name}" is waiting to start: trying and failing to pull image`;
    return `container "${container}" in pod "${name}" is waiting to start: ${waiting.reason ?? ''}`;
  }
  return `container "${container}" in pod "${name}" is waiting to start - no logs yet`;
}

/**
 * The lines the container has written so far: its current run's, or (`previous`) the run before.
 * A container waiting to be restarted (CrashLoopBackOff) gives its last run's.
 */
export function containerLogLines(pod: Pod, container: string, opts: LogOptions = {}): LogLine[] {
  const spec = [
    ...pod.spec.containers,
    ...(pod.spec.initContainers ?? []),
    ...(pod.spec.ephemeralContainers ?? []),
  ].find((c) => c.name === container);
  const cs = statusOf(pod, container);
  if (!spec || !cs) return [];
  const image = cs.image || spec.image || '';
  const last = cs.lastState?.terminated as Terminated | undefined;
  if (opts.previous)
    return last ? runLines(pod, container, image, last.startedAt, last, opts.kubelet, false) : [];
  if (cs.state.running)
    return runLines(
      pod,
      container,
      image,
      cs.state.running.startedAt,
      undefined,
      opts.kubelet,
      true,
      cs.containerID,
    );
  const t = cs.state.terminated as Terminated | undefined;
  if (t) return runLines(pod, container, image, t.startedAt, t, opts.kubelet, true, cs.containerID);
  if (last) return runLines(pod, container, image, last.startedAt, last, opts.kubelet, false);
  return [];
}

/** The previous run's lines (`kubectl logs --previous`): empty when there was none (see containerLogUnavailable). */
export function previousContainerLogLines(pod: Pod, container: string, kubelet?: SignalSource): LogLine[] {
  return containerLogLines(pod, container, { previous: true, kubelet });
}

/**
 * One run's lines: it started; it was asked to stop (the pod's deletion, for the current run; a
 * kill the kubelet reports); it exited on its own, unless the kernel killed it (OOMKilled).
 */
function runLines(
  pod: Pod,
  container: string,
  image: string,
  startedAt: string | undefined,
  t: Terminated | undefined,
  kubelet: SignalSource | undefined,
  current: boolean,
  id?: string,
): LogLine[] {
  if (!startedAt) return [];
  const md = pod.metadata;
  const out: LogLine[] = [
    {
      time: nano(startedAt),
      text: `[playground] ${image}: container ${container} of pod ${md.namespace}/${md.name} started on node ${pod.spec.nodeName ?? ''}`,
    },
  ];
  const containerID = t?.containerID ?? id;
  const signalled = containerID && kubelet ? kubelet.signalledAt(pod, containerID) : undefined;
  if (signalled !== undefined) {
    const grace = pod.spec.terminationGracePeriodSeconds ?? 30;
    out.push({
      time: nano(new Date(signalled).toISOString().replace('.000Z', 'Z')),
      text: `[playground] received SIGTERM; shutting down (grace period ${grace}s)`,
    });
  } else if (current && md.deletionTimestamp && !t) {
    const grace = md.deletionGracePeriodSeconds ?? 0;
    const asked = new Date(Date.parse(md.deletionTimestamp) - grace * 1000)
      .toISOString()
      .replace('.000Z', 'Z');
    out.push({
      time: nano(asked),
      text: `[playground] received SIGTERM; shutting down (grace period ${grace}s)`,
    });
  }
  if (t && t.reason !== 'OOMKilled')
    out.push({
      time: nano(t.finishedAt ?? startedAt),
      text: `[playground] exiting with code ${t.exitCode}${t.reason ? ` (${t.reason})` : ''}`,
    });
  return out;
}
