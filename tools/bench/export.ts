// npx tsx tools/bench/export.ts [--sizes 2,1000,5000]: what the page's Export costs, side by side
// with its baseline (running the same session once, which the export replays): ms and ratio, and the
// archive's size. Prints numbers; asserts nothing.

import { ARTICLE_MANIFEST } from '../../src/engine/cluster/manifests';
import { Session } from '../../src/engine/script/session';
import type { Input } from '../../src/wire/protocol';
import { exportSession } from '../../src/worker/exportSession';

const arg = process.argv.indexOf('--sizes');
const sizes = (arg > 0 ? process.argv[arg + 1] : '2,1000,5000').split(',').map(Number);

for (const n of sizes) {
  const spec =
    n === 2 ? ({ seed: 1, preset: 'article' } as const) : ({ seed: 1, preset: 'large', nodes: n } as const);
  const t0 = performance.now();
  const s = new Session(spec);
  const inputs: Input[] = [];
  const run = (line: string, stdin?: string) => {
    inputs.push({ at: s.sim.now() - s.startMs, line, ...(stdin !== undefined ? { stdin } : {}) });
    s.exec(line, stdin);
  };
  run('kubectl apply -f -', ARTICLE_MANIFEST);
  s.sim.advance(5000);
  run('kubectl get ds -n kube-system');
  run('sim node add gpu-1 --taint gpu=true:NoSchedule');
  s.sim.advance(3000);
  const session = performance.now() - t0;
  const t1 = performance.now();
  const x = exportSession(spec, inputs, s.sim.now() - s.startMs, 0);
  const exported = performance.now() - t1;
  console.log(
    `${String(x.summary.nodes).padStart(5)} nodes: session ${session.toFixed(0).padStart(5)} ms, export ${exported.toFixed(0).padStart(5)} ms (${(exported / session).toFixed(2)}× the session), archive ${(x.archive.length / 1024).toFixed(0)} KiB`,
  );
}
