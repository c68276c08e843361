// Issue 24 (h15/warm): the graph's pane has its size from its first commit. GraphSlot reads the panel's
// box after the page's paint (laid out then) and hands it to GraphPanel; before, the pane read its own
// size in its mount's commit — a forced layout of the new canvas — and rendered the graph a second time
// with it, both before its first view. Pinned without timing: the classes the pane has when React first
// puts it on the page. A phone's pane is small (the folded toolbar, `is-small`) from then on, not
// changed to it by a second commit.

import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 412, height: 823 } });

test('a phone’s graph pane is small from its first commit', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstGraphClass: string | null };
    w.__firstGraphClass = null;
    new MutationObserver((records) => {
      for (const r of records) {
        if (w.__firstGraphClass !== null) return;
        const el = r.target as Element;
        // the first change of the pane's classes says what they were when it was put on the page
        if (r.type === 'attributes' && el.classList?.contains('graph-root')) w.__firstGraphClass = r.oldValue;
      }
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['class'],
      attributeOldValue: true,
    });
  });
  await page.goto('./');
  await expect(page.locator('.graph-root .react-flow__node').first()).toBeVisible({ timeout: 60_000 });
  const first = await page.evaluate(
    () =>
      (window as unknown as { __firstGraphClass: string | null }).__firstGraphClass ??
      document.querySelector('.graph-root')?.className ??
      null,
  );
  expect(first).toContain('graph-root');
  expect(first).toContain('is-small');
});
