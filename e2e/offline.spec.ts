// Static hosting and offline use (issue 6): dist/ served from a sub-path by a plain static server works,
// the service worker precaches the whole build (Monaco included) in the build's folder, and a reload
// with the network off brings the page back, editor and engine included.

import { expect, test, type Page } from '@playwright/test';
import { serve, type Served } from './serve';

// The config blocks service workers to save CPU; this spec is about the offline worker.
test.use({ serviceWorkers: 'allow' });

let host: Served;
test.beforeAll(async () => {
  host = await serve({ base: '/sub/dir/' });
});
test.afterAll(async () => {
  await host?.stop();
});

async function engineUp(page: Page) {
  await expect(page.getByTestId('console-input')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

async function run(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
}

test('the build works from a sub-path, and offline after the first visit', async ({ page, context }) => {
  test.setTimeout(120_000);
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('pageerror', (e) => failed.push(e.message));
  await page.goto(host.url);
  await engineUp(page);
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');

  // The worker is registered for the build's folder and has precached the build.
  const sw = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    for (let i = 0; i < 200 && !navigator.serviceWorker.controller; i++)
      await new Promise((r) => setTimeout(r, 50));
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith('daemonset-playground-precache-'))!);
    const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
    return {
      scope: reg.scope,
      script: reg.active?.scriptURL,
      controlled: !!navigator.serviceWorker.controller,
      names,
      urls,
    };
  });
  expect(sw.scope).toBe(host.url);
  expect(sw.script).toBe(`${host.url}sw.js`);
  expect(sw.controlled).toBe(true);
  expect(sw.names).toHaveLength(1);
  expect(sw.names[0]).toMatch(/@\/sub\/dir\/$/);
  expect(sw.urls).toContain('/sub/dir/index.html');
  expect(sw.urls).toContain('/sub/dir/embed-example.html');
  expect(sw.urls.some((u) => /\/sub\/dir\/assets\/monacoSetup-[\w-]+\.js$/.test(u))).toBe(true);
  expect(sw.urls.some((u) => /engine\.worker-[\w-]+\.js$/.test(u))).toBe(true);
  expect(sw.urls.every((u) => u.startsWith('/sub/dir/'))).toBe(true);
  expect(failed).toEqual([]);

  // Network off: reload, and everything still works (editor, engine worker, console).
  await context.setOffline(true);
  await page.reload();
  await engineUp(page);
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('fluentd-elasticsearch');
  // the reload restored the session (the DaemonSet applied before is still there)
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText(
    'daemonset.apps/fluentd-elasticsearch unchanged',
  );
  await run(page, 'kubectl get nodes');
  await expect(page.getByTestId('console-log')).toContainText(/node-1\s+Ready/);
  // The network really was off: a request outside the service worker's scope (/sub/dir/) gets no answer
  // (online it would be the server's 404). navigator.onLine is not asked: Chromium 150 keeps it true
  // under Playwright's offline emulation.
  expect(
    await page.evaluate(() =>
      fetch(`${location.origin}/outside-the-scope.txt`, { cache: 'no-store' }).then(
        (r) => `answered ${r.status}`,
        () => 'no answer',
      ),
    ),
  ).toBe('no answer');
  // A page with a query and a share link opens offline too, and so does the embedding example.
  await page.goto(`${host.url}?lang=zh-CN`);
  await expect(page.getByTestId('apply-button')).toHaveText('应用', { timeout: 30_000 });
  await page.goto(`${host.url}embed-example.html`);
  await expect(page.locator('h1')).toHaveText('Embedding the DaemonSet Playground');
  await context.setOffline(false);
});

test('a plain (not precached) path is not taken over by the service worker', async ({ page, context }) => {
  await page.goto(host.url);
  await engineUp(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  const res = await page.goto(`${host.url}no-such-file.txt`).catch((e: Error) => e);
  expect(res instanceof Error).toBe(true);
  await context.setOffline(false);
});

test('embedded pages do not install the service worker unless offline=1', async ({ page }) => {
  await page.goto(`${host.url}embed-example.html`);
  const frameA = page.frameLocator('#frame-a');
  await expect(frameA.getByTestId('console-input')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(2500);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  // …and with offline=1 the embed installs it
  await page.evaluate((u) => {
    const f = document.createElement('iframe');
    f.id = 'with-offline';
    f.src = `${u}?embed=1&id=c&offline=1`;
    document.body.appendChild(f);
  }, host.url);
  await expect
    .poll(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope)),
      { timeout: 30_000 },
    )
    .toEqual([host.url]);
});
