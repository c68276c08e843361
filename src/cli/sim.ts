// The headless CLI (DESIGN §3): npm run -s sim -- [--seed N] [--expect FILE] SCRIPT
// Prints the transcript of SCRIPT ("-" = standard input) run against a fresh simulation (simMain.ts).

import { readFileSync } from 'node:fs';
import { runSimCli } from './simMain';

// A reader that stops early (`| head`) closes the pipe: stop quietly, as command-line tools do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

process.exitCode = runSimCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path, 'utf8'),
  cwd: () => process.cwd(),
});
