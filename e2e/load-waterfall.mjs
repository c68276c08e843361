// node e2e/load-waterfall.mjs [DIST] [QUERY] [--warm] — one throttled phone load of the page (4× CPU,
// 150 ms RTT, 1.6 Mbit/s down, 412×823, gzip, no cache): every request (the page's and its workers')
// with when it was asked for, when its first byte came and when it ended, beside the moments that
// matter for the first graph card (first paint, the engine worker created, its first snapshot, the card
// drawn) and the main thread's tasks over 50 ms with the scripts evaluated in them. Prints, never tests.
// E2E_PORT (default 4398) is the port of the static server.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { resolveChromiumPath } from './browser.mjs';
import { emulatePhone, primeServiceWorker } from './phone.mjs';

const args = process.argv.slice(2);
const warm = args.includes('--warm');
const [root = 'dist', query = ''] = args.filter((a) => !a.startsWith('--'));
const port = Number(process.env.E2E_PORT ?? 4398);
const server = spawn(
  process.execPath,
  [
    new URL('./static-server.mjs', import.meta.url).pathname,
    '--port',
    String(port),
    '--base',
    '/p/',
    '--root',
    root,
    '--gzip',
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise((r) => server.stdout.once('data', r));
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
const url = `http://127.0.0.1:${port}/p/${query}`;
const card = '.graph-root .react-flow__node[style*="visibility: visible"]';
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    deviceScaleFactor: 1.75,
    serviceWorkers: warm ? 'allow' : 'block',
  });
  if (warm) await primeServiceWorker(context, url, card);
  const page = await context.newPage();
  // WF_REDUCED_MOTION=1: the page as a reader who asked for less motion sees it (no CSS animations)
  if (process.env.WF_REDUCED_MOTION === '1') await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(() => {
    const marks = (window.__marks = []);
    const mark = (name) => marks.push([name, performance.now()]);
    const W = window.Worker;
    if (W)
      window.Worker = class extends W {
        constructor(u, o) {
          super(u, o);
          mark(`worker created ${String(u).replace(/.*\//, '')}`);
          const seen = (e) => {
            const t = e.data?.type;
            if (t === 'ready' || (t === 'changes' && e.data.reset)) mark(`worker says ${t}`);
            if (t === 'changes' && e.data.reset) this.removeEventListener('message', seen);
          };
          this.addEventListener('message', seen);
        }
        postMessage(m, t) {
          if (m?.type === 'init') mark('page posts init');
          return super.postMessage(m, t);
        }
      };
    new MutationObserver((_, obs) => {
      if (document.querySelector('.graph-root .react-flow__node[style*="visibility: visible"]')) {
        mark('first graph card in the DOM');
        obs.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
  });
  const cdp = await context.newCDPSession(page);
  await emulatePhone(cdp, { warm });
  const reqs = [];
  const onReq = (r) => reqs.push(r);
  context.on('request', onReq);
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'blink.user_timing',
      'loading',
    ],
  });
  await page.goto(url);
  await page.locator(card).first().waitFor({ timeout: 120_000 });
  await page.waitForTimeout(3000);
  const { marks, origin, fcp } = await page.evaluate(() => ({
    marks: window.__marks,
    origin: performance.timeOrigin,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  }));
  const trace = await browser.stopTracing();
  // WF_TRACE=FILE: the whole trace written there too (for chrome://tracing or a script)
  if (process.env.WF_TRACE) writeFileSync(process.env.WF_TRACE, trace);
  const events = JSON.parse(trace.toString()).traceEvents;
  const rows = [];
  for (const r of reqs) {
    const t = r.timing();
    const sizes = await r.sizes().catch(() => null);
    const start = t.startTime - origin;
    rows.push({
      start,
      first: t.responseStart >= 0 ? start + t.responseStart : NaN,
      end: t.responseEnd >= 0 ? start + t.responseEnd : NaN,
      name: r
        .url()
        .replace(/.*\/p\//, '')
        .replace(/\?.*/, ''),
      bytes: sizes ? sizes.responseBodySize : NaN,
      sw: r.serviceWorker() ? 'sw' : '',
    });
  }
  const f = (x) => (Number.isFinite(x) ? x.toFixed(0).padStart(6) : '     -');
  console.log(`${url}${warm ? ' (warm)' : ''}\n  asked  first    end  bytes  file`);
  for (const r of rows.sort((a, b) => a.start - b.start))
    console.log(`${f(r.start)} ${f(r.first)} ${f(r.end)} ${f(r.bytes / 1024)}K  ${r.name} ${r.sw}`);
  console.log(`\nmarks (ms since navigation):\n${f(fcp)} first contentful paint`);
  for (const [n, t] of marks) console.log(`${f(t)} ${n}`);
  // the main thread's (and the workers') tasks over 50 ms, and what evaluated in them
  const threads = new Map(
    events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]),
  );
  // the page's navigation (its time origin): the last navigationStart of the page's document
  const navs = events.filter(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes('/p/'),
  );
  const nav = Math.max(0, ...navs.map((e) => e.ts));
  const key = (e) => `${e.pid}:${e.tid}`;
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      e.ts >= nav &&
      e.dur > 50_000 &&
      /CrRendererMain|Worker/.test(threads.get(key(e)) ?? ''),
  );
  // CPU per phase: each thread's tasks (the trace's thread time, `tdur`: the time the thread ran, not
  // the time it waited for a core — what holds up on a busy machine) between one mark and the next
  const bounds = [['navigation', 0], ['first paint', fcp ?? NaN], ...marks.map(([n, t]) => [n, t])]
    .filter(([, t]) => Number.isFinite(t))
    .sort((a, b) => a[1] - b[1]);
  const phaseThreads = [
    ...new Set(
      events
        .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= nav)
        .map(key)
        .filter((k) => /CrRendererMain|Worker/.test(threads.get(k) ?? '')),
    ),
  ];
  const cpuIn = (k, from, to) =>
    events
      .filter(
        (e) =>
          key(e) === k &&
          e.ph === 'X' &&
          e.name === 'RunTask' &&
          (e.ts - nav) / 1000 >= from &&
          (e.ts - nav) / 1000 < to,
      )
      .reduce((a, e) => a + (e.tdur ?? e.dur) / 1000, 0);
  console.log(
    `\nCPU ms per phase (thread time of each thread's tasks): ${phaseThreads.map((k) => `${threads.get(k)} ${k}`).join(' / ')}`,
  );
  for (let i = 0; i < bounds.length; i++) {
    const [name, from] = bounds[i];
    const to = i + 1 < bounds.length ? bounds[i + 1][1] : Infinity;
    console.log(
      `${f(from)} → ${i + 1 < bounds.length ? f(to) : '   end'} from ${name}: ${phaseThreads.map((k) => cpuIn(k, from, to).toFixed(0)).join(' / ')}`,
    );
  }
  console.log('\ntasks over 50 ms (start, duration, thread: what ran in them over 10 ms)');
  for (const t of tasks.sort((a, b) => a.ts - b.ts)) {
    const inside = events
      .filter(
        (e) =>
          key(e) === key(t) &&
          e.ph === 'X' &&
          e.ts >= t.ts &&
          e.ts < t.ts + t.dur &&
          e.dur > 10_000 &&
          e.name !== 'RunTask',
      )
      .map(
        (e) =>
          `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(/.*\//, '') : ''}${e.args?.fileName ? ' ' + e.args.fileName.replace(/.*\//, '') : ''} ${(e.dur / 1000).toFixed(0)}`,
      );
    console.log(
      `${f((t.ts - nav) / 1000)} ${f(t.dur / 1000)} ${threads.get(key(t))}: ${inside.slice(0, 8).join(' | ')}`,
    );
  }
  // WF_WINDOW=FROM-TO (ms): every main-thread task over 3 ms in that window, and the idle gaps between
  if (process.env.WF_WINDOW) {
    const [from, to] = process.env.WF_WINDOW.split('-').map(Number);
    console.log(
      `\nmain-thread tasks over 3 ms from ${from} to ${to} ms (start, duration: what ran over 3 ms)`,
    );
    let last = from;
    for (const t of events
      .filter(
        (e) =>
          e.ph === 'X' &&
          e.name === 'RunTask' &&
          threads.get(key(e)) === 'CrRendererMain' &&
          (e.ts - nav) / 1000 >= from &&
          (e.ts - nav) / 1000 <= to &&
          e.dur > 3000,
      )
      .sort((a, b) => a.ts - b.ts)) {
      const start = (t.ts - nav) / 1000;
      if (start - last > 20) console.log(`       (idle ${(start - last).toFixed(0)} ms)`);
      last = start + t.dur / 1000;
      const inside = events
        .filter(
          (e) =>
            key(e) === key(t) &&
            e.ph === 'X' &&
            e.ts >= t.ts &&
            e.ts < t.ts + t.dur &&
            e.dur > 3000 &&
            e.name !== 'RunTask',
        )
        .map(
          (e) =>
            `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(/.*\//, '') : ''}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''} ${(e.dur / 1000).toFixed(0)}`,
        );
      console.log(`${f(start)} ${f(t.dur / 1000)}: ${inside.slice(0, 6).join(' | ')}`);
    }
  }
  // module compilations and evaluations (every thread), to see which file's code ran when
  console.log('\nmodules compiled / evaluated over 5 ms (start, duration, thread)');
  for (const e of events
    .filter(
      (e) =>
        e.ph === 'X' &&
        /^v8\.(compileModule|evaluateModule)$|^EvaluateScript$/.test(e.name) &&
        e.ts >= nav &&
        e.dur > 5000,
    )
    .sort((a, b) => a.ts - b.ts))
    console.log(
      `${f((e.ts - nav) / 1000)} ${f(e.dur / 1000)} ${threads.get(key(e))}: ${e.name} ${JSON.stringify(
        e.args ?? {},
      )
        .replace(/http[^"]*\//g, '')
        .slice(0, 120)}`,
    );
  await context.close();
} finally {
  await browser.close();
  server.kill();
}
