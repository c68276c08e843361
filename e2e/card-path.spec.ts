// The first graph card's path (issue 24): the scripts the page has asked for by the time React Flow
// draws the first card are what a cold phone waits for on the line. Code that no card needs until the
// learner acts stays out of them; each test names that code by a string only it has.

import { gzipSync } from 'node:zlib';
import { expect as baseExpect, test, type Page } from '@playwright/test';

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
// a phone's viewport: its editor waits for a touch, so the scripts are the card's (as on the throttled phone)
test.use({ viewport: { width: 412, height: 823 } });

/** The page's scripts (not its workers') asked for by the time the first card is drawn, with their text. */
async function cardPath(page: Page): Promise<Map<string, string>> {
  // the moment React Flow's first card is in the page (its own node card, not the static first view's)
  await page.addInitScript(() => {
    const w = window as unknown as { __cardAt?: number };
    const seen = () => {
      if (w.__cardAt === undefined && document.querySelector('[data-testid="graph.node.master"]'))
        w.__cardAt = performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  // the page's own resource timeline (its workers' requests are in theirs), asked for before that moment
  const asked = await page.evaluate(() => {
    const cardAt = (window as unknown as { __cardAt: number }).__cardAt;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= cardAt && /\.js(\?|$)/.test(e.name))
      .map((e) => e.name);
  });
  const files = new Map<string, string>();
  for (const url of asked) files.set(url, await (await page.request.get(url)).text());
  const gzip = [...files.values()].reduce((n, text) => n + gzipSync(text, { level: 9 }).length, 0);
  console.log(`[figure] card path: ${files.size} scripts, ${gzip} B gzip -9`);
  return files;
}

test("the action menu's code is in none of the card's files", async ({ page, browser }) => {
  const files = await cardPath(page);
  expect(files.size).toBeGreaterThan(0);
  // the menu's forms (src/ui/graph/ActionMenu.tsx)
  const holding = [...files].filter(([, text]) => text.includes('graph.menu.taint-form')).map(([url]) => url);
  expect(holding).toEqual([]);
  // and it still works: a card's ⋯ (on a wide page) opens its menu, its chunk loaded then or already
  const wide = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await wide.goto('./');
  await wide.getByTestId('graph.node.node-1.menu').click();
  await expect(wide.getByTestId('graph.menu.cordon')).toBeVisible();
  await wide.close();
});
