// The headless CLI (DESIGN §3): npm run -s sim -- [--seed N] [--expect FILE] SCRIPT
// Prints the transcript of SCRIPT ("-" = standard input) run against a fresh simulation.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseScript, ScriptParseError } from '../engine/script/parse';
import { runCommands } from '../engine/script/run';
import { Session } from '../engine/script/session';
import { compareTranscript } from '../engine/script/expect';
import { runLessonCli } from './lesson';
import { writeKindExport } from './writeExport';

const USAGE =
  'usage: npm run -s sim -- [--seed N] [--expect FILE] [--export kind DIR] SCRIPT   (SCRIPT "-" reads standard input)\n' +
  '       npm run -s sim -- [--seed N] --lesson FILE      (check a lesson file: exit 0 all hold, 1 a step does not, 2 invalid)';

function main(argv: string[]): number {
  let seed = 1;
  let expect: string | undefined;
  let script: string | undefined;
  let lesson: string | undefined;
  let exportDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--seed' || a.startsWith('--seed=')) {
      const v = a.includes('=') ? a.slice(7) : argv[++i];
      if (!v || !/^\d+$/.test(v)) {
        process.stderr.write(`sim: --seed needs a non-negative integer\n${USAGE}\n`);
        return 2;
      }
      seed = Number(v);
    } else if (a === '--expect' || a.startsWith('--expect=')) {
      expect = a.includes('=') ? a.slice(9) : argv[++i];
    } else if (a === '--lesson' || a.startsWith('--lesson=')) {
      lesson = a.includes('=') ? a.slice(9) : argv[++i];
    } else if (a === '--export') {
      const format = argv[++i];
      exportDir = argv[++i];
      if (format !== 'kind' || !exportDir) {
        process.stderr.write(`sim: --export needs a format (kind) and a folder: --export kind DIR\n${USAGE}\n`);
        return 2;
      }
    } else if (a === '-h' || a === '--help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (script === undefined) {
      script = a;
    } else {
      process.stderr.write(`sim: unexpected argument "${a}"\n${USAGE}\n`);
      return 2;
    }
  }
  if (lesson !== undefined) {
    if (!lesson || script !== undefined || expect !== undefined) {
      process.stderr.write(`sim: --lesson takes one FILE (and no SCRIPT or --expect)\n${USAGE}\n`);
      return 2;
    }
    return runLessonCli(lesson, { seed }, { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) });
  }
  if (!script) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let source: string;
  try {
    source = script === '-' ? readFileSync(0, 'utf8') : readFileSync(script, 'utf8');
  } catch (e) {
    process.stderr.write(`sim: cannot read ${script}: ${(e as Error).message}\n`);
    return 2;
  }
  const base = script === '-' ? process.cwd() : dirname(resolve(script));
  let commands;
  try {
    commands = parseScript(source);
  } catch (e) {
    if (e instanceof ScriptParseError) {
      process.stderr.write(`${script}:${e.line}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (exportDir) return writeKindExport(commands, { seed, source: script, readFile: (p) => readFileSync(resolve(base, p), 'utf8') }, exportDir);
  const session = new Session({ seed, readFile: (p) => readFileSync(resolve(base, p), 'utf8') });
  const transcript = runCommands(session, commands);
  process.stdout.write(transcript.text);
  if (expect) {
    let expected: string;
    try {
      expected = readFileSync(expect, 'utf8');
    } catch (e) {
      process.stderr.write(`sim: cannot read ${expect}: ${(e as Error).message}\n`);
      return 2;
    }
    const r = compareTranscript(expected, transcript.text);
    if (!r.ok) {
      process.stderr.write(`sim: transcript differs from ${expect}:\n${r.diff}`);
      return 1;
    }
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
