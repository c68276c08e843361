// The headless CLI (DESIGN §3): npm run -s sim -- [--seed N] [--expect FILE] SCRIPT
// Prints the transcript of SCRIPT ("-" = standard input) run against a fresh simulation.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseScript, ScriptParseError } from '../engine/script/parse';
import { runCommands } from '../engine/script/run';
import { Session } from '../engine/script/session';
import { compareTranscript } from '../engine/script/expect';
import { CLI_BUDGET } from '../engine/script/budget';

const USAGE = 'usage: npm run -s sim -- [--seed N] [--expect FILE] SCRIPT   (SCRIPT "-" reads standard input)';

function main(argv: string[]): number {
  let seed = 1;
  let expect: string | undefined;
  let script: string | undefined;
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
  let expected: string | undefined;
  if (expect) {
    try {
      expected = readFileSync(expect, 'utf8');
    } catch (e) {
      process.stderr.write(`sim: cannot read ${expect}: ${(e as Error).message}\n`);
      return 2;
    }
  }
  const session = new Session({ seed, budget: CLI_BUDGET, readFile: (p) => readFileSync(resolve(base, p), 'utf8') });
  // The transcript streams command by command (a run stopped by a timeout shows how far it got);
  // --expect compares the whole of it at the end.
  const transcript = runCommands(session, commands, (text) => process.stdout.write(text));
  if (expected !== undefined) {
    const r = compareTranscript(expected, transcript.text);
    if (!r.ok) {
      process.stderr.write(`sim: transcript differs from ${expect}:\n${r.diff}`);
      return 1;
    }
  }
  return 0;
}

// A reader that stops early (`| head`) closes the pipe: stop quietly, as command-line tools do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

process.exitCode = main(process.argv.slice(2));
