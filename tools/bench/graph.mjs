// Graph benchmark in a real Chromium against the production build (`npm run build` first):
//   1. drop → pod visible: drag a worker from the palette onto the article cluster, time from the
//      pointer release to the daemon pod's chip in the new card (p50 / p95 over 10 drops);
//   2. panning a 1,000-node cluster (`?preset=large`, DaemonSet applied): frames per second counted
//      with requestAnimationFrame during a scripted drag of the canvas, zoomed out (compact cards) and
//      at 100 % (full cards);
//   3. a rolling update of those 1,000 pods (maxUnavailable 10 %): the longest main-thread task
//      (PerformanceObserver 'longtask') and the longest gap between frames while it runs.
//
// Usage: npm run bench:graph [-- --dist DIR] [--port N] [--watch SECONDS]
// Prints a table and a JSON line. Starts its own `vite preview` and stops it at the end.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { resolveChromiumPath } from '../../e2e/browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '4192' },
    watch: { type: 'string', default: '30' },
  },
});
const dist = opts.dist.startsWith('/') ? opts.dist : `${root}${opts.dist}`;
if (!existsSync(`${dist}/index.html`)) {
  console.error(`no build in ${dist}: run npm run build first`);
  process.exit(1);
}
const base = `http://127.0.0.1:${opts.port}/`;

const MANIFEST_LARGE = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 10%
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      containers:
      - name: fluentd-elasticsearch
        image: k8s.gcr.io/fluentd-elasticsearch:1.20
        resources:
          requests:
            cpu: 100m
            memory: 200Mi
      terminationGracePeriodSeconds: 30
`;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const round = (x) => Math.round(x * 10) / 10;

async function startPreview() {
  const vite = `${root}node_modules/.bin/vite`;
  const child = spawn(
    vite,
    ['preview', '--outDir', dist, '--host', '127.0.0.1', '--port', opts.port, '--strictPort'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('vite preview did not start')), 30_000);
    const onData = (d) => {
      if (String(d).includes(base.slice(0, -1))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.on('exit', (code) => reject(new Error(`vite preview exited (${code})`)));
  });
  return child;
}

/** In-page helpers: frame counter, long-task log, pointer-up time, wait for a selector. */
function instrument() {
  const w = window;
  w.__bench = { frames: 0, lastFrame: 0, maxGap: 0, long: [], up: 0 };
  const loop = (t) => {
    const b = w.__bench;
    if (b.lastFrame) b.maxGap = Math.max(b.maxGap, t - b.lastFrame);
    b.lastFrame = t;
    b.frames++;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__bench.long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('pointerup', () => (w.__bench.up = performance.now()), true);
  w.__benchAppear = (selector) =>
    new Promise((resolve) => {
      const found = () => document.querySelector(selector);
      if (found()) return resolve(performance.now());
      const mo = new MutationObserver(() => {
        if (found()) {
          mo.disconnect();
          resolve(performance.now());
        }
      });
      mo.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
}

async function dropToPodVisible(browser) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.addInitScript(instrument);
  await page.goto(base);
  await page.getByTestId('rf__node-node:master').waitFor({ timeout: 60_000 });
  await page.getByTestId('apply-button').click();
  await page
    .locator('[data-testid="rf__node-node:node-1"] [data-status="Running"]')
    .waitFor({ timeout: 30_000 });
  const g = await page.getByTestId('graph').boundingBox();
  const times = [];
  for (let i = 0; i < 10; i++) {
    const name = `node-${i + 2}`;
    // In a small or narrow pane the palette is an "Add node" menu: open it first.
    if (!(await page.getByTestId('palette.worker').isVisible()))
      await page.getByTestId('palette.toggle').click();
    const src = await page.getByTestId('palette.worker').boundingBox();
    // Spread the drops over the lower part of the canvas, so every new card is on screen.
    const to = { x: g.x + 230 + (i % 5) * ((g.width - 420) / 5) + 60, y: g.y + g.height - (i < 5 ? 90 : 40) };
    const waiting = page.evaluate(
      (sel) => window.__benchAppear(sel),
      `[data-testid="rf__node-node:${name}"] [data-testid^="pod.fluentd-elasticsearch-"]`,
    );
    await page.mouse.move(src.x + src.width / 2, src.y + src.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    const seen = await waiting;
    const up = await page.evaluate(() => window.__bench.up);
    times.push(seen - up);
    await page.waitForTimeout(300);
  }
  await page.close();
  return { samples: times.map(round), p50: round(pct(times, 50)), p95: round(pct(times, 95)) };
}

async function pan(page, label) {
  const box = await page.getByTestId('graph').boundingBox();
  const start = { x: box.x + box.width * 0.55, y: box.y + box.height * 0.55 };
  await page.evaluate(() => {
    window.__bench.frames = 0;
    window.__bench.maxGap = 0;
    window.__bench.lastFrame = 0;
    window.__bench.t0 = performance.now();
  });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= 60; i++) {
    const a = (i / 60) * Math.PI * 2;
    await page.mouse.move(start.x + Math.sin(a) * 220, start.y + (1 - Math.cos(a)) * 120);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const r = await page.evaluate(() => ({
    frames: window.__bench.frames,
    ms: performance.now() - window.__bench.t0,
    maxGap: window.__bench.maxGap,
  }));
  return {
    label,
    fps: round((r.frames * 1000) / r.ms),
    frames: r.frames,
    seconds: round(r.ms / 1000),
    worstFrameMs: round(r.maxGap),
  };
}

async function largeCluster(browser, watchSeconds) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.addInitScript((text) => {
    try {
      localStorage.setItem('daemonset-playground:/::editor', text);
    } catch {
      // no storage: the bench then applies the default manifest
    }
  }, MANIFEST_LARGE);
  await page.addInitScript(instrument);
  const t0 = Date.now();
  await page.goto(`${base}?preset=large`);
  // Zoomed out to fit, 1,000 nodes are drawn as the canvas overview.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="graph"]')?.getAttribute('data-mode') === 'overview',
    null,
    { timeout: 120_000 },
  );
  const loadSeconds = (Date.now() - t0) / 1000;
  const loadLong = await page.evaluate(() => Math.max(0, ...window.__bench.long.map((l) => l.duration)));
  await page.getByTestId('apply-button').click();
  const ready = page.getByTestId('graph.ds.fluentd-elasticsearch.ready');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="graph.ds.fluentd-elasticsearch.ready"]')?.textContent === '1000',
    null,
    { timeout: 180_000 },
  );
  await page.waitForTimeout(1000);

  const pans = [await pan(page, 'zoomed out (canvas overview)')];
  const zoomNow = () =>
    page.evaluate(
      () =>
        new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')).transform).a,
    );
  const gb = await page.getByTestId('graph').boundingBox();
  await page.mouse.move(gb.x + gb.width / 2, gb.y + gb.height / 2);
  // Full cards from zoom 1 (semantic zoom: compact and one-line cards below).
  for (let i = 0; i < 40 && (await zoomNow()) < 1; i++) {
    await page.mouse.wheel(0, -250);
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(800);
  const zoom = await zoomNow();
  pans.push(await pan(page, `zoom ${round(zoom)} (full cards)`));
  await page.getByTestId('graph.fit').click();
  await page.waitForTimeout(500);

  // The rolling update, started from the DaemonSet card's menu.
  await page.getByTestId('rf__node-ds:kube-system/fluentd-elasticsearch').click({ button: 'right' });
  await page.getByTestId('graph.menu.image').click();
  await page.getByTestId('graph.menu.image').fill('k8s.gcr.io/fluentd-elasticsearch:v2.2.0');
  const since = await page.evaluate(() => {
    window.__bench.maxGap = 0;
    window.__bench.lastFrame = 0;
    window.__bench.frames = 0;
    return performance.now();
  });
  await page.getByTestId('graph.menu.submit').click();
  await page.waitForTimeout(watchSeconds * 1000);
  const upd = await page.evaluate((since) => {
    const long = window.__bench.long.filter((l) => l.start >= since).map((l) => l.duration);
    return {
      long,
      frames: window.__bench.frames,
      ms: performance.now() - since,
      maxGap: window.__bench.maxGap,
    };
  }, since);
  const upToDate = await page.getByTestId('graph.ds.fluentd-elasticsearch.upToDate').textContent();
  await ready.textContent();
  await page.close();
  return {
    load: { seconds: round(loadSeconds), longestTaskMs: round(loadLong) },
    pans,
    rollingUpdate: {
      watchedSeconds: watchSeconds,
      podsUpdated: Number(upToDate),
      longTasks: upd.long.length,
      longestTaskMs: round(Math.max(0, ...upd.long)),
      p95LongTaskMs: upd.long.length ? round(pct(upd.long, 95)) : 0,
      fps: round((upd.frames * 1000) / upd.ms),
      worstFrameMs: round(upd.maxGap),
    },
  };
}

const preview = await startPreview();
let browser;
try {
  browser = await chromium.launch({
    executablePath: resolveChromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const drop = await dropToPodVisible(browser);
  const large = await largeCluster(browser, Number(opts.watch));
  console.log('');
  console.log('graph benchmark (headless Chromium, production build)');
  console.log(
    `  drop → pod visible (10 drops):        p50 ${drop.p50} ms   p95 ${drop.p95} ms   [${drop.samples.join(', ')}]`,
  );
  console.log(
    `  1,000 nodes: load                     ${large.load.seconds} s, longest task ${large.load.longestTaskMs} ms`,
  );
  for (const p of large.pans)
    console.log(
      `  pan, ${p.label.padEnd(32)} ${p.fps} fps (${p.frames} frames in ${p.seconds} s, worst frame ${p.worstFrameMs} ms)`,
    );
  const r = large.rollingUpdate;
  console.log(
    `  rolling update, ${r.watchedSeconds} s watched:          longest task ${r.longestTaskMs} ms, p95 ${r.p95LongTaskMs} ms, ${r.longTasks} long tasks, ${r.fps} fps, worst frame ${r.worstFrameMs} ms, ${r.podsUpdated} pods updated`,
  );
  console.log(JSON.stringify({ drop, ...large }));
} finally {
  await browser?.close();
  preview.kill('SIGTERM');
}
