// npm run bench:legibility — what a person sees of the cluster graph at a projector (1280×720, plain
// and `?present=1`), in the 700×450 course embed (split, graph, split with the article lesson) and on a
// 390×844 phone, with the article's DaemonSet applied, four nodes added (a worker, a tainted GPU
// node, a node without network, a second control-plane node) and a `set image` under way to a tag that
// does not exist (the rollout stalls on one node with ImagePullBackOff). For each size it prints: the
// teaching state per card (issue 22: the pod's phase and revision in words, or why no pod, each whole,
// in the pane, uncovered, ≥ 10 px), node names
// visible / total (fully shown, inside the pane, not covered, ≥ 12 px after zoom), the smallest text
// in the graph after zoom, overlapping card pairs, and the cluster pane's share of the frame (and the
// share of the pane left uncovered by the graph's own toolbar, legend and palette).
// A script that prints numbers, never a test. Needs `npm run build` first. Screenshots go to
// $LEGIBILITY_SHOTS (default /tmp/legibility).
//
// Usage: npm run bench:legibility [-- --port N] [--shots DIR] [--json] [--params lang=zh-CN&theme=dark]

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { resolveChromiumPath } from './browser.mjs';
import { measureGraph } from './graphMeasure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.E2E_PORT ?? '4193' },
    shots: { type: 'string', default: process.env.LEGIBILITY_SHOTS ?? '/tmp/legibility' },
    json: { type: 'boolean', default: false },
    // more URL parameters for every size, e.g. `lang=zh-CN&theme=dark`
    params: { type: 'string', default: process.env.LEGIBILITY_PARAMS ?? '' },
  },
});
if (!existsSync(`${root}dist/index.html`)) {
  console.error('no build in dist/: run npm run build first');
  process.exit(1);
}
mkdirSync(opts.shots, { recursive: true });
const base = `http://127.0.0.1:${opts.port}/`;

/** The four nodes of the issue, as the palette adds them. */
export const ADD_NODES = [
  'sim node add node-2',
  'sim node add gpu-1 --label nvidia.com/gpu.present=true --taint nvidia.com/gpu=present:NoSchedule',
  'sim node add no-net-1 --no-network',
  'sim node add control-plane-1 --label node-role.kubernetes.io/control-plane= --taint node-role.kubernetes.io/control-plane:NoSchedule',
];

/** A `set image` under way, to a tag that does not exist. */
export const ROLLOUT = [
  'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo -n kube-system',
];

const SIZES = [
  { name: 'projector 1280×720', file: 'desktop', w: 1280, h: 720, query: '' },
  { name: 'projector, present=1', file: 'present', w: 1280, h: 720, query: '?present=1' },
  {
    name: 'present=1 + console',
    file: 'present-console',
    w: 1280,
    h: 720,
    query: '?present=1',
    console: true,
  },
  { name: 'embed 700×450 split', file: 'embed-split', w: 700, h: 450, query: '?embed=1&view=split' },
  { name: 'embed 700×450 graph', file: 'embed-graph', w: 700, h: 450, query: '?embed=1&view=graph' },
  {
    name: 'embed 700×450 lesson',
    file: 'embed-lesson',
    w: 700,
    h: 450,
    query: '?embed=1&view=split&lesson=article',
  },
  { name: 'phone 390×844', file: 'phone', w: 390, h: 844, query: '' },
];

async function startPreview() {
  const child = spawn(
    process.execPath,
    [
      `${root}node_modules/vite/bin/vite.js`,
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      opts.port,
      '--strictPort',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('vite preview did not start')), 30_000);
    const onData = (d) => {
      if (String(d).includes(`127.0.0.1:${opts.port}`)) {
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

/** Builds the situation in a roomy standalone page and returns its share link's fragment. */
async function makeSituation(browser) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(base);
  await page.getByTestId('rf__node-node:master').waitFor({ timeout: 60_000 });
  await page.getByTestId('apply-button').click();
  await page
    .locator('[data-testid="rf__node-node:node-1"] [data-status="Running"]')
    .waitFor({ timeout: 30_000 });
  for (const line of ADD_NODES) {
    await page.getByTestId('console-input').fill(line);
    await page.getByTestId('console-input').press('Enter');
  }
  await page
    .getByTestId('console-log')
    .getByText('$ sim node add control-plane-1', { exact: false })
    .waitFor({ timeout: 30_000 });
  // Let the controller and the kubelets run (simulated time plays at 1×).
  await page.waitForTimeout(6000);
  // A release with a typo'd tag: the rollout replaces one pod, whose image does not pull.
  for (const line of ROLLOUT) {
    await page.getByTestId('console-input').fill(line);
    await page.getByTestId('console-input').press('Enter');
  }
  await page.locator('[data-trouble="pull"]').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  await page.getByTestId('share-button').click();
  const url = await page.getByTestId('share-link-field').inputValue();
  await page.close();
  return new URL(url).hash;
}

const server = await startPreview();
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
const rows = [];
try {
  const hash = await makeSituation(browser);
  for (const s of SIZES) {
    const context = await browser.newContext({
      viewport: { width: s.w, height: s.h },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const query = opts.params ? `${s.query || '?'}${s.query ? '&' : ''}${opts.params}` : s.query;
    await page.goto(`${base}${query}${hash}`);
    await page.getByTestId('graph').waitFor({ timeout: 60_000 });
    await page
      .locator('[data-testid="graph"] .react-flow__node[data-id="node:control-plane-1"]')
      .waitFor({ state: 'attached', timeout: 60_000 })
      .catch(() => {});
    await page.waitForTimeout(1500);
    if (s.console) {
      await page.getByTestId('console-toggle').evaluate((el) => el.click());
      await page.waitForTimeout(2000);
    }
    // On a phone the panels stack and the page scrolls: a person scrolls down to the cluster first.
    if (s.w < 600) {
      await page.getByTestId('graph-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(300);
    }
    const m = await page.evaluate(measureGraph);
    await page.screenshot({ path: `${opts.shots}/${s.file}.png` });
    rows.push({ size: s.name, ...m });
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}

const pad = (x, n) => String(x).padEnd(n);
console.log(
  `${pad('size', 24)}${pad('mode', 10)}${pad('zoom', 7)}${pad('state', 7)}what the cards say (✗: not readable, and why)`,
);
for (const r of rows) {
  const says = r.teaching
    .map((c) => `${c.ok ? '' : '✗'}${c.name}: ${c.words}${c.ok ? '' : ` (${c.why})`}`)
    .join('; ');
  const names = (r.workloads ?? []).map((w) => `${w.ok ? '' : '✗'}${w.name}${w.ok ? '' : ` (${w.why})`}`);
  console.log(
    `${pad(r.size, 24)}${pad(r.mode, 10)}${pad(r.zoom, 7)}${pad(`${r.teachingOk}/${r.teaching.length}`, 7)}${says}; workload names: ${names.join(', ')}`,
  );
}
console.log('');
console.log(
  `${pad('size', 24)}${pad('mode', 10)}${pad('zoom', 7)}${pad('names', 8)}${pad('min text', 10)}${pad('ui text', 9)}${pad('overlaps', 10)}${pad('pane', 7)}uncovered`,
);
for (const r of rows) {
  console.log(
    `${pad(r.size, 24)}${pad(r.mode, 10)}${pad(r.zoom, 7)}${pad(`${r.visibleNames}/${r.totalNames}`, 8)}${pad(`${r.minText ?? '–'} px`, 10)}${pad(`${r.minUiText ?? '–'} px`, 9)}${pad(r.overlaps.length, 10)}${pad(`${Math.round(r.paneShare * 100)}%`, 7)}${Math.round(r.freeShare * 100)}%`,
  );
  const hidden = r.names.filter((n) => !n.visible);
  if (hidden.length)
    console.log(
      `  not readable: ${hidden.map((n) => `${n.name} (${n.why}${n.why === 'too small' ? ` ${n.px}px` : ''})`).join(', ')}`,
    );
  if (r.minText !== null && r.minText < 10) console.log(`  smallest: ${r.minTextWhere}`);
  if (r.overlaps.length) console.log(`  overlapping: ${r.overlaps.join(', ')}`);
}
console.log(`screenshots: ${opts.shots}/`);
if (opts.json) console.log(JSON.stringify(rows));
