// Where a rollout stalled and where it recovered, for marks on the timeline bar. The page watches each
// DaemonSet's rollout (selectRollout) as the clock runs and keeps a mark at each change between
// stalled and not stalled, at its offset from the start. Going back in time keeps the marks ahead
// (the recorded future, as the slider shows it) until the timeline forks; a change seen again at an
// earlier time replaces what was recorded after it. `observe` and `pruneFuture` are pure.

import { create } from 'zustand'
import { useStore, type AppState } from '../../state/store'
import { daemonSetKeys, selectRollout } from '../../state/rolloutSelectors'
import { useTimeline } from './timelineStore'

export interface RolloutMark {
  /** ms since the start */
  at: number
  /** the DaemonSet, `namespace/name` */
  ds: string
  kind: 'stalled' | 'recovered'
}

const byTime = (a: RolloutMark, b: RolloutMark) => a.at - b.at || a.ds.localeCompare(b.ds)

/** Whether the marks say `ds` was stalled at `at` (its last mark at or before then). */
export function stalledAt(marks: readonly RolloutMark[], ds: string, at: number): boolean {
  let last: RolloutMark | undefined
  for (const m of marks) if (m.ds === ds && m.at <= at) last = m
  return last?.kind === 'stalled'
}

/**
 * The marks after seeing `ds` stalled (or not) at `at`: unchanged when that is what they already
 * say; else a mark at `at`, replacing this DaemonSet's marks from `at` on (a different future).
 */
export function observe(marks: readonly RolloutMark[], ds: string, stalled: boolean, at: number): readonly RolloutMark[] {
  if (stalledAt(marks, ds, at) === stalled) return marks
  const mark: RolloutMark = { at, ds, kind: stalled ? 'stalled' : 'recovered' }
  return [...marks.filter((m) => m.ds !== ds || m.at < at), mark].sort(byTime)
}

/** Drops the marks after `at` (the timeline went on from there: what was recorded after it is gone). */
export function pruneFuture(marks: readonly RolloutMark[], at: number): readonly RolloutMark[] {
  return marks.some((m) => m.at > at) ? marks.filter((m) => m.at <= at) : marks
}

export const useRolloutMarks = create<{ marks: readonly RolloutMark[]; start: number }>()(() => ({ marks: [], start: 0 }))

/** How often the marks follow the cluster (ms of wall time). */
const WATCH_MS = 250

function check(s: AppState): void {
  const cur = useRolloutMarks.getState()
  if (!s.start) return
  let marks = cur.start === s.start ? cur.marks : []
  const at = Math.max(0, s.now - s.start)
  // No recorded future to go back to: what lies ahead of the clock was another timeline.
  if (!useTimeline.getState().branch && !useTimeline.getState().rewinding) marks = pruneFuture(marks, at)
  if (!useTimeline.getState().rewinding) {
    for (const key of daemonSetKeys(s)) marks = observe(marks, key, selectRollout(key)(s)?.state === 'stalled', at)
  }
  if (marks !== cur.marks || cur.start !== s.start) useRolloutMarks.setState({ marks, start: s.start })
}

/** Follows the cluster and records the marks; returns the unsubscribe. */
export function watchRollouts(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const unsub = useStore.subscribe(() => {
    if (timer !== undefined) return
    timer = setTimeout(() => {
      timer = undefined
      check(useStore.getState())
    }, WATCH_MS)
  })
  check(useStore.getState())
  return () => {
    unsub()
    clearTimeout(timer)
  }
}
