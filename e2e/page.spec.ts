// The page as a person uses it (issue 4): apply with the keyboard, read pods in the console, break the
// YAML, switch language, reload, and survive an engine crash.

import { expect, test, type Page } from '@playwright/test';

const errors: string[] = [];

async function open(page: Page, url = './') {
  errors.length = 0;
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 20_000 });
}

async function run(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
}

async function applyWithKeyboard(page: Page) {
  await page.locator('.monaco-editor').first().click();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
}

async function twoRunningPods(page: Page) {
  await expect(async () => {
    await page.getByTestId('console-clear').click();
    await run(page, 'kubectl get pods -n kube-system');
    const text = await page.getByTestId('console-log').innerText();
    expect(text.match(/1\/1\s+Running/g)?.length).toBe(2);
  }).toPass({ timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await page.goto('./');
  await page.evaluate(() => localStorage.clear());
});

test('apply the article manifest with the keyboard and read two Running pods', async ({ page }) => {
  await open(page);
  await applyWithKeyboard(page);
  await twoRunningPods(page);
  await page.screenshot({ path: 'test-results/page-applied-en-light.png' });
  expect(errors).toEqual([]);
});

test('broken YAML shows a marker and an error, and the cluster stays as it was', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page);
  await applyWithKeyboard(page);
  await twoRunningPods(page);
  // A second document whose labels do not match its selector: a validation error with a field path.
  const editor = page.locator('.monaco-editor').first();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(
    (t) => navigator.clipboard.writeText(t),
    '\n---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: broken\nspec:\n  selector:\n    matchLabels:\n      app: broken\n  template:\n    metadata:\n      labels:\n        app: other\n    spec:\n      containers:\n      - name: c\n        image: busybox:1.36\n',
  );
  await page.keyboard.press('Control+V');
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('apply-error')).toContainText('is invalid');
  await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
  await run(page, 'kubectl get ds -n kube-system -o name');
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch');
  await twoRunningPods(page);
  // A syntax error: marked without reaching the engine.
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n  : : bad');
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('apply-error')).toContainText('line');
  await page.screenshot({ path: 'test-results/page-error-en-light.png' });
  // Reload: the unapplied text is still there, and so is the cluster (the session is restored).
  await page.reload();
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 20_000 });
  await page.locator('.monaco-editor').first().click();
  await page.keyboard.press('Control+End');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText(': : bad');
  // the restored cluster holds the last applied manifest, which the edited text differs from
  await expect(page.getByTestId('manifest-state')).toContainText('Unapplied changes');
});

test('switch to Chinese and see Chinese labels; dark theme', async ({ page }) => {
  await open(page, './?theme=dark');
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(page.getByTestId('apply-button')).toHaveText('应用');
  await expect(page.getByTestId('editor-panel')).toContainText('清单');
  await applyWithKeyboard(page);
  await twoRunningPods(page);
  await page.screenshot({ path: 'test-results/page-applied-zh-dark.png' });
  await page.reload();
  await expect(page.getByTestId('apply-button')).toHaveText('应用');
});

test('the page recovers when the engine worker dies', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page);
  await applyWithKeyboard(page);
  await twoRunningPods(page);
  await page.evaluate(() =>
    (window as unknown as { __dsp: { crashEngine(): Promise<void> } }).__dsp.crashEngine(),
  );
  await expect(page.getByTestId('engine-notice')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('engine-notice')).toContainText('restored', { timeout: 20_000 });
  await twoRunningPods(page);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('fluentd-elasticsearch');
});
