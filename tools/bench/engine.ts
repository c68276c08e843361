// npm run bench: how fast the engine is (wall time on this machine), side by side in one run:
//   floor        the same number of immutable writes into Maps as the engine made, no controllers
//   full-pass    the full-pass DaemonSet controller (every sync walks every node and pod; the oracle)
//   incremental  the incremental DaemonSet controller (a sync costs what changed; the default)
// for clusters of 1k / 5k / 20k / 65k nodes: apply + settle, a 10% rolling update, and at 5k the
// default `maxUnavailable: 1` rolling update. Each case runs in its own Node process (clean heap)
// with a wall-time budget; a case over budget reports how far it got and an extrapolation.
// A script that prints numbers, never a test.
//
//   npm run bench [-- --sizes 1000,5000,20000,65000] [--budget SECONDS] [--default-at 5000] [--heap MiB] [--warm 0]
//                 [--mixed-at 1000] [--replicas 3000] [--mixed-spreads kept,fullPass]
//                 [--mixed-runs N] [--mixed-base DIR]
//
// The mixed case (--mixed-at N nodes, 0 skips it): the same DaemonSet and a Deployment of --replicas
// replicas, apply + settle and a rolling update of the Deployment, with PodTopologySpread's counts kept
// (the default) and counted in full each cycle (the oracle), beside the DaemonSet alone at N nodes and
// the floor of the same number of writes. `--mixed-runs N` runs the kept case N times (medians);
// `--mixed-base DIR` runs another tree's engine (e.g. a copy of the previous commit, with its
// node_modules) alternating with this one, each run of one beside a run of the other.
//
// heap peak: the most heapUsed seen while running (uncollected garbage included); heap live: after a
// full GC at the end of the case. gc apply / gc rollout: the main thread's garbage collection pauses in
// the phase (PerformanceObserver 'gc' entries, wall time) and their share of the phase's wall time.
// `--heap 2048` runs every case in a 2 GiB V8 heap.

import { spawnSync } from 'node:child_process';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { Simulation } from '../../src/engine/simulation';
import { applyPreset } from '../../src/engine/cluster/presets';
import { FLUENTD_YAML } from '../../src/engine/testing/builders';
import { WEB_IMAGE, WEB_IMAGE_NEW, mixedDeployment } from '../../src/engine/testing/deployments';
import { threadCpu } from './threadCpu';
import { clone, deepFreeze } from '../../src/engine/api/objects';
import type { DaemonSet, KObject, Pod } from '../../src/engine/api/types';

type Mode = 'floor' | 'fullPass' | 'incremental' | 'mixed';

interface Phase {
  /** CPU time of this process (user + system): what the numbers compare (wall time depends on the machine's load) */
  ms: number;
  wallMs: number;
  simS: number;
  syncs: number;
  writes: number;
  /** fraction of the work done (1 unless the budget ran out) */
  done: number;
  /** garbage collection pauses of the main thread during the phase (wall time; 'gc' performance entries) */
  gcMs?: number;
  /** the mixed case: work items run per controller in the phase */
  byController?: Record<string, number>;
  /** CPU time of the main thread and of the others (V8's compiler and GC helpers), Linux's /proc/self/task */
  mainMs?: number;
  helpersMs?: number;
}

interface CaseResult {
  mode: Mode;
  nodes: number;
  apply?: Phase;
  rollout?: Phase;
  defaultRollout?: Phase;
  events: number;
  /** peak heapUsed sampled while running (garbage not yet collected included) */
  heapMiB: number;
  /** heapUsed after a full GC at the end: what the cluster itself holds */
  liveMiB?: number;
  /** the same apply + settle again in the same process, on a new cluster: V8 has compiled the engine's code */
  warm?: Phase;
  /** hidden classes (V8 maps) among the stored objects' parts after the apply, e.g. Node.metadata → 1 */
  shapes?: Record<string, number>;
  error?: string;
}

/** %HaveSameMap, when the child runs with --allow-natives-syntax (a diagnostic: it changes no timing) */
const haveSameMap = (() => {
  try {
    return new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
  } catch {
    return undefined;
  }
})();

/** How many hidden classes the objects have (counted up to `cap`): more than 4 makes a read site megamorphic. */
function hiddenClasses(objs: Iterable<unknown>, cap = 100): number {
  const reps: object[] = [];
  for (const o of objs) {
    if (o === null || typeof o !== 'object') continue;
    if (!reps.some((r) => haveSameMap!(r, o))) reps.push(o);
    if (reps.length >= cap) break;
  }
  return reps.length;
}

function shapesOf(sim: Simulation): Record<string, number> | undefined {
  if (!haveSameMap) return undefined;
  const nodes = sim.store.list('Node');
  const pods = sim.store.list('Pod');
  return {
    'Node.metadata': hiddenClasses(nodes.map((x) => x.metadata)),
    'Node.status': hiddenClasses(nodes.map((x) => x.status)),
    Pod: hiddenClasses(pods),
    'Pod.metadata': hiddenClasses(pods.map((x) => x.metadata)),
    'Pod.spec': hiddenClasses(pods.map((x) => x.spec)),
    'Pod.status': hiddenClasses(pods.map((x) => x.status)),
  };
}

const NEW_IMAGE = 'k8s.gcr.io/fluentd-elasticsearch:v2.2.0';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : dflt;
}

/** The phases' wall-time windows, to charge the GC pauses seen in them once the entries arrive. */
const windows: { p: Phase; start: number; end: number }[] = [];
const gcEntries: PerformanceEntry[] = [];

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().heapUsed);
};

function countSyncs(sim: Simulation): () => number {
  let n = 0;
  sim.stepListeners.push((r) => {
    if (r.controller === 'daemonset-controller') n++;
  });
  return () => n;
}

/** Runs until quiet or until the wall budget is spent; `progress` says how far a cut-off run got. */
function settleWithin(sim: Simulation, deadline: number, progress: () => number): number {
  let i = 0;
  for (;;) {
    const t = sim.nextAt();
    if (t === undefined) return 1;
    sim.step();
    if ((++i & 1023) === 0) {
      sample();
      if (performance.now() > deadline) return Math.max(progress(), 1e-6);
    }
  }
}

function updatedPods(sim: Simulation, n: number): number {
  let k = 0;
  sim.store.each('Pod', 'kube-system', (p) => {
    if (
      p.spec.containers[0].image === NEW_IMAGE &&
      p.status.phase === 'Running' &&
      !p.metadata.deletionTimestamp
    )
      k++;
  });
  return k / n;
}

function runningPods(sim: Simulation, n: number): number {
  let k = 0;
  sim.store.each('Pod', 'kube-system', (p) => {
    if (p.status.phase === 'Running') k++;
  });
  return k / n;
}

/** `--marks`: a line in V8's own output (%DebugPrint) where a phase starts and ends, to split --trace-opt by phase */
const mark = (() => {
  if (!process.argv.includes('--marks')) return () => {};
  try {
    return new Function('s', '%DebugPrint(s)') as (s: string) => void;
  } catch {
    return () => {};
  }
})();

function phase(sim: Simulation, syncs: () => number, fn: () => number): Phase {
  mark(`bench phase start ${windows.length}`);
  const th0 = threadCpu();
  const s0 = syncs();
  const w0 = sim.store.writes;
  const t0 = sim.now();
  const w = performance.now();
  const c = process.cpuUsage();
  const done = fn();
  const cu = process.cpuUsage(c);
  const end = performance.now();
  const th1 = threadCpu();
  mark(`bench phase end ${windows.length}`);
  const p: Phase = {
    ms: (cu.user + cu.system) / 1000,
    wallMs: end - w,
    simS: (sim.now() - t0) / 1000,
    syncs: syncs() - s0,
    writes: sim.store.writes - w0,
    done,
  };
  if (th0 && th1) {
    p.mainMs = th1.main - th0.main;
    p.helpersMs = th1.helpers - th0.helpers;
  }
  windows.push({ p, start: w, end });
  return p;
}

/** Charges each phase the GC pauses that started in its window (the entries come after the run, on the event loop). */
async function chargeGc(): Promise<void> {
  await new Promise((r) => setTimeout(r, 0));
  for (const { p, start, end } of windows) {
    p.gcMs = 0;
    for (const e of gcEntries) if (e.startTime >= start && e.startTime < end) p.gcMs += e.duration;
  }
}

function rollout(
  sim: Simulation,
  n: number,
  maxUnavailable: string | number,
  budgetMs: number,
  syncs: () => number,
): Phase {
  const ds = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
  const t = structuredClone(ds) as DaemonSet;
  t.spec.template.spec.containers[0].image = NEW_IMAGE;
  t.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable, maxSurge: 0 } };
  return phase(sim, syncs, () => {
    sim.store.update(t);
    const deadline = performance.now() + budgetMs;
    return settleWithin(sim, deadline, () => updatedPods(sim, n));
  });
}

function engineCase(
  mode: 'fullPass' | 'incremental',
  n: number,
  budgetMs: number,
  withDefault: boolean,
): CaseResult {
  const sim = new Simulation({ seed: 1, daemonSetController: mode });
  const syncs = countSyncs(sim);
  applyPreset(sim, 'large', n);
  sample();
  const deadline0 = performance.now() + budgetMs;
  const apply = phase(sim, syncs, () => {
    sim.store.create(parse(FLUENTD_YAML) as KObject);
    return settleWithin(sim, deadline0, () => runningPods(sim, n));
  });
  sample();
  const res: CaseResult = { mode, nodes: n, apply, events: 0, heapMiB: 0, shapes: shapesOf(sim) };
  if (apply.done < 1) return finish(sim, res);
  if (runningPods(sim, n) < 1) throw new Error(`not all ${n} pods are Running after settle`);
  res.rollout = rollout(sim, n, '10%', budgetMs, syncs);
  sample();
  if (res.rollout.done === 1 && updatedPods(sim, n) < 1) throw new Error('the 10% rollout did not converge');
  if (withDefault && res.rollout.done === 1) {
    // The same template change back again, with the default maxUnavailable: 1.
    const ds = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
    const t = structuredClone(ds) as DaemonSet;
    t.spec.template.spec.containers[0].image = 'k8s.gcr.io/fluentd-elasticsearch:v2.3.1';
    t.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } };
    res.defaultRollout = phase(sim, syncs, () => {
      sim.store.update(t);
      const deadline = performance.now() + budgetMs;
      return settleWithin(sim, deadline, () => {
        let k = 0;
        sim.store.each('Pod', 'kube-system', (p) => {
          if (p.spec.containers[0].image?.endsWith('v2.3.1') && p.status.phase === 'Running') k++;
        });
        return k / n;
      });
    });
  }
  return finish(sim, res);
}

function finish(sim: Simulation, res: CaseResult): CaseResult {
  sample();
  res.events = sim.store.count('Event');
  res.heapMiB = peak / 2 ** 20;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    res.liveMiB = process.memoryUsage().heapUsed / 2 ** 20;
  }
  return res;
}

// ----------------------------------------------------------------------------- the mixed case
// A DaemonSet and a Deployment of `replicas` replicas on the same nodes: apply both + settle, then a
// rolling update of the Deployment (its default 25 % / 25 %). `spread` picks PodTopologySpread's
// counts: kept per selector (the default) or counted over every node's pods each cycle (the oracle).

/** Work items per controller, and their sum over the controllers (the scheduler's cycles left out). */
function countByController(sim: Simulation): { total: () => number; by: () => Record<string, number> } {
  const m = new Map<string, number>();
  sim.stepListeners.push((r) => m.set(r.controller, (m.get(r.controller) ?? 0) + 1));
  return {
    total: () =>
      (m.get('daemonset-controller') ?? 0) +
      (m.get('deployment-controller') ?? 0) +
      (m.get('replicaset-controller') ?? 0),
    by: () => Object.fromEntries(m),
  };
}

function webPods(sim: Simulation, image: string, replicas: number): number {
  let k = 0;
  sim.store.each('Pod', 'default', (p) => {
    if (p.spec.containers[0].image === image && p.status.phase === 'Running' && !p.metadata.deletionTimestamp)
      k++;
  });
  return k / replicas;
}

function newPods(sim: Simulation, image: string, replicas: number): number {
  let k = 0;
  sim.store.each('Pod', 'default', (p) => {
    if (p.spec.containers[0].image === image) k++;
  });
  return k / replicas;
}

function diff(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(b)) if (v - (a[k] ?? 0) > 0) out[k] = v - (a[k] ?? 0);
  return out;
}

function mixedCase(spread: 'kept' | 'fullPass', n: number, replicas: number, budgetMs: number): CaseResult {
  const sim = new Simulation({ seed: 1, podTopologySpreadCounts: spread });
  const c = countByController(sim);
  applyPreset(sim, 'large', n);
  sample();
  let by0 = c.by();
  const apply = phase(sim, c.total, () => {
    sim.store.create(parse(FLUENTD_YAML) as KObject);
    sim.store.create(mixedDeployment(replicas) as unknown as KObject);
    const deadline = performance.now() + budgetMs;
    return settleWithin(sim, deadline, () =>
      Math.min(runningPods(sim, n), webPods(sim, WEB_IMAGE, replicas)),
    );
  });
  apply.byController = diff(by0, c.by());
  sample();
  const res: CaseResult = { mode: 'mixed', nodes: n, apply, events: 0, heapMiB: 0 };
  if (apply.done < 1) return finish(sim, res);
  if (runningPods(sim, n) < 1 || webPods(sim, WEB_IMAGE, replicas) < 1)
    throw new Error(`not all ${n} daemon pods and ${replicas} replicas are Running after settle`);
  // The edited manifest replaced (kubectl replace -f), every object in it new: a copy of the stored
  // Deployment with its image stored into (structuredClone, then `image = …`) made the field mutable
  // in the hidden class the engine's containers share, and threw out code the rollout then compiled again.
  const d = mixedDeployment(replicas, WEB_IMAGE_NEW);
  by0 = c.by();
  res.rollout = phase(sim, c.total, () => {
    sim.store.update(d);
    const deadline = performance.now() + budgetMs;
    // progress of a cut-off run: the new ReplicaSet's pods created so far (Running or not)
    return settleWithin(sim, deadline, () => newPods(sim, WEB_IMAGE_NEW, replicas));
  });
  res.rollout.byController = diff(by0, c.by());
  if (res.rollout.done === 1 && webPods(sim, WEB_IMAGE_NEW, replicas) < 1)
    throw new Error('the Deployment rollout did not converge');
  return finish(sim, res);
}

/** The apply + settle of engineCase again, on a new cluster in the same process (after the first is gone). */
function warmApply(mode: 'fullPass' | 'incremental', n: number, budgetMs: number): Phase {
  const sim = new Simulation({ seed: 1, daemonSetController: mode });
  const syncs = countSyncs(sim);
  applyPreset(sim, 'large', n);
  const deadline = performance.now() + budgetMs;
  return phase(sim, syncs, () => {
    sim.store.create(parse(FLUENTD_YAML) as KObject);
    return settleWithin(sim, deadline, () => runningPods(sim, n));
  });
}

/**
 * The floor: `writes` immutable writes of a daemon pod into a Map of `n` keys, no controllers.
 * `copy`: each write a deep copy of the object, deep-frozen (what the store's create does; the floor
 * the ratios use). `shared`: a new frozen object, metadata and status sharing the other frozen
 * subtrees (the least an immutable store can do).
 */
function floorWrites(n: number, writes: number, how: 'copy' | 'shared'): number {
  const sim = new Simulation({ seed: 1 });
  applyPreset(sim, 'large', 1);
  sim.store.create(parse(FLUENTD_YAML) as KObject);
  sim.settle();
  const pod = deepFreeze(clone(sim.store.list('Pod', 'kube-system')[0] as Pod));
  const m = new Map<string, KObject>();
  const keys = Array.from({ length: n }, (_, i) => `kube-system/pod-${i}`);
  const c0 = process.cpuUsage();
  for (let i = 0; i < writes; i++) {
    let o: Pod;
    if (how === 'copy') {
      o = clone(pod);
      o.metadata.resourceVersion = String(i);
      deepFreeze(o);
    } else {
      o = Object.freeze({
        ...pod,
        metadata: Object.freeze({ ...pod.metadata, resourceVersion: String(i) }),
        status: Object.freeze({
          ...pod.status,
          conditions: Object.freeze(pod.status.conditions?.map((c) => Object.freeze({ ...c }))),
        }),
      }) as Pod;
    }
    m.set(keys[i % n], o);
  }
  const cu = process.cpuUsage(c0);
  return (cu.user + cu.system) / 1000;
}

async function child(): Promise<void> {
  const gcObserver = new PerformanceObserver((list) => gcEntries.push(...list.getEntries()));
  gcObserver.observe({ entryTypes: ['gc'] });
  const mode = arg('--case', '') as Mode;
  const n = Number(arg('--nodes', '1000'));
  const budgetMs = Number(arg('--budget', '120')) * 1000;
  if (mode === 'floor') {
    const writes = arg('--writes', '0').split(',').map(Number);
    const how = arg('--how', 'copy') as 'copy' | 'shared';
    const out = writes.map((w) => floorWrites(n, w, how));
    sample();
    console.log(JSON.stringify({ floor: out, heapMiB: peak / 2 ** 20 }));
    return;
  }
  if (mode === 'mixed') {
    const spread = arg('--spread', 'kept') as 'kept' | 'fullPass';
    const r = mixedCase(spread, n, Number(arg('--replicas', '3000')), budgetMs);
    await chargeGc();
    gcObserver.disconnect();
    console.log(JSON.stringify({ ...r, spread }));
    return;
  }
  const r = engineCase(mode, n, budgetMs, arg('--default', '0') === '1');
  if (arg('--warm', '1') === '1' && r.apply?.done === 1) r.warm = warmApply(mode, n, budgetMs);
  await chargeGc();
  gcObserver.disconnect();
  console.log(JSON.stringify(r));
}

function runChild(args: string[], timeoutMs: number, self = fileURLToPath(import.meta.url)): unknown {
  const heap = Number(arg('--heap', '4096'));
  const r = spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${heap}`,
      '--expose-gc',
      '--allow-natives-syntax',
      '--import',
      'tsx',
      self,
      ...args,
    ],
    {
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 1 << 24,
    },
  );
  if (r.status !== 0)
    return {
      error: (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').slice(-3).join(' '),
    };
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

const fmtMs = (ms: number | undefined) =>
  ms === undefined
    ? '—'
    : ms >= 10_000
      ? `${(ms / 1000).toFixed(1)} s`
      : ms >= 1000
        ? `${(ms / 1000).toFixed(2)} s`
        : `${ms.toFixed(0)} ms`;

/** GC pauses of a phase, and their share of its wall time. */
function gcCell(p: Phase | undefined): string {
  if (!p || p.gcMs === undefined) return '—';
  return `${fmtMs(p.gcMs)} (${((p.gcMs / p.wallMs) * 100).toFixed(0)}%)`;
}

/** A phase's CPU by thread: the main thread's and V8's helper threads' (compiler, GC), from /proc/self/task. */
function threadCell(p: Phase | undefined): string {
  if (!p || p.mainMs === undefined || p.helpersMs === undefined) return '—';
  return `${fmtMs(p.mainMs)} / ${fmtMs(p.helpersMs)}`;
}

function phaseCell(p: Phase | undefined): string {
  if (!p) return '—';
  if (p.done < 1)
    return `> ${fmtMs(p.ms)} (${(p.done * 100).toFixed(1)}% done, ~${fmtMs(p.ms / p.done)} extrapolated)`;
  return fmtMs(p.ms);
}

function parent(): void {
  const sizes = arg('--sizes', '1000,5000,20000,65000').split(',').map(Number);
  const budget = Number(arg('--budget', '90'));
  const defaultAt = Number(arg('--default-at', '5000'));
  const fullPassMax = Number(arg('--full-pass-max', '20000'));
  const mixedAt = Number(arg('--mixed-at', '1000'));
  console.log(
    `npm run bench — CPU time (user + system) of each case's process on this machine (${process.version}); budget ${budget} s of wall time per phase`,
  );
  console.log(
    'floor = the same number of immutable writes of a daemon pod into a Map, no controllers: deep copy + deep freeze per write (as the store creates);',
  );
  console.log(
    'floor (shared) = the least an immutable write costs: new frozen object, metadata and status, other frozen subtrees shared\n',
  );
  const rows: string[][] = [];
  const header = [
    'nodes',
    'controller',
    'apply+settle',
    '×floor',
    'syncs',
    'writes',
    'rollout 10%',
    '×floor',
    'syncs',
    'writes',
    'events kept',
    'heap peak',
    'heap live',
    'gc apply',
    'gc rollout',
  ];
  const results = new Map<string, CaseResult>();
  const floors = new Map<number, number[]>();
  const defaults: { mode: string; r: CaseResult }[] = [];
  for (const n of sizes) {
    for (const mode of ['incremental', 'fullPass'] as const) {
      if (mode === 'fullPass' && n > fullPassMax) {
        rows.push([String(n), 'full-pass', `skipped (over --full-pass-max ${fullPassMax})`]);
        continue;
      }
      const withDefault = n === defaultAt;
      const r = runChild(
        [
          '--case',
          mode,
          '--nodes',
          String(n),
          '--budget',
          String(budget),
          '--default',
          withDefault ? '1' : '0',
          '--warm',
          arg('--warm', '1'),
        ],
        (budget * 4 + 120) * 1000,
      ) as CaseResult;
      if (r.error) {
        rows.push([String(n), mode, `failed: ${r.error}`]);
        continue;
      }
      results.set(`${mode}/${n}`, r);
      if (withDefault) defaults.push({ mode, r });
      if (!floors.has(n)) {
        const w = `${r.apply?.writes ?? 0},${r.rollout?.writes ?? 0},${r.defaultRollout?.writes ?? 0}`;
        const f = runChild(['--case', 'floor', '--nodes', String(n), '--writes', w], 600_000) as {
          floor: number[];
        };
        const fs = runChild(
          ['--case', 'floor', '--nodes', String(n), '--writes', w, '--how', 'shared'],
          600_000,
        ) as { floor: number[] };
        floors.set(n, f.floor ?? [NaN, NaN, NaN]);
        rows.push([
          String(n),
          'floor',
          fmtMs(f.floor?.[0]),
          '1.0',
          '',
          String(r.apply?.writes ?? ''),
          fmtMs(f.floor?.[1]),
          '1.0',
          '',
          String(r.rollout?.writes ?? ''),
          '',
          '',
        ]);
        const ratio0 = (a?: number, b?: number) => (a && b ? (a / b).toFixed(2) : '—');
        rows.push([
          String(n),
          'floor (shared)',
          fmtMs(fs.floor?.[0]),
          ratio0(fs.floor?.[0], f.floor?.[0]),
          '',
          '',
          fmtMs(fs.floor?.[1]),
          ratio0(fs.floor?.[1], f.floor?.[1]),
          '',
          '',
          '',
          '',
        ]);
      }
      const fl = floors.get(n)!;
      const ratio = (p: Phase | undefined, f: number) =>
        p && p.done === 1 && f > 0 ? (p.ms / f).toFixed(1) : '—';
      rows.push([
        String(n),
        mode === 'fullPass' ? 'full-pass' : 'incremental',
        phaseCell(r.apply),
        ratio(r.apply, fl[0]),
        String(r.apply?.syncs ?? ''),
        String(r.apply?.writes ?? ''),
        phaseCell(r.rollout),
        ratio(r.rollout, fl[1]),
        String(r.rollout?.syncs ?? ''),
        String(r.rollout?.writes ?? ''),
        String(r.events),
        `${r.heapMiB.toFixed(0)} MiB`,
        r.liveMiB === undefined ? '—' : `${r.liveMiB.toFixed(0)} MiB`,
        gcCell(r.apply),
        gcCell(r.rollout),
      ]);
      process.stderr.write(`  done: ${mode} ${n}\n`);
    }
  }
  printTable(header, rows);

  const shapeRows: string[][] = [];
  for (const r of results.values())
    if (r.shapes)
      shapeRows.push([
        String(r.nodes),
        r.mode === 'fullPass' ? 'full-pass' : 'incremental',
        ...Object.values(r.shapes).map((v) => (v >= 100 ? '100+' : String(v))),
      ]);
  const anyShapes = [...results.values()].find((r) => r.shapes)?.shapes;
  if (anyShapes) {
    console.log(
      '\nhidden classes (V8 maps) of the stored objects after the apply (a read site that sees more than 4 is megamorphic):',
    );
    printTable(['nodes', 'controller', ...Object.keys(anyShapes)], shapeRows);
  }

  const warmRows: string[][] = [];
  for (const r of results.values()) {
    if (!r.warm || !r.apply) continue;
    warmRows.push([
      String(r.nodes),
      r.mode === 'fullPass' ? 'full-pass' : 'incremental',
      phaseCell(r.apply),
      phaseCell(r.warm),
      r.warm.done === 1 ? `${((r.warm.ms / r.apply.ms) * 100).toFixed(0)}%` : '—',
    ]);
  }
  if (warmRows.length) {
    console.log(
      '\nthe apply + settle again in the same process, on a new cluster (V8 has compiled the engine by then; --warm 0 skips it):',
    );
    printTable(['nodes', 'controller', 'cold (above)', 'warm', 'warm / cold'], warmRows);
  }

  if (defaults.length) {
    console.log(`\ndefault rolling update (maxUnavailable: 1, maxSurge: 0) at ${defaultAt} nodes:`);
    const fl = floors.get(defaultAt)!;
    const drows = defaults.map(({ mode, r }) => {
      const p = r.defaultRollout;
      return [
        mode === 'fullPass' ? 'full-pass' : 'incremental',
        phaseCell(p),
        p ? fmtMs(p.wallMs) : '—',
        p && p.done === 1 && fl[2] > 0 ? (p.ms / fl[2]).toFixed(1) : '—',
        p ? `${(p.simS / 3600).toFixed(2)} h` : '—',
        String(p?.syncs ?? ''),
        String(p?.writes ?? ''),
        fmtMs(fl[2]),
      ];
    });
    printTable(['controller', 'time', 'wall', '×floor', 'simulated', 'syncs', 'writes', 'floor'], drows);
  }

  console.log('\ngrowth (time ratio when the node count grows; linear = the node ratio):');
  const grow: string[][] = [];
  for (let i = 1; i < sizes.length; i++) {
    const a = sizes[i - 1];
    const b = sizes[i];
    for (const mode of ['incremental', 'fullPass'] as const) {
      const ra = results.get(`${mode}/${a}`);
      const rb = results.get(`${mode}/${b}`);
      if (!ra || !rb) continue;
      const g = (x?: Phase, y?: Phase) =>
        x && y && x.done === 1 && y.done === 1 ? `×${(y.ms / x.ms).toFixed(2)}` : '—';
      grow.push([
        `${a} → ${b} (×${(b / a).toFixed(1)})`,
        mode === 'fullPass' ? 'full-pass' : 'incremental',
        g(ra.apply, rb.apply),
        g(ra.rollout, rb.rollout),
      ]);
    }
  }
  printTable(['nodes', 'controller', 'apply+settle', 'rollout 10%'], grow);

  if (mixedAt > 0) mixed(mixedAt, budget, results.get(`incremental/${mixedAt}`));
}

/** Work items per controller, short: `ds 8 · deploy 13 · rs 15 · sched 4000`. */
function byCell(b: Record<string, number> | undefined): string {
  if (!b) return '—';
  const names: [string, string][] = [
    ['daemonset-controller', 'ds'],
    ['deployment-controller', 'deploy'],
    ['replicaset-controller', 'rs'],
    ['scheduler', 'sched'],
    ['kubelet', 'kubelet'],
  ];
  return names.map(([k, s]) => `${s} ${b[k] ?? 0}`).join(' · ');
}

/** The DaemonSet + Deployment case, the DaemonSet alone (incremental, same run) as the baseline. */
function mixed(n: number, budget: number, base: CaseResult | undefined): void {
  const replicas = Number(arg('--replicas', '3000'));
  const spreads = arg('--mixed-spreads', 'kept,fullPass').split(',') as ('kept' | 'fullPass')[];
  const runs = Math.max(1, Number(arg('--mixed-runs', '1')));
  const baseDir = arg('--mixed-base', '');
  console.log(
    `\n${n} nodes running the DaemonSet and a ${replicas}-replica Deployment: apply both + settle, then a rolling update of the Deployment (25 %/25 %);`,
  );
  console.log(
    `×floor = the time over the floor of the same number of writes (immutable writes into a Map, no controllers); ×DaemonSet = over the DaemonSet alone at ${n} nodes (incremental, above: its apply+settle, its 10% rollout); work items per controller (deterministic):`,
  );
  const rows: string[][] = [];
  const ratio = (p: Phase | undefined, b: Phase | undefined) =>
    p && b && p.done === 1 && b.done === 1 ? `×${(p.ms / b.ms).toFixed(1)}` : '—';
  const floorRatio = (p: Phase | undefined, f: number | undefined) =>
    p && p.done === 1 && f ? `×${(p.ms / f).toFixed(1)}` : '—';
  if (base)
    rows.push([
      'DaemonSet alone',
      phaseCell(base.apply),
      '—',
      '×1.0',
      String(base.apply?.writes ?? ''),
      phaseCell(base.rollout),
      '—',
      '×1.0',
      String(base.rollout?.writes ?? ''),
      `${base.heapMiB.toFixed(0)} MiB`,
    ]);
  const by: string[][] = [];
  /** per run: the phases' CPU by thread and GC pauses (the compiler's share beside the main thread's) */
  const threads: string[][] = [];
  let floor: number[] | undefined;
  const mixedChild = (spread: 'kept' | 'fullPass', script?: string) =>
    runChild(
      [
        '--case',
        'mixed',
        '--nodes',
        String(n),
        '--replicas',
        String(replicas),
        '--spread',
        spread,
        '--budget',
        String(budget),
      ],
      (budget * 4 + 120) * 1000,
      script,
    ) as CaseResult;
  const row = (label: string, r: CaseResult) => {
    if (r.error) return [label, `failed: ${r.error}`];
    if (!floor && r.apply?.done === 1) {
      // the floor of the same writes as the mixed case (40,080 and 40,572 at 1,000 nodes, 3,000 replicas)
      const w = `${r.apply?.writes ?? 0},${r.rollout?.writes ?? 0}`;
      const f = runChild(['--case', 'floor', '--nodes', String(n), '--writes', w], 600_000) as {
        floor?: number[];
      };
      floor = f.floor;
      rows.push([
        'floor (the same writes)',
        fmtMs(floor?.[0]),
        '×1.0',
        '—',
        String(r.apply?.writes ?? ''),
        fmtMs(floor?.[1]),
        '×1.0',
        '—',
        String(r.rollout?.writes ?? ''),
        '',
      ]);
    }
    return [
      label,
      phaseCell(r.apply),
      floorRatio(r.apply, floor?.[0]),
      ratio(r.apply, base?.apply),
      String(r.apply?.writes ?? ''),
      phaseCell(r.rollout),
      floorRatio(r.rollout, floor?.[1]),
      ratio(r.rollout, base?.rollout),
      String(r.rollout?.writes ?? ''),
      `${r.heapMiB.toFixed(0)} MiB`,
    ];
  };
  const threadRow = (label: string, r: CaseResult) => {
    if (!r.error)
      threads.push([label, threadCell(r.apply), gcCell(r.apply), threadCell(r.rollout), gcCell(r.rollout)]);
  };
  type Series = { apply: number[]; rollout: number[]; helpers: [number[], number[]] };
  const medians: Record<string, Series> = {};
  const keep = (who: string, r: CaseResult) => {
    const m = (medians[who] ??= { apply: [], rollout: [], helpers: [[], []] });
    if (r.apply?.done === 1) m.apply.push(r.apply.ms);
    if (r.rollout?.done === 1) m.rollout.push(r.rollout.ms);
    if (r.apply?.helpersMs !== undefined) m.helpers[0].push(r.apply.helpersMs);
    if (r.rollout?.helpersMs !== undefined) m.helpers[1].push(r.rollout.helpersMs);
  };
  for (const spread of spreads) {
    const label =
      spread === 'kept' ? 'DS + Deployment (spread counts kept)' : 'DS + Deployment (full count, oracle)';
    for (let i = 0; i < (spread === 'kept' ? runs : 1); i++) {
      const suffix = runs > 1 && spread === 'kept' ? ` run ${i + 1}` : '';
      if (baseDir && spread === 'kept') {
        const rb = mixedChild(spread, `${baseDir}/tools/bench/engine.ts`);
        rows.push(row(`base: ${label}${suffix}`, rb));
        threadRow(`base: ${label}${suffix}`, rb);
        keep('base', rb);
        process.stderr.write(`  done: mixed ${spread} ${n} (base)${suffix}\n`);
      }
      const r = mixedChild(spread);
      rows.push(row(`${baseDir ? 'this: ' : ''}${label}${suffix}`, r));
      threadRow(`${baseDir ? 'this: ' : ''}${label}${suffix}`, r);
      if (spread === 'kept') keep('this', r);
      if (!r.error && i === 0) {
        by.push([label, 'apply+settle', byCell(r.apply?.byController)]);
        by.push([label, 'rollout', byCell(r.rollout?.byController)]);
      }
      process.stderr.write(`  done: mixed ${spread} ${n}${suffix}\n`);
    }
  }
  printTable(
    [
      'case',
      'apply+settle',
      '×floor',
      '×DaemonSet',
      'writes',
      'rollout',
      '×floor',
      '×DaemonSet',
      'writes',
      'heap peak',
    ],
    rows,
  );
  console.log(
    "\nCPU by thread, main / helpers (V8's compiler and GC threads; /proc/self/task), and the main thread's GC pauses (wall time, share of the phase):",
  );
  printTable(['case', 'apply main / helpers', 'gc apply', 'rollout main / helpers', 'gc rollout'], threads);
  if (runs > 1 || baseDir) {
    const med = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length === 0
        ? undefined
        : s.length % 2
          ? s[(s.length - 1) / 2]
          : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    };
    console.log('\nmedians of the kept case (CPU time):');
    printTable(
      ['tree', 'runs', 'apply+settle', '×floor', 'helpers', 'rollout', '×floor', 'helpers'],
      Object.entries(medians).map(([who, m]) => {
        const a = med(m.apply);
        const ro = med(m.rollout);
        return [
          who,
          String(m.apply.length),
          fmtMs(a),
          a && floor?.[0] ? `×${(a / floor[0]).toFixed(1)}` : '—',
          fmtMs(med(m.helpers[0])),
          fmtMs(ro),
          ro && floor?.[1] ? `×${(ro / floor[1]).toFixed(1)}` : '—',
          fmtMs(med(m.helpers[1])),
        ];
      }),
    );
  }
  console.log('');
  printTable(['case', 'phase', 'work items'], by);
}

function printTable(header: string[], rows: string[][]): void {
  const w = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => (r.length === 3 && i === 2 ? 0 : (r[i] ?? '').length))),
  );
  const line = (r: string[]) =>
    r.length === 3
      ? `${r[0].padEnd(w[0])}  ${r[1].padEnd(w[1])}  ${r[2]}`
      : r
          .map((c, i) => (c ?? '').padEnd(w[i]))
          .join('  ')
          .trimEnd();
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

if (process.argv.includes('--case')) await child();
else parent();
