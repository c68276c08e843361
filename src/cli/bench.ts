// npm run bench: prints how fast the engine is (wall time, on this machine) for clusters of 100,
// 1,000 and 5,000 nodes. A script that prints numbers, never a test.

import { parse } from 'yaml';
import { Simulation } from '../engine/simulation';
import { applyPreset, addNode } from '../engine/cluster/presets';
import { FLUENTD_YAML } from '../engine/testing/builders';
import type { DaemonSet, KObject } from '../engine/api/types';

const sizes = (process.argv[2] ?? '100,1000,5000').split(',').map(Number);

function manifest(): KObject {
  const ds = parse(FLUENTD_YAML) as DaemonSet;
  return ds;
}

function allRunning(sim: Simulation, n: number): boolean {
  const pods = sim.store.list('Pod', 'kube-system');
  return pods.length === n && pods.every((p) => p.status.phase === 'Running');
}

function ms(t0: number): string {
  return `${(performance.now() - t0).toFixed(0)} ms`;
}

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().heapUsed);
};

console.log('nodes  apply+settle  sim-time  one-sync  add-node+settle  rollout(10%)  sim-time  heap-peak');
for (const n of sizes) {
  if (typeof globalThis.gc === 'function') globalThis.gc();
  peak = 0;
  const sim = new Simulation({ seed: 1 });
  applyPreset(sim, 'large', n);
  sample();
  const start = sim.now();
  let t0 = performance.now();
  sim.store.create(manifest());
  sim.settle();
  const applyMs = ms(t0);
  const simApply = `${((sim.now() - start) / 1000).toFixed(1)} s`;
  sample();
  if (!allRunning(sim, n)) throw new Error(`not all ${n} pods are Running after settle`);

  t0 = performance.now();
  sim.daemonsets.syncDaemonSet('kube-system/fluentd-elasticsearch');
  const syncMs = `${(performance.now() - t0).toFixed(1)} ms`;

  t0 = performance.now();
  addNode(sim, 'node-extra');
  sim.settle();
  const addMs = ms(t0);
  if (!allRunning(sim, n + 1)) throw new Error('the added node did not get a Running pod');
  sample();

  // Rolling update with maxUnavailable 10%.
  const ds = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
  const t = structuredClone(ds) as DaemonSet;
  t.spec.template.spec.containers[0].image = 'k8s.gcr.io/fluentd-elasticsearch:v2.2.0';
  t.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '10%', maxSurge: 0 } };
  const rollStart = sim.now();
  t0 = performance.now();
  sim.store.update(t);
  sim.settle();
  const rollMs = ms(t0);
  const simRoll = `${((sim.now() - rollStart) / 1000).toFixed(1)} s`;
  sample();
  const pods = sim.store.list('Pod', 'kube-system');
  if (!pods.every((p) => p.spec.containers[0].image === 'k8s.gcr.io/fluentd-elasticsearch:v2.2.0' && p.status.phase === 'Running')) {
    throw new Error('rollout did not converge');
  }
  console.log(
    [String(n).padEnd(5), applyMs.padEnd(12), simApply.padEnd(8), syncMs.padEnd(8), addMs.padEnd(15), rollMs.padEnd(12), simRoll.padEnd(8), `${(peak / 2 ** 20).toFixed(0)} MiB`].join('  '),
  );
}
