// What is wrong with a pod, in Kubernetes' own words: the word kubectl's STATUS column prints for it
// (ImagePullBackOff, CrashLoopBackOff, OOMKilled, Error…, or Running with READY 0/1), the class of
// trouble that picks its colour (image pull, crash, out of memory, not ready), its restart count and
// the container and message behind it. Read from the pod's status only (containerStatuses[].state,
// lastState, ready, restartCount; status.phase). Pure.

import type { Container, ContainerStatus, Pod } from '../engine';
import { parseTime, podCells } from '../engine/predicates';

/** Which kind of trouble: each has its own colour, and its own words beside it. */
export type TroubleClass = 'pull' | 'crash' | 'oom' | 'unready';

export interface PodTrouble {
  class: TroubleClass;
  /** kubectl's STATUS column for the pod (ImagePullBackOff, CrashLoopBackOff, OOMKilled, Error, Running…) */
  word: string;
  /** kubectl's READY column (`0/1`) */
  ready: string;
  /** the pod's restarts (sum over its containers, as kubectl's RESTARTS column) */
  restarts: number;
  /** the container in trouble, its image, and what the kubelet said (`Back-off pulling image …`) */
  container?: string;
  image?: string;
  message?: string;
  /** how the container last ended (a crash loop): reason and exit code */
  last?: { reason?: string; exitCode: number };
}

/** Waiting reasons of a container whose image cannot be had (kubelet images/types.go, and `InvalidImageName`). */
export const PULL_REASONS: ReadonlySet<string> = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'ErrImageNeverPull',
  'InvalidImageName',
  'ImageInspectError',
  'RegistryUnavailable',
  'SignatureValidationFailed',
]);

/** Waiting reasons of a container that cannot start or keeps exiting (kubelet container/sync_result.go). */
export const CRASH_REASONS: ReadonlySet<string> = new Set([
  'CrashLoopBackOff',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
  'PreStartHookError',
  'PostStartHookError',
  'ContainerCannotRun',
]);

const OOM = 'OOMKilled';

function troubleOf(cs: ContainerStatus): { class: TroubleClass; message?: string } | undefined {
  const w = cs.state.waiting;
  const term = cs.state.terminated;
  const lastOom = cs.lastState?.terminated?.reason === OOM;
  if (w?.reason && PULL_REASONS.has(w.reason)) return { class: 'pull', message: w.message };
  if (w?.reason && CRASH_REASONS.has(w.reason))
    return { class: lastOom ? 'oom' : 'crash', message: w.message ?? cs.lastState?.terminated?.message };
  if (term && term.reason === OOM) return { class: 'oom', message: term.message };
  if (term && term.exitCode !== 0) return { class: 'crash', message: term.message };
  return undefined;
}

/** Without a readiness probe a started container turns ready at once; this long not ready is trouble. */
export const NO_PROBE_READY_GRACE_MS = 10_000;

/**
 * How long a running container may stay not ready before that is trouble: with a readiness probe,
 * until its first probe has run and failed (initialDelaySeconds + periodSeconds, defaults 0 and 10);
 * without one, NO_PROBE_READY_GRACE_MS.
 */
export function readyGraceMs(container: Container | undefined): number {
  const probe = container?.readinessProbe as
    { initialDelaySeconds?: number; periodSeconds?: number } | undefined;
  if (!probe || typeof probe !== 'object') return NO_PROBE_READY_GRACE_MS;
  return ((probe.initialDelaySeconds ?? 0) + (probe.periodSeconds ?? 10)) * 1000 + 1000;
}

/**
 * When a Running pod's not-ready container becomes trouble (ms since the epoch): its start plus
 * readyGraceMs. Undefined when no container runs unready.
 */
export function unreadyFrom(pod: Pod): number | undefined {
  if (pod.metadata.deletionTimestamp || pod.status?.phase !== 'Running') return undefined;
  let at: number | undefined;
  for (const cs of pod.status.containerStatuses ?? []) {
    if (!cs.state.running || cs.ready) continue;
    const started = parseTime(cs.state.running.startedAt) ?? 0;
    const t = started + readyGraceMs(pod.spec.containers.find((c) => c.name === cs.name));
    if (at === undefined || t < at) at = t;
  }
  return at;
}

/**
 * The pod's trouble, or undefined for a pod that is fine or on its way (Pending, ContainerCreating,
 * Terminating, Running and ready, Completed). A Running pod with a container that runs but is not
 * ready is `unready` once it has been so past its grace (see unreadyFrom) at `now` (always, when no
 * `now` is given); a Failed pod is a crash (or an OOM kill).
 */
export function podTrouble(pod: Pod, now = Infinity): PodTrouble | undefined {
  if (pod.metadata.deletionTimestamp) return undefined;
  const st = pod.status;
  if (!st) return undefined;
  const statuses = st.containerStatuses ?? [];
  let found: { cs: ContainerStatus; class: TroubleClass; message?: string } | undefined;
  for (const cs of statuses) {
    const t = troubleOf(cs);
    if (t && !found) found = { cs, ...t };
  }
  let unready: ContainerStatus | undefined;
  if (!found && st.phase === 'Running' && now >= (unreadyFrom(pod) ?? Infinity))
    unready = statuses.find((cs) => cs.state.running && !cs.ready);
  const failed = st.phase === 'Failed';
  if (!found && !unready && !failed) return undefined;
  const cells = podCells(pod, 0);
  const restarts = statuses.reduce((n, cs) => n + cs.restartCount, 0);
  const out: PodTrouble = {
    class:
      found?.class ??
      (unready ? 'unready' : statuses.some((cs) => cs.state.terminated?.reason === OOM) ? 'oom' : 'crash'),
    word: cells.status,
    ready: cells.ready,
    restarts,
  };
  const cs = found?.cs ?? unready ?? statuses.find((c) => c.state.terminated);
  if (cs) {
    out.container = cs.name;
    if (cs.image) out.image = cs.image;
    const last = cs.lastState?.terminated ?? (found || failed ? cs.state.terminated : undefined);
    if (last)
      out.last = last.reason ? { reason: last.reason, exitCode: last.exitCode } : { exitCode: last.exitCode };
  }
  const message = found?.message ?? st.message;
  if (message) out.message = message;
  return out;
}

/** Errors (the pod cannot run) before warnings (it runs but is not ready). */
export function troubleSeverity(t: PodTrouble): 'error' | 'warning' {
  return t.class === 'unready' ? 'warning' : 'error';
}

/** `×4` after the word when the pod restarted. */
export function restartsSuffix(t: PodTrouble): string {
  return t.restarts > 0 ? ` ×${t.restarts}` : '';
}

/**
 * The state word a card shows, short enough for a compact card: kubectl's STATUS with the restart
 * count (`CrashLoopBackOff ×4`); a pod that runs but is not ready shows its READY (`0/1`) and the
 * caller adds "not ready" in the page's language.
 */
export function troubleWord(t: PodTrouble): string {
  if (t.class === 'unready') return t.ready;
  return `${t.word}${restartsSuffix(t)}`;
}

/** A glyph per class for the one-line cards (always with an accessible label beside it). */
export const TROUBLE_GLYPH: Readonly<Record<TroubleClass, string>> = {
  pull: '⇣',
  crash: '↻',
  oom: 'OOM',
  unready: '◔',
};
