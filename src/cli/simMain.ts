// The headless CLI's logic (DESIGN §3), apart from the process so that it can be tested in-process:
// npm run -s sim -- [--seed N] [--expect FILE] SCRIPT. The transcript streams to `stdout` command by
// command; the exit status is 0 (ran to its end), 1 (--expect differs) or 2 (bad arguments or script).

import { dirname, resolve } from 'node:path';
import {
  parseScript,
  ScriptParseError,
  runCommands,
  Session,
  compareTranscript,
  CLI_BUDGET,
} from '../engine';
import { runLessonCli } from './lesson';
import { writeKindExport } from './writeExport';

const USAGE =
  'usage: npm run -s sim -- [--seed N] [--expect FILE] [--export kind DIR] SCRIPT   (SCRIPT "-" reads standard input)\n' +
  '       npm run -s sim -- [--seed N] --lesson FILE      (check a lesson file: exit 0 all hold, 1 a step does not, 2 invalid)';

export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** reads a file (throws when it cannot); `0` is standard input */
  readFile(path: string | 0): string;
  cwd(): string;
}

/** The CLI without the process: argv in, text out, the exit status back. */
export function runSimCli(argv: string[], io: CliIO): number {
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
        io.stderr(`sim: --seed needs a non-negative integer\n${USAGE}\n`);
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
        io.stderr(`sim: --export needs a format (kind) and a folder: --export kind DIR\n${USAGE}\n`);
        return 2;
      }
    } else if (a === '-h' || a === '--help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    } else if (script === undefined) {
      script = a;
    } else {
      io.stderr(`sim: unexpected argument "${a}"\n${USAGE}\n`);
      return 2;
    }
  }
  if (lesson !== undefined) {
    if (!lesson || script !== undefined || expect !== undefined) {
      io.stderr(`sim: --lesson takes one FILE (and no SCRIPT or --expect)\n${USAGE}\n`);
      return 2;
    }
    return runLessonCli(resolve(io.cwd(), lesson), { seed }, { out: io.stdout, err: io.stderr });
  }
  if (!script) {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  let source: string;
  try {
    source = script === '-' ? io.readFile(0) : io.readFile(resolve(io.cwd(), script));
  } catch (e) {
    io.stderr(`sim: cannot read ${script}: ${(e as Error).message}\n`);
    return 2;
  }
  const base = script === '-' ? io.cwd() : dirname(resolve(io.cwd(), script));
  let commands;
  try {
    commands = parseScript(source);
  } catch (e) {
    if (e instanceof ScriptParseError) {
      io.stderr(`${script}:${e.line}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (exportDir) {
    const readFile = (p: string) => io.readFile(resolve(base, p));
    return writeKindExport(
      commands,
      { seed, source: script, readFile },
      resolve(io.cwd(), exportDir),
      io.stdout,
      io.stderr,
    );
  }
  let expected: string | undefined;
  if (expect) {
    try {
      expected = io.readFile(resolve(io.cwd(), expect));
    } catch (e) {
      io.stderr(`sim: cannot read ${expect}: ${(e as Error).message}\n`);
      return 2;
    }
  }
  const session = new Session({ seed, budget: CLI_BUDGET, readFile: (p) => io.readFile(resolve(base, p)) });
  // The transcript streams command by command (a run stopped by a timeout shows how far it got);
  // --expect compares the whole of it at the end.
  const transcript = runCommands(session, commands, (text) => io.stdout(text));
  if (expected !== undefined) {
    const r = compareTranscript(expected, transcript.text);
    if (!r.ok) {
      io.stderr(`sim: transcript differs from ${expect}:\n${r.diff}`);
      return 1;
    }
  }
  return 0;
}
