// suspend_data: a session that fits is kept whole; one that does not keeps what does, in order, and
// what is written always reads back; damaged data is refused with a reason.

import { describe, expect, it } from 'vitest';
import type { SharedState } from '../share/types';
import type { StepProgress } from '../state/lessonProgress';
import { fitSuspend, readSuspend } from './suspend';

const p = (x: Partial<StepProgress> = {}): StepProgress => ({
  ran: true,
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
const steps = [
  p({ chosen: [1], correct: true, answerAttempts: 1, revealed: true }),
  p({ goalMet: true, goalAttempts: 4, hintsUsed: 1, goalReported: true }),
  p({ ran: false, pickedNodes: ['w1'], actualNodes: ['w1', 'w2'], correct: false, revealed: true }),
];

// a deterministic stream of distinct commands (compressible only so far)
function session(commands: number, editorChars = 40): SharedState {
  let x = 12345;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  const inputs = Array.from({ length: commands }, (_, i) => ({
    at: i * 1000,
    line: `kubectl label node worker-${rnd() % 97} tier-${rnd().toString(36)}=v${rnd().toString(36)} --overwrite`,
  }));
  return {
    seed: 7,
    preset: 'kubeadm',
    inputs,
    until: commands * 1000,
    editorText: 'x'.repeat(editorChars).replace(/x/g, () => String.fromCharCode(97 + (rnd() % 26))),
    lesson: 'taints',
    step: 3,
  };
}

describe('fitSuspend / readSuspend', () => {
  it('a small session is kept whole and reads back', () => {
    const s = session(5);
    const fit = fitSuspend(3, steps, s, 4096);
    expect(fit.kept).toBe('all');
    const r = readSuspend(fit.data, 3)!;
    expect(r.step).toBe(3);
    expect(r.progress!.map((x) => ({ ...x, expectMet: [] }))).toEqual(steps);
    expect(r.session).toEqual(s);
    expect(r.sessionPayload).toBe(fit.data.split('~')[3]);
  });

  it('a long editor text goes first, then the commands; the rest stays readable', () => {
    const big = session(5, 6000);
    const a = fitSuspend(2, steps, big, 4096);
    expect(a.kept).toBe('noEditor');
    expect(a.data.length).toBeLessThanOrEqual(4096);
    expect(readSuspend(a.data, 3)!.session).toEqual({ ...big, editorText: '' });

    const many = session(600);
    const b = fitSuspend(2, steps, many, 4096);
    expect(b.kept).toBe('noCommands');
    expect(b.data.length).toBeLessThanOrEqual(4096);
    const r = readSuspend(b.data, 3)!;
    expect(r.session!.inputs).toEqual([]);
    expect(r.progress!.length).toBe(3);
    expect(r.step).toBe(2);
    // SCORM 2004's 64,000 characters hold it whole
    expect(fitSuspend(2, steps, many, 64000).kept).toBe('all');
  });

  it('with no room for the progress, the step alone; with no room at all, nothing', () => {
    const f = fitSuspend(2, steps, null, 12);
    expect(f).toEqual({ data: 'd1~2~~', kept: 'stepOnly' });
    expect(readSuspend(f.data, 3)).toEqual({ step: 2, progress: null, session: null, sessionPayload: null });
    expect(fitSuspend(2, steps, null, 3)).toEqual({ data: '', kept: 'stepOnly' });
  });

  it('what is not ours is ignored; damaged data is refused with a reason', () => {
    expect(readSuspend('', 3)).toBeNull();
    expect(readSuspend('some other course', 3)).toBeNull();
    const good = fitSuspend(2, steps, session(3), 4096).data;
    expect(() => readSuspend(good, 5)).toThrow(/another number of steps/);
    expect(() => readSuspend('d1~9~~', 3)).toThrow(/not a step of this lesson/);
    expect(() => readSuspend('d1~1~!!~', 3)).toThrow(/not base64url/);
    expect(() => readSuspend('d1~1~AAAA~', 3)).toThrow(/damaged/);
    const parts = good.split('~');
    expect(() => readSuspend([...parts.slice(0, 3), parts[3].slice(0, -6) + 'AAAAAA'].join('~'), 3)).toThrow(
      /session is damaged/,
    );
    expect(() => readSuspend('d1~1~', 3)).toThrow(/wrong number of parts/);
  });
});
