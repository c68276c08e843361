// Checks the open exercise's goal live: after every command the learner runs (console, editor apply,
// graph action) and when the cluster changes (pods turning Ready), the expectations run in the engine
// (read-only, not recorded) and the progress store learns which hold.

import { engine } from './engine';
import { useStore } from './store';
import { goalChecked, useLessonProgress } from './lessonProgress';
import { expectationHolds } from '../lessons/expectations';
import type { Response } from '../wire/protocol';

/** Cluster changes are checked at most this often (commands are checked at once). */
export const GOAL_CHECK_THROTTLE_MS = 300;

type ProbeResponse = Extract<Response, { type: 'probe' }>;

/** Runs the current step's expectations now; byLearner counts the check as one of the learner's attempts. */
export async function checkGoalNow(byLearner = false): Promise<boolean | null> {
  const { lesson, current, steps } = useLessonProgress.getState();
  const goal = lesson?.steps[current]?.goal;
  if (!lesson || !goal || !steps[current]?.ran) return null;
  let r: ProbeResponse;
  try {
    r = await engine().request<ProbeResponse>(
      { type: 'probe', lines: goal.expect.map((e) => e.command) },
      { timeoutMs: 10_000 },
    );
  } catch {
    return null;
  }
  // the learner may have moved on meanwhile
  const now = useLessonProgress.getState();
  if (now.lesson !== lesson || now.current !== current) return null;
  const met = goal.expect.map((e, i) => !!r.results[i] && expectationHolds(e, r.results[i].text));
  goalChecked(current, met, byLearner);
  return met.every(Boolean);
}

export function startGoalWatcher(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingLearner = false;
  let inFlight = false;
  let again = false;
  const run = async () => {
    timer = undefined;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    const byLearner = pendingLearner;
    pendingLearner = false;
    await checkGoalNow(byLearner);
    inFlight = false;
    if (again) {
      again = false;
      schedule(0);
    }
  };
  const schedule = (ms: number) => {
    if (timer !== undefined) {
      if (ms > 0) return;
      clearTimeout(timer);
    }
    timer = setTimeout(() => void run(), ms);
  };
  const unsubStore = useStore.subscribe((s, prev) => {
    const p = useLessonProgress.getState();
    const goal = p.lesson?.steps[p.current]?.goal;
    if (!goal || !p.steps[p.current]?.ran || s.engineStatus !== 'ready') return;
    if (s.inputs.length > prev.inputs.length) {
      if (!p.autoRunning) pendingLearner = true;
      schedule(0);
    } else if (s.objects !== prev.objects && !p.steps[p.current].goalMet) schedule(GOAL_CHECK_THROTTLE_MS);
  });
  // a new step on screen, or its script just ran: check where things stand
  const unsubProgress = useLessonProgress.subscribe((p, prev) => {
    if (
      p.current !== prev.current ||
      p.lesson !== prev.lesson ||
      p.steps[p.current]?.ran !== prev.steps[prev.current]?.ran
    )
      schedule(0);
  });
  return () => {
    clearTimeout(timer);
    unsubStore();
    unsubProgress();
  };
}
