// The SCORM adapter against a recording API object: it starts incomplete at the step, journals each
// check as an interaction after the ones the LMS already has, keeps suspend_data within SCORM 1.2's
// 4,096 characters (and says what it left out), and on pagehide writes the session time and finishes.

import { afterEach, describe, expect, it } from 'vitest';
import type { Lesson } from '../lessons/types';
import { answerQuestion, setCurrentStep, startProgress } from '../state/lessonProgress';
import { useStore } from '../state/store';
import { useLmsNotice } from './notice';
import { connectScorm, runScorm } from './scorm';
import { readSuspend } from './suspend';

const lesson = {
  id: 'demo',
  title: 'Demo',
  preset: 'kubeadm',
  setup: '',
  passingScore: 0.5,
  steps: [
    {
      title: 'Q',
      text: '',
      script: 'kubectl get nodes\n',
      question: { prompt: 'p', choices: ['a', 'b'], answer: [1], multiple: false },
    },
    { title: 'End', text: '', script: '' },
  ],
} as unknown as Lesson;

function fakeLms(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  const calls: string[] = [];
  const api = {
    LMSInitialize: () => (calls.push('init'), 'true'),
    LMSFinish: () => (calls.push('finish'), 'true'),
    LMSGetValue: (k: string) => data.get(k) ?? '',
    LMSSetValue: (k: string, v: string) => {
      if (k === 'cmi.suspend_data' && v.length > 4096) return 'false';
      data.set(k, v);
      return 'true';
    },
    LMSCommit: () => (calls.push('commit'), 'true'),
    LMSGetLastError: () => '0',
    LMSGetErrorString: () => '',
  };
  const win = Object.assign(new EventTarget(), { API: api }) as unknown as Window & { parent: unknown };
  (win as unknown as { parent: unknown }).parent = win;
  return { data, calls, win };
}

afterEach(() => {
  startProgress(null);
  useStore.setState({ inputs: [], now: 0, start: 0 });
  useLmsNotice.setState({ standard: null, kind: null, detail: '', dismissed: false });
});

describe('runScorm (SCORM 1.2)', () => {
  it('reports, journals after the LMS’s interactions, trims suspend_data, finishes on pagehide', () => {
    const lms = fakeLms({
      'cmi.core.entry': 'ab-initio',
      'cmi.interactions._count': '2',
      'cmi.student_data.mastery_score': '',
    });
    const c = connectScorm('scorm12', lms.win)!;
    expect(c.resume).toBeNull();
    expect(c.lmsPassing).toBeNull();
    // a session with far more commands than 4,096 characters hold
    let x = 7;
    const inputs = Array.from({ length: 500 }, (_, i) => ({
      at: i * 1000,
      line: `kubectl label node worker-1 k${(x = (x * 48271) % 2147483647).toString(36)}=v${i} --overwrite`,
    }));
    useStore.setState({ inputs, now: 500_000, start: 0 });
    startProgress(lesson);
    let t = 1_000_000;
    runScorm(c, { now: () => t, win: lms.win });
    expect(lms.data.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(lms.data.get('cmi.core.lesson_location')).toBe('1');
    expect(lms.data.get('cmi.core.exit')).toBe('suspend');
    expect(lms.data.get('cmi.suspend_data')!.length).toBeLessThanOrEqual(4096);
    expect(useLmsNotice.getState().kind).toBe('trimmedCommands');

    t += 12_000;
    answerQuestion(0, [1]);
    expect(lms.data.get('cmi.interactions.2.id')).toBe('step-1-question');
    expect(lms.data.get('cmi.interactions.2.result')).toBe('correct');
    expect(lms.data.get('cmi.interactions.2.latency')).toBe('00:00:12.00');
    setCurrentStep(1);
    expect(lms.data.get('cmi.core.lesson_location')).toBe('2');
    const r = readSuspend(lms.data.get('cmi.suspend_data')!, 2)!;
    expect(r.step).toBe(2);
    expect(r.progress![0]).toMatchObject({ correct: true, answerAttempts: 1, revealed: true });
    expect(r.session!.inputs).toEqual([]);

    t += 60_000;
    lms.win.dispatchEvent(new Event('pagehide'));
    expect(lms.data.get('cmi.core.session_time')).toBe('00:01:12.00');
    expect(lms.calls.at(-1)).toBe('finish');
    expect(lms.calls.filter((k) => k === 'finish').length).toBe(1);
  });

  it('a returning learner: entry=resume gives the saved step and progress; damaged data says so', () => {
    const first = fakeLms({ 'cmi.core.entry': 'ab-initio' });
    startProgress(lesson);
    useStore.setState({ inputs: [{ at: 0, line: 'kubectl get nodes' }], now: 1000, start: 0 });
    answerQuestion(0, [0]);
    setCurrentStep(1);
    runScorm(connectScorm('scorm12', first.win)!, { win: first.win });
    expect(useLmsNotice.getState().kind).toBe('reporting');
    const saved = first.data.get('cmi.suspend_data')!;
    const back = connectScorm(
      'scorm12',
      fakeLms({
        'cmi.core.entry': 'resume',
        'cmi.suspend_data': saved,
        'cmi.student_data.mastery_score': '80',
      }).win,
    )!;
    expect(back.resume!.step).toBe(2);
    expect(back.resume!.progress![0]).toMatchObject({ correct: false, answerAttempts: 1 });
    expect(back.resume!.session!.inputs).toEqual([{ at: 0, line: 'kubectl get nodes' }]);
    expect(back.lmsPassing).toBe(0.8);
    connectScorm('scorm12', fakeLms({ 'cmi.core.entry': 'resume', 'cmi.suspend_data': 'd1~1~%%~' }).win);
    expect(useLmsNotice.getState()).toMatchObject({ kind: 'badResume' });
  });
});
