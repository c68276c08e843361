// The event recorder's cost per event, apart from the rest of the engine: the mixed case's event()
// calls (1,000 nodes, a DaemonSet and a 3,000-replica Deployment: apply + settle, then a rolling
// update) captured once, then replayed into a new store by this tree's recorder and by another
// tree's (`--base DIR`), each replay in its own Node process, alternating. CPU time of the process
// (user + system, which the machine's load moves little) and of its main thread, medians. A script
// that prints numbers, never a test.
//
//   npx tsx tools/bench/recorderReplay.ts [--calls FILE] [--runs 5] [--repeat 1] [--base DIR (default: this tree)]
//
// `--repeat N` replays the calls N times in each process, each into a new store and recorder (the
// first cold, the others with the recorder's code compiled); the times are the sum. The replays'
// Events (count, writes, a digest of every Event) must match the base's, or the script fails.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { threadCpu } from './threadCpu';

interface Call {
  /** clock time (ms) */
  t: number;
  obj: {
    apiVersion?: string;
    kind: string;
    metadata: { name: string; namespace?: string; uid?: string; resourceVersion?: string };
  };
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  component: string;
  host?: string;
  fieldPath?: string;
}

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : def;
};

const self = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the mixed case with `event()` wrapped, and writes its calls as JSON. */
async function capture(file: string): Promise<void> {
  const { Simulation } = await import('../../src/engine/simulation');
  const { EventRecorder } = await import('../../src/engine/events');
  const { applyPreset } = await import('../../src/engine/cluster/presets');
  const { FLUENTD_YAML } = await import('../../src/engine/testing/builders');
  const { WEB_IMAGE_NEW, mixedDeployment } = await import('../../src/engine/testing/deployments');
  const calls: Call[] = [];
  const event = EventRecorder.prototype.event;
  let clock: { now(): number } | undefined;
  EventRecorder.prototype.event = function (
    this: unknown,
    obj,
    type,
    reason,
    message,
    component,
    host,
    fieldPath,
  ) {
    const md = obj.metadata;
    calls.push({
      t: clock!.now(),
      obj: {
        apiVersion: obj.apiVersion,
        kind: obj.kind,
        metadata: {
          name: md.name,
          namespace: md.namespace,
          uid: md.uid,
          resourceVersion: md.resourceVersion,
        },
      },
      type,
      reason,
      message,
      component,
      host,
      fieldPath,
    });
    return event.call(this as never, obj, type, reason, message, component, host, fieldPath);
  };
  const sim = new Simulation({ seed: 1 });
  clock = sim.clock;
  applyPreset(sim, 'large', 1000);
  sim.store.create(parse(FLUENTD_YAML));
  sim.store.create(mixedDeployment(3000) as never);
  sim.settle();
  const d = structuredClone(sim.store.get('Deployment', 'default', 'web')!) as never as {
    spec: { template: { spec: { containers: { image: string }[] } } };
  };
  d.spec.template.spec.containers[0].image = WEB_IMAGE_NEW;
  sim.store.update(d as never);
  sim.settle();
  writeFileSync(file, JSON.stringify(calls));
  console.error(`captured ${calls.length} event() calls into ${file}`);
}

/** Replays the calls with the recorder of the tree at `dir`; prints CPU times and a digest of the Events. */
async function replay(file: string, dir: string, repeat: number): Promise<void> {
  const at = (p: string) => pathToFileURL(`${dir}/src/engine/${p}`).href;
  const { EventRecorder } = await import(at('events.ts'));
  const { Clock } = await import(at('clock.ts'));
  const { ObjectStore } = await import(at('api/objectStore.ts'));
  const { Random } = await import(at('random.ts'));
  const calls = JSON.parse(readFileSync(file, 'utf8')) as Call[];
  // the objects frozen, as the store's are
  for (const c of calls) Object.freeze(Object.freeze(c.obj).metadata);
  let digest = '';
  let writes = 0;
  let events = 0;
  const c0 = process.cpuUsage();
  const m0 = threadCpu()?.main ?? NaN;
  for (let k = 0; k < repeat; k++) {
    const clock = new Clock(calls[0].t);
    const store = new ObjectStore(clock, new Random(1));
    const rec = new EventRecorder(store, clock);
    for (let i = 0; i < calls.length; i++) {
      const c = calls[i];
      if (c.t !== clock.now()) clock.set(c.t);
      rec.event(c.obj, c.type, c.reason, c.message, c.component, c.host, c.fieldPath);
    }
    if (k === 0) {
      const h = createHash('sha256');
      for (const r of store.events.list()) h.update(JSON.stringify(store.events.object(r)));
      digest = h.digest('hex').slice(0, 16);
      writes = store.writes;
      events = store.events.size;
    }
  }
  const cu = process.cpuUsage(c0);
  const main = (threadCpu()?.main ?? NaN) - m0;
  console.log(JSON.stringify({ ms: (cu.user + cu.system) / 1000, mainMs: main, digest, writes, events }));
}

interface Result {
  ms: number;
  mainMs: number;
  digest: string;
  writes: number;
  events: number;
}

function runReplay(file: string, dir: string, repeat: number): Result {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', self, '--replay', file, '--dir', dir, '--repeat', String(repeat)],
    { encoding: 'utf8', cwd: root, maxBuffer: 1 << 24 },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Result;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  if (process.argv.includes('--replay')) {
    await replay(arg('--replay', ''), arg('--dir', root), Number(arg('--repeat', '1')));
    return;
  }
  const file = arg('--calls', '/tmp/recorder-calls.json');
  if (process.argv.includes('--capture') || !existsSync(file)) {
    await capture(file);
    if (process.argv.includes('--capture')) return;
  }
  // no base: this tree on both sides (an A/A run: the spread of the figures themselves)
  const base = arg('--base', root);
  const runs = Number(arg('--runs', '5'));
  const repeat = Number(arg('--repeat', '1'));
  const a: Result[] = [];
  const b: Result[] = [];
  const load = () => execSync('cat /proc/loadavg').toString().split(' ').slice(0, 3).join(' ');
  const load0 = load();
  for (let i = 0; i < runs; i++) {
    a.push(runReplay(file, base, repeat));
    b.push(runReplay(file, root, repeat));
  }
  for (const r of b)
    if (r.digest !== a[0].digest || r.writes !== a[0].writes || r.events !== a[0].events)
      throw new Error(`the replays differ: base ${JSON.stringify(a[0])}, this ${JSON.stringify(r)}`);
  const fmt = (xs: Result[], f: (r: Result) => number) => xs.map((r) => f(r).toFixed(0)).join(' / ');
  console.log(`load ${load0} → ${load()}; ${runs} + ${runs} processes alternating, ${repeat} replay(s) each`);
  console.log(`events ${a[0].events}, writes ${a[0].writes}, digest ${a[0].digest} (the same both sides)`);
  for (const [name, f] of [
    ['process CPU', (r: Result) => r.ms],
    ['main thread CPU', (r: Result) => r.mainMs],
  ] as const) {
    const ma = median(a.map(f));
    const mb = median(b.map(f));
    console.log(
      `${name}: base ${fmt(a, f)} ms (median ${ma.toFixed(0)}) → this ${fmt(b, f)} ms (median ${mb.toFixed(0)}), ×${(mb / ma).toFixed(2)}`,
    );
  }
}

await main();
