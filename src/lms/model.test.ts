// The data-model mapping: status, score and interactions as SCORM 1.2 and 2004 spell them, and the
// time formats.

import { describe, expect, it } from 'vitest';
import type { Lesson } from '../lessons/types';
import type { StepProgress } from '../state/lessonProgress';
import {
  interaction12,
  interaction2004,
  interactionOf,
  outcomeOf,
  passingScoreOf,
  status12,
  status2004,
} from './model';
import { duration2004, time2004, timespan12 } from './time';

const lesson: Lesson = {
  id: 'demo',
  title: 'Demo',
  preset: 'kubeadm',
  setup: '',
  steps: [
    {
      title: 'Q',
      text: '',
      script: 'kubectl get nodes\n',
      question: { prompt: 'p', choices: ['a', 'b', 'c'], answer: [1], multiple: false },
    },
    {
      title: 'G',
      text: '',
      script: '',
      goal: {
        text: 'g',
        expect: [{ command: 'kubectl get nodes', equals: 'x' }],
        hint: 'h',
        solution: 's\n',
      },
    },
    {
      title: 'N',
      text: '',
      script: 'kubectl get pods\n',
      question: {
        prompt: 'n',
        nodes: { daemonSet: 'agent', namespace: 'kube-system' },
        choices: [],
        answer: [],
        multiple: true,
      },
    },
  ],
} as unknown as Lesson;

const p = (x: Partial<StepProgress> = {}): StepProgress => ({
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
  ...x,
});

describe('outcome, status and score', () => {
  const done = [
    p({ ran: true, correct: true, answerAttempts: 1, revealed: true }),
    p({ ran: true, goalMet: true, solutionShown: true }),
    p({
      ran: true,
      correct: false,
      answerAttempts: 1,
      revealed: true,
      pickedNodes: ['a'],
      actualNodes: ['a', 'b'],
    }),
  ];

  it('an unfinished lesson is incomplete, with no score', () => {
    const o = outcomeOf(lesson, [done[0], p(), p()], 0.5);
    expect(o).toEqual({ complete: false, progress: 1 / 3, score: null, passed: null });
    expect(status12(o, 2)).toEqual([
      ['cmi.core.lesson_location', '2'],
      ['cmi.core.lesson_status', 'incomplete'],
    ]);
    expect(status2004(o, 2)).toEqual([
      ['cmi.location', '2'],
      ['cmi.progress_measure', '0.333'],
      ['cmi.completion_status', 'incomplete'],
      ['cmi.success_status', 'unknown'],
    ]);
  });

  it('a complete lesson: score = right first time + goals met unaided, over questions + goals', () => {
    // 1 of 2 questions right at the first try, the goal met with the solution shown: 1/3
    const o = outcomeOf(lesson, done, 0.3);
    expect(o.score).toBe(0.33);
    expect(o.passed).toBe(true);
    expect(status12(o, 3)).toEqual([
      ['cmi.core.lesson_location', '3'],
      ['cmi.core.lesson_status', 'passed'],
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.max', '100'],
      ['cmi.core.score.raw', '33'],
    ]);
    expect(status2004(outcomeOf(lesson, done, 0.5), 3)).toEqual([
      ['cmi.location', '3'],
      ['cmi.progress_measure', '1'],
      ['cmi.completion_status', 'completed'],
      ['cmi.success_status', 'failed'],
      ['cmi.score.min', '0'],
      ['cmi.score.max', '100'],
      ['cmi.score.raw', '33'],
      ['cmi.score.scaled', '0.33'],
    ]);
    // no passing score: completed, success unknown
    expect(status12(outcomeOf(lesson, done, null), 3)[1]).toEqual(['cmi.core.lesson_status', 'completed']);
  });

  it("the LMS's passing score wins over the lesson's; a bad one is ignored", () => {
    expect(passingScoreOf(0.9, { ...lesson, passingScore: 0.5 })).toBe(0.9);
    expect(passingScoreOf(null, { ...lesson, passingScore: 0.5 })).toBe(0.5);
    expect(passingScoreOf(7, lesson)).toBeNull();
  });
});

describe('interactions', () => {
  it('a choice question, wrong at the first try, then right', () => {
    const first = interactionOf(
      lesson,
      { type: 'answer', lesson: 'demo', step: 1, chosen: [0, 2], correct: false, attempts: 1 },
      undefined,
      Date.UTC(2026, 0, 2, 3, 4, 5),
      65_430,
    );
    expect(interaction12(0, first)).toEqual([
      ['cmi.interactions.0.id', 'step-1-question'],
      ['cmi.interactions.0.type', 'choice'],
      ['cmi.interactions.0.time', '03:04:05'],
      ['cmi.interactions.0.weighting', '1'],
      ['cmi.interactions.0.student_response', 'a,c'],
      ['cmi.interactions.0.result', 'wrong'],
      ['cmi.interactions.0.latency', '00:01:05.43'],
      ['cmi.interactions.0.correct_responses.0.pattern', 'b'],
    ]);
    const second = interactionOf(
      lesson,
      { type: 'answer', lesson: 'demo', step: 1, chosen: [1], correct: true, attempts: 2 },
      undefined,
      Date.UTC(2026, 0, 2, 3, 4, 5),
      1000,
    );
    const v = new Map(interaction2004(1, second));
    expect(v.get('cmi.interactions.1.learner_response')).toBe('b');
    expect(v.get('cmi.interactions.1.result')).toBe('correct');
    expect(v.get('cmi.interactions.1.latency')).toBe('PT1S');
    expect(v.get('cmi.interactions.1.timestamp')).toBe('2026-01-02T03:04:05.00Z');
    expect(v.get('cmi.interactions.1.description')).toContain('try 2');
  });

  it('a graph question: node names, the engine’s nodes as the right answer', () => {
    const r = interactionOf(
      lesson,
      { type: 'answer', lesson: 'demo', step: 3, chosen: ['w1'], correct: false, attempts: 1 },
      p({ actualNodes: ['w1', 'w2'] }),
      0,
      0,
    );
    expect(new Map(interaction2004(0, r)).get('cmi.interactions.0.correct_responses.0.pattern')).toBe(
      'w1[,]w2',
    );
    expect(new Map(interaction12(0, r)).get('cmi.interactions.0.type')).toBe('fill-in');
  });

  it('a goal: met unaided is correct, with the solution neutral, left unmet incorrect', () => {
    const goal = (met: boolean, solutionShown: boolean) =>
      interactionOf(
        lesson,
        { type: 'goal', lesson: 'demo', step: 2, met, attempts: 3, hintsUsed: 1, solutionShown },
        undefined,
        0,
        0,
      );
    expect(goal(true, false).result).toBe('correct');
    expect(goal(true, true).result).toBe('neutral');
    expect(new Map(interaction12(4, goal(false, false))).get('cmi.interactions.4.result')).toBe('wrong');
    expect(new Map(interaction2004(4, goal(false, false))).get('cmi.interactions.4.type')).toBe('other');
  });
});

describe('time formats', () => {
  it('SCORM 1.2 timespan and 2004 duration', () => {
    expect(timespan12(0)).toBe('00:00:00.00');
    expect(timespan12(3_723_450)).toBe('01:02:03.45');
    expect(duration2004(0)).toBe('PT0S');
    expect(duration2004(3_723_450)).toBe('PT1H2M3.45S');
    expect(duration2004(3_600_000)).toBe('PT1H');
    expect(duration2004(1_500)).toBe('PT1.5S');
    expect(time2004(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe('2026-01-02T03:04:05.67Z');
  });
});
