// The article's walk-through as a built-in lesson, run to its end like a learner would.

import { expect, test } from '@playwright/test';

test('run the article lesson to its end', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?lesson=article');
  await expect(page.getByTestId('lesson-panel')).toBeVisible();
  await page.getByTestId('speed-select').selectOption('60');
  // Step 1 asks to predict first.
  await expect(page.getByTestId('lesson-question')).toBeVisible();
  await page.getByTestId('lesson-question').getByRole('radio').nth(1).check();
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-question')).toContainText('Right.');
  for (let i = 1; i <= 9; i++) {
    await expect(page.getByTestId('lesson-progress')).toContainText(`Step ${i} of 9`);
    await page.getByTestId('lesson-run').click();
    await expect(page.getByTestId('lesson-run')).toHaveText('Run again', { timeout: 60_000 });
    if (i < 9) await page.getByTestId('lesson-next').click();
  }
  await expect(page.getByTestId('lesson-done')).toBeVisible();
  const log = page.getByTestId('console-log');
  await expect(log).toContainText('daemon set "fluentd-elasticsearch" successfully rolled out');
  await expect(log).toContainText('daemonset.apps/fluentd-elasticsearch rolled back');
  // The history after the undo: revision 1 came back as 3.
  const text = await log.innerText();
  const history = text.slice(text.lastIndexOf('REVISION  CHANGE-CAUSE'));
  expect(history).toMatch(/^REVISION\s+CHANGE-CAUSE\n2\s+kubectl set image/);
  expect(history).toMatch(/\n3\s+<none>/);
  expect(history).not.toMatch(/\n1\s+<none>/);
  await page.screenshot({ path: 'test-results/lesson-done-en.png' });
});

test('open the lesson at a step: earlier steps run first, in Chinese', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('./?lesson=article&step=5&lang=zh-CN');
  // steps 1–4 run before the panel shows step 5 (the place is kept meanwhile)
  await expect(page.getByTestId('lesson-progress')).toContainText('第 5 步', { timeout: 30_000 });
  await expect(page.getByTestId('console-log')).toContainText(
    'daemonset.apps/fluentd-elasticsearch created',
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('lesson-title')).toHaveText('新节点加入');
  await page.screenshot({ path: 'test-results/lesson-step5-zh.png' });
});
