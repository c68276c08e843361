// Open edX's JSInput (issue 25): the problem's iframe calls `getGrade()`, `getState()` and
// `setState(state)` on this window (`gradefn`, `get_statefn`, `set_statefn`). The grade is JSON the
// problem's Python checks (README "Course platforms"); the state is the saved progress (suspend.ts,
// no size limit here), restored when the learner comes back.

import { scoreOf, useLessonProgress } from '../state/lessonProgress';
import { openLesson, useLessonHost } from '../state/lessonHost';
import { currentSharedState, restoreShared } from '../share/session';
import { outcomeOf, passingScoreOf } from './model';
import { fitSuspend, readSuspend } from './suspend';
import { showLmsNotice } from './notice';
import { answerJsChannel } from './jschannel';

export interface JsInputGrade {
  lesson: string;
  complete: boolean;
  /** 0–1, the lesson's score (model.ts), 0 until complete */
  score: number;
  passed: boolean | null;
  passingScore: number | null;
  questions: number;
  rightFirstTime: number;
  goals: number;
  goalsMetUnaided: number;
}

export function jsInputGrade(): JsInputGrade | null {
  const { lesson, steps } = useLessonProgress.getState();
  if (!lesson) return null;
  const passing = passingScoreOf(null, lesson);
  const o = outcomeOf(lesson, steps, passing);
  const s = scoreOf(lesson, steps);
  return {
    lesson: lesson.id,
    complete: o.complete,
    score: o.score ?? 0,
    passed: o.passed,
    passingScore: passing,
    questions: s.questions,
    rightFirstTime: s.rightFirstTime,
    goals: s.goals,
    goalsMetUnaided: s.goalsMetUnaided,
  };
}

export function jsInputState(): string {
  const { lesson, steps, current } = useLessonProgress.getState();
  if (!lesson) return '';
  return JSON.stringify({ suspend: fitSuspend(current + 1, steps, currentSharedState(), 1_000_000).data });
}

/** Restores a state `getState` gave: the cluster (when it has commands), then the lesson at its step with its progress. */
export async function jsInputSetState(state: string): Promise<void> {
  const host = useLessonHost.getState();
  if (!host.lesson || !state) return;
  let data: unknown;
  try {
    data = JSON.parse(state);
  } catch {
    showLmsNotice('badResume', 'the saved state is not JSON');
    return;
  }
  const raw =
    typeof data === 'object' && data !== null && typeof (data as Record<string, unknown>).suspend === 'string'
      ? ((data as Record<string, unknown>).suspend as string)
      : '';
  try {
    const r = readSuspend(raw, host.lesson.steps.length);
    if (!r) return;
    const withCluster = !!r.session && r.session.inputs.length > 0;
    if (withCluster && !(await restoreShared(r.session!, 'link'))) return;
    await openLesson(host.lesson, host.from ?? 'url', {
      startStep: r.step,
      freshCluster: !withCluster,
      progress: r.progress,
    });
  } catch (e) {
    showLmsNotice('badResume', (e as Error).message);
  }
}

/**
 * Puts the three functions on the window at once (Open edX may call them as soon as the frame has
 * loaded), and answers the same three over jschannel for a problem with `sop="false"` (the frame on
 * another origin than the LMS: jschannel.ts); a state that comes before the lesson is open waits for
 * `ready()`.
 */
export function installJsInput(
  win: Window,
  allowed: ReadonlySet<string>,
): { ready: () => void; stop: () => void } {
  const w = win as unknown as Record<string, unknown>;
  let open = false;
  let pending: string | null = null;
  w.getGrade = () => JSON.stringify(jsInputGrade() ?? { lesson: null, complete: false, score: 0 });
  w.getState = () => jsInputState();
  w.setState = (s: unknown) => {
    const text = typeof s === 'string' ? s : JSON.stringify(s);
    if (open) void jsInputSetState(text);
    else pending = text;
  };
  const stopChannel = answerJsChannel({
    win,
    allowed,
    handlers: new Map<string, (p: unknown) => unknown>([
      ['getGrade', () => (w.getGrade as () => string)()],
      ['getState', () => (w.getState as () => string)()],
      ['setState', (p) => void (w.setState as (s: unknown) => void)(p)],
    ]),
  });
  showLmsNotice('reporting');
  const ready = () => {
    open = true;
    if (pending !== null) void jsInputSetState(pending);
    pending = null;
  };
  const stop = () => {
    stopChannel();
    delete w.getGrade;
    delete w.getState;
    delete w.setState;
  };
  return { ready, stop };
}
