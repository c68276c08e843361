// Presentation mode's side panels (issue 22): the Why panel at projector size (it stayed at 13 px), and
// Compare with room for two YAML texts side by side at 1280×720.

import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, query: string) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`./?${query}`);
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied', {
    timeout: 30_000,
  });
  // its pods up (Compare's default pair is the template and a pod)
  const status = 'kubectl rollout status ds/fluentd-elasticsearch -n kube-system';
  if (query.includes('present')) await page.getByTestId('console-toggle').click();
  await page.getByTestId('console-input').fill(status);
  await page.getByTestId('console-input').press('Enter');
  await expect(page.getByTestId('console-log')).toContainText('successfully rolled out', { timeout: 60_000 });
  if (query.includes('present')) await page.getByTestId('console-toggle').click();
}

/** The smallest text inside an element, in px (what has text of its own). */
function smallestText(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((root) => {
    let min = Infinity;
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || el.closest('[aria-hidden="true"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      min = Math.min(min, parseFloat(getComputedStyle(el).fontSize));
    }
    return min;
  });
}

test('presentation mode: the Why panel at projector size', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, 'present=1');
  const card = page.getByTestId('graph.node.master');
  await card.scrollIntoViewIfNeeded();
  await card.click({ position: { x: 40, y: 12 }, timeout: 20_000 }).catch(() => card.dispatchEvent('click'));
  await expect(page.getByTestId('why-panel')).toBeVisible();
  const px = await smallestText(page, 'why-panel');
  test.info().annotations.push({ type: 'why panel smallest text', description: `${px} px` });
  expect(px).toBeGreaterThanOrEqual(16);
});

for (const query of ['', 'present=1']) {
  test(`Compare has room at 1280×720 ${query || '(plain)'}`, async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, query);
    await page.getByTestId('tab-compare').click();
    const diff = page.getByTestId('compare-diff');
    await expect(diff.getByTestId('diff-view')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    const box = (await diff.boundingBox())!;
    // two texts side by side, each wider than the whole column was before (480 px at 1280×720)
    expect(box.width).toBeGreaterThanOrEqual(700);
    expect(box.height).toBeGreaterThanOrEqual(300);
    // the cluster keeps a column of its own
    expect((await page.getByTestId('graph-panel').boundingBox())!.width).toBeGreaterThanOrEqual(400);
    // polled: Monaco may redraw its lines just after the diff is ready, and a line read while it is taken
    // out has no computed size (NaN; about one run in four)
    if (query)
      await expect
        .poll(() =>
          diff
            .locator('.view-line')
            .first()
            .evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
        )
        .toBeGreaterThanOrEqual(16);
  });
}
