// The timeline's own state (shared by the timeline bar and the console): a rewind in progress, the
// recorded future we went back from, the fork note, and going back itself.

import { create } from 'zustand';
import { useStore } from './store';
import { resetEngine } from './engine';
import { lastApplied } from './applied';
import { droppedInputs, hasForked, inputsUpTo, rewind, type Branch } from './scrub';

export interface ForkNote {
  /** where the timeline forked (ms since the start) */
  at: number;
  /** how many recorded commands after it were dropped */
  dropped: number;
}

export interface TimelineState {
  /** a replay is running (going back) */
  rewinding: boolean;
  /** the history we went back from, while it can still be returned to */
  branch: Branch | null;
  fork: ForkNote | null;
  error: string | null;
  /** the speed chosen for the next Play (the engine forgets it across a rewind) */
  speed: number;
}

export const useTimeline = create<TimelineState>()(() => ({
  rewinding: false,
  branch: null,
  fork: null,
  error: null,
  speed: 1,
}));

/**
 * Goes back (or, on a branch, forward) to `t` ms since the start: restarts the engine with the same
 * seed, preset and nodes, replays the inputs run at or before `t` and runs the clock to `t`.
 * Returns the branch, or null when nothing changed.
 */
export async function goBackTo(t: number, onDone?: (b: Branch) => void): Promise<Branch | null> {
  const tl = useTimeline.getState();
  const s = useStore.getState();
  if (tl.rewinding || s.busy) return null;
  const offset = s.now - s.start;
  const b = rewind({ inputs: s.inputs, offset }, tl.branch, t);
  if (b.at === offset && !tl.branch) return null;
  useTimeline.setState({ rewinding: true, fork: null, error: null });
  // `busy` keeps the rest of the page (Apply, the console) from talking to the engine being replaced.
  useStore.setState({ busy: true });
  try {
    const kept = inputsUpTo(b.inputs, b.at);
    await resetEngine({ inputs: kept, until: b.at });
    // Before the Apply, nothing is applied: the editor says so again.
    useStore.setState({ appliedText: lastApplied(kept), liveChanges: null });
    const atEnd = b.at >= b.end && droppedInputs(b).length === 0;
    useTimeline.setState({ branch: atEnd ? null : b });
    onDone?.(b);
    return b;
  } catch (e) {
    useTimeline.setState({ error: (e as Error).message });
    return null;
  } finally {
    useStore.setState({ busy: false });
    useTimeline.setState({ rewinding: false });
  }
}

/** Watches the cluster for a fork (time moved on, or a new command ran, after going back). */
export function watchForks(): () => void {
  return useStore.subscribe((s) => {
    const tl = useTimeline.getState();
    if (!tl.branch || tl.rewinding) return;
    if (!hasForked(tl.branch, s.inputs, s.now - s.start)) return;
    const dropped = droppedInputs(tl.branch).length;
    useTimeline.setState({ branch: null, fork: dropped > 0 ? { at: tl.branch.at, dropped } : null });
  });
}

/** The speed select follows the engine while it plays. */
export function watchSpeed(): () => void {
  return useStore.subscribe((s, prev) => {
    if (s.playing && (s.speed !== prev.speed || !prev.playing) && s.speed !== useTimeline.getState().speed)
      useTimeline.setState({ speed: s.speed });
  });
}
