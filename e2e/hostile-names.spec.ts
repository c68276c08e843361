// Names from outside on the built page (issue 10): `?lesson=constructor` opens the playground (no lesson,
// no blank page), the console answers prototype names as kubectl would, and a share link over the
// page's node budget is refused with the input and the limit named.

import { expect, test, type Page } from '@playwright/test';
import { encodeShared } from '../src/share/codec';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function engineUp(page: Page) {
  await expect(page.getByTestId('console-input')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

async function run(page: Page, command: string): Promise<string> {
  const input = page.getByTestId('console-input');
  await input.click();
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
  return page.getByTestId('console-log').innerText();
}

for (const id of ['constructor', '__proto__', 'toString']) {
  test(`?lesson=${id} opens the playground without a lesson`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`./?lesson=${encodeURIComponent(id)}`);
    await engineUp(page);
    await expect(page.getByTestId('graph.node.node-1')).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('the console answers prototype names as kubectl and the API server do', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await engineUp(page);
  let log = await run(page, 'kubectl constructor');
  expect(log).toContain('error: unknown command "constructor" for "kubectl"');
  log = await run(page, 'kubectl label node node-1 __proto__=x');
  expect(log).toContain(
    'The Node "node-1" is invalid: metadata.labels: Invalid value: "__proto__": name part must consist of alphanumeric characters',
  );
  log = await run(page, 'kubectl label node node-1 toString=yes');
  expect(log).toContain('node/node-1 labeled');
  for (const bad of ['function Object()', '[native code]', '[object Object]', 'undefined'])
    expect(log).not.toContain(bad);
  expect(errors).toEqual([]);
});

test('a share link over the node budget names the input and the limit', async ({ page }) => {
  const payload = encodeShared({
    seed: 1,
    preset: 'large',
    nodes: 5000,
    inputs: [
      { at: 0, line: 'kubectl get nodes' },
      { at: 0, line: 'sim node add one-too-many' },
    ],
    until: 0,
    editorText: '',
  });
  await page.goto(`./#s=${payload}`);
  const notice = page.getByTestId('share-error');
  await expect(notice).toHaveAttribute('data-code', 'budget');
  await expect(notice).toContainText('Command 2 goes past 5,000 nodes, the most the page runs.');
  await expect(notice).toContainText('The default playground was opened instead.');
  await engineUp(page);
  await expect(page.getByTestId('graph.node.node-1')).toBeVisible();
});
