// Where a rollout stalled and where it recovered, for marks on the timeline bar. The page watches each
// DaemonSet's rollout (selectRollout) as the clock runs and keeps a mark at each change between
// stalled and not stalled. The page sees the cluster after each command, so a change inside a long
// `sim advance` is placed by the events: a stall where the last of its failing pods first failed
// (its first Warning event), a recovery at the first thing the controller or those pods did after
// (an event of the DaemonSet, or a Normal event of one of them). Going back in time keeps the marks
// ahead (the recorded future, as the slider shows it) until the timeline forks; a change seen again
// at an earlier time replaces what was recorded after it. Everything but the watcher is pure.

import { create } from 'zustand';
import type { RecordedEvent } from '../engine';
import { useStore, type AppState } from './store';
import { daemonSetKeys, selectRollout } from './rolloutSelectors';
import { useTimeline } from './timelineStore';

export interface RolloutMark {
  /** ms since the start */
  at: number;
  /** the DaemonSet, `namespace/name` */
  ds: string;
  kind: 'stalled' | 'recovered';
  /** the failing pods of a stall (`namespace/name`), to place its recovery */
  pods?: readonly string[];
}

const byTime = (a: RolloutMark, b: RolloutMark) => a.at - b.at || a.ds.localeCompare(b.ds);

/** Whether the marks say `ds` was stalled at `at` (its last mark at or before then). */
export function stalledAt(marks: readonly RolloutMark[], ds: string, at: number): boolean {
  let last: RolloutMark | undefined;
  for (const m of marks) if (m.ds === ds && m.at <= at) last = m;
  return last?.kind === 'stalled';
}

/**
 * The marks after seeing `ds` stalled (or not) at `at`: unchanged when that is what they already
 * say; else a mark at `at`, replacing this DaemonSet's marks from `at` on (a different future).
 */
export function observe(
  marks: readonly RolloutMark[],
  ds: string,
  stalled: boolean,
  at: number,
  place?: (since: number, last: RolloutMark | undefined) => { at: number; pods?: readonly string[] },
): readonly RolloutMark[] {
  if (stalledAt(marks, ds, at) === stalled) return marks;
  let last: RolloutMark | undefined;
  for (const m of marks) if (m.ds === ds && m.at <= at) last = m;
  const since = last?.at ?? 0;
  const placed = place?.(since, last);
  const when = Math.min(at, Math.max(since, placed?.at ?? at));
  const mark: RolloutMark = {
    at: when,
    ds,
    kind: stalled ? 'stalled' : 'recovered',
    ...(placed?.pods?.length ? { pods: placed.pods } : {}),
  };
  // This DaemonSet's marks up to the last one stay; what was recorded after it is another story now.
  return [...marks.filter((m) => m.ds !== ds || (last !== undefined && m.at <= last.at)), mark].sort(byTime);
}

const refKey = (o: RecordedEvent['object']) => `${o.namespace ?? ''}/${o.name}`;

/**
 * When a stall began (ms since `start`): the moment the last of its failing pods first failed after
 * `since` (each pod's first Warning event); undefined when the events say nothing.
 */
export function stallStart(
  events: readonly RecordedEvent[],
  pods: readonly string[],
  since: number,
  until: number,
  start: number,
): number | undefined {
  const first = new Map<string, number>();
  for (const e of events) {
    const at = e.time - start;
    if (e.type !== 'Warning' || at < since || at > until) continue;
    const k = refKey(e.object);
    if (pods.includes(k) && !first.has(k)) first.set(k, at);
  }
  if (first.size === 0) return undefined;
  return Math.max(...first.values());
}

/**
 * When a stall ended (ms since `start`): the first event after `since` of the DaemonSet (the
 * controller moved on) or a Normal one of its failing pods (pulled, started); undefined when none.
 */
export function recoveryTime(
  events: readonly RecordedEvent[],
  ds: string,
  pods: readonly string[],
  since: number,
  until: number,
  start: number,
): number | undefined {
  for (const e of events) {
    const at = e.time - start;
    if (at <= since || at > until) continue;
    const k = refKey(e.object);
    if ((e.object.kind === 'DaemonSet' && k === ds) || (e.type === 'Normal' && pods.includes(k))) return at;
  }
  return undefined;
}

/** Drops the marks after `at` (the timeline went on from there: what was recorded after it is gone). */
export function pruneFuture(marks: readonly RolloutMark[], at: number): readonly RolloutMark[] {
  return marks.some((m) => m.at > at) ? marks.filter((m) => m.at <= at) : marks;
}

export const useRolloutMarks = create<{ marks: readonly RolloutMark[]; start: number }>()(() => ({
  marks: [],
  start: 0,
}));

/** How often the marks follow the cluster (ms of wall time). */
const WATCH_MS = 250;

function check(s: AppState): void {
  const cur = useRolloutMarks.getState();
  if (!s.start) return;
  let marks = cur.start === s.start ? cur.marks : [];
  const at = Math.max(0, s.now - s.start);
  // No recorded future to go back to: what lies ahead of the clock was another timeline.
  if (!useTimeline.getState().branch && !useTimeline.getState().rewinding) marks = pruneFuture(marks, at);
  if (!useTimeline.getState().rewinding) {
    for (const key of daemonSetKeys(s)) {
      const p = selectRollout(key)(s);
      const stalled = p?.state === 'stalled';
      marks = observe(marks, key, stalled, at, (since, last) => {
        if (stalled) {
          const pods = (p?.troubled ?? []).flatMap((u) =>
            u.pod ? [`${u.pod.namespace}/${u.pod.name}`] : [],
          );
          return { at: stallStart(s.events, pods, since, at, s.start) ?? at, pods };
        }
        return { at: recoveryTime(s.events, key, last?.pods ?? [], since, at, s.start) ?? at };
      });
    }
  }
  if (marks !== cur.marks || cur.start !== s.start) useRolloutMarks.setState({ marks, start: s.start });
}

/** Follows the cluster and records the marks; returns the unsubscribe. */
export function watchRollouts(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsub = useStore.subscribe(() => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      check(useStore.getState());
    }, WATCH_MS);
  });
  check(useStore.getState());
  return () => {
    unsub();
    clearTimeout(timer);
  };
}
