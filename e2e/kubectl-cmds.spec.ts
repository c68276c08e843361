// kubectl's output formats, patch and watch in the page's console: `get -w` streams rows as the clock
// runs until Ctrl+C, JSONPath and patch print what the CLI prints, Tab completes the new words.

import { expect, test, type Page } from '@playwright/test';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function openPage(page: Page) {
  await page.goto('./');
  await expect(page.getByTestId('console-input')).toBeVisible();
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

async function type(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.click();
  await input.fill(command);
  await input.press('Enter');
}

async function run(page: Page, command: string): Promise<string> {
  await type(page, command);
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
  return page.getByTestId('console-log').innerText();
}

test('get -w streams pod rows until Ctrl+C; jsonpath, patch and completion', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openPage(page);
  const log = page.getByTestId('console-log');

  // with the clock paused: apply, start the watch, then play and see the pods come up row by row
  const toggle = page.getByTestId('play-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('apply-button').click();
  await expect(log).toContainText('daemonset.apps/fluentd-elasticsearch created', { timeout: 30_000 });
  await type(page, 'kubectl get pods -n kube-system -w');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(log).toContainText(/fluentd-elasticsearch-\w{5}\s+1\/1\s+Running/, { timeout: 90_000 });
  const rows = (await log.innerText())
    .split('\n')
    .filter((l) => /^fluentd-elasticsearch-\w{5}\s+\d\/1\s/.test(l));
  // more rows than pods: the changes were streamed, not listed once
  expect(rows.length).toBeGreaterThan(2);
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'true');
  await page.screenshot({ path: testInfo.outputPath('get-watch.png') });
  await page.getByTestId('console-input').press('Control+c');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 10_000 });

  await page.getByTestId('console-input').press('Control+l');
  const out = await run(
    page,
    `kubectl get nodes -o 'jsonpath={range .items[*]}{.metadata.name}={.status.nodeInfo.kubeletVersion}{"\\n"}{end}'`,
  );
  expect(out).toContain('master=v1.35.0');
  expect(out).toContain('node-1=v1.35.0');

  const patched = await run(
    page,
    `kubectl patch ds fluentd-elasticsearch -n kube-system -p '{"metadata":{"labels":{"team":"logging"}}}'`,
  );
  expect(patched).toContain('daemonset.apps/fluentd-elasticsearch patched');
  const cols = await run(
    page,
    'kubectl get ds -A -o custom-columns=NAME:.metadata.name,TEAM:.metadata.labels.team',
  );
  expect(cols).toMatch(/NAME\s+TEAM\nfluentd-elasticsearch\s+logging/);

  const input = page.getByTestId('console-input');
  await input.fill('kubectl pat');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl patch ');
  await input.fill('kubectl get pods -o jsonpath-a');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl get pods -o jsonpath-as-json=');
  expect(errors, 'console errors').toEqual([]);
});
