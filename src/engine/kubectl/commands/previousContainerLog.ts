// The log of a container's previous instance, what `kubectl logs -p` reads (the kubelet's
// validateContainerLogStatus with previous=true: the container of lastState.terminated), and what a
// plain `kubectl logs` reads of a container waiting to run again. The contract the command relies
// on: the lines that instance wrote, or undefined when the container has none — no
// lastState.terminated (a container that never restarted has none). The lines are the kubelet's (kubelet/containerLogs.ts).

import type { ContainerStatus, Pod } from '../../api/types';
import {
  previousContainerLogLines as kubeletPrevious,
  type LogLine,
  type SignalSource,
} from '../../kubelet/containerLogs';

export type PreviousContainerLog = (
  pod: Pod,
  container: string,
  kubelet?: SignalSource,
) => LogLine[] | undefined;

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

export const previousContainerLogLines: PreviousContainerLog = (pod, container, kubelet) => {
  const cs = containerStatus(pod, container);
  if (!cs?.lastState?.terminated) return undefined;
  return kubeletPrevious(pod, container, kubelet);
};

/** The kubelet's words when there is no previous instance (a BadRequest from the API server). */
export function previousNotFound(pod: Pod, container: string): string {
  return `previous terminated container "${container}" in pod "${pod.metadata.name}" not found`;
}
