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
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { resolveChromiumPath } from './browser.mjs';
import { emulatePhone } from './phone.mjs';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const root = args[0] ?? 'dist';
const share = opt('share');
const runs = Number(opt('runs') ?? 1);
const repo = fileURLToPath(new URL('..', import.meta.url));
const query = share
  ? execFileSync(process.execPath, ['--import', 'tsx', 'tools/bench/largeShareLink.ts', share], {
      cwd: repo,
      encoding: 'utf8',
    })
  : (args[1] ?? '');
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
      serviceWorkers: 'block',
    });
    // the debug handle (src/state/debug.ts), to read how many times the store published the mirror
    await context.addCookies([{ name: 'dsp-debug', value: '1', url: `http://127.0.0.1:${port}/` }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await emulatePhone(cdp, { warm: false });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(`http://127.0.0.1:${port}/p/${query}`, { waitUntil: 'load', timeout: 120_000 });
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
