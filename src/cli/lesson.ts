// `npm run -s sim -- [--seed N] --lesson FILE` (issue 13): checks a lesson file the way a course's CI
// does. Replays setup and every step's script, runs each goal's solution and checks its expectations,
// prints the transcript with a header per step. Exit 0: every step and goal holds; 1: one does not (the
// step is named on stderr); 2: the file is not a valid lesson (each problem with its path).

import { readFileSync } from 'node:fs';
import { parseLessonText } from '../lessons/load';
import { formatProblem } from '../lessons/validate';
import { replayLesson } from '../lessons/replay';
import { emptyClusterDryRun } from '../lessons/dryRun';

export interface LessonCliIo {
  out(s: string): void;
  err(s: string): void;
}

export function runLessonCli(file: string, opts: { seed?: number; lang?: string }, io: LessonCliIo): number {
  let text: string;
  try {
    text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  } catch (e) {
    io.err(`sim: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  const v = parseLessonText(text, { dryRun: emptyClusterDryRun() });
  if (!v.lesson) {
    io.err(
      `${file}: not a valid lesson (${v.problems.length} problem${v.problems.length === 1 ? '' : 's'}):\n`,
    );
    for (const p of v.problems) io.err(`${file}: ${formatProblem(p)}\n`);
    return 2;
  }
  const r = replayLesson(v.lesson, opts);
  io.out(r.text);
  const bad = r.steps.filter((s) => !s.ok);
  for (const s of bad) {
    io.err(`${file}: ${s.step === 0 ? 'setup' : `step ${s.step} (${s.title})`} does not hold:\n`);
    for (const f of s.failures) io.err(`  ${f}\n`);
  }
  if (bad.length === 0)
    io.err(`${file}: lesson ${v.lesson.id}: ${r.steps.length} step${r.steps.length === 1 ? '' : 's'} hold\n`);
  return bad.length ? 1 : 0;
}
