// npm run bench:lighthouse (after `npm run build`) — the page's first seconds as Lighthouse (the pinned
// devDependency) sees them: dist/ served gzip from a sub-path (e2e/static-server.mjs --gzip, like a
// course site or GitHub Pages would host it), Lighthouse's mobile preset (simulated Moto-G-class CPU,
// slow 4G) on `/`, `?lesson=article` and `?present=1`, and its desktop preset on the 700×450 embed
// (`?embed=1`). Each page BENCH_RUNS times (default 3); prints every run and the median of the
// performance score, FCP, LCP, TBT, CLS and the longest main-thread task (Lighthouse's long-tasks
// diagnostic, simulated like the rest). A script that prints numbers, never a test.
//
// Environment: E2E_PORT (the server's port, default 4180)  BENCH_RUNS=3
//   BENCH_PAGES=mobile-root,mobile-lesson,mobile-present,mobile-share,desktop-embed (a subset)
//   BENCH_ROOT=DIR   the build to serve (default dist/)
//   BENCH_BASE=DIR   a second build (e.g. the previous commit's), served beside it on the next port and
//                    measured alternating with it, run by run, so both see the same machine; medians of each
//   BENCH_JSON=DIR   also write each run's full Lighthouse report (JSON: the treemap data, diagnostics)
//   CHROME_PATH      the Chromium to drive (default: e2e/browser.mjs's choice, /usr/bin/chromium)

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { resolveChromiumPath } from '../../e2e/browser.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4180);
const base = '/course/k8s/playground/';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const mobile = { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } };
const embedDesktop = {
  extends: 'lighthouse:default',
  settings: {
    ...desktopConfig.settings,
    onlyCategories: ['performance'],
    screenEmulation: { ...desktopConfig.settings.screenEmulation, width: 700, height: 450 },
  },
};
const PAGES = [
  { id: 'mobile-root', label: 'mobile  /', query: '', config: mobile },
  { id: 'mobile-lesson', label: 'mobile  ?lesson=article', query: '?lesson=article', config: mobile },
  { id: 'mobile-present', label: 'mobile  ?present=1', query: '?present=1', config: mobile },
  { id: 'mobile-share', label: 'mobile  1,000-node link', query: '', config: mobile, share: 1000 },
  { id: 'desktop-embed', label: 'desktop ?embed=1 700×450', query: '?embed=1', config: embedDesktop },
];
const wanted = process.env.BENCH_PAGES?.split(',');
const pages = wanted ? PAGES.filter((p) => wanted.includes(p.id)) : PAGES;
const jsonDir = process.env.BENCH_JSON;
if (jsonDir) mkdirSync(jsonDir, { recursive: true });
// the share link's fragment, from the page's own encoder
for (const page of pages)
  if (page.share)
    page.query = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'tools/bench/largeShareLink.ts', String(page.share)],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' },
    );

/** the builds measured: this one, and BENCH_BASE's beside it */
const builds = [
  { name: 'this', root: process.env.BENCH_ROOT, port },
  ...(process.env.BENCH_BASE ? [{ name: 'base', root: process.env.BENCH_BASE, port: port + 1 }] : []),
];
const servers = [];
for (const b of builds) {
  const server = spawn(
    process.execPath,
    [
      'e2e/static-server.mjs',
      '--port',
      String(b.port),
      '--base',
      base,
      '--gzip',
      ...(b.root ? ['--root', b.root] : []),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  servers.push(server);
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`static server exited (${code})`)));
  });
}

/** One Lighthouse run: the figures printed, from a fresh Chromium (no cache, no service worker). */
async function once(build, page, i) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? resolveChromiumPath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const url = `http://127.0.0.1:${build.port}${base}${page.query}`;
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      page.config,
    );
    const lhr = result.lhr;
    if (jsonDir) writeFileSync(join(jsonDir, `${page.id}-${build.name}-${i + 1}.json`), result.report);
    const a = lhr.audits;
    const tasks = a['long-tasks']?.details?.items ?? [];
    const longest = tasks.reduce((m, t) => Math.max(m, t.duration ?? 0), 0);
    const longestUrl = tasks.find((t) => t.duration === longest)?.url ?? '';
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      longest,
      longestUrl: longestUrl.split('/').pop(),
      error: lhr.runtimeError?.message,
    };
  } finally {
    await chrome.kill();
  }
}

const fmt = (r) =>
  `score ${String(r.score).padStart(3)}  FCP ${(r.fcp / 1000).toFixed(2)} s  LCP ${(r.lcp / 1000).toFixed(2)} s  ` +
  `TBT ${r.tbt.toFixed(0).padStart(4)} ms  CLS ${r.cls.toFixed(3)}  longest task ${r.longest.toFixed(0).padStart(4)} ms`;

try {
  const table = [];
  for (const page of pages) {
    const rs = new Map(builds.map((b) => [b.name, []]));
    for (let i = 0; i < runs; i++)
      for (const b of builds) {
        const r = await once(b, page, i);
        rs.get(b.name).push(r);
        console.log(
          `  ${page.label.padEnd(26)}${builds.length > 1 ? ` ${b.name}` : ''} run ${i + 1}: ${fmt(r)}${r.longestUrl ? ` (${r.longestUrl})` : ''}${r.error ? `  ERROR ${r.error}` : ''}`,
        );
      }
    for (const b of builds) {
      const xs = rs.get(b.name);
      const m = {
        score: med(xs.map((r) => r.score)),
        fcp: med(xs.map((r) => r.fcp)),
        lcp: med(xs.map((r) => r.lcp)),
        tbt: med(xs.map((r) => r.tbt)),
        cls: med(xs.map((r) => r.cls)),
        longest: med(xs.map((r) => r.longest)),
      };
      table.push([builds.length > 1 ? `${page.label} (${b.name})` : page.label, m]);
    }
  }
  console.log(`\nmedian of ${runs} (Lighthouse 12.2.3, dist/ gzip from ${base}):`);
  console.log('| page | score | FCP | LCP | TBT | CLS | longest task |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [label, m] of table)
    console.log(
      `| ${label.replace(/\s+/g, ' ')} | ${m.score} | ${(m.fcp / 1000).toFixed(1)} s | ${(m.lcp / 1000).toFixed(1)} s | ${m.tbt.toFixed(0)} ms | ${m.cls.toFixed(3)} | ${m.longest.toFixed(0)} ms |`,
    );
} finally {
  for (const s of servers) s.kill();
}
