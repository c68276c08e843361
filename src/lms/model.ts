// The lesson's progress as a course platform's data model, pure (issue 25). The adapters (scorm.ts,
// cmi5.ts) write what these functions return; nothing here talks to an LMS.
//
// The score is the lesson's own (`scoreOf`, src/state/lessonProgress.ts): the share of its predict-first
// questions answered right at the first try and of its exercise goals met without showing the solution,
// 0–1. It is reported once the lesson is complete (every step run, every goal met): raw = 100 × score,
// min 0, max 100, scaled = score. Passed/failed needs a passing score: the LMS's own (SCORM 1.2
// `cmi.student_data.mastery_score`, 2004 `cmi.scaled_passing_score`, cmi5 `masteryScore`) wins over the
// lesson file's `spec.passingScore`; with neither, a complete lesson is "completed" and success unknown.

import type { Lesson } from '../lessons/types';
import { scoreOf, stepDone, type LessonEvent, type StepProgress } from '../state/lessonProgress';
import { duration2004, time12, time2004, timespan12 } from './time';

export interface Outcome {
  /** every step done */
  complete: boolean;
  /** steps done, 0–1 */
  progress: number;
  /** 0–1, once complete */
  score: number | null;
  /** null: no passing score, or not complete yet */
  passed: boolean | null;
}

export function outcomeOf(
  lesson: Lesson,
  steps: readonly StepProgress[],
  passingScore: number | null,
): Outcome {
  const done = lesson.steps.filter((_, i) => stepDone(lesson, i, steps[i])).length;
  const complete = done === lesson.steps.length;
  const score = complete ? scoreOf(lesson, steps).score : null;
  return {
    complete,
    progress: done / lesson.steps.length,
    score,
    passed: score === null || passingScore === null ? null : score >= passingScore,
  };
}

/** The passing score in force: the LMS's when it gives one (0–1), else the lesson's, else none. */
export function passingScoreOf(lmsValue: number | null, lesson: Lesson): number | null {
  if (lmsValue !== null && Number.isFinite(lmsValue) && lmsValue >= 0 && lmsValue <= 1) return lmsValue;
  return lesson.passingScore ?? null;
}

export type Pairs = [element: string, value: string][];

/** Location, status and score for SCORM 1.2 (`cmi.core.*`). `step` is 1-based. */
export function status12(o: Outcome, step: number): Pairs {
  const out: Pairs = [['cmi.core.lesson_location', String(step)]];
  out.push([
    'cmi.core.lesson_status',
    !o.complete ? 'incomplete' : o.passed === null ? 'completed' : o.passed ? 'passed' : 'failed',
  ]);
  if (o.score !== null)
    out.push(
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.max', '100'],
      ['cmi.core.score.raw', String(Math.round(o.score * 100))],
    );
  return out;
}

/** Location, completion, success, progress and score for SCORM 2004 (4th edition). */
export function status2004(o: Outcome, step: number): Pairs {
  const out: Pairs = [
    ['cmi.location', String(step)],
    ['cmi.progress_measure', String(Math.round(o.progress * 1000) / 1000)],
    ['cmi.completion_status', o.complete ? 'completed' : 'incomplete'],
    ['cmi.success_status', o.passed === null ? 'unknown' : o.passed ? 'passed' : 'failed'],
  ];
  if (o.score !== null)
    out.push(
      ['cmi.score.min', '0'],
      ['cmi.score.max', '100'],
      ['cmi.score.raw', String(Math.round(o.score * 100))],
      ['cmi.score.scaled', String(o.score)],
    );
  return out;
}

/** One interaction record: one check of a question, or a goal's outcome. Attempts are journalled. */
export interface InteractionRecord {
  /** `step-3-question`, `step-4-goal`: the same id for every attempt at it */
  id: string;
  kind: 'choice' | 'nodes' | 'goal';
  /** choice letters (a, b…), node names, or `met`/`not-met` */
  response: string[];
  /** the right answer when known */
  correct: string[] | null;
  result: 'correct' | 'incorrect' | 'neutral';
  /** 1 for the first try */
  attempt: number;
  /** what else there is to know, in words (SCORM 2004 `description`, xAPI) */
  description: string;
  at: number;
  latencyMs: number;
}

const letter = (i: number) => String.fromCharCode(97 + i);

/**
 * The record of an `answer` or `goal` event. A question's result is whether this check was right (its
 * `attempt` says whether it was the first); a goal met without the solution is correct, met after the
 * solution was shown is neutral (it does not count in the score), left unmet is incorrect.
 */
export function interactionOf(
  lesson: Lesson,
  e: Extract<LessonEvent, { type: 'answer' | 'goal' }>,
  p: StepProgress | undefined,
  at: number,
  latencyMs: number,
): InteractionRecord {
  const st = lesson.steps[e.step - 1];
  if (e.type === 'answer') {
    const q = st?.question;
    const nodes = !!q?.nodes;
    const response = nodes ? (e.chosen as string[]).map(String) : (e.chosen as number[]).map(letter);
    const correct = nodes ? (p?.actualNodes ?? null) : q ? q.answer.map(letter) : null;
    return {
      id: `step-${e.step}-question`,
      kind: nodes ? 'nodes' : 'choice',
      response,
      correct,
      result: e.correct ? 'correct' : 'incorrect',
      attempt: e.attempts,
      description: `step ${e.step}, predict-first question, try ${e.attempts}${e.correct && e.attempts === 1 ? ' (right at the first try)' : ''}`,
      at,
      latencyMs,
    };
  }
  return {
    id: `step-${e.step}-goal`,
    kind: 'goal',
    response: [e.met ? 'met' : 'not-met'],
    correct: ['met'],
    result: e.met && !e.solutionShown ? 'correct' : e.met ? 'neutral' : 'incorrect',
    attempt: e.attempts,
    description: `step ${e.step}, exercise: ${e.met ? 'goal met' : 'left before the goal was met'}; ${e.attempts} command(s), ${e.hintsUsed} hint(s)${e.solutionShown ? ', solution shown' : ''}`,
    at,
    latencyMs,
  };
}

/** SCORM 1.2 elements of interaction `n` (types choice/fill-in/performance; CMIFeedback is ≤ 255 characters). */
export function interaction12(n: number, r: InteractionRecord): Pairs {
  const k = `cmi.interactions.${n}`;
  const cut = (s: string) => s.slice(0, 255);
  const out: Pairs = [
    [`${k}.id`, r.id],
    [`${k}.type`, r.kind === 'choice' ? 'choice' : r.kind === 'nodes' ? 'fill-in' : 'performance'],
    [`${k}.time`, time12(r.at)],
    [`${k}.weighting`, '1'],
    [`${k}.student_response`, cut(r.response.join(','))],
    [`${k}.result`, r.result === 'incorrect' ? 'wrong' : r.result],
    [`${k}.latency`, timespan12(r.latencyMs)],
  ];
  if (r.correct) out.push([`${k}.correct_responses.0.pattern`, cut(r.correct.join(','))]);
  return out;
}

/** SCORM 2004 elements of interaction `n` (choice for questions, nodes as choice identifiers, goals `other`). */
export function interaction2004(n: number, r: InteractionRecord): Pairs {
  const k = `cmi.interactions.${n}`;
  const list = (xs: string[]) => (r.kind === 'goal' ? xs.join(',') : xs.join('[,]'));
  const out: Pairs = [
    [`${k}.id`, r.id],
    [`${k}.type`, r.kind === 'goal' ? 'other' : 'choice'],
    [`${k}.timestamp`, time2004(r.at)],
    [`${k}.weighting`, '1'],
    [`${k}.learner_response`, list(r.response)],
    [`${k}.result`, r.result],
    [`${k}.latency`, duration2004(r.latencyMs)],
    [`${k}.description`, r.description.slice(0, 250)],
  ];
  if (r.correct) out.push([`${k}.correct_responses.0.pattern`, list(r.correct)]);
  return out;
}
