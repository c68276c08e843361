// npm run bench:page — prints what the page costs, measured in headless Chromium on this machine:
// the JS that loads before first paint (gzip), the lazy Monaco chunk, time to first paint and to
// editor-ready, and for 1,000 and 5,000 nodes rolling out at 60x: the clock speed achieved, the longest
// main-thread task, the number of tasks over 50 ms, and the bytes of the first snapshot and the batches.
// A script that prints numbers, never a test. Needs `npm run build` first.
//
// Environment: BENCH_NODES=1000,5000  BENCH_RUNS=3 (medians over the runs)  BENCH_SECONDS=20
//   BENCH_BASE=DIR  a second build (e.g. of the previous commit) measured in the same run, alternating
//                   with this one, printed side by side as ratios
//   BENCH_PROFILE=1 a CPU profile of the main thread during the rollout: the top functions by self time
//   BENCH_TRACE=1   a Chrome trace of the rollout: main-thread time by trace event (Layout, Paint,
//                   FunctionCall, message deserialisation…), top level only
//   BENCH_SKIP_LOAD=1  skip the load-time figures
//   BENCH_PHONE=3      loads of `/` on a throttled phone (4× CPU, 150 ms RTT, 1.6 Mbit/s down; a 412×823
//                      screen; the build served gzip like e2e/static-server.mjs --gzip; no cache, no
//                      service worker), alternating with BENCH_BASE's: first contentful paint, the
//                      engine worker's first snapshot on the page, the first graph card drawn, and the
//                      main thread's tasks over 50 ms from a trace until 2 s after that card (the longest, how many, and their time over 50 ms summed, as total
//                      blocking time counts it); medians and ranges (0 skips it). BENCH_PHONE_QUERY=?…
//                      another address (e.g. ?lesson=article).
//   BENCH_PHONE_WARM=1 the phone's second visit instead: a first load (not throttled) installs the service
//                      worker and its precache, then the measured load is served by it (and the HTTP
//                      cache) — the same figures, on the warm page.
//   BENCH_MIXED=1000   the mixed case at that many nodes (0 skips it): the DaemonSet settled, then
//                      `kubectl create deployment web --replicas=BENCH_REPLICAS` (default 3000) settled,
//                      then a rolling update of the Deployment, beside the DaemonSet's own rolling update
//                      at the same size in the same run (the baseline)

import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { resolveChromiumPath } from './browser.mjs';
import { emulatePhone } from './phone.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
const gz = (f) => gzipSync(readFileSync(f)).length;
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;

// 1. Sizes: what index.html loads eagerly (entry script + its static imports, modulepreloads, CSS).
const html = readFileSync(join(dist, 'index.html'), 'utf8');
// index.html starts boot.js (a classic script), which adds the entry module and its modulepreloads
// and the stylesheet from its data-entry / data-preload / data-css attributes: those load before first
// paint too.
const eager = [
  ...[...html.matchAll(/(?:src|href)="\.\/((?:assets\/)?[^"]+\.(?:js|css))"/g)].map((m) => m[1]),
  ...[...html.matchAll(/data-(?:entry|preload|css)="([^"]*)"/g)]
    .flatMap((m) => m[1].split(/\s+/))
    .filter(Boolean)
    .map((f) => f.replace(/^\.\//, '')),
];
let eagerJsGz = 0;
let eagerRaw = 0;
let eagerGz = 0;
for (const f of eager) {
  eagerRaw += statSync(join(dist, f)).size;
  eagerGz += gz(join(dist, f));
  if (f.endsWith('.js')) eagerJsGz += gz(join(dist, f));
}
const assets = readdirSync(join(dist, 'assets'));
const monaco = assets
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ f, size: statSync(join(dist, 'assets', f)).size }))
  .sort((a, b) => b.size - a.size)[0];
console.log(
  `eager JS+CSS before first paint: ${eager.length} files, ${kib(eagerRaw)} (${kib(eagerGz)} gzip; JS ${kib(eagerJsGz)} gzip)`,
);
console.log(
  `largest lazy chunk (Monaco): ${monaco.f} ${kib(monaco.size)} (${kib(gz(join(dist, 'assets', monaco.f)))} gzip)`,
);

// 2. Timings in Chromium against vite preview (this build, and the baseline's when asked for).
const port = Number(process.env.E2E_PORT ?? 4179);
const builds = [{ name: 'this', dir: dist, port }];
if (process.env.BENCH_BASE) builds.push({ name: 'base', dir: process.env.BENCH_BASE, port: port + 1 });
const servers = builds.map((b) =>
  spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--outDir',
      b.dir,
      '--host',
      '127.0.0.1',
      '--port',
      String(b.port),
      '--strictPort',
    ],
    { stdio: 'ignore' },
  ),
);
await new Promise((r) => setTimeout(r, 2000));
const browser = await chromium.launch({
  executablePath: resolveChromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** One rolling update at 60x on a cluster of `nodes`: what the clock, the main thread and the wire did. */
async function rollout(build, nodes, seconds, profile, replicas = 0) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => {
    // Batches are kept as they come and measured after the timed window (stringifying them here
    // would put the measurement's own work on the main thread).
    window.__batches = [];
    let dsp;
    Object.defineProperty(window, '__dsp', {
      configurable: true,
      get: () => dsp,
      set: (v) => {
        dsp = v;
        // this build applies batches in slices (applyBatches); an older one one by one (applyBatch)
        const st = v.store.getState();
        if (st.applyBatches) {
          const apply = st.applyBatches;
          v.store.setState({
            applyBatches: (bs) => {
              for (const b of bs) window.__batches.push({ b, reset: b.reset, at: performance.now() });
              apply(bs);
            },
          });
        } else {
          const apply = st.applyBatch;
          v.store.setState({
            applyBatch: (b) => {
              window.__batches.push({ b, reset: b.reset, at: performance.now() });
              apply(b);
            },
          });
        }
      },
    });
  });
  await page.goto(`http://127.0.0.1:${build.port}/?preset=large&nodes=${nodes}&debug=1`);
  await page.locator('.monaco-editor').first().waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => window.__dsp?.store.getState().engineStatus === 'ready', null, {
    timeout: 120_000,
  });
  await page.getByTestId('apply-button').click();
  await page.getByTestId('console-log').getByText('created').waitFor({ timeout: 120_000 });
  await page.getByTestId('speed-select').selectOption('60');
  // let the apply settle: every pod running
  await page.waitForFunction(
    (n) => {
      const ds = Object.values(window.__dsp.store.getState().objects.DaemonSet)[0];
      return ds && ds.status.numberAvailable === n;
    },
    nodes,
    { timeout: 300_000 },
  );
  if (replicas > 0) {
    // the mixed case: a Deployment beside the DaemonSet, settled before the timed window
    const input = page.getByTestId('console-input');
    await input.fill(`kubectl create deployment web --image=nginx:1.27 --replicas=${replicas}`);
    await input.press('Enter');
    await page.waitForFunction(
      (n) => {
        const d = window.__dsp.store.getState().objects.Deployment?.['default/web'];
        return d && d.status?.availableReplicas === n && d.status?.updatedReplicas === n;
      },
      replicas,
      { timeout: 900_000, polling: 1000 },
    );
  }
  // what the apply sent (measured now, outside the timed window)
  const before = await page.evaluate(() => {
    const sizes = window.__batches.map((x) => ({
      bytes: JSON.stringify(x.b).length,
      reset: x.reset,
      now: x.b.now,
    }));
    window.__batches = [];
    // the snapshot: the reset batch and the parts of the same flush after it (same clock)
    const i = sizes.findIndex((s) => s.reset);
    let snapshot;
    if (i >= 0) {
      snapshot = 0;
      for (let j = i; j < sizes.length && sizes[j].now === sizes[i].now && (j === i || !sizes[j].reset); j++)
        snapshot += sizes[j].bytes;
    }
    return { snapshot, maxBatch: Math.max(0, ...sizes.map((s) => s.bytes)) };
  });
  const input = page.getByTestId('console-input');
  await input.fill(
    replicas > 0
      ? 'kubectl set image deploy/web nginx=nginx:1.28'
      : 'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
  );
  let cdp;
  if (profile && !process.env.BENCH_TRACE) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const trace = process.env.BENCH_TRACE && profile;
  if (trace)
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
  await page.evaluate(() => {
    window.__longtasks = [];
    window.__obs?.disconnect();
    window.__obs = new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__longtasks.push(e.duration);
    });
    window.__obs.observe({ type: 'longtask', buffered: false });
    window.__t0 = {
      wall: performance.now(),
      sim: window.__dsp.store.getState().now,
      engines: window.__dsp.enginesStarted(),
    };
  });
  await input.press('Enter');
  await page.waitForTimeout(seconds * 1000);
  const r = await page.evaluate((mixed) => {
    const s = window.__dsp.store.getState();
    const ds = Object.values(s.objects.DaemonSet)[0];
    const d = s.objects.Deployment?.['default/web'];
    const wall = (performance.now() - window.__t0.wall) / 1000;
    const sim = (s.now - window.__t0.sim) / 1000;
    return {
      wall,
      sim,
      updated: mixed
        ? `${d?.status?.updatedReplicas ?? 0}/${d?.spec.replicas} replicas of ${d?.spec.template.spec.containers[0].image}, ${d?.status?.availableReplicas ?? 0} available`
        : `${ds.status.updatedNumberScheduled}/${ds.status.desiredNumberScheduled}`,
      tasks: window.__longtasks,
    };
  }, replicas > 0);
  let top;
  if (trace) {
    const buf = await browser.stopTracing();
    const events = JSON.parse(buf.toString()).traceEvents;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const byName = new Map();
    // top-level slices on the main thread: those inside a RunTask
    const tasks = events
      .filter((e) => e.ph === 'X' && e.tid === main?.tid && e.pid === main?.pid)
      .sort((a, b) => a.ts - b.ts);
    let end = -1;
    let taskEnd = -1;
    for (const e of tasks) {
      if (e.name === 'RunTask') {
        taskEnd = e.ts + e.dur;
        end = e.ts;
        continue;
      }
      if (e.ts >= taskEnd || e.ts < end) continue;
      end = e.ts + (e.dur ?? 0);
      byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    top = [...byName.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([k, v]) => [`[trace] ${k}`, v]);
    // the longest layouts: how much of the page they had to lay out
    const layouts = tasks
      .filter((e) => e.name === 'Layout')
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 5);
    for (const l of layouts)
      top.push([
        `[trace] Layout: ${l.args?.beginData?.dirtyObjects ?? '?'} dirty of ${l.args?.beginData?.totalObjects ?? '?'} objects, partial ${l.args?.beginData?.partialLayout}`,
        l.dur / 1000,
      ]);
    // the longest tasks: what they were made of
    const runTasks = tasks
      .filter((e) => e.name === 'RunTask')
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 4);
    for (const rt of runTasks) {
      const parts = new Map();
      for (const e of tasks)
        if (e !== rt && e.ts >= rt.ts && e.ts < rt.ts + rt.dur && e.name !== 'RunTask')
          parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur / 1000);
      const desc = [...parts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ');
      top.push([`[trace] task: ${desc}`, rt.dur / 1000]);
      // the script it ran: the longest calls inside it, with where they are (map them with a
      // `vite build --sourcemap` of the same sources)
      const calls = tasks
        .filter(
          (e) =>
            e.ts >= rt.ts &&
            e.ts < rt.ts + rt.dur &&
            (e.name === 'FunctionCall' ||
              e.name === 'TimerFire' ||
              e.name === 'FireAnimationFrame' ||
              e.name === 'EventDispatch') &&
            e.args?.data,
        )
        .sort((a, b) => b.dur - a.dur)
        .slice(0, 3);
      for (const c of calls) {
        const d = c.args.data;
        const where = d.url
          ? `${d.functionName || '(anonymous)'} ${String(d.url).split('/').pop()}:${(d.lineNumber ?? 0) + 1}:${(d.columnNumber ?? 0) + 1}`
          : (d.type ?? d.timerId ?? d.id ?? '');
        top.push([`[trace]   ${c.name} ${where}`, c.dur / 1000]);
      }
    }
    const lt = tasks.filter((e) => e.name === 'Layout').map((e) => e.dur / 1000);
    top.push([`[trace] Layouts: ${lt.length}, median ${med(lt).toFixed(1)} ms`, 0]);
  }
  if (cdp) {
    const { profile: p } = await cdp.send('Profiler.stop');
    top = [...(top ?? []), ...topFunctions(p)];
  }
  const after = await page.evaluate(() => {
    // only what the clock made after the window opened (parts of an earlier flush that arrive
    // late belong to the apply)
    window.__batches = window.__batches.filter((x) => x.b.now > window.__t0.sim);
    const sizes = window.__batches.map((x) => JSON.stringify(x.b).length);
    // what the page was told of pods (a compact group's item is one object), to check the bytes
    // against: a rollout that replaced pods sent each new one and each deletion
    let podsNew = 0;
    let podsDeleted = 0;
    for (const { b } of window.__batches) {
      podsNew += b.upserts.filter((o) => o.kind === 'Pod').length;
      for (const g of b.compact ?? []) if (g.kind === 'Pod') podsNew += g.items.length;
      podsDeleted += b.deletes.filter((d) => d.kind === 'Pod').length;
    }
    const s = window.__dsp.store.getState();
    const pods = Object.values(s.objects.Pod);
    // what the rollout's bytes were made of
    const parts = {};
    for (const { b } of window.__batches)
      for (const k of [
        'upserts',
        'compact',
        'patches',
        'deletes',
        'eventRows',
        'eventDeletes',
        'steps',
        'events',
        'inputs',
      ])
        parts[k] = (parts[k] ?? 0) + JSON.stringify(b[k] ?? []).length;
    return {
      maxBatch: Math.max(0, ...sizes),
      total: sizes.reduce((a, b) => a + b, 0),
      count: sizes.length,
      parts,
      podsNew,
      podsDeleted,
      podsHeld: pods.length,
      resets: window.__batches.filter((x) => x.reset).length,
      restarts: window.__dsp.enginesStarted() - window.__t0.engines,
    };
  });
  await page.close();
  return {
    speed: r.sim / r.wall,
    updated: r.updated,
    longest: Math.max(0, ...r.tasks),
    over50: r.tasks.filter((d) => d > 50).length,
    over100: r.tasks.filter((d) => d > 100).length,
    snapshot: before.snapshot,
    applyMax: before.maxBatch,
    rolloutMax: after.maxBatch,
    rolloutBytes: after.total,
    batches: after.count,
    parts: after.parts,
    podsNew: after.podsNew,
    podsDeleted: after.podsDeleted,
    podsHeld: after.podsHeld,
    resets: after.resets,
    restarts: after.restarts,
    top,
  };
}

/** One load on a throttled phone: paint, the first graph card, and the main thread's long tasks (a trace). */
async function phoneLoad(port, query, warm = false) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    deviceScaleFactor: 1.75,
    serviceWorkers: warm ? 'allow' : 'block',
  });
  if (warm) {
    // the first visit: the service worker installs, precaches the build and takes the page
    const first = await context.newPage();
    await first.goto(`http://127.0.0.1:${port}/p/${query}`);
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready;
      for (let i = 0; i < 200 && !navigator.serviceWorker.controller; i++)
        await new Promise((r) => setTimeout(r, 50));
    });
    await first.locator('.graph-root .react-flow__node[style*="visibility: visible"]').first().waitFor();
    await first.close();
  }
  const page = await context.newPage();
  // when the engine worker's first snapshot reached the page (its first reset batch; page time)
  await page.addInitScript(() => {
    const W = window.Worker;
    if (!W) return;
    window.Worker = class extends W {
      constructor(url, opts) {
        super(url, opts);
        // engine workers started (a lesson's address started two before issue 24's lessonboot round)
        if (String(url).includes('engine.worker')) window.__engineWorkers = (window.__engineWorkers ?? 0) + 1;
        const seen = (e) => {
          if (e.data?.type !== 'changes' || !e.data.reset) return;
          window.__firstSnapshot ??= performance.now();
          this.removeEventListener('message', seen);
        };
        this.addEventListener('message', seen);
      }
    };
  });
  const cdp = await context.newCDPSession(page);
  await emulatePhone(cdp, { warm });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  const t0 = Date.now();
  await page.goto(`http://127.0.0.1:${port}/p/${query}`);
  let card = NaN;
  try {
    await page
      .locator('.graph-root .react-flow__node[style*="visibility: visible"]')
      .first()
      .waitFor({ timeout: 120_000 });
    card = Date.now() - t0;
  } catch {
    // no card: the figure says NaN
  }
  // a lesson in the address: when its panel is there (it comes once the lesson's cluster is ready)
  let lesson = NaN;
  if (/[?&]lesson=/.test(query)) {
    try {
      await page.getByTestId('lesson-progress').waitFor({ timeout: 120_000 });
      lesson = Date.now() - t0;
    } catch {
      // no panel: NaN
    }
  }
  await page.waitForTimeout(2000);
  const engineWorkers = await page.evaluate(() => window.__engineWorkers ?? 0);
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  );
  // a warm load must have been served by the service worker (else it measured the network)
  const controlled = await page.evaluate(() => !!navigator.serviceWorker?.controller);
  const snapshot = await page.evaluate(() => window.__firstSnapshot ?? NaN);
  if (warm && !controlled) throw new Error('the warm load was not served by the service worker');
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  // the page's main thread, from its navigation on
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e) => main.has(`${e.pid}:${e.tid}`);
  const nav = Math.max(
    0,
    ...events.filter((e) => e.name === 'navigationStart' && onMain(e)).map((e) => e.ts),
  );
  const tasks = events
    .filter((e) => onMain(e) && e.ph === 'X' && e.name === 'RunTask' && e.ts >= nav && e.dur > 50_000)
    .map((e) => e.dur / 1000);
  return {
    fcp,
    snapshot,
    card,
    lesson,
    engineWorkers,
    longest: Math.max(0, ...tasks),
    over50: tasks.length,
    blocking: tasks.reduce((a, d) => a + d - 50, 0),
    tasks,
  };
}

const phoneLine = (r) =>
  `first contentful paint ${r.fcp.toFixed(0)} ms, engine's first snapshot ${r.snapshot.toFixed(0)} ms, first graph card ${r.card} ms, ${Number.isNaN(r.lesson) ? '' : `lesson's panel ${r.lesson} ms, `}${r.engineWorkers} engine worker(s), longest task ${r.longest.toFixed(0)} ms, ` +
  `${r.over50} tasks > 50 ms (${r.tasks.map((d) => d.toFixed(0)).join(' ')}), their time over 50 ms ${r.blocking.toFixed(0)} ms`;

/** The functions with the most self time in a V8 CPU profile (ms), with where they are. */
function topFunctions(p) {
  const self = new Map();
  const dt = new Map();
  for (let i = 0; i < p.samples.length; i++)
    dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  for (const n of p.nodes) {
    const t = (dt.get(n.id) ?? 0) / 1000;
    if (!t) continue;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${(f.url.split('/').pop() || '').slice(0, 40)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + t);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
}

try {
  if (!process.env.BENCH_SKIP_LOAD) {
    const runs = [];
    for (let i = 0; i < 5; i++) {
      const page = await browser.newPage();
      const t0 = Date.now();
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
      const editorReady = Date.now() - t0;
      const fcp = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      );
      runs.push({ fcp, editorReady });
      await page.close();
    }
    console.log(
      `first contentful paint: median ${med(runs.map((r) => r.fcp)).toFixed(0)} ms; editor ready: median ${med(runs.map((r) => r.editorReady))} ms (5 loads)`,
    );
  }

  // 2b. The first seconds on a throttled phone (issue 24), alternating with the baseline's build.
  const phoneRuns = Number(process.env.BENCH_PHONE ?? 3);
  if (phoneRuns > 0) {
    const query = process.env.BENCH_PHONE_QUERY ?? '';
    const warm = process.env.BENCH_PHONE_WARM === '1';
    const phone = builds.map((b, i) => ({ ...b, port: port + 10 + i, res: [] }));
    const statics = [];
    for (const b of phone) {
      const s = spawn(
        process.execPath,
        [
          new URL('./static-server.mjs', import.meta.url).pathname,
          '--port',
          String(b.port),
          '--base',
          '/p/',
          '--root',
          b.dir,
          '--gzip',
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      statics.push(s);
      await new Promise((r) => s.stdout.once('data', r));
    }
    try {
      // ABBA: the build loaded first in a pair read earlier in 8 of 10 pairs whichever it was (the
      // machine's caches, the other's browser winding down), so every other pair starts with the other
      for (let i = 0; i < phoneRuns; i++)
        for (const b of i % 2 ? [...phone].reverse() : phone) {
          const r = await phoneLoad(b.port, query, warm);
          b.res.push(r);
          console.log(`  phone run ${i + 1} ${b.name}: ${phoneLine(r)}`);
        }
    } finally {
      for (const s of statics) s.kill();
    }
    for (const b of phone) {
      const f = (k) => {
        const xs = b.res.map((r) => r[k]);
        return `${med(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
      };
      console.log(
        `phone ${query || '/'}${warm ? ' warm' : ''} ${b.name}, median (range) of ${b.res.length}: first contentful paint ${f('fcp')} ms, engine's first snapshot ${f('snapshot')} ms, first graph card ${f('card')} ms, ${query.includes('lesson=') ? `lesson's panel ${f('lesson')} ms, ` : ''}engine workers ${f('engineWorkers')}, ` +
          `longest task ${f('longest')} ms, tasks > 50 ms ${f('over50')}, their time over 50 ms ${f('blocking')} ms`,
      );
    }
  }

  // 3. A rolling update at 60x with 1,000 and 5,000 nodes, BENCH_RUNS times per build, alternating.
  const runsN = Number(process.env.BENCH_RUNS ?? 3);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const line = (name, nodes, r) =>
    `${name.padEnd(4)} ${nodes.toLocaleString('en').padStart(6)} nodes: clock ${r.speed.toFixed(1)}x (${((100 * r.speed) / 60).toFixed(0)}% of 60x), ${r.updated} updated; ` +
    `longest task ${r.longest ? `${r.longest.toFixed(0)} ms` : 'under 50 ms (none reported)'}, ${r.over50} tasks > 50 ms, ${r.over100} > 100 ms; first snapshot ${r.snapshot === undefined ? 'not seen' : mb(r.snapshot)}, ` +
    `largest message while applying ${mb(r.applyMax)}, largest rollout message ${mb(r.rolloutMax)}, rollout ${mb(r.rolloutBytes)} in ${r.batches} batches` +
    (r.podsNew === undefined
      ? ''
      : `; the page was sent ${r.podsNew} new pods and ${r.podsDeleted} deletions in the window and holds ${r.podsHeld} pods` +
        (r.resets || r.restarts ? ` (${r.resets} resets, engine restarted ${r.restarts} times)` : ''));
  // BENCH_NODES=0: only the mixed case
  for (const nodes of (process.env.BENCH_NODES ?? '1000,5000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0)) {
    const results = new Map(builds.map((b) => [b.name, []]));
    for (let i = 0; i < runsN; i++) {
      for (const b of builds) {
        const r = await rollout(b, nodes, seconds, process.env.BENCH_PROFILE && b.name === 'this' && i === 0);
        results.get(b.name).push(r);
        console.log(`  run ${i + 1} ${line(b.name, nodes, r)}`);
        if (r.parts)
          console.log(
            `      rollout bytes by field: ${Object.entries(r.parts)
              .map(([k, v]) => `${k} ${mb(v)}`)
              .join(', ')}`,
          );
        if (r.top) for (const [k, ms] of r.top) console.log(`      ${ms.toFixed(0).padStart(6)} ms  ${k}`);
      }
    }
    const summary = new Map();
    for (const [name, rs] of results) {
      const m = {
        speed: med(rs.map((r) => r.speed)),
        updated: rs[0].updated,
        longest: med(rs.map((r) => r.longest)),
        over50: med(rs.map((r) => r.over50)),
        over100: med(rs.map((r) => r.over100)),
        snapshot: med(rs.map((r) => r.snapshot ?? NaN)),
        applyMax: med(rs.map((r) => r.applyMax)),
        rolloutMax: med(rs.map((r) => r.rolloutMax)),
        rolloutBytes: med(rs.map((r) => r.rolloutBytes)),
        batches: med(rs.map((r) => r.batches)),
      };
      summary.set(name, m);
      console.log(`median of ${rs.length}: ${line(name, nodes, m)}`);
    }
    if (summary.has('base')) {
      const a = summary.get('this');
      const b = summary.get('base');
      console.log(
        `this / base at ${nodes.toLocaleString('en')} nodes: clock ×${(a.speed / b.speed).toFixed(2)}, longest task ${a.longest ? `×${(a.longest / b.longest).toFixed(2)}` : `under 50 ms vs ${b.longest.toFixed(0)} ms`}, tasks > 50 ms ${a.over50} vs ${b.over50}, snapshot ×${(a.snapshot / b.snapshot).toFixed(2)}`,
      );
    }
  }

  // 4. The mixed case: the DaemonSet's rolling update and the Deployment's at the same size, side by side.
  const mixedNodes = Number(process.env.BENCH_MIXED ?? 1000);
  if (mixedNodes > 0) {
    const replicas = Number(process.env.BENCH_REPLICAS ?? 3000);
    const b = builds[0];
    const base = [];
    const mixed = [];
    for (let i = 0; i < runsN; i++) {
      base.push(await rollout(b, mixedNodes, seconds, false));
      console.log(`  run ${i + 1} DaemonSet alone: ${line(b.name, mixedNodes, base.at(-1))}`);
      mixed.push(await rollout(b, mixedNodes, seconds, false, replicas));
      console.log(`  run ${i + 1} + ${replicas} replicas: ${line(b.name, mixedNodes, mixed.at(-1))}`);
    }
    const m = (rs, k) => med(rs.map((r) => r[k]));
    console.log(
      `mixed at ${mixedNodes.toLocaleString('en')} nodes, medians of ${runsN}: the Deployment's rollout (DaemonSet + ${replicas} replicas) / the DaemonSet's rollout alone: ` +
        `clock ${m(mixed, 'speed').toFixed(1)}x vs ${m(base, 'speed').toFixed(1)}x (×${(m(mixed, 'speed') / m(base, 'speed')).toFixed(2)}), ` +
        `longest task ${m(mixed, 'longest').toFixed(0)} ms vs ${m(base, 'longest').toFixed(0)} ms, tasks > 50 ms ${m(mixed, 'over50')} vs ${m(base, 'over50')}, ` +
        `first snapshot ${mb(m(mixed, 'snapshot'))} vs ${mb(m(base, 'snapshot'))}, rollout ${mb(m(mixed, 'rolloutBytes'))} vs ${mb(m(base, 'rolloutBytes'))}`,
    );
  }
} finally {
  await browser.close();
  for (const s of servers) s.kill();
}
