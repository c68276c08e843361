// The headless CLI's logic (DESIGN §3), apart from the process so that it can be tested in-process:
// npm run -s sim -- [--seed N] [--expect FILE] SCRIPT. The transcript streams to `stdout` command by
// command; the exit status is 0 (ran to its end), 1 (--expect differs) or 2 (bad arguments or script).

import { dirname, resolve } from 'node:path';
import { parseScript, ScriptParseError } from '../engine/script/parse';
import { runCommands } from '../engine/script/run';
import { Session } from '../engine/script/session';
import { compareTranscript } from '../engine/script/expect';
import { CLI_BUDGET } from '../engine/script/budget';

const USAGE = 'usage: npm run -s sim -- [--seed N] [--expect FILE] SCRIPT   (SCRIPT "-" reads standard input)';

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

