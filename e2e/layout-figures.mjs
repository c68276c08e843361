// npm run bench:layout — prints what the page layout gives the cluster graph, measured in headless
// Chromium: for 1280×720, the 700×450 embed views and a 390×844 phone, the cluster pane's share of the
// frame, the page's scroll width against the screen's, and where the lesson's Run / Next buttons end
// (after answering the step's question). A script that prints numbers, never a test. Needs
// `npm run -s build` first; serves dist/ on a free port.

import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { resolveChromiumPath } from './browser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = spawn(process.execPath, [`${root}e2e/static-server.mjs`, '--port', '0', '--base', '/'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise((resolve, reject) => {
  let text = '';
  server.stdout.on('data', (d) => {
    text += d.toString();
    const m = / at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(text);
    if (m) resolve(m[1]);
  });
  server.once('exit', (code) => reject(new Error(`the static server exited (${code})`)));
});

const CASES = [
  ['1280×720 split', 1280, 720, ''],
  ['1280×720 split + lesson', 1280, 720, 'lesson=article'],
  ['1280×720 presentation + lesson', 1280, 720, 'present=1&lesson=article'],
  ['700×450 embed split', 700, 450, 'embed=1&view=split'],
  ['700×450 embed graph', 700, 450, 'embed=1&view=graph'],
  ['700×450 embed split + lesson', 700, 450, 'embed=1&view=split&lesson=article'],
  ['700×450 embed graph + lesson', 700, 450, 'embed=1&view=graph&lesson=article'],
  ['390×844 phone', 390, 844, ''],
  ['390×844 phone + lesson, zh-CN', 390, 844, 'lesson=article&lang=zh-CN'],
];

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
const pad = (s, n) => String(s).padEnd(n);
try {
  console.log(
    `${pad('size / view', 34)}${pad('cluster pane', 14)}${pad('scroll width', 14)}lesson Run / Next bottom (frame height), after answering`,
  );
  for (const [name, width, height, query] of CASES) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${base}?${query}`);
    await page.waitForFunction(
      () => /^\d\d:\d\d:\d\d$/.test(document.querySelector('[data-testid="clock-abs"]')?.textContent ?? ''),
      null,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(800);
    if (query.includes('lesson')) {
      await page.getByTestId('lesson-question').getByRole('radio').nth(1).check();
      await page.getByTestId('lesson-check').click();
    }
    const m = await page.evaluate(() => {
      const box = (id) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      const g = box('graph-panel');
      const visible = g
        ? Math.max(0, Math.min(g.bottom, innerHeight) - Math.max(g.top, 0)) *
          Math.max(0, Math.min(g.right, innerWidth) - Math.max(g.left, 0))
        : 0;
      const run = box('lesson-run');
      const next = box('lesson-next');
      return {
        share: visible / (innerWidth * innerHeight),
        scroll: `${document.scrollingElement.scrollWidth}/${innerWidth}`,
        lesson: run && next ? `${Math.round(run.bottom)} / ${Math.round(next.bottom)} (${innerHeight})` : '-',
      };
    });
    console.log(
      `${pad(name, 34)}${pad(`${(m.share * 100).toFixed(1)}%`, 14)}${pad(m.scroll, 14)}${m.lesson}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}
