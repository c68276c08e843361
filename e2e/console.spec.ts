// The kubectl console on the built page (`npm run build`, then `vite preview`): commands, history,
// completion, Ctrl+L / Ctrl+C, copying, and the article's DaemonSet coming up.

import { expect, test, type Page } from '@playwright/test';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function openPage(page: Page, query = '') {
  await page.goto(`./${query}`);
  await expect(page.getByTestId('console-input')).toBeVisible();
  // the engine is up once the simulated clock shows a time
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

/** Types a command into the console, runs it and waits until it finished; returns the scrollback. */
async function run(page: Page, command: string): Promise<string> {
  const input = page.getByTestId('console-input');
  await input.click();
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
  return page.getByTestId('console-log').innerText();
}

/** The output printed after the last `$ command` line. */
function lastOutput(log: string, command: string): string[] {
  const lines = log.split('\n');
  const at = lines.lastIndexOf(`$ ${command}`);
  return lines.slice(at + 1).filter((l) => l.trim() !== '');
}

test('kubectl get nodes, history, completion, Ctrl+L and Ctrl+C', async ({ page }) => {
  const errors = watchErrors(page);
  await openPage(page);
  const input = page.getByTestId('console-input');
  const log = page.getByTestId('console-log');
  await expect(log).toHaveAttribute('role', 'log');
  await expect(page.getByLabel('Command (kubectl … or sim …)')).toBeVisible();

  const out = lastOutput(await run(page, 'kubectl get nodes'), 'kubectl get nodes');
  expect(out[0]).toMatch(/^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION$/);
  expect(out.some((l) => /^master\s+Ready\s/.test(l))).toBe(true);
  expect(out.some((l) => /^node-1\s+Ready\s/.test(l))).toBe(true);
  // the table lines up: every row's STATUS starts under the header's
  const col = out[0].indexOf('STATUS');
  for (const row of out.slice(1)) expect(row.slice(col)).toMatch(/^Ready/);
  const style = await log.evaluate((el) => ({
    ws: getComputedStyle(el).whiteSpace,
    tab: getComputedStyle(el).tabSize,
  }));
  expect(style).toEqual({ ws: 'pre', tab: '8' });

  // ↑ recalls it, ↓ returns to the (empty) line
  await input.click();
  await input.press('ArrowUp');
  await expect(input).toHaveValue('kubectl get nodes');
  await input.press('ArrowDown');
  await expect(input).toHaveValue('');

  // Tab completes a resource type, a namespace and a name
  await input.pressSequentially('kubectl get dae');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl get daemonsets ');
  await input.fill('kubectl describe no ma');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl describe no master ');
  await input.fill('kubectl get pods -n kube-s');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl get pods -n kube-system ');
  // several candidates: listed in the scrollback, the line stays
  await input.fill('kubectl rollout ');
  await input.press('Tab');
  await expect(log).toContainText(/history\s+pause\s+restart\s+resume\s+status\s+undo/);
  await expect(input).toHaveValue('kubectl rollout ');

  // Ctrl+C cancels the line and prints ^C
  await input.press('Control+c');
  await expect(input).toHaveValue('');
  await expect(log).toContainText('$ kubectl rollout ^C');

  // every served kind completes (from discovery): a Deployment's type and name, and rollout pause
  // offers Deployments only, as kubectl's validArgs
  await run(page, 'kubectl create deployment web --image=nginx:1.27');
  await input.fill('kubectl rollout pause dae');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl rollout pause dae');
  await input.fill('kubectl rollout pause deploym');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl rollout pause deployments ');
  await expect(async () => {
    await input.fill('kubectl rollout status deploy/w');
    await input.press('Tab');
    await expect(input).toHaveValue('kubectl rollout status deploy/web ', { timeout: 500 });
  }).toPass();
  await input.fill('');

  // spaces reach the input (React Flow shares the page)
  await input.pressSequentially('kubectl version');
  await expect(input).toHaveValue('kubectl version');
  await input.fill('');

  // Ctrl+L clears the screen
  await input.press('Control+l');
  await expect(log.locator('.console-line')).toHaveCount(0);

  // sim commands work too
  const why = await run(page, 'sim why master');
  expect(why).toContain('master');
  expect(errors, 'console errors').toEqual([]);
});

test('copy: Copy all, and Ctrl+C on a selection in the scrollback', async ({ page, context }) => {
  const errors = watchErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPage(page);
  await run(page, 'kubectl get nodes');
  await page.getByTestId('console-copy').click();
  await expect(page.getByTestId('console-copy')).toHaveText('Copied');
  const all = await page.evaluate(() => navigator.clipboard.readText());
  expect(all).toMatch(/^\$ kubectl get nodes\nNAME\s+STATUS/m);
  expect(all).toMatch(/^node-1\s+Ready/m);

  // select one output line with the mouse and copy it with Ctrl+C: plain copying still works
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const row = page.getByTestId('console-log').locator('.console-line.stdout').first();
  await row.click({ clickCount: 3 });
  const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
  expect(selected).toContain('master');
  await page.keyboard.press('Control+c');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('master');
  await expect(page.getByTestId('console-log')).not.toContainText('^C');
  expect(errors, 'console errors').toEqual([]);
});

test('the article DaemonSet: Apply, two Running pods, rollout status streams', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openPage(page);
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText(
    'daemonset.apps/fluentd-elasticsearch created',
    { timeout: 30_000 },
  );

  const cmd = 'kubectl get pods -n kube-system';
  await expect
    .poll(
      async () => {
        await page.getByTestId('console-input').press('Control+l');
        const out = lastOutput(await run(page, cmd), cmd);
        return out.filter((l) => /^fluentd-elasticsearch-\w{5}\s+1\/1\s+Running\s/.test(l)).length;
      },
      { timeout: 90_000, intervals: [1000, 2000] },
    )
    .toBe(2);

  const status = await run(page, 'kubectl rollout status ds/fluentd-elasticsearch -n kube-system');
  expect(status).toContain('daemon set "fluentd-elasticsearch" successfully rolled out');

  await run(page, 'kubectl get pods -n kube-system -o wide');
  await page.screenshot({ path: testInfo.outputPath('console-light-en.png') });
  expect(errors, 'console errors').toEqual([]);
});

test('dark theme, Simplified Chinese', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  await page.goto('./?lang=zh-CN&theme=dark');
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await expect(page.getByTestId('console-copy')).toHaveText('全部复制');
  await expect(page.getByLabel('命令（kubectl … 或 sim …）')).toBeVisible();
  await run(page, 'kubectl get nodes');
  await run(page, 'kubectl get no -o wrong');
  // stderr in the danger colour
  const err = page.getByTestId('console-log').locator('.console-line.stderr').last();
  await expect(err).toBeVisible();
  const colors = await err.evaluate((el) => ({
    line: getComputedStyle(el).color,
    danger: getComputedStyle(document.documentElement).getPropertyValue('--danger').trim(),
  }));
  expect(colors.danger).toBe('#ff8a80');
  expect(colors.line).toBe('rgb(255, 138, 128)');
  await page.screenshot({ path: testInfo.outputPath('console-dark-zh.png') });
  expect(errors, 'console errors').toEqual([]);
});
