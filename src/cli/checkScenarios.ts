// Runs every scenario script in src/scenarios (NAME.sim) and compares it with NAME.out, as
// `npm run -s sim -- --expect NAME.out NAME.sim` would. A first line `# seed: N` sets the seed.
// `--update NAME…` rewrites those expected transcripts (read the diff before committing them).

import { CLI_BUDGET } from '../engine/script/budget';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScript, ScriptParseError } from '../engine/script/parse';
import { runCommands } from '../engine/script/run';
import { Session } from '../engine/script/session';
import { compareTranscript } from '../engine/script/expect';
import { LESSONS, lessonScript } from '../lessons/index';

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../scenarios');
const args = process.argv.slice(2);
const update = args[0] === '--update' ? new Set(args.slice(1)) : null;

export function runScenario(file: string): string {
  const source = readFileSync(file, 'utf8');
  const seed = Number(/^# seed: (\d+)/m.exec(source)?.[1] ?? 1);
  const base = dirname(file);
  const session = new Session({ seed, budget: CLI_BUDGET, readFile: (p) => readFileSync(resolve(base, p), 'utf8') });
  return runCommands(session, parseScript(source)).text;
}

let passed = 0;
let failed = 0;
for (const f of readdirSync(dir).filter((x) => x.endsWith('.sim')).sort()) {
  const name = f.slice(0, -4);
  const expectedFile = join(dir, `${name}.out`);
  const t0 = performance.now();
  let actual: string;
  try {
    actual = runScenario(join(dir, f));
  } catch (e) {
    console.log(`FAIL     ${name}: ${e instanceof ScriptParseError ? `line ${e.line}: ` : ''}${(e as Error).message}`);
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
// Lessons are replayed the same way: their steps' commands, in order, against src/lessons/ID.out.
const lessonDir = resolve(dirname(fileURLToPath(import.meta.url)), '../lessons');
for (const lesson of Object.values(LESSONS)) {
  const expectedFile = join(lessonDir, `${lesson.id}.out`);
  const session = new Session({ seed: 1 });
  const actual = runCommands(session, parseScript(lessonScript(lesson))).text;
  const name = `lesson:${lesson.id}`;
  if (update && (update.has(name) || update.has('all'))) {
    writeFileSync(expectedFile, actual);
    console.log(`updated  ${name}`);
    passed++;
    continue;
  }
  const r = existsSync(expectedFile) ? compareTranscript(readFileSync(expectedFile, 'utf8'), actual) : { ok: false, diff: 'no expected transcript\n' };
  if (r.ok) {
    console.log(`ok       ${name}`);
    passed++;
  } else {
    console.log(`FAIL     ${name}\n${r.diff}`);
    failed++;
  }
}

console.log(`scenarios: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
