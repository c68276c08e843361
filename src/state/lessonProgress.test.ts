import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLessonText } from '../lessons/load';
import {
  answerQuestion,
  lockNodes,
  nodesResult,
  goalChecked,
  leaveStep,
  markRan,
  onLessonEvent,
  startProgress,
  takeHint,
  markSolutionShown,
  type LessonEvent,
} from './lessonProgress';
import { readFileSync } from 'node:fs';

const lesson = parseLessonText(
  readFileSync(new URL('../../public/example-lesson.yaml', import.meta.url), 'utf8'),
).lesson!;

describe('lesson progress and the messages a course page records', () => {
  let events: LessonEvent[];
  let stop = () => {};
  beforeEach(() => {
    events = [];
    startProgress(lesson);
    stop = onLessonEvent((e) => events.push(e));
  });
  afterEach(() => stop());

  it('answers: a wrong one may be tried again, each attempt is reported', () => {
    expect(answerQuestion(0, [2])).toBe(false);
    expect(answerQuestion(0, [1])).toBe(true);
    expect(answerQuestion(0, [1])).toBe(false); // revealed: no more attempts
    expect(events).toEqual([
      { type: 'answer', lesson: 'gpu-agents', step: 1, chosen: [2], correct: false, attempts: 1 },
      { type: 'answer', lesson: 'gpu-agents', step: 1, chosen: [1], correct: true, attempts: 2 },
    ]);
  });

  it('reports a goal once when it is met, then the score when the last step is done', () => {
    answerQuestion(0, [1]);
    markRan(0);
    markRan(1);
    takeHint(1);
    goalChecked(1, [false], true);
    goalChecked(1, [true], true);
    goalChecked(1, [true], true);
    expect(events.filter((e) => e.type === 'goal')).toEqual([
      {
        type: 'goal',
        lesson: 'gpu-agents',
        step: 2,
        met: true,
        attempts: 2,
        hintsUsed: 1,
        solutionShown: false,
      },
    ]);
    expect(events.at(-1)).toEqual({
      type: 'score',
      lesson: 'gpu-agents',
      steps: 2,
      questions: 1,
      answeredRight: 1,
      rightFirstTime: 1,
      goals: 1,
      goalsMet: 1,
      goalsMetUnaided: 1,
      hintsUsed: 1,
      score: 1,
    });
  });

  it('a goal reached with "Show me" is not unaided; leaving unmet reports met: false', () => {
    markRan(1);
    goalChecked(1, [false], true);
    leaveStep(1);
    expect(events).toEqual([
      {
        type: 'goal',
        lesson: 'gpu-agents',
        step: 2,
        met: false,
        attempts: 1,
        hintsUsed: 0,
        solutionShown: false,
      },
    ]);
    startProgress(lesson);
    events.length = 0;
    answerQuestion(0, [0]);
    answerQuestion(0, [0]);
    markRan(0);
    markRan(1);
    markSolutionShown(1);
    goalChecked(1, [true], false);
    expect(events.at(-1)).toMatchObject({
      type: 'score',
      answeredRight: 0,
      rightFirstTime: 0,
      goalsMet: 1,
      goalsMetUnaided: 0,
      score: 0,
    });
  });

  it('a graph question: the locked-in nodes against the nodes that got a pod', () => {
    lockNodes(0, ['gpu-1', 'worker-2']);
    lockNodes(0, ['worker-2', 'gpu-1']);
    nodesResult(0, ['gpu-1']);
    nodesResult(0, ['gpu-1', 'worker-2']);
    expect(events).toEqual([
      {
        type: 'answer',
        lesson: 'gpu-agents',
        step: 1,
        chosen: ['gpu-1', 'worker-2'],
        correct: false,
        attempts: 1,
      },
    ]);
    startProgress(lesson);
    events.length = 0;
    nodesResult(0, ['gpu-1']);
    expect(events).toEqual([]); // no guess, no answer
  });
});
