// Issue 24 (h13/tbt): on the default boot (no link, no saved session, nothing in the address that
// changes the cluster) the editor's text is in the page's first commit. It was set after that commit,
// in the boot's task, where the store's update rendered the whole manifest's preview at once (a render
// React cannot slice) — a long task of a phone's load. Pinned without timing: what the preview holds
// when React first puts it on the page.

import { expect, test, type Page } from '@playwright/test';

/** Keeps the text of React's preview (the static first view's has no test id) as it first comes. */
async function keepFirstPreview(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstPreview: string | null };
    w.__firstPreview = null;
    new MutationObserver((_, obs) => {
      const pre = document.querySelector('[data-testid="yaml-preview"]');
      if (pre) {
        w.__firstPreview = pre.textContent;
        obs.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

for (const [name, query] of [
  ['the plain page', './'],
  ['presentation mode', './?present=1'],
] as const) {
  test(`the editor's preview holds the manifest from the first commit: ${name}`, async ({ page }) => {
    await keepFirstPreview(page);
    await page.goto(query);
    await expect(page.getByTestId('yaml-preview')).toContainText('kind: DaemonSet');
    const first = await page.evaluate(
      () => (window as unknown as { __firstPreview: string | null }).__firstPreview,
    );
    expect(first).toContain('kind: DaemonSet');
    expect(first).toContain('fluentd-elasticsearch');
  });
}

test('a kept editor text is in the first commit too', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('yaml-preview')).toContainText('kind: DaemonSet');
  // the editor's text as the page keeps it (src/state/saving.ts, src/state/namespace.ts), with no
  // saved session: still the default boot
  await page.evaluate(() => {
    localStorage.setItem(
      `daemonset-playground:${location.pathname}::editor`,
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kept-text\n',
    );
    localStorage.removeItem(`daemonset-playground:${location.pathname}::session`);
  });
  await keepFirstPreview(page);
  await page.reload();
  await expect(page.getByTestId('yaml-preview')).toContainText('kept-text');
  const first = await page.evaluate(
    () => (window as unknown as { __firstPreview: string | null }).__firstPreview,
  );
  expect(first).toContain('kept-text');
});
