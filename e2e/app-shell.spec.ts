import { expect, test } from '@playwright/test';

test('the app shell renders its three panels without errors', async ({ page }, testInfo) => {
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const failedRequests: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('requestfailed', (req) => failedRequests.push(`${req.url()} ${req.failure()?.errorText ?? ''}`));
  page.on('response', (res) => {
    if (res.status() >= 400) failedRequests.push(`${res.url()} HTTP ${res.status()}`);
  });

  await page.goto('./');

  await expect(page).toHaveTitle('DaemonSet Playground');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'DaemonSet Playground' })).toBeVisible();
  for (const id of ['editor-panel', 'graph-panel', 'console-panel']) {
    await expect(page.getByTestId(id)).toBeVisible();
  }

  // Layout: editor left of graph, console below both.
  const editor = await page.getByTestId('editor-panel').boundingBox();
  const graph = await page.getByTestId('graph-panel').boundingBox();
  const consolePanel = await page.getByTestId('console-panel').boundingBox();
  expect(editor && graph && consolePanel).toBeTruthy();
  expect(editor!.x + editor!.width).toBeLessThanOrEqual(graph!.x);
  expect(consolePanel!.y).toBeGreaterThanOrEqual(editor!.y + editor!.height);
  expect(consolePanel!.y).toBeGreaterThanOrEqual(graph!.y + graph!.height);

  await page.screenshot({ path: testInfo.outputPath('app-shell.png'), fullPage: true });

  await page.waitForLoadState('networkidle');
  expect(consoleErrors, 'console errors').toEqual([]);
  expect(pageErrors, 'page errors').toEqual([]);
  expect(failedRequests, 'failed requests').toEqual([]);
});
