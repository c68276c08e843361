// node e2e/task-profile.mjs DIST [QUERY|--share N] [--runs N] — the main thread's long tasks of one throttled
// phone load (e2e/phone.mjs: 4× CPU, slow 4G, no cache), with what ran inside each: the CPU profiler's
// samples in the task, by function, mapped through DIST's source maps when the build has them
// (`npx vite build --sourcemap --outDir DIR`). For a 1,000-node share link: `--share 1000` (the fragment
// tools/bench/largeShareLink.ts writes, as tools/bench/lighthouse.mjs's mobile-share page). Prints the
// tasks over 50 ms (start, wall and thread time) and, per task, the functions with the most samples
// (self) and the app's frames with the most samples below them (total). Prints, never tests.
// E2E_PORT (default 4398) is the static server's port; TP_MIN (ms, default 50) the smallest task shown;
// TP_WAIT (ms, default 6000) how long after the load event the trace runs on; TP_TRACE=PREFIX writes each
// run's trace to PREFIX.N.json; TP_FOCUS=REGEX sums, per task, the samples below frames matching it.
// --warm: the second visit (the service worker serves the files, the HTTP cache kept; a first visit
// primes it) and, besides the tasks, the main thread's CPU from the engine's first snapshot to the first
// graph card by group (i18n: below i18next or src/i18n; else by the sample's own frame: react, xyflow,
// the app's folders, native (style, layout, paint: the profiler's "(program)"), gc), with the layout and
// style events in that window (forced: inside a script); with TP_FOCUS, the frames below it there.
// Medians over --runs at the end.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { resolveChromiumPath } from './browser.mjs';
import { emulatePhone, primeServiceWorker } from './phone.mjs';

const CARD = '.graph-root .react-flow__node[style*="visibility: visible"]';
/** per run: snapshot and card (ms since navigation), the CPU between and its groups */
const windows = [];

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const root = args[0] ?? 'dist';
const share = opt('share');
const runs = Number(opt('runs') ?? 1);
const warm = args.includes('--warm');
const repo = fileURLToPath(new URL('..', import.meta.url));
const query = share
  ? execFileSync(process.execPath, ['--import', 'tsx', 'tools/bench/largeShareLink.ts', share], {
      cwd: repo,
      encoding: 'utf8',
    })
  : (args.slice(1).find((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--runs') ?? '');
const minMs = Number(process.env.TP_MIN ?? 50);
const waitMs = Number(process.env.TP_WAIT ?? 6000);
const port = Number(process.env.E2E_PORT ?? 4398);

const server = spawn(
  process.execPath,
  [join(repo, 'e2e/static-server.mjs'), '--port', String(port), '--base', '/p/', '--root', root, '--gzip'],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise((r) => server.stdout.once('data', r));

/** source maps by script URL (null: none) */
const maps = new Map();
const mapFor = (url) => {
  if (maps.has(url)) return maps.get(url);
  const m = /\/p\/(.*\.js)$/.exec(url);
  const file = m ? join(root, m[1] + '.map') : '';
  const consumer =
    file && existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null;
  maps.set(url, consumer);
  return consumer;
};
/** a call frame as `name file:line` in the sources where a map says, else the script's */
const frameName = (cf) => {
  if (!cf.url) return cf.functionName || '(native)';
  const map = mapFor(cf.url);
  if (map) {
    const o = map.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
    if (o.source) {
      const src = o.source.replace(/^(\.\.\/)+/, '').replace(/.*node_modules\//, 'nm/');
      return `${o.name || cf.functionName || '(anon)'} ${src}:${o.line}`;
    }
  }
  return `${cf.functionName || '(anon)'} ${cf.url.replace(/.*\//, '')}:${cf.lineNumber + 1}`;
};

const browser = await chromium.launch({
  executablePath: resolveChromiumPath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
      serviceWorkers: warm ? 'allow' : 'block',
    });
    // the debug handle (src/state/debug.ts), to read how many times the store published the mirror
    await context.addCookies([{ name: 'dsp-debug', value: '1', url: `http://127.0.0.1:${port}/` }]);
    const url = `http://127.0.0.1:${port}/p/${query}`;
    if (warm) await primeServiceWorker(context, url, CARD);
    const page = await context.newPage();
    await page.addInitScript(markSnapshotAndCard);
    const cdp = await context.newCDPSession(page);
    await emulatePhone(cdp, { warm });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
      ],
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // (a mark the page's own observer sets: a locator's polling would run in the window measured)
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          if (performance.getEntriesByName('tp:card').length) return resolve(undefined);
          new PerformanceObserver((list, obs) => {
            if (list.getEntriesByName('tp:card').length) {
              obs.disconnect();
              resolve(undefined);
            }
          }).observe({ type: 'mark' });
        }),
    );
    await page.waitForTimeout(waitMs);
    const publishes = await page.evaluate(() => window.__dsp?.store.getState().mirrorVersion ?? null);
    const raw = await browser.stopTracing();
    if (process.env.TP_TRACE)
      (await import('node:fs')).writeFileSync(`${process.env.TP_TRACE}.${run}.json`, raw);
    const events = JSON.parse(raw.toString()).traceEvents;
    await context.close();
    report(events, run);
    console.log(`the store published the mirror ${publishes} times`);
  }
} finally {
  await browser.close();
  server.kill();
}
if (windows.length > 1) {
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const groups = [...new Set(windows.flatMap((w) => [...w.groups.keys()]))];
  console.log(
    `\nmedians of ${windows.length} runs (lower median): snapshot ${med(windows.map((w) => w.snapshot)).toFixed(0)} ms, card ${med(windows.map((w) => w.card)).toFixed(0)} ms, CPU between ${med(windows.map((w) => w.cpu)).toFixed(0)} ms`,
  );
  console.log(
    '  ' +
      groups
        .map((g) => [g, med(windows.map((w) => w.groups.get(g) ?? 0))])
        .sort((a, b) => b[1] - a[1])
        .filter(([, ms]) => ms >= 1)
        .map(([g, ms]) => `${g} ${ms.toFixed(0)}`)
        .join(' · '),
  );
}

/** In the page: user-timing marks at the engine's first snapshot message and the first graph card. */
function markSnapshotAndCard() {
  const W = window.Worker;
  if (W)
    window.Worker = class extends W {
      constructor(u, o) {
        super(u, o);
        const seen = (e) => {
          if (e.data?.type === 'changes' && e.data.reset) {
            performance.mark('tp:snapshot');
            this.removeEventListener('message', seen);
          }
        };
        this.addEventListener('message', seen);
      }
    };
  new MutationObserver((_, obs) => {
    if (document.querySelector('.graph-root .react-flow__node[style*="visibility: visible"]')) {
      performance.mark('tp:card');
      obs.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
}

function report(events, run) {
  const threads = new Map(
    events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]),
  );
  const key = (e) => `${e.pid}:${e.tid}`;
  // the page's main thread: the renderer's main thread with the most tasks; time from the page's request
  const mains = [...threads].filter(([, n]) => n === 'CrRendererMain').map(([k]) => k);
  const count = (k) => events.filter((e) => e.name === 'RunTask' && key(e) === k).length;
  const mainKey = mains.sort((a, b) => count(b) - count(a))[0];
  const nav = Math.min(
    ...events
      .filter((e) => e.name === 'ResourceSendRequest' && /\/p\/(#|$)/.test(e.args?.data?.url ?? ''))
      .map((e) => e.ts),
  );
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && key(e) === mainKey && e.ts >= nav)
    .sort((a, b) => a.ts - b.ts);
  // the main thread's CPU profile: nodes and (time, node) samples from its Profile/ProfileChunk events
  const nodes = new Map();
  const samples = [];
  // (a Profile event is on the thread profiled, its chunks on the profiler's thread, joined by id)
  const profiles = new Map(
    events
      .filter((e) => e.name === 'Profile' && key(e) === mainKey)
      .map((e) => [e.id, e.args.data.startTime]),
  );
  const chunks = events.filter(
    (e) =>
      e.name === 'ProfileChunk' &&
      e.pid === events.find((x) => key(x) === mainKey)?.pid &&
      profiles.has(e.id),
  );
  const clock = new Map();
  for (const c of chunks) {
    const p = c.args.data.cpuProfile ?? {};
    for (const n of p.nodes ?? [])
      nodes.set(`${c.id}:${n.id}`, { ...n, parent: n.parent ? `${c.id}:${n.parent}` : null });
    let t = clock.get(c.id) ?? profiles.get(c.id) ?? 0;
    const deltas = c.args.data.timeDeltas ?? [];
    (p.samples ?? []).forEach((s, i) => {
      t += deltas[i] ?? 0;
      samples.push([t, `${c.id}:${s}`]);
    });
    clock.set(c.id, t);
  }
  samples.sort((a, b) => a[0] - b[0]);
  const f = (x) => x.toFixed(0).padStart(6);
  const long = tasks.filter((t) => t.dur >= minMs * 1000);
  const over50 = tasks.filter((t) => t.dur > 50_000);
  const tbt = over50.reduce((a, t) => a + t.dur / 1000 - 50, 0);
  console.log(
    `\nrun ${run + 1}: ${tasks.length} main-thread tasks; over 50 ms: ${over50.length}, their time over 50 ms ${tbt.toFixed(0)} ms (wall), longest ${f(Math.max(0, ...tasks.map((t) => t.dur / 1000)))} ms`,
  );
  if (warm) windowReport(events, key, mainKey, nav, nodes, samples);
  // TP_FOCUS=REGEX: every task whose samples below a frame matching it (by name) add up to 5 ms or more
  if (process.env.TP_FOCUS) {
    const focus = new RegExp(process.env.TP_FOCUS);
    const rows = [];
    for (const t of tasks) {
      const inTask = samples.filter(([ts]) => ts >= t.ts && ts < t.ts + t.dur);
      let ms = 0;
      for (let i = 0; i + 1 < inTask.length; i++) {
        for (let n = nodes.get(inTask[i][1]); n; n = n.parent ? nodes.get(n.parent) : null)
          if (focus.test(frameName(n.callFrame))) {
            ms += (inTask[i + 1][0] - inTask[i][0]) / 1000;
            break;
          }
      }
      if (ms >= 5) rows.push([(t.ts - nav) / 1000, t.dur / 1000, (t.tdur ?? t.dur) / 1000, ms]);
    }
    console.log(
      `tasks with ${process.env.TP_FOCUS} ≥ 5 ms: ${rows.length}, its time ${rows.reduce((a, r) => a + r[3], 0).toFixed(0)} ms, the most in one task ${Math.max(0, ...rows.map((r) => r[3])).toFixed(0)} ms; (start, task wall, task thread, its ms): ${rows.map((r) => r.map((x) => x.toFixed(0)).join('/')).join(' ')}`,
    );
  }
  console.log('start   wall thread  (ms since navigation)');
  for (const t of long) {
    const inTask = samples.filter(([ts]) => ts >= t.ts && ts < t.ts + t.dur);
    const self = new Map();
    const total = new Map();
    for (let i = 0; i < inTask.length; i++) {
      const ms = i + 1 < inTask.length ? (inTask[i + 1][0] - inTask[i][0]) / 1000 : 0;
      let n = nodes.get(inTask[i][1]);
      if (!n) continue;
      const top = frameName(n.callFrame);
      self.set(top, (self.get(top) ?? 0) + ms);
      const seen = new Set();
      for (; n; n = n.parent ? nodes.get(n.parent) : null) {
        if (!n.callFrame.url || !/\/src\//.test(frameName(n.callFrame))) continue;
        const name = frameName(n.callFrame);
        if (seen.has(name)) continue;
        seen.add(name);
        total.set(name, (total.get(name) ?? 0) + ms);
      }
    }
    const top = (m, k) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .filter(([, ms]) => ms >= 2)
        .map(([n, ms]) => `${ms.toFixed(0)} ${n}`);
    const kinds = events
      .filter(
        (e) => key(e) === mainKey && e.ph === 'X' && e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur > 5000,
      )
      .filter((e) => e.name !== 'RunTask' && !/ThreadController|ProfileChunk/.test(e.name))
      .slice(0, 4)
      .map(
        (e) =>
          `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(/.*\//, '') : ''} ${(e.dur / 1000).toFixed(0)}`,
      );
    console.log(
      `${f((t.ts - nav) / 1000)} ${f(t.dur / 1000)} ${f((t.tdur ?? t.dur) / 1000)}  ${kinds.join(' | ')}`,
    );
    console.log(`        self:  ${top(self, 8).join(' · ')}`);
    console.log(`        total: ${top(total, 12).join(' · ')}`);
  }
}

/** The group a sample's time counts in: i18n anywhere in its stack, else its own frame's package or folder. */
function groupOf(n, nodes) {
  for (let a = n; a; a = a.parent ? nodes.get(a.parent) : null) {
    const name = frameName(a.callFrame);
    if (/nm\/(i18next|react-i18next)\/|src\/i18n\//.test(name)) return 'i18n';
  }
  const name = frameName(n.callFrame);
  if (name === '(program)') return 'native (style, layout, paint)';
  if (name === '(garbage collector)') return 'gc';
  if (name === '(idle)') return 'idle';
  if (!n.callFrame.url) return `native: ${name}`;
  if (/nm\/(react-dom|react|scheduler)\//.test(name)) return 'react';
  if (/nm\/@xyflow\//.test(name)) return 'xyflow';
  if (/nm\/d3-/.test(name)) return 'd3';
  if (/nm\/zustand/.test(name)) return 'zustand';
  const nm = /nm\/((?:@[^/]+\/)?[^/]+)/.exec(name);
  if (nm) return nm[1];
  const src = /src\/((?:ui|state|worker|engine)\/[^/:]+|[^/:]+)/.exec(name);
  if (src) return `src/${src[1]}`;
  return `other ${name.replace(/ .*/, '')}`;
}

/** --warm: the main thread's CPU from the first snapshot to the first card, by group. */
function windowReport(events, key, mainKey, nav, nodes, samples) {
  const mark = (name) => events.find((e) => e.name === name)?.ts;
  const from = mark('tp:snapshot');
  const to = mark('tp:card');
  if (from === undefined || to === undefined) {
    console.log(`no ${from === undefined ? 'snapshot' : 'card'} mark in the trace`);
    return;
  }
  const groups = new Map();
  const inWin = samples.filter(([ts]) => ts >= from && ts < to);
  let cpu = 0;
  for (let i = 0; i + 1 < inWin.length; i++) {
    const n = nodes.get(inWin[i][1]);
    if (!n) continue;
    const g = groupOf(n, nodes);
    const ms = (inWin[i + 1][0] - inWin[i][0]) / 1000;
    groups.set(g, (groups.get(g) ?? 0) + ms);
    if (g !== 'idle') cpu += ms;
  }
  groups.delete('idle');
  const snapshot = (from - nav) / 1000;
  const card = (to - nav) / 1000;
  windows.push({ snapshot, card, cpu, groups });
  console.log(
    `snapshot ${snapshot.toFixed(0)} ms, card ${card.toFixed(0)} ms: ${cpu.toFixed(0)} ms of main-thread CPU between (of ${(card - snapshot).toFixed(0)} ms)`,
  );
  console.log(
    '  ' +
      [...groups]
        .sort((a, b) => b[1] - a[1])
        .filter(([, ms]) => ms >= 1)
        .map(([g, ms]) => `${g} ${ms.toFixed(0)}`)
        .join(' · '),
  );
  // the layout and style work in the window (forced: run inside a script's call)
  const main = events.filter((e) => key(e) === mainKey && e.ph === 'X' && e.ts >= from && e.ts < to);
  const scripts = main.filter((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript');
  const inScript = (e) => scripts.some((s) => e.ts >= s.ts && e.ts < s.ts + s.dur);
  for (const kind of ['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint']) {
    const es = main.filter((e) => e.name === kind);
    const forced = es.filter(inScript);
    const sum = (xs) => xs.reduce((a, e) => a + e.dur / 1000, 0).toFixed(0);
    console.log(
      `  ${kind}: ${es.length}, ${sum(es)} ms; forced ${forced.length}, ${sum(forced)} ms${forced.length ? ` (at ${forced.map((e) => ((e.ts - nav) / 1000).toFixed(0)).join(', ')})` : ''}`,
    );
  }
  if (process.env.TP_FOCUS) {
    const focus = new RegExp(process.env.TP_FOCUS);
    const self = new Map();
    const total = new Map();
    const callers = new Map();
    for (let i = 0; i + 1 < inWin.length; i++) {
      const ms = (inWin[i + 1][0] - inWin[i][0]) / 1000;
      const stack = [];
      for (let n = nodes.get(inWin[i][1]); n; n = n.parent ? nodes.get(n.parent) : null)
        stack.push(frameName(n.callFrame));
      const at = stack.findIndex((f) => focus.test(f));
      if (at < 0) continue;
      self.set(stack[0], (self.get(stack[0]) ?? 0) + ms);
      for (const f of new Set(stack.filter((x) => focus.test(x)))) total.set(f, (total.get(f) ?? 0) + ms);
      // who called into it: the nearest of the app's frames above its outermost match
      const last = stack.findLastIndex((f) => focus.test(f));
      const caller = stack.slice(last + 1).find((f) => /src\//.test(f) && !focus.test(f)) ?? '(none)';
      callers.set(caller, (callers.get(caller) ?? 0) + ms);
    }
    const top = (m) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([f, ms]) => `${ms.toFixed(0)} ${f}`)
        .join(' · ');
    console.log(`  below ${process.env.TP_FOCUS}, self: ${top(self)}`);
    console.log(`  ${process.env.TP_FOCUS}, total (with what runs below): ${top(total)}`);
    console.log(`  ${process.env.TP_FOCUS}, called from: ${top(callers)}`);
  }
}
