// What a simulated container writes to its log (what the kubelet serves at pods/NAME/log): the
// playground runs no real programs, so each container writes the lines a generic service would at
// the points of its life the simulation knows — when it starts, when it is asked to stop (the
// kubelet's SIGTERM, once the pod is being deleted) and when it exits. Deterministic: derived from
// the pod's status and metadata, nothing stored.

import type { Pod } from '../api/types';

export interface LogLine {
  /** RFC 3339 with nanoseconds, as `kubectl logs --timestamps` prints it */
  time: string;
  text: string;
}

function nano(iso: string): string {
  // 2026-01-01T00:00:03Z or …03.250Z → 2026-01-01T00:00:03.250000000Z
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(iso);
  if (!m) return iso;
  return `${m[1]}.${(m[2] ?? '').padEnd(9, '0').slice(0, 9)}Z`;
}

/** Why a container has no log to give, worded as the kubelet words it (validateContainerLogStatus). */
export function containerLogUnavailable(pod: Pod, container: string, previous: boolean): string | undefined {
  const name = pod.metadata.name;
  const cs = (pod.status?.containerStatuses ?? []).find((c) => c.name === container);
  if (previous) {
    if (!cs?.lastState?.terminated) return `previous terminated container "${container}" in pod "${name}" not found`;
    return undefined;
  }
  if (!cs) return `container "${container}" in pod "${name}" is not available`;
  const waiting = cs.state.waiting;
  if (waiting) {
    if (waiting.reason === 'ErrImagePull') return `container "${container}" in pod "${name}" is waiting to start: image can't be pulled`;
    if (waiting.reason === 'ImagePullBackOff') return `container "${container}" in pod "${name}" is waiting to start: trying and failing to pull image`;
    return `container "${container}" in pod "${name}" is waiting to start: ${waiting.reason ?? ''}`;
  }
  return undefined;
}

/** The lines the container has written so far. */
export function containerLogLines(pod: Pod, container: string): LogLine[] {
  const spec = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])].find((c) => c.name === container);
  const cs = (pod.status?.containerStatuses ?? []).find((c) => c.name === container);
  if (!spec || !cs) return [];
  const startedAt = cs.state.running?.startedAt ?? cs.state.terminated?.startedAt;
  if (!startedAt) return [];
  const image = cs.image || spec.image || '';
  const out: LogLine[] = [
    { time: nano(startedAt), text: `[playground] ${image}: container ${container} of pod ${pod.metadata.namespace}/${pod.metadata.name} started on node ${pod.spec.nodeName ?? ''}` },
  ];
  const md = pod.metadata;
  if (md.deletionTimestamp && cs.state.running) {
    const grace = md.deletionGracePeriodSeconds ?? 0;
    const asked = new Date(Date.parse(md.deletionTimestamp) - grace * 1000).toISOString().replace('.000Z', 'Z');
    out.push({ time: nano(asked), text: `[playground] received SIGTERM; shutting down (grace period ${grace}s)` });
  }
  const t = cs.state.terminated;
  if (t) out.push({ time: nano(t.finishedAt ?? startedAt), text: `[playground] exiting with code ${t.exitCode}${t.reason ? ` (${t.reason})` : ''}` });
  return out;
}
