// Runs every scenario script in src/scenarios (NAME.sim) and compares it with NAME.out, as
// `npm run -s sim -- --expect NAME.out NAME.sim` would. A first line `# seed: N` sets the seed.
// `--update NAME…` rewrites those expected transcripts (read the diff before committing them).

import {
  CLI_BUDGET,
  parseScript,
  ScriptParseError,
  runCommands,
  Session,
  compareTranscript,
} from '../engine';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinLessonFiles, readLessonFile } from '../lessons/files';
import { parseLessonText } from '../lessons/load';
import { formatProblem } from '../lessons/validate';
import { replayLesson } from '../lessons/replay';
import { emptyClusterDryRun } from '../lessons/dryRun';

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../scenarios');
const args = process.argv.slice(2);
const update = args[0] === '--update' ? new Set(args.slice(1)) : null;

export function runScenario(file: string): string {
  const source = readFileSync(file, 'utf8');
  const seed = Number(/^# seed: (\d+)/m.exec(source)?.[1] ?? 1);
  const base = dirname(file);
  const session = new Session({
    seed,
    budget: CLI_BUDGET,
    readFile: (p) => readFileSync(resolve(base, p), 'utf8'),
  });
  return runCommands(session, parseScript(source)).text;
}

let passed = 0;
let failed = 0;
for (const f of readdirSync(dir)
  .filter((x) => x.endsWith('.sim'))
  .sort()) {
  const name = f.slice(0, -4);
  const expectedFile = join(dir, `${name}.out`);
  const t0 = performance.now();
  let actual: string;
  try {
    actual = runScenario(join(dir, f));
  } catch (e) {
    console.log(
      `FAIL     ${name}: ${e instanceof ScriptParseError ? `line ${e.line}: ` : ''}${(e as Error).message}`,
    );
    failed++;
    continue;
  }
  const ms = (performance.now() - t0).toFixed(0);
  if (update && (update.has(name) || update.has('all'))) {
    writeFileSync(expectedFile, actual);
    console.log(`updated  ${name} (${ms} ms)`);
    passed++;
    continue;
  }
  if (!existsSync(expectedFile)) {
    console.log(`FAIL     ${name}: no expected transcript ${name}.out`);
    failed++;
    continue;
  }
  const r = compareTranscript(readFileSync(expectedFile, 'utf8'), actual);
  if (r.ok) {
    console.log(`ok       ${name} (${ms} ms)`);
    passed++;
  } else {
    console.log(`FAIL     ${name}\n${r.diff}`);
    failed++;
  }
}
// Lessons (src/lessons/NAME.yaml) are replayed as `npm run -s sim -- --lesson NAME.yaml` does: every
// step and goal must hold, and the transcript must match src/lessons/NAME.out.
for (const file of builtinLessonFiles()) {
  const base = file.replace(/\.yaml$/, '');
  const name = `lesson:${base.slice(base.lastIndexOf('/') + 1)}`;
  const v = parseLessonText(readLessonFile(file), { dryRun: emptyClusterDryRun() });
  if (!v.lesson) {
    console.log(
      `FAIL     ${name}: not a valid lesson\n${v.problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`,
    );
    failed++;
    continue;
  }
  const t0 = performance.now();
  const r = replayLesson(v.lesson);
  const ms = (performance.now() - t0).toFixed(0);
  const expectedFile = `${base}.out`;
  if (!r.ok) {
    const bad = r.steps.filter((s) => !s.ok);
    console.log(
      `FAIL     ${name}: ${bad.map((s) => `step ${s.step} (${s.title}): ${s.failures.join('; ')}`).join('\n  ')}`,
    );
    failed++;
    continue;
  }
  if (update && (update.has(name) || update.has('all'))) {
    writeFileSync(expectedFile, r.text);
    console.log(`updated  ${name} (${ms} ms)`);
    passed++;
    continue;
  }
  const c = existsSync(expectedFile)
    ? compareTranscript(readFileSync(expectedFile, 'utf8'), r.text)
    : { ok: false, diff: 'no expected transcript\n' };
  if (c.ok) {
    console.log(`ok       ${name} (${ms} ms)`);
    passed++;
  } else {
    console.log(`FAIL     ${name}\n${c.diff}`);
    failed++;
  }
}

console.log(`scenarios: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
