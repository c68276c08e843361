// Resuming a lesson from what a course platform kept (src/state/lessonProgress.ts): the progress is
// taken when it is for this lesson, a caught-up step keeps it, a completed lesson is not scored again.

import { afterEach, describe, expect, it } from 'vitest';
import type { Lesson } from '../lessons/types';
import {
  markCaughtUp,
  markRan,
  onLessonEvent,
  startProgress,
  useLessonProgress,
  type StepProgress,
} from '../state/lessonProgress';

const lesson = {
  id: 'demo',
  title: 'Demo',
  preset: 'kubeadm',
  setup: '',
  steps: [
    {
      title: 'G',
      text: '',
      script: '',
      goal: { text: 'g', expect: [{ command: 'kubectl get nodes', equals: 'x' }], solution: 's\n' },
    },
    { title: 'End', text: '', script: '' },
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

afterEach(() => startProgress(null));

describe('startProgress with kept progress', () => {
  it('takes it for the same lesson; a caught-up step keeps its own (the goal met unaided stays unaided)', () => {
    startProgress(lesson, [p({ ran: true, goalMet: true, goalAttempts: 2, goalReported: true }), p()]);
    markCaughtUp(0);
    expect(useLessonProgress.getState().steps[0]).toMatchObject({
      goalMet: true,
      solutionShown: false,
      goalAttempts: 2,
    });
    expect(useLessonProgress.getState().scoreSent).toBe(false);
  });

  it('ignores progress of another shape; without it a caught-up goal counts as shown', () => {
    startProgress(lesson, [p({ ran: true })]);
    expect(useLessonProgress.getState().steps).toEqual([p(), p()]);
    markCaughtUp(0);
    expect(useLessonProgress.getState().steps[0]).toMatchObject({
      ran: true,
      goalMet: true,
      solutionShown: true,
    });
  });

  it('a lesson completed before is not scored again', () => {
    const scores: unknown[] = [];
    const stop = onLessonEvent((e) => void (e.type === 'score' && scores.push(e)));
    startProgress(lesson, [p({ ran: true, goalMet: true, goalReported: true }), p({ ran: true })]);
    expect(useLessonProgress.getState().scoreSent).toBe(true);
    markRan(1);
    expect(scores).toEqual([]);
    startProgress(lesson, [p({ ran: true, goalMet: true, goalReported: true }), p()]);
    markRan(1);
    expect(scores.length).toBe(1);
    stop();
  });
});
