// node e2e/readme-screenshot.mjs — takes the README screenshot (public/screenshot.png): the page at
// 1280×720 in presentation mode, the article's DaemonSet applied on master, node-1 and node-2, and its
// rolling update to v2.2.0 under way. Run after `npm run -s build`; serves dist/ on a free port.
// The simulation is paused and moved with `sim advance`, so the picture is the same every time.

import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { resolveChromiumPath } from './browser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ?? `${root}public/screenshot.png`;

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
try {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 720 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  await page.goto(`${base}?present=1&lang=en&theme=light&debug=1`);
  await page
    .getByTestId('clock-abs')
    .filter({ hasText: /^\d\d:\d\d:\d\d$/ })
    .waitFor({ timeout: 30_000 });
  await page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
  // paused: from here on the clock moves only when told
  if ((await page.getByTestId('play-toggle').getAttribute('aria-pressed')) === 'true')
    await page.getByTestId('play-toggle').click();
  const idle = () => page.waitForFunction(() => !window.__dsp.store.getState().busy);
  const run = async (line) => {
    await idle();
    await page.getByTestId('console-input').fill(line);
    await page.getByTestId('console-input').press('Enter');
    await page.waitForFunction(
      (l) => window.__dsp.store.getState().lines.some((x) => x.kind === 'command' && x.text === l),
      line,
    );
    await idle();
  };
  // the console is folded in presentation mode: open it to type, fold it again for the picture
  await page.getByTestId('console-toggle').click();
  await page.getByTestId('apply-button').click();
  await page
    .getByTestId('console-log')
    .getByText('daemonset.apps/fluentd-elasticsearch created')
    .waitFor({ timeout: 30_000 });
  await run('sim node add node-2');
  await run('sim advance 10s');
  await run(
    'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system --record',
  );
  // one node's old pod is gone and its replacement is pulling the new image; the others still run v1.20
  await run('sim advance 2s');
  const state = await page.evaluate(() => {
    const s = window.__dsp.store.getState();
    return Object.values(s.objects.Pod).map(
      (p) =>
        `${p.spec.nodeName ?? '-'} ${p.status?.phase ?? '?'} ${p.metadata.deletionTimestamp ? 'terminating' : ''} ${p.spec.containers[0].image}`,
    );
  });
  await page.getByTestId('console-toggle').click();
  // every node in the picture
  const fit = page.getByRole('button', { name: /fit view/i }).first();
  if (await fit.isVisible()) await fit.click();
  await page.getByTestId('console-toggle').focus();
  await page.getByTestId('console-toggle').blur();
  await page.mouse.move(1270, 710);
  await page.waitForTimeout(800);
  await page.screenshot({ path: out });
  console.log(`wrote ${out}\n  ${state.sort().join('\n  ')}`);
} finally {
  await browser.close();
  server.kill();
}
