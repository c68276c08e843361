// The log of a container's previous instance, what `kubectl logs -p` reads (the kubelet's
// validateContainerLogStatus with previous=true: the container of lastState.terminated), and what a
// plain `kubectl logs` reads of a container waiting to run again. The contract the command relies
// on: the lines that instance wrote, or undefined when the container has none — no
// lastState.terminated (a container that never restarted has none).
//
// Until the kubelet exports its own reader of the previous instance (src/engine/kubelet/
// containerLogs.ts), the lines are the ones that module writes for an instance, taken for the
// instance described by lastState: its start and its exit.

import type { ContainerStatus, Pod } from '../../api/types';
import { containerLogLines, type LogLine } from '../../kubelet/containerLogs';

export type PreviousContainerLog = (pod: Pod, container: string) => LogLine[] | undefined;

function containerStatus(pod: Pod, container: string): ContainerStatus | undefined {
  const status = pod.status ?? {};
  const init = (status as { initContainerStatuses?: ContainerStatus[] }).initContainerStatuses ?? [];
  return [...(status.containerStatuses ?? []), ...init].find((c) => c.name === container);
}

/**
 * Whether the kubelet serves the last terminated instance even without -p: validateContainerLogStatus
 * prefers a running or terminated current container, then lastState.terminated, and only then
 * reports a waiting one — so a container waiting in CrashLoopBackOff shows the log of its last run.
 */
export function servesLastTermination(pod: Pod, container: string): boolean {
  const cs = containerStatus(pod, container);
  return !!cs && !cs.state.running && !cs.state.terminated && !!cs.lastState?.terminated;
}

export const previousContainerLogLines: PreviousContainerLog = (pod, container) => {
  const status = pod.status ?? {};
  const cs = containerStatus(pod, container);
  const last = cs?.lastState?.terminated;
  if (!cs || !last) return undefined;
  // The same pod, with the container as it was: that instance, exited.
  const instance: ContainerStatus = { ...cs, state: { terminated: last }, lastState: {} };
  return containerLogLines({ ...pod, status: { ...status, containerStatuses: [instance] } }, container);
};

/** The kubelet's words when there is no previous instance (a BadRequest from the API server). */
export function previousNotFound(pod: Pod, container: string): string {
  return `previous terminated container "${container}" in pod "${pod.metadata.name}" not found`;
}
