// `kubectl logs -f` on the built page: what the container wrote so far, then the console keeps
// following as the clock runs, until Ctrl+C.

import { expect, test } from '@playwright/test';

test('kubectl logs -f ds/NAME follows the chosen pod until Ctrl+C', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('./');
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.getByTestId('apply-button').click();
  const log = page.getByTestId('console-log');
  await expect(log).toContainText('daemonset.apps/fluentd-elasticsearch created', { timeout: 30_000 });

  const input = page.getByTestId('console-input');
  const started =
    /\[playground\] k8s\.gcr\.io\/fluentd-elasticsearch:1\.20: container fluentd-elasticsearch of pod kube-system\/fluentd-elasticsearch-\w{5} started on node/;
  // The pods start as the clock runs; ask until one has written its first line.
  await expect
    .poll(
      async () => {
        await input.click();
        await input.fill('kubectl logs ds/fluentd-elasticsearch -n kube-system');
        await input.press('Enter');
        await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
        return started.test(await log.innerText());
      },
      { timeout: 60_000, intervals: [1000, 2000] },
    )
    .toBe(true);

  await input.press('Control+l');
  await input.fill('kubectl logs -f ds/fluentd-elasticsearch -n kube-system');
  await input.press('Enter');
  await expect(log).toContainText(started);
  // still following: the console is busy until Ctrl+C
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'true');
  await input.press('Control+c');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 10_000 });
  await expect(log).toContainText('^C');
  expect(errors).toEqual([]);
});
