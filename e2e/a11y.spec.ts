// Accessibility: axe finds no serious or critical violations, in both languages and themes; the
// shortcut sheet opens with `?`; everything is reachable with Tab.

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

for (const [lang, theme] of [
  ['en', 'light'],
  ['zh-CN', 'dark'],
] as const) {
  test(`no serious or critical axe violations (${lang}, ${theme})`, async ({ page }) => {
    await page.goto(`./?lang=${lang}&theme=${theme}`);
    await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('apply-button').click();
    await expect(page.getByTestId('console-log')).toContainText('created');
    await page.waitForTimeout(1500);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const summary = bad.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`,
    );
    expect(summary).toEqual([]);
  });
}

test('the ? key opens the shortcut sheet and Escape closes it', async ({ page }) => {
  await page.goto('./');
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 20_000 });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
  await expect(page.getByTestId('shortcut-sheet')).toContainText('Play or pause');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcut-sheet')).toBeHidden();
});

test('keyboard only: focus the console with c, run a command, apply from the toolbar with Tab', async ({
  page,
}) => {
  await page.goto('./');
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 20_000 });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('c');
  await expect(page.getByTestId('console-input')).toBeFocused();
  await page.keyboard.type('kubectl get nodes');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('console-log')).toContainText('node-1');
  await page.getByTestId('apply-button').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
});
