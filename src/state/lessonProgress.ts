// Lesson progress on the page (issue 13): per step, the predict-first answer and the exercise's state.
// Views read it; the lesson UI and the goal checker change it. Every answer, goal result and the final
// score is also announced to listeners (the embed bridge turns them into `answer`, `goal` and `score`
// messages for a course page).

import { create } from 'zustand';
import type { Lesson } from '../lessons/types';
import { sameNodes } from '../lessons/nodeQuestion';

export interface StepProgress {
  /** the step's script has run (or it has none) */
  ran: boolean;
  chosen: number[] | null;
  correct: boolean | null;
  /** times the learner pressed Check */
  answerAttempts: number;
  /** the answer and explanation are shown (right, or given up) */
  revealed: boolean;
  goalMet: boolean;
  /** which expectations hold, in order, at the last check */
  expectMet: boolean[];
  /** commands the learner ran while the goal was open and not met */
  goalAttempts: number;
  hintsUsed: number;
  solutionShown: boolean;
  /** a `goal` message was sent for this step (met or given up) */
  goalReported: boolean;
  /** a graph question: the nodes the learner locked in, and the nodes that then got a pod */
  pickedNodes: string[] | null;
  actualNodes: string[] | null;
}

export type LessonEvent =
  /** `chosen`: choice indices, or node names for a graph question */
  | {
      type: 'answer';
      lesson: string;
      step: number;
      chosen: number[] | string[];
      correct: boolean;
      attempts: number;
    }
  | {
      type: 'goal';
      lesson: string;
      step: number;
      met: boolean;
      attempts: number;
      hintsUsed: number;
      solutionShown: boolean;
    }
  | {
      type: 'score';
      lesson: string;
      steps: number;
      questions: number;
      answeredRight: number;
      rightFirstTime: number;
      goals: number;
      goalsMet: number;
      goalsMetUnaided: number;
      hintsUsed: number;
      score: number;
    };

export interface LessonProgressState {
  lesson: Lesson | null;
  steps: StepProgress[];
  /** the lesson UI is running a step's or a solution's commands (they are not the learner's attempts) */
  autoRunning: boolean;
  scoreSent: boolean;
  /** the step on screen (0-based) */
  current: number;
}

const empty = (): StepProgress => ({
  ran: false,
  chosen: null,
  correct: null,
  answerAttempts: 0,
  revealed: false,
  goalMet: false,
  expectMet: [],
  goalAttempts: 0,
  hintsUsed: 0,
  solutionShown: false,
  goalReported: false,
  pickedNodes: null,
  actualNodes: null,
});

export const useLessonProgress = create<LessonProgressState>(() => ({
  lesson: null,
  steps: [],
  autoRunning: false,
  scoreSent: false,
  current: 0,
}));

const listeners = new Set<(e: LessonEvent) => void>();
export function onLessonEvent(fn: (e: LessonEvent) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}
function emit(e: LessonEvent): void {
  for (const l of listeners) l(e);
}

function patch(i: number, p: Partial<StepProgress>): void {
  useLessonProgress.setState((s) => ({ steps: s.steps.map((x, j) => (j === i ? { ...x, ...p } : x)) }));
}

/** A new lesson's progress: empty, or what a course platform kept (issue 25) when it is for this lesson. */
export function startProgress(lesson: Lesson | null, restored?: readonly StepProgress[] | null): void {
  const steps = lesson
    ? restored && restored.length === lesson.steps.length
      ? restored.map((p) => ({ ...p }))
      : lesson.steps.map(() => empty())
    : [];
  const last = lesson ? lesson.steps.length - 1 : -1;
  // a lesson completed before is not scored again
  const scoreSent = !!lesson && !!restored && steps.length > 0 && stepDone(lesson, last, steps[last]);
  useLessonProgress.setState({ lesson, steps, autoRunning: false, scoreSent, current: 0 });
}

export function setCurrentStep(i: number): void {
  useLessonProgress.setState({ current: i });
}

/** The learner checks an answer. Wrong answers may be tried again; the second wrong one reveals it. */
export function answerQuestion(i: number, chosen: number[]): boolean {
  const { lesson, steps } = useLessonProgress.getState();
  const q = lesson?.steps[i]?.question;
  if (!lesson || !q || !steps[i] || steps[i].revealed) return false;
  const sorted = [...chosen].sort((a, b) => a - b);
  const correct =
    sorted.length === q.answer.length && [...q.answer].sort((a, b) => a - b).every((x, k) => x === sorted[k]);
  const attempts = steps[i].answerAttempts + 1;
  patch(i, { chosen: sorted, correct, answerAttempts: attempts, revealed: correct || attempts >= 2 });
  emit({ type: 'answer', lesson: lesson.id, step: i + 1, chosen: sorted, correct, attempts });
  maybeScore();
  return correct;
}

/** A graph question: the learner locks in the nodes that will get a pod (before the step runs). */
export function lockNodes(i: number, nodes: string[]): void {
  const s = useLessonProgress.getState().steps[i];
  if (s && !s.revealed) patch(i, { pickedNodes: [...nodes].sort() });
}

/** After the step ran: the engine's answer. Reported when the learner had locked in a guess. */
export function nodesResult(i: number, actual: string[]): void {
  const { lesson, steps } = useLessonProgress.getState();
  const s = steps[i];
  if (!lesson || !s || s.revealed) return;
  const picked = s.pickedNodes;
  const correct = picked !== null && sameNodes(picked, actual);
  patch(i, {
    actualNodes: actual,
    revealed: true,
    correct: picked === null ? null : correct,
    answerAttempts: picked === null ? 0 : 1,
    chosen: null,
  });
  if (picked !== null)
    emit({ type: 'answer', lesson: lesson.id, step: i + 1, chosen: picked, correct, attempts: 1 });
  maybeScore();
}

export function markRan(i: number): void {
  patch(i, { ran: true });
  maybeScore();
}

/** An earlier step run while opening the lesson at a later one (its solution too): done, not scored. */
export function markCaughtUp(i: number): void {
  // a step whose progress was restored keeps it
  if (useLessonProgress.getState().steps[i]?.ran) return;
  const g = useLessonProgress.getState().lesson?.steps[i]?.goal;
  patch(i, { ran: true, ...(g ? { goalMet: true, solutionShown: true, goalReported: true } : {}) });
}

export function setAutoRunning(autoRunning: boolean): void {
  useLessonProgress.setState({ autoRunning });
}

export function takeHint(i: number): void {
  const s = useLessonProgress.getState().steps[i];
  if (s) patch(i, { hintsUsed: s.hintsUsed + 1 });
}

export function markSolutionShown(i: number): void {
  patch(i, { solutionShown: true });
}

/** A goal check came back: which expectations hold. Reports the goal once it is met. */
export function goalChecked(i: number, expectMet: boolean[], byLearner: boolean): void {
  const { lesson, steps } = useLessonProgress.getState();
  const s = steps[i];
  if (!lesson || !s) return;
  const met = expectMet.length > 0 && expectMet.every(Boolean);
  const goalAttempts = s.goalAttempts + (byLearner && !s.goalMet ? 1 : 0);
  patch(i, { expectMet, goalMet: s.goalMet || met, goalAttempts });
  if (met && !s.goalReported) {
    patch(i, { goalReported: true });
    emit({
      type: 'goal',
      lesson: lesson.id,
      step: i + 1,
      met: true,
      attempts: goalAttempts,
      hintsUsed: s.hintsUsed,
      solutionShown: s.solutionShown,
    });
    maybeScore();
  }
}

/** The learner leaves an exercise without reaching its goal: the parent hears `met: false` once. */
export function leaveStep(i: number): void {
  const { lesson, steps } = useLessonProgress.getState();
  const s = steps[i];
  const g = lesson?.steps[i]?.goal;
  if (!lesson || !s || !g || s.goalReported || !s.ran) return;
  patch(i, { goalReported: true });
  emit({
    type: 'goal',
    lesson: lesson.id,
    step: i + 1,
    met: false,
    attempts: s.goalAttempts,
    hintsUsed: s.hintsUsed,
    solutionShown: s.solutionShown,
  });
}

/** Whether a step is complete: its script ran and its goal (if any) is met. */
export function stepDone(lesson: Lesson, i: number, s: StepProgress | undefined): boolean {
  return !!s && s.ran && (!lesson.steps[i].goal || s.goalMet);
}

export function scoreOf(
  lesson: Lesson,
  steps: readonly StepProgress[],
): Extract<LessonEvent, { type: 'score' }> {
  let questions = 0;
  let answeredRight = 0;
  let rightFirstTime = 0;
  let goals = 0;
  let goalsMet = 0;
  let goalsMetUnaided = 0;
  let hintsUsed = 0;
  lesson.steps.forEach((st, i) => {
    const p = steps[i] ?? empty();
    if (st.question) {
      questions++;
      if (p.correct) answeredRight++;
      if (p.correct && p.answerAttempts === 1) rightFirstTime++;
    }
    if (st.goal) {
      goals++;
      hintsUsed += p.hintsUsed;
      if (p.goalMet) goalsMet++;
      if (p.goalMet && !p.solutionShown) goalsMetUnaided++;
    }
  });
  const total = questions + goals;
  const score = total === 0 ? 1 : Math.round(((rightFirstTime + goalsMetUnaided) / total) * 100) / 100;
  return {
    type: 'score',
    lesson: lesson.id,
    steps: lesson.steps.length,
    questions,
    answeredRight,
    rightFirstTime,
    goals,
    goalsMet,
    goalsMetUnaided,
    hintsUsed,
    score,
  };
}

/** The lesson ends when its last step is done; the score goes out once. */
function maybeScore(): void {
  const { lesson, steps, scoreSent } = useLessonProgress.getState();
  if (!lesson || scoreSent) return;
  const last = lesson.steps.length - 1;
  if (!stepDone(lesson, last, steps[last])) return;
  useLessonProgress.setState({ scoreSent: true });
  emit(scoreOf(lesson, steps));
}
