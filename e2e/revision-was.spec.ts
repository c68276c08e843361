// Issue 22, point 4: "was rev N" after `kubectl rollout undo` on the DaemonSet card and in its side
// panel. The number a revision had before the controller renumbered it is not on any object (a real
// ControllerRevision keeps none); the engine records it beside the objects, so a reload (the saved
// session replayed) and a share link opened in a fresh context say it too — the page used to infer it
// from the chain it had seen before, and lost it on both.

import { expect, test, type Browser, type Page } from '@playwright/test';

test.describe.configure({ timeout: 180_000 });
expect.configure({ timeout: 30_000 });

const DS = 'graph.ds.kube-system.fluentd-elasticsearch';

async function engineUp(page: Page) {
  await expect(page.getByTestId('console-input')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

async function run(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
}

/** The DaemonSet card's revisions, top to bottom: `rev N` and, after an undo, `(was M)`. */
async function chain(page: Page): Promise<string[]> {
  return page
    .getByTestId(DS)
    .locator('[data-testid^="graph.rev."][data-revision]')
    .evaluateAll((rows) =>
      rows.map((r) => {
        const was = r.querySelector('.rev-was')?.textContent?.match(/\d+/)?.[0];
        return `rev ${r.getAttribute('data-revision')}${was ? ` (was ${was})` : ''}`;
      }),
    );
}

/** The DaemonSet's side panel: each revision's line up to its hash. */
async function panel(page: Page): Promise<string[]> {
  await page.getByTestId(DS).click({ position: { x: 30, y: 12 } });
  const rows = page.getByTestId('ds-details').locator('[data-testid^="ds-details.rev."]');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((rs) =>
    rs.map((r) =>
      (r.firstChild?.parentElement?.textContent ?? '')
        .replace(/\s+/g, ' ')
        .replace(/ [0-9a-z]{8,10}\b.*$/, '')
        .trim(),
    ),
  );
}

async function copyLink(page: Page): Promise<string> {
  await page.getByTestId('share-button').click();
  const field = page.getByTestId('share-link-field');
  await expect(field).toBeVisible();
  await expect(page.getByTestId('share-status')).toContainText('Copied');
  const url = await field.inputValue();
  await page.keyboard.press('Escape');
  return url;
}

async function openFresh(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(url);
  await expect(page.getByTestId('share-info')).toBeVisible({ timeout: 30_000 });
  await engineUp(page);
  return { context, page };
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('"was rev 1" after rollout undo stays after a reload and in a share link, on the card and in the side panel', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('./');
  await engineUp(page);
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId(DS)).toBeVisible({ timeout: 30_000 });
  await run(page, 'sim settle');
  await run(
    page,
    'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
  );
  await run(page, 'sim settle');
  await expect.poll(() => chain(page)).toEqual(['rev 2', 'rev 1']);
  await run(page, 'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system');
  await run(page, 'sim settle');
  const undone = ['rev 3 (was 1)', 'rev 2'];
  await expect.poll(() => chain(page)).toEqual(undone);
  await expect(page.getByTestId(DS).locator('.rev-was').first()).toHaveText(/was rev 1/);
  expect(await panel(page)).toEqual(['rev 3 · was rev 1', 'rev 2']);
  // kubectl shows what a real cluster shows: the revisions carry no trace of the old number
  await page.getByTestId('console-clear').click();
  await run(page, 'kubectl get controllerrevisions -n kube-system -o yaml');
  expect(await page.getByTestId('console-log').innerText()).not.toMatch(/was|previous|renumber/i);
  await page.screenshot({ path: test.info().outputPath('undone.png') });

  // A reload: the saved session is replayed.
  await page.reload();
  await expect(page.getByTestId('session-notice')).toContainText('replayed', { timeout: 30_000 });
  await engineUp(page);
  await expect.poll(() => chain(page)).toEqual(undone);
  expect(await panel(page)).toEqual(['rev 3 · was rev 1', 'rev 2']);
  await page.screenshot({ path: test.info().outputPath('reloaded.png') });

  // A share link opened in a fresh context (nothing saved there).
  const url = await copyLink(page);
  const fresh = await openFresh(browser, url);
  await expect.poll(() => chain(fresh.page)).toEqual(undone);
  expect(await panel(fresh.page)).toEqual(['rev 3 · was rev 1', 'rev 2']);
  await fresh.page.screenshot({ path: test.info().outputPath('shared.png') });
  await fresh.context.close();
});
