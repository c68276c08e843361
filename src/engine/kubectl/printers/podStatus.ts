// The READY / STATUS / RESTARTS cells of `kubectl get pods` (printPod in
// pkg/printers/internalversion/printers.go), kept separate so the rules can be tested as a table.

import { parseTime } from '../../clock';
import type { Container, ContainerStatus, Pod } from '../../api/types';
import { translateTimestampSince } from './age';

export interface PodCells {
  ready: string;
  status: string;
  restarts: string;
}

type Terminated = NonNullable<ContainerStatus['state']['terminated']> & { signal?: number };

const isRestartable = (c: Container | undefined) =>
  (c as { restartPolicy?: string } | undefined)?.restartPolicy === 'Always';

/** `NodeLost`: the reason the node lifecycle controller gives pods on unreachable nodes. */
const NODE_UNREACHABLE_POD_REASON = 'NodeLost';

export function podCells(pod: Pod, now: number): PodCells {
  const status = pod.status ?? {};
  const initStatuses = ((status as { initContainerStatuses?: ContainerStatus[] }).initContainerStatuses ??
    []) as ContainerStatus[];
  const initContainers = pod.spec.initContainers ?? [];
  let restarts = 0;
  let restartableInitRestarts = 0;
  let total = pod.spec.containers.length;
  let ready = 0;
  let lastRestart = 0;
  let lastRestartableInitRestart = 0;
  const phase = status.phase;
  let reason: string = phase ?? '';
  if (status.reason) reason = status.reason;
  for (const c of status.conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }
  const initByName = new Map(initContainers.map((c) => [c.name, c]));
  for (const c of initContainers) if (isRestartable(c)) total++;

  const finishedAt = (cs: ContainerStatus) => parseTime(cs.lastState?.terminated?.finishedAt) ?? 0;

  let initializing = false;
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i];
    restarts += cs.restartCount;
    if (cs.lastState?.terminated) lastRestart = Math.max(lastRestart, finishedAt(cs));
    const restartable = isRestartable(initByName.get(cs.name));
    if (restartable) {
      restartableInitRestarts += cs.restartCount;
      if (cs.lastState?.terminated)
        lastRestartableInitRestart = Math.max(lastRestartableInitRestart, finishedAt(cs));
    }
    const term = cs.state.terminated as Terminated | undefined;
    if (term && term.exitCode === 0) continue;
    if (restartable && cs.started) {
      if (cs.ready) ready++;
      continue;
    }
    if (term) {
      if (!term.reason)
        reason = term.signal ? `Init:Signal:${term.signal}` : `Init:ExitCode:${term.exitCode}`;
      else reason = `Init:${term.reason}`;
    } else if (cs.state.waiting?.reason && cs.state.waiting.reason !== 'PodInitializing') {
      reason = `Init:${cs.state.waiting.reason}`;
    } else {
      reason = `Init:${i}/${initContainers.length}`;
    }
    initializing = true;
    break;
  }

  const initializedTrue = (status.conditions ?? []).find((c) => c.type === 'Initialized')?.status === 'True';
  if (!initializing || initializedTrue) {
    restarts = restartableInitRestarts;
    lastRestart = lastRestartableInitRestart;
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i];
      restarts += cs.restartCount;
      if (cs.lastState?.terminated) lastRestart = Math.max(lastRestart, finishedAt(cs));
      const term = cs.state.terminated as Terminated | undefined;
      if (cs.state.waiting?.reason) reason = cs.state.waiting.reason;
      else if (term?.reason) reason = term.reason;
      else if (term) reason = term.signal ? `Signal:${term.signal}` : `ExitCode:${term.exitCode}`;
      else if (cs.ready && cs.state.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      const podReady = (status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
      reason = podReady ? 'Running' : 'NotReady';
    }
  }

  if (pod.metadata.deletionTimestamp && status.reason === NODE_UNREACHABLE_POD_REASON) reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed')
    reason = 'Terminating';

  let restartsStr = String(restarts);
  if (restarts !== 0 && lastRestart !== 0) {
    restartsStr = `${restarts} (${translateTimestampSince(new Date(lastRestart).toISOString(), now)} ago)`;
  }
  return { ready: `${ready}/${total}`, status: reason, restarts: restartsStr };
}
