// node e2e/unthrottled-tasks.mjs DIST [QUERY] — the main thread's tasks of one load with NO CPU or
// network throttling, as Lighthouse's default (simulated) throttling observes them before it multiplies
// each task by its CPU slowdown (4 on the mobile preset): a task over 12.5 ms here is a long task there,
// and (4·d − 50) ms of it after the first contentful paint is its share of the simulated total blocking
// time. e2e/task-profile.mjs shows the same load under Chromium's own 4× throttling, which orders the
// tasks differently (the chunks arrive slowly): use this one to ask what Lighthouse's TBT is made of.
// Prints each task over MIN ms (start and length since navigation, `*` after FCP) with the timeline
// events that take the most of it, and the 4·d − 50 sum after FCP per run. Prints, never tests.
// Environment: MIN (ms, default 12.5), RUNS (default 1), WAIT (ms after navigation, default 6000),
// PORT (the static server's, default 4399), URLS=1 also lists the requests and the module evaluations.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { resolveChromiumPath } from './browser.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const root = process.argv[2] ?? 'dist';
const query = process.argv[3] ?? '';
const min = Number(process.env.MIN ?? 12.5) * 1000;
const port = Number(process.env.PORT ?? 4399);
const runs = Number(process.env.RUNS ?? 1);
/** timeline events worth naming inside a task */
const SHOWN = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compileModule',
  'Layout',
  'UpdateLayoutTree',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'Paint',
  'PrePaint',
  'Layerize',
  'Commit',
  'FireAnimationFrame',
  'TimerFire',
  'EventDispatch',
  'RunMicrotasks',
  'MinorGC',
  'MajorGC',
]);

const server = spawn(
  process.execPath,
  [join(repo, 'e2e/static-server.mjs'), '--port', String(port), '--base', '/p/', '--root', root, '--gzip'],
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
const sums = [];
try {
  for (let r = 0; r < runs; r++) {
    // Lighthouse's mobile screen (Moto G Power: 412×823 at 1.75)
    const ctx = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    const done = new Promise((res) => cdp.once('Tracing.tracingComplete', res));
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute,blink.user_timing,loading',
      transferMode: 'ReportEvents',
    });
    await page.goto(`http://127.0.0.1:${port}/p/${query}`);
    await page.waitForTimeout(Number(process.env.WAIT ?? 6000));
    await cdp.send('Tracing.end');
    await done;
    await ctx.close();

    // the page's renderer main thread: the one that parsed the HTML
    const parse = events.find((e) => e.name === 'ParseHTML');
    const { pid, tid } = parse;
    const t0 = (events.find((e) => e.name === 'navigationStart' && e.pid === pid) ?? parse).ts;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
    const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
    const ms = (us) => (us / 1000).toFixed(1);
    console.log(`run ${r + 1}: FCP ${fcp ? ms(fcp.ts - t0) : '?'} ms; tasks over ${min / 1000} ms:`);
    let tbt = 0;
    for (const task of mine.filter((e) => e.name === 'RunTask' && e.dur > min)) {
      const after = !!fcp && task.ts > fcp.ts;
      if (after) tbt += Math.max(0, (task.dur / 1000) * 4 - 50);
      const parts = new Map();
      for (const e of mine) {
        if (e === task || !SHOWN.has(e.name) || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
        const d = e.args?.data ?? {};
        const where = d.url ?? d.functionName ?? '';
        const file = where
          ? ` ${String(where).split('/').pop().slice(0, 40)}${d.lineNumber ? `:${d.lineNumber}` : ''}`
          : '';
        parts.set(e.name + file, (parts.get(e.name + file) ?? 0) + e.dur);
      }
      const top = [...parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, d]) => `${k} ${ms(d)}`)
        .join(' | ');
      console.log(`${after ? '*' : ' '} ${ms(task.ts - t0).padStart(8)} ${ms(task.dur).padStart(6)}  ${top}`);
    }
    if (process.env.URLS) {
      for (const e of events)
        if (e.pid === pid && e.name === 'ResourceSendRequest')
          console.log(`   request ${ms(e.ts - t0)} ${e.args.data.url.split('/').pop()}`);
      for (const e of mine)
        if ((e.name === 'v8.evaluateModule' || e.name === 'v8.compileModule') && e.dur > 5000)
          console.log(`   ${e.name} at ${ms(e.ts - t0)}: ${ms(e.dur)} ms`);
    }
    console.log(`  4·d − 50 after FCP: ${tbt.toFixed(0)} ms`);
    sums.push(Math.round(tbt));
  }
  console.log(`4·d − 50 after FCP, per run: ${sums.join(' ')}`);
} finally {
  await browser.close();
  server.kill();
}
