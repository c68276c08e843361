// Issue 23, point 5 on the page: "a Deployment keeps one ReplicaSet per version; a DaemonSet records
// versions as ControllerRevisions" as a picture. A Deployment made from the console gets a card
// beside the DaemonSet's; `set image` adds a second ReplicaSet (rev 2, the old one scaled to 0),
// `rollout undo` gives the first one revision 3 ("was rev 1"); the card's text is ≥ 10 px and not
// covered at 1280×720 and in the 700×450 embed; the Compare view compares two ReplicaSets' templates;
// the palette's Deployment button applies one.

import { expect, test, type Locator, type Page } from '@playwright/test';
import { measureGraph } from './graphMeasure.mjs';
import type { GraphMeasure } from './graphMeasure.mjs';

test.describe.configure({ timeout: 180_000 });
expect.configure({ timeout: 30_000 });

async function open(page: Page, query = '') {
  await page.goto(`./?${query}`);
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await expect(page.getByTestId('console-input')).toBeVisible({ timeout: 30_000 });
}

/** The editor's manifest (the article's DaemonSet), applied: the DaemonSet card the Deployment's stands beside. */
async function applyDaemonSet(page: Page) {
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('graph.ds.kube-system.fluentd-elasticsearch')).toBeVisible({
    timeout: 30_000,
  });
}

async function type(page: Page, line: string) {
  const input = page.getByTestId('console-input');
  await input.fill(line);
  await input.press('Enter');
}

const card = (page: Page) => page.getByTestId('graph.deploy.default.web');
const rsRows = (page: Page) => card(page).locator('[data-testid^="graph.rs."][data-revision]');

/** The card's ReplicaSets, top to bottom: revision, and ready/desired. */
async function chain(page: Page): Promise<string[]> {
  return rsRows(page).evaluateAll((rows) =>
    rows.map((r) => {
      const c = r.querySelector('[data-ready]');
      return `rev ${r.getAttribute('data-revision')} ${c?.getAttribute('data-ready')}/${c?.getAttribute('data-desired')}${r.getAttribute('aria-current') ? ' current' : ''}`;
    }),
  );
}

/** Every text of a card: its size after zoom (≥ 10 px) and whether something else covers its middle. */
async function textProblems(loc: Locator): Promise<string[]> {
  return loc.evaluate((el) => {
    const vp = el.closest('.react-flow__viewport') as HTMLElement | null;
    const m = vp ? /scale\(([\d.]+)\)/.exec(vp.style.transform) : null;
    const zoom = m ? Number(m[1]) : 1;
    const out: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const p = t.parentElement;
      if (!t.textContent?.trim() || !p || p.closest('.sr-only')) continue;
      const range = document.createRange();
      range.selectNodeContents(t);
      const r = range.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      const px = parseFloat(getComputedStyle(p).fontSize) * zoom;
      const text = t.textContent.trim().slice(0, 24);
      if (px < 10 - 0.05) out.push(`${text}: ${px.toFixed(1)} px`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !el.contains(hit)) out.push(`${text}: covered by ${hit?.className || hit?.tagName}`);
    }
    return out;
  });
}

const measure = (page: Page) => page.evaluate(measureGraph) as Promise<GraphMeasure>;

test('a Deployment card: one ReplicaSet per version with its revision and replicas; undo makes rev 3; readable at 1280×720 and 700×450; Compare two ReplicaSets', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page);
  await applyDaemonSet(page);
  await type(page, 'kubectl create deployment web --image=nginx:1.27 --replicas=3');
  await expect(page.getByTestId('console-log')).toContainText('deployment.apps/web created');
  await expect(card(page)).toBeVisible();
  // Beside the DaemonSet's card, each its own.
  await expect(page.getByTestId('graph.ds.kube-system.fluentd-elasticsearch')).toBeVisible();
  await expect.poll(() => chain(page)).toEqual(['rev 1 3/3 current']);

  await type(page, 'kubectl set image deployment/web nginx=nginx:1.28');
  await expect(page.getByTestId('console-log')).toContainText('deployment.apps/web image updated');
  await expect.poll(() => chain(page), { timeout: 60_000 }).toEqual(['rev 2 3/3 current', 'rev 1 0/0']);
  await expect(rsRows(page).first()).toContainText('1.28');
  await expect(rsRows(page).nth(1)).toContainText('1.27');
  await page.screenshot({ path: test.info().outputPath('two-replicasets.png') });

  await type(page, 'kubectl rollout undo deployment/web');
  await expect(page.getByTestId('console-log')).toContainText('deployment.apps/web rolled back');
  await expect.poll(() => chain(page), { timeout: 60_000 }).toEqual(['rev 3 3/3 current', 'rev 2 0/0']);
  await expect(rsRows(page).first()).toContainText('1.27');
  // The number it had before the undo (full cards: "was rev 1", smaller ones: "(was 1)").
  await expect(rsRows(page).first().locator('.rev-was')).toHaveText(/was (rev )?1\)?$/);

  // Readable where a class sees it: the card's text ≥ 10 px and uncovered, no card over another.
  await page.getByRole('button', { name: /fit view/i }).click();
  await expect.poll(() => textProblems(card(page)), { timeout: 15_000 }).toEqual([]);
  expect((await measure(page)).overlaps).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('after-undo-1280.png') });

  await page.setViewportSize({ width: 700, height: 450 });
  await page.goto(`./?embed=1&view=graph${await page.evaluate(() => location.hash)}`);
  await expect(card(page)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => chain(page).then((c) => c.slice(0, 1)), { timeout: 60_000 })
    .toEqual(['rev 3 3/3 current']);
  await expect.poll(() => textProblems(card(page)), { timeout: 15_000 }).toEqual([]);
  expect((await measure(page)).overlaps).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('after-undo-700.png') });

  // Compare: the two ReplicaSets' templates, side by side.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`./?view=split${await page.evaluate(() => location.hash)}`);
  await expect(card(page)).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('tab-compare').click();
  const left = page.getByTestId('compare-left');
  const right = page.getByTestId('compare-right');
  const rsOptions = left.locator('option', { hasText: /^ReplicaSet web-/ });
  await expect(rsOptions).toHaveCount(2);
  const values = await rsOptions.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  await left.selectOption(values[0]);
  await right.selectOption(values[1]);
  const diff = page.getByTestId('compare-diff');
  await expect(diff).toContainText('nginx:1.27');
  await expect(diff).toContainText('nginx:1.28');
  await page.screenshot({ path: test.info().outputPath('compare.png') });
});

test('the palette applies a Deployment: its card and its replica pods, marked as such on the node cards', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page);
  await applyDaemonSet(page);
  const item = page.getByTestId('palette.deployment');
  if (!(await item.isVisible())) await page.getByTestId('palette.toggle').click();
  await item.click();
  await expect(page.getByTestId('console-log')).toContainText('deployment.apps/web created');
  await expect(card(page)).toBeVisible();
  await expect.poll(() => chain(page), { timeout: 60_000 }).toEqual(['rev 1 2/2 current']);
  // The replica pods say whose they are on the node card, apart from the daemon pod.
  const node = page.getByTestId('rf__node-node:node-1');
  await expect(node.locator('[data-owner-kind="ReplicaSet"]').first()).toBeVisible();
  await expect(node.locator('[data-owner-kind="DaemonSet"]').first()).toBeVisible();

  // Keys as on the DaemonSet card: Enter on the focused card opens its menu, Escape closes it.
  await page.getByTestId('rf__node-deploy:default/web').focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('graph.menu');
  await expect(menu).toHaveAttribute('aria-label', 'deployment.apps/web');
  // Enter also selects the card: its side panel opens and the view refits; the menu stays open, under
  // its card where the card is now.
  await expect(page.getByTestId('deploy-details')).toBeVisible();
  // (once the view has settled: its left edge at the card's, or pulled left to stay inside the window)
  const offset = async () => {
    const c = (await page.getByTestId('rf__node-deploy:default/web').boundingBox())!;
    const m = (await menu.boundingBox())!;
    const pulled = Math.max(0, c.x + m.width + 4 - 1280);
    return [Math.round(m.x - (c.x - pulled)) || 0, Math.round(m.y - (c.y + c.height)) || 0];
  };
  await expect.poll(offset, { timeout: 5_000 }).toEqual([0, 2]);
  await expect(menu.getByTestId('graph.menu.scale-up')).toHaveAttribute(
    'title',
    'kubectl scale deployment/web --replicas=3 -n default',
  );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('the side panel of a selected Deployment: its ReplicaSets with revision, was rev N, image, change-cause and replicas; a stuck rollout in words (en, zh-CN)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page);
  await type(page, 'kubectl create deployment web --image=nginx:1.27 --replicas=2');
  await expect(card(page)).toBeVisible();
  await type(page, 'sim settle');
  await type(page, 'kubectl set image deployment/web nginx=nginx:1.28');
  await type(page, 'kubectl annotate deployment/web kubernetes.io/change-cause="nginx 1.28 for the class"');
  await type(page, 'sim settle');
  await type(page, 'kubectl rollout undo deployment/web');
  await type(page, 'sim settle');
  await expect.poll(() => chain(page), { timeout: 60_000 }).toEqual(['rev 3 2/2 current', 'rev 2 0/0']);

  await card(page).click({ position: { x: 30, y: 12 } });
  const panel = page.getByTestId('deploy-details');
  await expect(panel).toBeVisible();
  await expect(panel.locator('h3')).toHaveText('deployment.apps/web');
  const rows = panel.locator('[data-testid^="deploy-details.rs."]');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-revision', '3');
  await expect(rows.first()).toContainText('rev 3 · was rev 1');
  await expect(rows.first()).toContainText('nginx:1.27');
  await expect(rows.first()).toContainText('2/2 ready');
  await expect(rows.nth(1)).toContainText('nginx:1.28');
  await expect(rows.nth(1)).toContainText('change-cause: nginx 1.28 for the class');
  await expect(rows.nth(1).getByRole('button', { name: 'Roll back to revision 2' })).toBeVisible();
  await expect(panel.getByTestId('deploy-details.condition.Available')).toContainText('Available True');

  // A tag that does not exist: the rollout stalls, and after progressDeadlineSeconds (600 s) the
  // Progressing condition says ProgressDeadlineExceeded, in words.
  await type(page, 'kubectl set image deployment/web nginx=nginx:v9.99.0-release-candidate-for-the-class');
  await type(page, 'sim advance 11m');
  const progressing = panel.getByTestId('deploy-details.condition.Progressing');
  await expect(progressing).toContainText('ProgressDeadlineExceeded');
  await expect(progressing).toContainText('made no progress within progressDeadlineSeconds');
  await expect(progressing).toHaveClass(/warn/);
  await expect(rows.first()).toContainText('nginx:v9.99.0-release-candidate-for-the-class');
  await page.screenshot({ path: test.info().outputPath('deploy-panel-en.png') });

  await page.goto(`./?lang=zh-CN${await page.evaluate(() => location.hash)}`);
  await expect(card(page)).toBeVisible({ timeout: 30_000 });
  await card(page).click({ position: { x: 30, y: 12 } });
  await expect(page.getByTestId('deploy-details')).toContainText('状况');
  await expect(page.getByTestId('deploy-details.condition.Progressing')).toContainText('没有进展');
  await page.screenshot({ path: test.info().outputPath('deploy-panel-zh.png') });
});
