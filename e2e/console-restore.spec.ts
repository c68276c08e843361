// Smaller things a person notices (issue 9): a restored share link shows the replayed commands with
// their output and writes the clock as the timeline does (+7s); the "Last step" line goes when the
// timeline goes back; a kubectl error after Apply names what the echo named (standard input).

import { expect, test, type Page } from '@playwright/test';

async function run(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('a restored link shows the replayed commands and what they printed, with the clock as +Ns', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto('./');
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
  await run(page, 'sim node add node-2');
  await run(page, 'kubectl get nodes');
  await expect(page.getByTestId('console-log')).toContainText(/node-2\s+\S+\s+<none>/);
  await page.getByTestId('share-button').click();
  const url = await page.getByTestId('share-link-field').inputValue();

  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(url);
  const log = fresh.getByTestId('console-log');
  await expect(log).toContainText('restored from a shared link', { timeout: 30_000 });
  const text = await log.innerText();
  expect(text).toMatch(/clock at \+\d+s\b/);
  expect(text).not.toMatch(/\+\d+m\d\ds/);
  // the replayed commands, each followed by its output, in order
  const apply = text.indexOf('$ kubectl apply -f - <<EOF …');
  const created = text.indexOf('daemonset.apps/fluentd-elasticsearch created');
  const get = text.indexOf('$ kubectl get nodes');
  expect(apply).toBeGreaterThan(-1);
  expect(created).toBeGreaterThan(apply);
  expect(get).toBeGreaterThan(created);
  expect(text.slice(get)).toMatch(/NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION[\s\S]*node-2\s/);
  // someone arriving by a link has acted already: no first-step hint
  await expect(fresh.getByTestId('first-step-hint')).toBeHidden();
  await expect(fresh.getByTestId('manifest-state')).toHaveText('Applied');
});

test('the Last step line goes when the timeline goes back, and so does "Applied" before the Apply', async ({
  page,
}) => {
  await page.goto('./');
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
  await expect(page.getByTestId('manifest-state')).toHaveText('Applied');
  await page.getByTestId('play-toggle').click();
  await expect(page.getByTestId('play-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('step-button').click();
  await expect(page.getByTestId('step-line')).toContainText('Last step');
  const slider = page.getByTestId('timeline-scrub');
  await slider.focus();
  await slider.press('Home');
  await expect(page.getByTestId('fork-note').or(page.getByTestId('rewinding-note')).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('step-line')).toBeHidden();
  // back before the Apply: nothing is applied, and the editor says so
  await expect(page.getByTestId('manifest-state')).toHaveText('Not applied yet');
});

test('an apply error names standard input, as the echo does', async ({ page }) => {
  await page.goto('./');
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 20_000 });
  await page.locator('.monaco-editor').first().click();
  await page.keyboard.press('Control+End');
  await page.evaluate(
    (t) => navigator.clipboard.writeText(t),
    '\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: x\n',
  );
  await page.keyboard.press('Control+V');
  await page.getByTestId('apply-button').click();
  const log = page.getByTestId('console-log');
  await expect(log).toContainText('$ kubectl apply -f -');
  await expect(log).toContainText('from "STDIN": no matches for kind "Widget"');
  await expect(log).not.toContainText('manifest.yaml');
});
