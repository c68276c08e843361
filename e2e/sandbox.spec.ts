// <iframe sandbox="allow-scripts"> (origin "null") on a plain static host without CORS headers
// (e2e/static-server.mjs): the page runs (the classic bundle), the engine runs in a worker if the
// browser lets it, else on the main thread, nothing loops, and what is not available says so.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serve, type Served } from './serve';

let server: Served;
test.beforeAll(async () => {
  const extra = mkdtempSync(join(tmpdir(), 'dsp-sandbox-'));
  writeFileSync(
    join(extra, 'course.html'),
    `<!doctype html><meta charset="utf-8"><title>course</title><link rel="icon" href="data:,">
<h1>A course page</h1>
<iframe id="f" sandbox="allow-scripts" src="./?embed=1&view=split&debug=1" width="700" height="450" title="DaemonSet Playground"></iframe>`,
  );
  server = await serve({ base: '/course/', extra });
});
test.afterAll(async () => {
  await server?.stop();
});

test('a sandboxed embed on a plain static host runs: apply, pods, console; no error loop', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  const failed: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
  // Content-Security-Policy violations in every frame (the embed runs under the page's policy too)
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  await page.goto(`${server.url}course.html`);
  const frame = page.frameLocator('#f');
  const embed = () => page.frames().find((f) => f.url().includes('embed=1'))!;
  await expect(frame.getByTestId('console-input')).toBeVisible({ timeout: 30_000 });
  expect(await embed().evaluate(() => self.origin)).toBe('null');
  await expect
    .poll(
      () =>
        embed().evaluate(
          () =>
            (
              window as unknown as { __dsp?: { store: { getState(): { engineStatus: string } } } }
            ).__dsp?.store.getState().engineStatus,
        ),
      { timeout: 30_000 },
    )
    .toBe('ready');

  // what is not available here says so; nothing storage-dependent breaks
  await expect(frame.getByTestId('sandbox-editor-note')).toBeVisible();
  await expect(frame.getByTestId('storage-notice')).toHaveAttribute('data-problem', 'unavailable');

  // the plain editor applies with the button and with Ctrl+Enter; errors come back as markers
  await expect(frame.getByTestId('plain-editor')).toHaveValue(/fluentd-elasticsearch/);
  await frame.getByTestId('apply-button').click();
  await expect(frame.getByTestId('console-log')).toContainText(
    'daemonset.apps/fluentd-elasticsearch created',
    { timeout: 20_000 },
  );
  await frame.getByTestId('console-input').fill('kubectl get pods -n kube-system');
  await expect(async () => {
    await frame.getByTestId('console-input').fill('kubectl get pods -n kube-system');
    await frame.getByTestId('console-input').press('Enter');
    // the output of the last try only (earlier tries stay in the log)
    const log = await frame.getByTestId('console-log').innerText();
    const text = log.slice(log.lastIndexOf('kubectl get pods -n kube-system'));
    expect(text.match(/1\/1\s+Running/g)?.length).toBe(2);
  }).toPass({ timeout: 30_000 });
  await frame
    .getByTestId('plain-editor')
    .fill(
      'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: x\nspec:\n  selector:\n    matchLabels: {a: b}\n  template:\n    metadata:\n      labels: {a: c}\n    spec:\n      containers:\n      - name: c\n        image: busybox\n',
    );
  await frame.getByTestId('plain-editor').press('Control+Enter');
  await expect(frame.getByTestId('plain-editor-markers')).toContainText('selector');

  const mode = await embed().evaluate(
    () =>
      (
        window as unknown as { __dsp: { store: { getState(): { engineMode: string } } } }
      ).__dsp.store.getState().engineMode,
  );
  console.log(`engine mode in the sandboxed frame: ${mode}`);
  await page.screenshot({ path: '/tmp/rely-page/sandbox.png' });

  // No loop: over 5 more seconds, no new errors or failed requests.
  const e0 = errors.length;
  const f0 = failed.length;
  await page.waitForTimeout(5000);
  expect(errors.slice(e0)).toEqual([]);
  expect(failed.slice(f0)).toEqual([]);
  expect(await embed().evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  // and none at all from the page itself (the module build is never tried in an opaque origin)
  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});

test('where a sandboxed frame may not start workers at all, the engine runs on the main thread', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.addInitScript(() => {
    // as a browser that refuses every worker in this frame would
    (window as unknown as { Worker: unknown }).Worker = function () {
      throw new DOMException('Workers are not allowed here.', 'SecurityError');
    };
  });
  await page.goto(`${server.url}course.html`);
  const frame = page.frameLocator('#f');
  await expect(frame.getByTestId('console-input')).toBeVisible({ timeout: 30_000 });
  const embed = page.frames().find((f) => f.url().includes('embed=1'))!;
  await expect
    .poll(() =>
      embed.evaluate(
        () =>
          (
            window as unknown as { __dsp: { store: { getState(): { engineMode: string } } } }
          ).__dsp.store.getState().engineMode,
      ),
    )
    .toBe('main-thread');
  await frame.getByTestId('apply-button').click();
  await expect(frame.getByTestId('console-log')).toContainText(
    'daemonset.apps/fluentd-elasticsearch created',
    { timeout: 20_000 },
  );
  await expect(async () => {
    await frame.getByTestId('console-input').fill('kubectl get pods -n kube-system');
    await frame.getByTestId('console-input').press('Enter');
    // the answer to this attempt only (earlier attempts may show one pod still starting)
    const log = await frame.getByTestId('console-log').innerText();
    const answer = log.slice(log.lastIndexOf('kubectl get pods -n kube-system'));
    expect(answer.match(/1\/1\s+Running/g)?.length).toBe(2);
  }).toPass({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
