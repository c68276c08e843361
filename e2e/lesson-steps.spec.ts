// A lesson's steps as a person goes through them (issue 22): Next shows the next step's own question,
// never the previous one's; an exercise's checks are shown in words, not as regular expressions.

import { expect, test, type Page } from '@playwright/test';

async function openAt(page: Page, query: string) {
  await page.goto(`./?${query}`);
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 30_000 });
}

test('Taints, step 4 → Next: step 5 shows no question (not step 4’s), as opening step 5 directly does', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAt(page, 'lesson=taints&step=4');
  await expect(page.getByTestId('lesson-progress')).toHaveText('Step 4 of 5');
  const q = page.getByTestId('lesson-question');
  await expect(q).toContainText('kubectl drain worker-1 --ignore-daemonsets');
  await q.getByRole('radio').nth(1).check();
  await page.getByTestId('lesson-check').click();
  await expect(q.getByRole('status')).toContainText('Right');
  await expect(page.getByTestId('lesson-next')).toBeEnabled({ timeout: 60_000 });
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-progress')).toHaveText('Step 5 of 5');
  await expect(page.getByTestId('lesson-title')).toHaveText('Back to work');
  await expect(page.getByTestId('lesson-question')).toHaveCount(0);
  await expect(page.getByTestId('lesson-goal')).toHaveCount(0);
  // and back: step 4's question, answered, is there again
  await page.getByTestId('lesson-prev').click();
  await expect(page.getByTestId('lesson-question')).toHaveCount(1);
  await expect(page.getByTestId('lesson-question').getByRole('status')).toContainText('Right');
});

for (const lang of ['en', 'zh-CN'] as const) {
  test(`an exercise's checks are in words, not regular expressions (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await openAt(page, `lesson=taints&step=4&lang=${lang}`);
    await expect(page.getByTestId('lesson-run')).toBeEnabled({ timeout: 60_000 });
    await page.getByTestId('lesson-run').click();
    const checks = page.getByTestId('lesson-expect');
    await expect(checks).toBeVisible({ timeout: 60_000 });
    const text = await checks.innerText();
    expect(text).not.toMatch(/\\S|\\s|\^log-agent|\/SchedulingDisabled\//);
    if (lang === 'en') {
      await expect(checks).toContainText('worker-1 shows SchedulingDisabled (cordoned)');
      await expect(checks).toContainText("the log agent's pod on worker-1 is still 1/1 Running");
    } else {
      await expect(checks).toContainText('worker-1 显示 SchedulingDisabled（已封锁）');
      await expect(checks).toContainText('worker-1 上的日志代理 Pod 仍是 1/1 Running');
    }
  });
}
