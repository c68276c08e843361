// The cluster graph against the production build: drag a node in from the palette, taint a node from
// its menu, read the "why" panel and apply its fix, change the image and undo (the revision chain
// renumbers), keyboard use, and screenshots in both languages and both themes.

import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';

// Rollouts run in simulated time at 1x on a shared 2-core machine: give each test room.
test.describe.configure({ timeout: 120_000 });
expect.configure({ timeout: 15_000 });

const card = (page: Page, name: string) => page.getByTestId(`rf__node-node:${name}`);
const daemonPods = (scope: Locator) => scope.locator('[data-testid^="pod.fluentd-elasticsearch-"]');
const dsCard = (page: Page) => page.getByTestId('rf__node-ds:kube-system/fluentd-elasticsearch');

function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return problems;
}

async function open(page: Page, query = '') {
  await page.goto(`./${query}`);
  await expect(card(page, 'master')).toBeVisible({ timeout: 60_000 });
  await expect(card(page, 'node-1')).toBeVisible();
}

/** Applies the article manifest with the editor's Apply button; both nodes get a Running pod. */
async function applyArticle(page: Page) {
  await page.getByTestId('apply-button').click();
  for (const n of ['master', 'node-1']) {
    await expect(daemonPods(card(page, n))).toHaveCount(1, { timeout: 15_000 });
    await expect(daemonPods(card(page, n)).first()).toHaveAttribute('data-status', 'Running', {
      timeout: 15_000,
    });
  }
  await expect(dsCard(page)).toBeVisible();
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A point on the empty canvas below the master card. */
async function emptySpot(page: Page) {
  const g = (await page.getByTestId('graph').boundingBox())!;
  const m = (await card(page, 'master').boundingBox())!;
  return { x: m.x + m.width / 2, y: Math.min(m.y + m.height + 90, g.y + g.height - 40) };
}

/** A palette button; in a small pane the palette is an "Add node" menu that has to be opened first. */
async function paletteItem(page: Page, kind: string) {
  const item = page.getByTestId(`palette.${kind}`);
  if (!(await item.isVisible())) await page.getByTestId('palette.toggle').click();
  await expect(item).toBeVisible();
  return item;
}

async function dragFromPalette(page: Page, kind: string, to: { x: number; y: number }) {
  const src = (await (await paletteItem(page, kind)).boundingBox())!;
  await page.mouse.move(src.x + src.width / 2, src.y + src.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

test.describe('full cards (a large screen)', () => {
  test.use({ viewport: { width: 1920, height: 1200 } });

  test('drag a worker from the palette onto the canvas: its daemon pod appears where it was dropped', async ({
    page,
  }, testInfo) => {
    const problems = watch(page);
    await open(page);
    await applyArticle(page);
    const to = await emptySpot(page);
    await dragFromPalette(page, 'worker', to);
    const node2 = card(page, 'node-2');
    await expect(node2).toBeVisible();
    // Placed in the free cell nearest to where it was dropped: the pointer is on the card or next to it.
    const box = (await node2.boundingBox())!;
    const m = (await card(page, 'master').boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - to.x)).toBeLessThan(box.width);
    expect(Math.abs(box.y + box.height / 2 - to.y)).toBeLessThan(box.height);
    // In a cell of its own: it does not overlap master.
    expect(
      box.x >= m.x + m.width ||
        box.x + box.width <= m.x ||
        box.y >= m.y + m.height ||
        box.y + box.height <= m.y,
    ).toBe(true);
    await expect(daemonPods(node2)).toHaveCount(1, { timeout: 10_000 });
    await expect(daemonPods(node2).first()).toHaveAttribute('data-status', 'Running', { timeout: 15_000 });
    await expect(dsCard(page).getByTestId('graph.ds.fluentd-elasticsearch.desired')).toHaveText('3');
    // The console echoes what the mouse did.
    await expect(page.getByTestId('console-panel')).toContainText('sim node add node-2');
    await shot(page, testInfo, 'drop-worker');
    expect(problems).toEqual([]);
  });

  test('taint a node NoExecute from its menu: the pod leaves; hovering the taint dims the pods that do not tolerate it', async ({
    page,
  }, testInfo) => {
    const problems = watch(page);
    await open(page);
    await applyArticle(page);
    await page.getByTestId('graph.node.node-1.menu').click();
    await page.getByTestId('graph.menu.taint').click();
    await page.getByTestId('graph.menu.taint-key').fill('dedicated');
    await page.getByTestId('graph.menu.taint-value').fill('db');
    await page.getByTestId('graph.menu.effect.NoExecute').check();
    await expect(page.getByTestId('graph.menu.taint-form')).toContainText(
      'kubectl taint nodes node-1 dedicated=db:NoExecute',
    );
    await shot(page, testInfo, 'taint-form');
    await page.getByTestId('graph.menu.submit').click();

    const chip = page.getByTestId('taint.node-1.dedicated.NoExecute');
    await expect(chip).toBeVisible();
    await expect(chip).toContainText('NoExecute');
    await expect(page.getByTestId('console-panel')).toContainText(
      'kubectl taint nodes node-1 dedicated=db:NoExecute',
    );
    // The pod is deleted: Terminating with a countdown, then gone.
    await expect(daemonPods(card(page, 'node-1')).first()).toHaveAttribute('data-status', 'Terminating', {
      timeout: 5_000,
    });
    await expect(card(page, 'node-1').locator('.pod-countdown')).toBeVisible();
    await shot(page, testInfo, 'taint-terminating');
    await expect(daemonPods(card(page, 'node-1'))).toHaveCount(0, { timeout: 15_000 });
    await expect(dsCard(page).getByTestId('graph.ds.fluentd-elasticsearch.desired')).toHaveText('1');

    // Hover the master taint: the fluentd pod tolerates it (lit); hover node-1's taint: nobody does.
    await page.getByTestId('taint.master.node-role.kubernetes.io/master.NoSchedule').hover();
    await expect(daemonPods(card(page, 'master')).first()).toHaveAttribute('data-highlight', 'lit');
    await chip.hover();
    await expect(daemonPods(card(page, 'master')).first()).toHaveAttribute('data-highlight', 'dim');
    await shot(page, testInfo, 'taint-hover');
    expect(problems).toEqual([]);
  });

  test('a node without a pod: the why panel explains it, and its one-click fix adds a toleration', async ({
    page,
  }, testInfo) => {
    const problems = watch(page);
    await open(page);
    await applyArticle(page);
    // Keyboard: the palette's GPU button adds a node in the next free cell.
    await (await paletteItem(page, 'gpu')).focus();
    await page.keyboard.press('Enter');
    const gpu = card(page, 'gpu-1');
    await expect(gpu).toBeVisible();
    await expect(gpu.getByTestId('taint.gpu-1.nvidia.com/gpu.NoSchedule')).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(daemonPods(gpu)).toHaveCount(0);

    // Keyboard: focus the card and select it with Space.
    await gpu.focus();
    await page.keyboard.press(' ');
    const why = page.getByTestId('why-panel');
    await expect(why).toBeVisible();
    const report = why.getByTestId('why.report.fluentd-elasticsearch');
    await expect(report.getByTestId('why.verdict')).toContainText('No new pod here');
    await expect(report.getByTestId('why.check.taint')).toContainText(
      'nvidia.com/gpu=present:NoSchedule is not tolerated',
    );
    await expect(report.getByTestId('why.check.nodeSelector')).toContainText('No nodeSelector');
    await expect(report).toContainText('NodeResourcesFit');
    await shot(page, testInfo, 'why-panel');

    await report.getByTestId('why.fix.tolerate:nvidia.com/gpu=present:NoSchedule').click();
    const preview = report.getByTestId('why.fix.preview');
    await expect(preview).toContainText('+ - key: nvidia.com/gpu');
    await expect(preview).toContainText('+   operator: Equal');
    await expect(preview).toContainText('+   value: present');
    await shot(page, testInfo, 'why-fix-preview');
    await preview.getByTestId('why.fix.apply').click();
    await expect(page.getByTestId('console-panel')).toContainText(
      'kubectl apply -f daemonset-with-toleration.yaml',
    );
    await expect(daemonPods(gpu)).toHaveCount(1, { timeout: 10_000 });
    await expect(report.getByTestId('why.verdict')).toContainText('A pod should run here', {
      timeout: 10_000,
    });

    // Keyboard: Enter on the focused card opens its menu; Escape closes it and gives focus back.
    await gpu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('graph.menu')).toBeVisible();
    await expect(page.getByTestId('graph.menu.why')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('graph.menu.taint')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('graph.menu')).toBeHidden();
    await expect(gpu).toBeFocused();
    expect(problems).toEqual([]);
  });

  test('set the image: pods move to revision 2; undo to 1: the chain renumbers it to 3', async ({
    page,
  }, testInfo) => {
    const problems = watch(page);
    await open(page);
    await applyArticle(page);
    const revs = dsCard(page).locator('[data-testid^="graph.rev."]:not([data-testid$=".undo"])');
    await expect(revs).toHaveCount(1);
    const rev1Name = (await revs.first().getAttribute('data-testid'))!.replace('graph.rev.', '');

    await page.getByTestId('graph.ds.fluentd-elasticsearch.menu').click();
    await page.getByTestId('graph.menu.image').click();
    await page.getByTestId('graph.menu.image').fill('k8s.gcr.io/fluentd-elasticsearch:v2.2.0');
    await page.getByTestId('graph.menu.submit').click();
    await expect(page.getByTestId('console-panel')).toContainText(
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
    );
    await expect(revs).toHaveCount(2);
    // The new revision is on top and current; pods change revision one node at a time.
    await expect(revs.first()).toHaveAttribute('data-revision', '2');
    await expect(revs.first()).toContainText('current');
    await expect(
      page.locator('[data-testid^="pod.fluentd-elasticsearch-"][data-revision="2"]').first(),
    ).toBeVisible({ timeout: 15_000 });
    await shot(page, testInfo, 'rollout-in-progress');
    for (const n of ['master', 'node-1']) {
      await expect(daemonPods(card(page, n))).toHaveCount(1, { timeout: 20_000 });
      await expect(daemonPods(card(page, n)).first()).toHaveAttribute('data-revision', '2', {
        timeout: 20_000,
      });
      await expect(daemonPods(card(page, n)).first()).toHaveAttribute('data-status', 'Running', {
        timeout: 20_000,
      });
    }
    await shot(page, testInfo, 'rollout-done');

    // Undo to revision 1 with the button on its row: the same ControllerRevision becomes revision 3.
    await page.getByTestId(`graph.rev.${rev1Name}.undo`).click();
    await expect(page.getByTestId('console-panel')).toContainText(
      'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system --to-revision=1',
    );
    await expect(page.getByTestId(`graph.rev.${rev1Name}`)).toHaveAttribute('data-revision', '3');
    await expect(revs.first()).toHaveAttribute('data-testid', `graph.rev.${rev1Name}`);
    await expect(revs.first()).toContainText('current');
    await expect(revs).toHaveCount(2);
    for (const n of ['master', 'node-1']) {
      await expect(daemonPods(card(page, n)).first()).toHaveAttribute('data-revision', '3', {
        timeout: 20_000,
      });
    }
    await shot(page, testInfo, 'undo-renumbered');

    // The pod's diff with the template opens in a dialog.
    await daemonPods(card(page, 'node-1')).first().click({ button: 'right' });
    await page.getByTestId('graph.menu.diff').click();
    await expect(page.getByTestId('graph.diff')).toBeVisible();
    await expect(page.getByTestId('diff-view')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    await shot(page, testInfo, 'pod-diff');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('graph.diff')).toBeHidden();
    expect(problems).toEqual([]);
  });
});

for (const { lang, theme } of [
  { lang: 'en', theme: 'light' },
  { lang: 'en', theme: 'dark' },
  { lang: 'zh-CN', theme: 'light' },
  { lang: 'zh-CN', theme: 'dark' },
]) {
  test(`screenshots: ${lang}, ${theme}`, async ({ page }, testInfo) => {
    const problems = watch(page);
    await open(page, `?lang=${lang}&theme=${theme}`);
    await applyArticle(page);
    await dragFromPalette(page, 'no-network', await emptySpot(page));
    await expect(card(page, 'no-net-1')).toBeVisible();
    await (await paletteItem(page, 'gpu')).click();
    await expect(card(page, 'gpu-1')).toBeVisible();
    await expect(card(page, 'no-net-1')).toBeVisible();
    await page.getByTestId('graph.fit').click();
    await page.waitForTimeout(400);
    await page.getByTestId('taint.master.node-role.kubernetes.io/master.NoSchedule').hover();
    await shot(page, testInfo, `${lang}-${theme}-graph`);
    await card(page, 'gpu-1').click({ position: { x: 40, y: 60 } });
    await expect(page.getByTestId('why-panel')).toBeVisible();
    await page.waitForTimeout(300);
    await shot(page, testInfo, `${lang}-${theme}-why`);
    await page.getByTestId('graph.node.node-1.menu').click();
    await expect(page.getByTestId('graph.menu')).toBeVisible();
    await shot(page, testInfo, `${lang}-${theme}-menu`);
    await page.keyboard.press('Escape');
    await page.getByTestId('graph.inspector.close').click();
    await page.getByTestId('graph.fit').click();
    await page.waitForTimeout(400);
    await daemonPods(card(page, 'node-1')).first().click();
    await expect(page.getByTestId('pod-details')).toBeVisible();
    await expect(page.getByTestId('pod-details.tolerations')).toContainText(
      lang === 'en' ? 'injected' : '注入',
    );
    await shot(page, testInfo, `${lang}-${theme}-pod`);
    expect(problems).toEqual([]);
  });
}

// A card dropped after the presenter panned (the view no longer follows the cards): dropped near the
// pane's corner, its free cell reaches past the edge. The view then shows every card, the new one
// included, wholly and uncovered (as Fit view does), smoothly, or at once for someone who prefers
// reduced motion. Before, it stayed off-screen behind a "1 node off-screen" pill.
for (const [name, viewport, query, reduced] of [
  ['1280×720', { width: 1280, height: 720 }, '', false],
  ['1280×720, reduced motion', { width: 1280, height: 720 }, '', true],
  ['700×450 embed', { width: 700, height: 450 }, '?embed=1&view=graph', false],
] as const)
  test(`a card dropped off-screen after a pan is brought into view (${name})`, async ({ page }, testInfo) => {
    const problems = watch(page);
    await page.setViewportSize(viewport);
    if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, query);
    const flowViewport = page.locator('.react-flow__viewport');
    // the presenter drags the background a little up and left: the view stops following the cards
    // (once the view has settled on the cards: a drag during its own move is part of that move)
    await page.waitForTimeout(1000);
    const pane = (await page.getByTestId('graph').boundingBox())!;
    const from = await page.evaluate((p) => {
      for (let y = p.y + p.height - 30; y > p.y + 60; y -= 10)
        for (let x = p.x + p.width - 30; x > p.x + 120; x -= 10)
          if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      return null;
    }, pane);
    expect(from, 'an empty spot of the pane to drag').not.toBeNull();
    await page.mouse.move(from!.x, from!.y);
    await page.mouse.down();
    await page.mouse.move(from!.x - 80, from!.y - 40, { steps: 6 });
    await page.mouse.up();
    await page.waitForTimeout(400);
    // every transform of the view from the drop on, one per frame
    await flowViewport.evaluate((el) => {
      const w = window as unknown as { __views: string[] };
      w.__views = [el.getAttribute('style') ?? ''];
      const seen = () => {
        const s = el.getAttribute('style') ?? '';
        if (s !== w.__views.at(-1)) w.__views.push(s);
        requestAnimationFrame(seen);
      };
      requestAnimationFrame(seen);
    });
    const g = (await page.getByTestId('graph').boundingBox())!;
    await dragFromPalette(page, 'worker', { x: g.x + g.width - 24, y: g.y + g.height - 24 });
    const node2 = card(page, 'node-2');
    await expect(node2).toBeAttached();
    // the whole card inside the pane, its name not under the toolbar or anything else
    const shown = () =>
      node2.evaluate((el, pane) => {
        const b = el.getBoundingClientRect();
        const name = el.querySelector('.node-name')!.getBoundingClientRect();
        const hit = document.elementFromPoint(name.left + name.width / 2, name.top + name.height / 2);
        return (
          b.left >= pane.x &&
          b.top >= pane.y &&
          b.right <= pane.x + pane.width &&
          b.bottom <= pane.y + pane.height &&
          !!hit &&
          el.contains(hit)
        );
      }, g);
    await expect.poll(shown).toBe(true);
    await page.waitForTimeout(600);
    expect(await shown()).toBe(true);
    // and the cards that were there: nothing left off-screen
    await expect(page.getByTestId('graph.offscreen')).toHaveCount(0);
    for (const n of ['master', 'node-1']) await expect(card(page, n)).toBeInViewport({ ratio: 1 });
    const seenViews = await page.evaluate(() => (window as unknown as { __views: string[] }).__views);
    const views = seenViews.length - 1;
    console.log(`[figure] drop revealed (${name}): the view moved in ${views} frame(s)`);
    // with reduced motion the view moves once, in one step (the transforms seen say which moved when not)
    if (reduced) expect(views, seenViews.join('\n')).toBe(1);
    await shot(page, testInfo, `drop-revealed-${viewport.width}`);
    expect(problems).toEqual([]);
  });
