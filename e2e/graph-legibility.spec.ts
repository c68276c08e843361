// Issue 9, the graph half: what a person sees of the cluster at a projector (1280×720), in the
// 700×450 course embed (split, graph, split with the lesson) and on a 390×844 phone, with the
// article's DaemonSet applied and four nodes added. Measured the way a person sees it: each node
// name fully shown inside the cluster pane and not covered (elementFromPoint), text size after zoom
// (font-size × zoom), card overlaps; plus following added nodes, the off-screen pill, Fit view, and
// Esc on the side panel.

import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { measureGraph } from './graphMeasure.mjs';
import type { GraphMeasure } from './graphMeasure.mjs';

test.describe.configure({ timeout: 150_000 });
expect.configure({ timeout: 15_000 });

const ADD_NODES = [
  'sim node add node-2',
  'sim node add gpu-1 --label nvidia.com/gpu.present=true --taint nvidia.com/gpu=present:NoSchedule',
  'sim node add no-net-1 --no-network',
  'sim node add control-plane-1 --label node-role.kubernetes.io/control-plane= --taint node-role.kubernetes.io/control-plane:NoSchedule',
];

function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (
      m.type() === 'error' ||
      (m.type() === 'warning' && /React Flow|xyflow|getNodesBounds/i.test(m.text()))
    )
      problems.push(`${m.type()}: ${m.text()}`);
  });
  return problems;
}

const measure = (page: Page) => page.evaluate(measureGraph) as Promise<GraphMeasure>;

/** Every node of the cluster has its name readable: shown whole, in the pane, uncovered, ≥ 12 px. */
async function expectAllNamesReadable(page: Page, count: number) {
  await expect
    .poll(
      async () => {
        const m = await measure(page);
        return {
          seen: m.totalNames,
          readable: m.visibleNames,
          hidden: m.names.filter((n) => !n.visible).map((n) => `${n.name}: ${n.why}`),
        };
      },
      { timeout: 10_000 },
    )
    .toEqual({ seen: count, readable: count, hidden: [] });
}

function expectLegible(m: GraphMeasure, name: number, minText = 10) {
  expect(m.names.filter((n) => !n.visible)).toEqual([]);
  for (const n of m.names) expect(n.px).toBeGreaterThanOrEqual(name);
  expect(m.minText ?? 0, `smallest text: ${m.minTextWhere}`).toBeGreaterThanOrEqual(minText);
  expect(m.overlaps).toEqual([]);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function type(page: Page, line: string) {
  await page.getByTestId('console-input').fill(line);
  await page.getByTestId('console-input').press('Enter');
  await expect(page.getByTestId('console-log')).toContainText(`$ ${line.slice(0, 40)}`);
}

/** Opens the page, applies the article's DaemonSet and adds the four nodes from the console. */
async function buildCluster(page: Page) {
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('apply-button').click();
  await expect(page.locator('[data-testid="graph.node.node-1"] [data-status="Running"]')).toBeVisible({
    timeout: 20_000,
  });
  for (const [i, line] of ADD_NODES.entries()) {
    await type(page, line);
    // The view follows every node added from the console.
    await expectAllNamesReadable(page, 3 + i);
  }
}

/** A point of the canvas with nothing on it (a person pans by grabbing the background). */
async function emptyPanePoint(page: Page) {
  const p = await page.evaluate(() => {
    const pane = document.querySelector('[data-testid="graph"] .react-flow__pane')!.getBoundingClientRect();
    for (let y = pane.bottom - 10; y > pane.top + 40; y -= 10)
      for (let x = pane.left + pane.width / 3; x < pane.right - 40; x += 10) {
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.classList.contains('react-flow__pane')) return { x, y };
      }
    return null;
  });
  expect(p).not.toBeNull();
  return p!;
}

async function shareLink(page: Page): Promise<string> {
  await page.getByTestId('share-button').click();
  const url = await page.getByTestId('share-link-field').inputValue();
  await page.keyboard.press('Escape');
  return new URL(url).hash;
}

async function openAt(
  browser: Browser,
  query: string,
  hash: string,
  viewport: { width: number; height: number },
  nodes = 6,
) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(`./${query}${hash}`);
  await expect(page.getByTestId('graph')).toHaveAttribute('data-nodes', String(nodes), { timeout: 60_000 });
  await page.waitForTimeout(800);
  return { context, page, problems };
}

test('1280×720: every added node is followed and readable; the same cluster at 700×450 and 390×844', async ({
  page,
  browser,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const problems = watch(page);
  await buildCluster(page);
  expectLegible(await measure(page), 12);
  await shot(page, testInfo, 'desktop');
  // The node without a daemon pod says why on its card.
  // (a few words on a small card, the full reason on hover and focus)
  await expect(page.getByTestId('graph.node.gpu-1.reason')).toHaveAttribute(
    'data-full',
    'taint nvidia.com/gpu=present:NoSchedule not tolerated',
  );
  await expect(page.getByTestId('graph.node.gpu-1.why')).toHaveAttribute(
    'aria-label',
    /^taint nvidia.com\/gpu=present:NoSchedule not tolerated/,
  );
  expect(problems).toEqual([]);

  const hash = await shareLink(page);
  const sizes = [
    { name: 'present', query: '?present=1', viewport: { width: 1280, height: 720 }, namePx: 18 },
    { name: 'embed-split', query: '?embed=1&view=split', viewport: { width: 700, height: 450 }, namePx: 12 },
    { name: 'embed-graph', query: '?embed=1&view=graph', viewport: { width: 700, height: 450 }, namePx: 12 },
    { name: 'phone', query: '', viewport: { width: 390, height: 844 }, namePx: 12 },
    { name: 'zh-dark', query: '?lang=zh-CN&theme=dark', viewport: { width: 1280, height: 720 }, namePx: 12 },
  ];
  for (const s of sizes) {
    const o = await openAt(browser, s.query, hash, s.viewport);
    // On a phone the panels stack and the page scrolls: a person scrolls down to the cluster first.
    if (s.name === 'phone') {
      await o.page.getByTestId('graph-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await o.page.waitForTimeout(300);
    }
    const m = await measure(o.page);
    await shot(o.page, testInfo, s.name);
    expect(m.totalNames, s.name).toBe(6);
    // Presentation mode asks for 18 px names where the pane leaves room for them (the page layout).
    expectLegible(m, s.name === 'present' && m.paneShare < 0.45 ? 12 : s.namePx);
    // The graph's own toolbar, legend and palette leave most of the pane free.
    expect(m.freeShare, s.name).toBeGreaterThan(0.85);
    expect(o.problems, s.name).toEqual([]);
    await o.context.close();
  }
});

// Issue 22: the teaching state in words on every card, at every size a class meets: the pod's phase and
// revision (`Running · rev 1`, `ImagePullBackOff · rev 2`), or why a node has no pod (`no network`),
// each whole, in the pane, not covered and ≥ 10 px — with a `set image` to a typo'd tag under way.
test('every card says its pod phase and revision, or why no pod, in words ≥ 10 px at every size', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await buildCluster(page);
  await type(
    page,
    'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo -n kube-system',
  );
  await expect(page.locator('[data-testid="graph"] [data-trouble="pull"]').first()).toBeVisible({
    timeout: 60_000,
  });
  const hash = await shareLink(page);
  const sizes = [
    { name: 'words-1280', query: '', viewport: { width: 1280, height: 720 } },
    {
      name: 'words-present-console',
      query: '?present=1',
      viewport: { width: 1280, height: 720 },
      console: true,
    },
    { name: 'words-embed-split', query: '?embed=1&view=split', viewport: { width: 700, height: 450 } },
    {
      name: 'words-embed-lesson',
      query: '?embed=1&view=split&lesson=article',
      viewport: { width: 700, height: 450 },
    },
    { name: 'words-phone', query: '', viewport: { width: 390, height: 844 } },
    {
      name: 'words-embed-zh-dark',
      query: '?embed=1&view=split&lang=zh-CN&theme=dark',
      viewport: { width: 700, height: 450 },
    },
  ];
  for (const s of sizes) {
    const o = await openAt(browser, s.query, hash, s.viewport);
    if (s.console) await o.page.getByTestId('console-toggle').evaluate((el) => (el as HTMLElement).click());
    if (s.name === 'words-phone')
      await o.page.getByTestId('graph-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await o.page.waitForTimeout(1500);
    await expect
      .poll(
        async () =>
          (await measure(o.page)).teaching
            .filter((c) => !c.ok)
            .map((c) => `${c.name}: ${c.words} (${c.why})`),
        { timeout: 15_000, message: s.name },
      )
      .toEqual([]);
    const m = await measure(o.page);
    expect(m.teaching.length, s.name).toBe(6);
    const says = new Map(m.teaching.map((c) => [c.name, c.words]));
    const zh = s.query.includes('zh-CN');
    expect(says.get('no-net-1'), s.name).toBe(zh ? '无网络' : 'no network');
    expect(says.get('gpu-1'), s.name).toBe(zh ? '未容忍污点' : 'taint not tolerated');
    expect(m.teaching.find((c) => c.name === 'gpu-1')!.full).toContain('nvidia.com/gpu=present:NoSchedule');
    // The release under way: one node runs the new revision and cannot pull it, the others the old one.
    const rev = zh ? '修订' : 'rev';
    expect(
      [...says.values()].filter((w) => new RegExp(`^(ErrImagePull|ImagePullBackOff) · ${rev} 2$`).test(w)),
      s.name,
    ).toHaveLength(1);
    expect(
      [...says.values()].filter((w) => w === `Running · ${rev} 1`).length,
      s.name,
    ).toBeGreaterThanOrEqual(2);
    // The DaemonSet's name on its card is read whole too (it wraps after a hyphen on small cards).
    expect(m.workloads, s.name).toEqual([{ name: 'fluentd-elasticsearch', ok: true, why: '' }]);
    await shot(o.page, testInfo, s.name);
    expect(o.problems, s.name).toEqual([]);
    await o.context.close();
  }
});

// A Deployment's replicas on nodes without a daemon pod (before the DaemonSet is applied): a small card
// has one row for a replica's chip, `+4 web` and why there is no daemon pod; the why is read whole (it
// wraps below), not cut to `no D…`.
test("beside a Deployment's replicas, a card without a daemon pod says why, whole, on a phone and in the embed", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  await type(page, 'kubectl create deployment web --image=nginx:1.27 --replicas=6');
  await expect(page.locator('[data-testid="graph.node.node-1"] [data-status="Running"]').first()).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  const hash = await shareLink(page);
  const sizes = [
    { name: 'replicas-phone', query: '', viewport: { width: 390, height: 844 } },
    { name: 'replicas-embed', query: '?embed=1&view=split', viewport: { width: 700, height: 450 } },
    { name: 'replicas-phone-zh', query: '?lang=zh-CN', viewport: { width: 390, height: 844 } },
  ];
  for (const s of sizes) {
    const o = await openAt(browser, s.query, hash, s.viewport, 2);
    if (s.name.startsWith('replicas-phone'))
      await o.page.getByTestId('graph-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    // the replicas are on node-1's card beside the reason
    await expect(
      o.page.locator('[data-testid="graph.node.node-1"] [data-owner-kind="ReplicaSet"]').first(),
    ).toBeVisible({
      timeout: 30_000,
    });
    await o.page.waitForTimeout(800);
    const m = await measure(o.page);
    await shot(o.page, testInfo, s.name);
    const noDs = s.query.includes('zh-CN') ? '无 DaemonSet' : 'no DaemonSet';
    expect(
      m.teaching.map((c) => `${c.name}: ${c.words}${c.ok ? '' : ` (${c.why})`}`),
      s.name,
    ).toEqual([`master: ${noDs}`, `node-1: ${noDs}`]);
    expect(o.problems, s.name).toEqual([]);
    await o.context.close();
  }
});

test('700×450 embed with the lesson: the graph stays legible once the lesson leaves it room', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await buildCluster(page);
  const hash = await shareLink(page);
  const o = await openAt(browser, '?embed=1&view=split&lesson=article', hash, { width: 700, height: 450 });
  const m = await measure(o.page);
  expect(m.overlaps).toEqual([]);
  // The room the lesson leaves is the page layout's part of issue 9 (a side column or a compact bar).
  test.skip(m.paneShare < 1 / 3, `the cluster pane has ${Math.round(m.paneShare * 100)} % of the frame`);
  expectLegible(m, 12);
  await o.context.close();
});

test('after the user pans, an added node is not followed: a pill says it is off-screen and shows it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const problems = watch(page);
  await buildCluster(page);
  // Grab the background and pan the canvas far to the right: cards leave the pane.
  await page.waitForTimeout(500);
  const from = await emptyPanePoint(page);
  const pane = (await page.locator('[data-testid="graph"] .react-flow__pane').boundingBox())!;
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(Math.min(from.x + 500, pane.x + pane.width - 2), from.y, { steps: 8 });
  await page.mouse.up();
  const before = await page.evaluate(
    () => getComputedStyle(document.querySelector('.react-flow__viewport')!).transform,
  );
  await type(page, 'sim node add node-3');
  const pill = page.getByTestId('graph.offscreen');
  await expect(pill).toBeVisible();
  await expect(pill).toContainText(/\d+ nodes? off-screen · show/);
  // The view did not jump to the new node: it stays where the user left it.
  expect(
    await page.evaluate(() => getComputedStyle(document.querySelector('.react-flow__viewport')!).transform),
  ).toBe(before);
  await pill.click();
  await expectAllNamesReadable(page, 7);
  await expect(pill).toBeHidden();
  expect(problems).toEqual([]);
});

test('Fit view always shows every node, even from far zoomed in', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await buildCluster(page);
  const pane = (await page.locator('[data-testid="graph"] .react-flow__pane').boundingBox())!;
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -400);
  await page.waitForTimeout(300);
  expect((await measure(page)).visibleNames).toBeLessThan(6);
  await page.getByTestId('graph.fit').click();
  await expectAllNamesReadable(page, 6);
});

test('cards never overlap: a drop on top of a card lands in the nearest free cell; a cordoned node keeps its name readable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const problems = watch(page);
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('apply-button').click();
  // Drop two workers right on node-1's card.
  await expect(page.getByTestId('graph.node.node-1')).toBeVisible();
  await page.waitForTimeout(800);
  for (const name of ['node-2', 'node-3']) {
    // The card may be drawn anew (a level change after the last drop): wait until it has a box.
    const box = () => page.getByTestId('graph.node.node-1').boundingBox();
    await expect.poll(box).not.toBeNull();
    const target = (await box())!;
    const item = page.getByTestId('palette.worker');
    if (!(await item.isVisible())) await page.getByTestId('palette.toggle').click();
    await expect(item).toBeVisible();
    const src = (await item.boundingBox())!;
    await page.mouse.move(src.x + src.width / 2, src.y + src.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect(page.getByTestId(`graph.node.${name}`)).toBeVisible();
  }
  await expect.poll(async () => (await measure(page)).overlaps).toEqual([]);
  await type(page, 'kubectl cordon node-1');
  await expect(page.getByTestId('graph.node.node-1.status')).toContainText('SchedulingDisabled');
  await expectAllNamesReadable(page, 4);
  expect(problems).toEqual([]);
});

test('the Why panel docks beside the node it explains, Esc closes it and focus returns to the card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('apply-button').click();
  await type(page, ADD_NODES[1]);
  const gpu = page.getByTestId('rf__node-node:gpu-1');
  await expect(gpu).toBeVisible();
  // Hovering a taint lights what tolerates it and never dims the DaemonSet card.
  await page.getByTestId('taint.gpu-1.nvidia.com/gpu.NoSchedule').hover();
  await expect(
    page.getByTestId('rf__node-ds:kube-system/fluentd-elasticsearch').locator('.ds-card'),
  ).not.toHaveClass(/hl-dim/);
  await gpu.focus();
  await page.keyboard.press(' ');
  await expect(page.getByTestId('why-panel')).toBeVisible();
  // The node it explains stays on screen, clear of the panel.
  await expect
    .poll(async () => (await measure(page)).names.find((n) => n.name === 'gpu-1')?.visible)
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('why-panel')).toBeHidden();
  await expect(gpu).toBeFocused();
});

test('zh-CN: the Why panel reads in Chinese, sub-lines included', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  // What this test reads is the panel's text, not the view following the new node: without the
  // 300 ms follow animation a click cannot land where the button was a frame earlier (seen under load).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./?lang=zh-CN');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('apply-button').click();
  await type(page, ADD_NODES[1]);
  await page.getByTestId('graph.node.gpu-1.why').click();
  const why = page.getByTestId('why-panel');
  await expect(why.getByTestId('why.check.taint')).toContainText('未被容忍');
  await expect(why.locator('.why-raw')).toHaveCount(0);
  await expect(why).toContainText('通过');
  await expect(why).not.toContainText('is not tolerated');
});
