// suspend_data (issue 25): what a learner who comes back needs — the step, the lesson's progress and
// the session (the share-link payload: seed, preset, the commands, the editor text). Format 1:
//   `d1~<step>~<progress>~<session>`
// progress: base64url(deflate-raw(JSON of the steps' progress)); session: a share payload (`1.…`,
// src/share/codec.ts) or empty. A platform has a limit (SCORM 1.2: 4,096 characters; 2004: 64,000):
// when the whole does not fit, the parts that do are kept, in this order of giving up — the editor
// text, then the commands (the cluster is then rebuilt from the lesson's own steps), then the progress.
// What is written always decodes; what is read is checked as hostile input.

import { deflateSync, strFromU8, strToU8 } from 'fflate';
import { fromBase64url, toBase64url } from '../wire/base64url';
import { decodeShared, encodeShared } from '../share/index';
import { inflateCapped } from '../share/codec';
import type { SharedState } from '../share/types';
import type { StepProgress } from '../state/lessonProgress';

export type Kept = 'all' | 'noEditor' | 'noCommands' | 'progressOnly' | 'stepOnly';

export interface Suspended {
  /** 1-based */
  step: number;
  progress: StepProgress[] | null;
  session: SharedState | null;
  /** the session as written (a share payload), for booting from it */
  sessionPayload: string | null;
}

type Packed = [
  number,
  number[] | null,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  string[] | null,
  string[] | null,
];

function pack(p: StepProgress): Packed {
  return [
    p.ran ? 1 : 0,
    p.chosen,
    p.correct === null ? 2 : p.correct ? 1 : 0,
    p.answerAttempts,
    p.revealed ? 1 : 0,
    p.goalMet ? 1 : 0,
    p.goalAttempts,
    p.hintsUsed,
    p.solutionShown ? 1 : 0,
    p.goalReported ? 1 : 0,
    p.pickedNodes,
    p.actualNodes,
  ];
}

const isNat = (x: unknown, max = 1_000_000): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= max;
const isFlag = (x: unknown): x is 0 | 1 => x === 0 || x === 1;
const isNames = (x: unknown): x is string[] | null =>
  x === null ||
  (Array.isArray(x) && x.length <= 5000 && x.every((s) => typeof s === 'string' && s.length <= 253));

function unpack(x: unknown): StepProgress | null {
  if (!Array.isArray(x) || x.length !== 12) return null;
  const [
    ran,
    chosen,
    correct,
    answerAttempts,
    revealed,
    goalMet,
    goalAttempts,
    hintsUsed,
    solutionShown,
    goalReported,
    picked,
    actual,
  ] = x as unknown[];
  if (
    !isFlag(ran) ||
    !isFlag(revealed) ||
    !isFlag(goalMet) ||
    !isFlag(solutionShown) ||
    !isFlag(goalReported)
  )
    return null;
  if (
    !(correct === 0 || correct === 1 || correct === 2) ||
    !isNat(answerAttempts) ||
    !isNat(goalAttempts) ||
    !isNat(hintsUsed)
  )
    return null;
  if (!(
    chosen === null ||
    (Array.isArray(chosen) && chosen.length <= 100 && chosen.every((c) => isNat(c, 100)))
  ))
    return null;
  if (!isNames(picked) || !isNames(actual)) return null;
  return {
    ran: ran === 1,
    chosen: chosen as number[] | null,
    correct: correct === 2 ? null : correct === 1,
    answerAttempts,
    revealed: revealed === 1,
    goalMet: goalMet === 1,
    expectMet: [],
    goalAttempts,
    hintsUsed,
    solutionShown: solutionShown === 1,
    goalReported: goalReported === 1,
    pickedNodes: picked,
    actualNodes: actual,
  };
}

function encodeProgress(steps: readonly StepProgress[]): string {
  return toBase64url(deflateSync(strToU8(JSON.stringify(steps.map(pack))), { level: 9 }));
}

function build(step: number, progress: string, session: string): string {
  return `d1~${step}~${progress}~${session}`;
}

/** The suspend_data for a situation, at most `limit` characters, and what had to be left out. */
export function fitSuspend(
  step: number,
  steps: readonly StepProgress[],
  session: SharedState | null,
  limit: number,
): { data: string; kept: Kept } {
  const progress = encodeProgress(steps);
  const tries: [Kept, () => string][] = [];
  if (session) {
    tries.push(['all', () => build(step, progress, encodeShared(session))]);
    tries.push(['noEditor', () => build(step, progress, encodeShared({ ...session, editorText: '' }))]);
    tries.push([
      'noCommands',
      () =>
        build(
          step,
          progress,
          encodeShared({
            seed: session.seed,
            preset: session.preset,
            ...(session.nodes !== undefined ? { nodes: session.nodes } : {}),
            inputs: [],
            until: 0,
            editorText: '',
            ...(session.lesson !== undefined ? { lesson: session.lesson } : {}),
            step,
          }),
        ),
    ]);
  }
  tries.push(['progressOnly', () => build(step, progress, '')]);
  tries.push(['stepOnly', () => build(step, '', '')]);
  for (const [kept, make] of tries) {
    const data = make();
    if (data.length <= limit) return { data, kept: session || kept !== 'progressOnly' ? kept : 'noCommands' };
  }
  return { data: '', kept: 'stepOnly' };
}

/**
 * Reads suspend_data; null when it is empty or not ours. Throws an Error saying what is wrong when
 * damaged. The step and the progress are checked against the lesson when it is known (`stepCount`).
 */
export function readSuspend(data: string, stepCount?: number): Suspended | null {
  if (!data.startsWith('d1~')) return null;
  const parts = data.split('~');
  if (parts.length !== 4) throw new Error('the saved progress is damaged (wrong number of parts)');
  const step = Number(parts[1]);
  if (!/^\d{1,4}$/.test(parts[1]) || step < 1 || (stepCount !== undefined && step > stepCount))
    throw new Error(`the saved step ${JSON.stringify(parts[1].slice(0, 10))} is not a step of this lesson`);
  let progress: StepProgress[] | null = null;
  if (parts[2]) {
    const bytes = fromBase64url(parts[2]);
    if (!bytes) throw new Error('the saved progress is damaged (not base64url)');
    let json: unknown;
    try {
      json = JSON.parse(strFromU8(inflateCapped(bytes, 1 << 20)));
    } catch {
      throw new Error('the saved progress is damaged (not compressed JSON)');
    }
    if (!Array.isArray(json) || json.length > 1000 || (stepCount !== undefined && json.length !== stepCount))
      throw new Error('the saved progress is for a lesson with another number of steps');
    const steps = json.map(unpack);
    if (steps.some((s) => s === null))
      throw new Error('the saved progress is damaged (a step does not read)');
    progress = steps as StepProgress[];
  }
  let session: SharedState | null = null;
  if (parts[3]) {
    try {
      session = decodeShared(parts[3]);
    } catch (e) {
      throw new Error(`the saved session is damaged: ${(e as Error).message}`);
    }
  }
  if (progress && step > progress.length)
    throw new Error(`the saved step ${step} is past the lesson's ${progress.length} steps`);
  return { step, progress, session, sessionPayload: session ? parts[3] : null };
}
