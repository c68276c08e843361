// The headless CLI (DESIGN §3): npm run -s sim -- [--seed N] [--expect FILE] SCRIPT
// Prints the transcript of SCRIPT ("-" = standard input) run against a fresh simulation (simMain.ts).
// `--package STANDARD LESSON OUT.zip` writes a lesson package for an LMS instead (packageLesson.ts).

import { readFileSync } from 'node:fs';
import { runSimCli } from './simMain';
import { runPackageCli } from './packageLesson';

// A reader that stops early (`| head`) closes the pipe: stop quietly, as command-line tools do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const argv = process.argv.slice(2);
const io = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  readFile: (path: string | 0) => readFileSync(path, 'utf8'),
  cwd: () => process.cwd(),
};
process.exitCode =
  argv[0] === '--package'
    ? runPackageCli(argv.slice(1), { out: io.stdout, err: io.stderr })
    : runSimCli(argv, io);
