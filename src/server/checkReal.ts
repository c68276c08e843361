// The scenario transcripts proven against the real client: every src/scenarios/NAME.sim runs with
// its kubectl lines executed by the real kubectl against the API server, and the transcript is
// compared with NAME.out (the emulator's expected transcript). Without a kubectl on PATH it says
// so and passes. `npx tsx src/server/checkReal.ts [NAME…] [--show]`.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareTranscript } from '../engine';
import { normalizeClientDifferences } from './normalize';
import { findKubectl, runWithRealKubectl } from './realKubectl';

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../scenarios');

/**
 * Scenarios whose transcript still differs from the real client's, each with why. They are reported,
 * not failed; every other scenario must match. One that starts to match is reported too, so it can
 * leave this list (and is then held to it).
 */
export const KNOWN_DIFFERENCES = new Map<string, string>([]);
const args = process.argv.slice(2);
const show = args.includes('--show');
const only = new Set(args.filter((a) => !a.startsWith('--')));

async function main(): Promise<number> {
  const kubectl = findKubectl();
  if (!kubectl) {
    console.log(
      'skipped: no kubectl on PATH (set KUBECTL=…) — the scenarios were not compared with the real client',
    );
    return 0;
  }
  console.log(`real kubectl ${kubectl.version} against the API server (paced clock)`);
  let passed = 0;
  let failed = 0;
  let lines = 0;
  let knownCount = 0;
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.sim'))
    .sort()) {
    const name = f.slice(0, -4);
    if (only.size > 0 && !only.has(name)) continue;
    const file = join(dir, f);
    const source = readFileSync(file, 'utf8');
    const seed = Number(/^# seed: (\d+)/m.exec(source)?.[1] ?? 1);
    const t0 = performance.now();
    const run = await runWithRealKubectl(source, {
      kubectl: kubectl.path,
      seed,
      cwd: dir,
      readFile: (p) => readFileSync(resolve(dir, p), 'utf8'),
    });
    lines += run.kubectlLines;
    const actual = normalizeClientDifferences(run.text);
    const r = compareTranscript(
      normalizeClientDifferences(readFileSync(join(dir, `${name}.out`), 'utf8')),
      actual,
    );
    const ms = (performance.now() - t0).toFixed(0);
    const known = KNOWN_DIFFERENCES.get(name);
    if (r.ok) {
      console.log(
        `ok       ${name} (${run.kubectlLines} kubectl commands, ${ms} ms)${known ? ' — now matches: take it off KNOWN_DIFFERENCES' : ''}`,
      );
      passed++;
    } else if (known) {
      console.log(`known    ${name}: ${known}`);
      if (show) console.log(r.diff);
      knownCount++;
    } else {
      console.log(`FAIL     ${name}\n${r.diff}`);
      if (show) console.log(actual);
      failed++;
    }
  }
  console.log(
    `\n${lines} kubectl commands run by the real client; ${knownCount} scenarios with known differences skipped`,
  );
  console.log(`real-kubectl: ${passed} passed, ${failed} failed, ${knownCount} skipped`);
  return failed === 0 ? 0 : 1;
}

main().then((code) => process.exit(code));
