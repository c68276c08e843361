// Issue 19, point 4, the page side: when things go wrong. The article's DaemonSet is rolled out to an
// image tag that does not exist, as a person would do it in the console; the page must say so in
// Kubernetes' words where the person looks: the pod card (ImagePullBackOff), the DaemonSet card
// (stalled: 1 unavailable — ImagePullBackOff on NODE), the failing revision in the chain, the Why
// panel (the controller's arithmetic: maxUnavailable 1, 1 unavailable, which pod and why) with the fixes,
// the timeline (where the rollout stalled and where it recovered); the undo fix recovers. Then the same
// state at 1280×720, in presentation mode with the console open, in the 700×450 embed and on a
// 390×844 phone, measured the way a person sees it: the state text on screen, not covered, and at
// least 10 px after the graph's zoom.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';

test.describe.configure({ timeout: 360_000 });
expect.configure({ timeout: 20_000 });

const DS = 'fluentd-elasticsearch';
const TYPO = 'k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo';

function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.type()}: ${m.text()}`);
  });
  return problems;
}

async function type(page: Page, line: string) {
  await page.getByTestId('console-input').fill(line);
  await page.getByTestId('console-input').press('Enter');
  await expect(page.getByTestId('console-log')).toContainText(`$ ${line.slice(0, 40)}`);
  await page.waitForFunction(
    () =>
      !(window as unknown as { __dsp: { store: { getState(): { busy: boolean } } } }).__dsp.store.getState()
        .busy,
  );
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The article's DaemonSet on master, node-1 and node-2, then rolled out to a tag that does not exist. */
async function breakRollout(page: Page) {
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  // The clock stays still unless the test moves it (sim advance), so every run sees the same thing.
  if ((await page.getByTestId('play-toggle').getAttribute('aria-pressed')) === 'true')
    await page.getByTestId('play-toggle').click();
  await page.getByTestId('apply-button').click();
  await type(page, 'sim node add node-2');
  await type(page, 'sim advance 20s');
  await expect(page.locator('[data-status="Running"]')).toHaveCount(3);
  // No `sim image` here: the registry catalogue knows the fluentd tags, and this one was never pushed.
  await type(page, `kubectl set image ds/${DS} ${DS}=${TYPO} -n kube-system`);
  await type(page, 'sim advance 60s');
}

/** The text that says a pod's state, in words at every level (full, compact and two-line cards). */
const TROUBLE_TEXT = '[data-testid="graph"] .pod-status.pod-trouble';
const STALL_TEXT = `[data-testid="graph.ds.${DS}.rollout"], [data-testid="graph.ds.${DS}.stalled"]`;

interface Seen {
  text: string;
  label: string;
  onScreen: boolean;
  covered: boolean;
  truncated: boolean;
  px: number;
}

/** Each element: on screen inside the cluster pane, what is at its centre is itself, its font after zoom. */
async function seen(page: Page, selector: string): Promise<Seen[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector('[data-testid="graph"]');
    const pane = root?.querySelector('.react-flow');
    if (!root || !pane) return [];
    const pr = pane.getBoundingClientRect();
    const vis = {
      left: Math.max(pr.left, 0),
      top: Math.max(pr.top, 0),
      right: Math.min(pr.right, innerWidth),
      bottom: Math.min(pr.bottom, innerHeight),
    };
    const vp = root.querySelector('.react-flow__viewport');
    const m = vp ? /matrix\(([^)]+)\)/.exec(getComputedStyle(vp).transform) : null;
    const zoom = m ? Number(m[1].split(',')[0]) : 1;
    return [...document.querySelectorAll<HTMLElement>(sel)].map((el) => {
      const r = el.getBoundingClientRect();
      const onScreen =
        r.width > 0 &&
        r.left >= vis.left - 0.5 &&
        r.right <= vis.right + 0.5 &&
        r.top >= vis.top - 0.5 &&
        r.bottom <= vis.bottom + 0.5;
      let covered = !onScreen;
      if (onScreen) {
        for (const f of [0.2, 0.5, 0.8]) {
          const hit = document.elementFromPoint(r.left + r.width * f, r.top + r.height / 2);
          if (!hit || !(hit === el || el.contains(hit) || hit.contains(el))) covered = true;
        }
      }
      // The graph's cards zoom with the canvas; the DaemonSet line and pods are inside it.
      const inCanvas = !!el.closest('.react-flow__viewport');
      const px = parseFloat(getComputedStyle(el).fontSize) * (inCanvas ? zoom : 1);
      return {
        text: (el.textContent ?? '').trim(),
        label: el.getAttribute('aria-label') ?? el.getAttribute('title') ?? '',
        onScreen,
        covered,
        truncated: el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow === 'ellipsis',
        px: Math.round(px * 10) / 10,
      };
    });
  }, selector);
}

/** At least one element says it; each one that does is on screen, uncovered, whole and ≥ 10 px. */
function expectReadable(list: Seen[], what: string, words: RegExp) {
  expect(list.length, `${what}: nothing on the page`).toBeGreaterThan(0);
  for (const s of list) {
    expect(`${s.text} ${s.label}`, what).toMatch(words);
    expect(s, `${what}: ${s.text}`).toMatchObject({ onScreen: true, covered: false });
    expect(s.px, `${what}: ${s.text} at ${s.px} px`).toBeGreaterThanOrEqual(10);
  }
  // The word itself is shown whole where it is written out (full and compact cards).
  for (const s of list)
    if (/BackOff|OOMKilled|not ready/.test(s.text)) expect(s.truncated, `${what}: ${s.text} cut`).toBe(false);
}

test('a rollout to a missing tag: the pod, the DaemonSet card, the Why panel, the timeline, and undo recovers', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const problems = watch(page);
  await breakRollout(page);

  // The pod card says ImagePullBackOff in words, in its class's colour.
  const word = page.locator(TROUBLE_TEXT).first();
  await expect(word).toContainText('ImagePullBackOff');
  await expect(page.locator('[data-testid="graph"] [data-trouble="pull"]').first()).toBeVisible();
  // The DaemonSet card: stalled, and why.
  const line = page.getByTestId(`graph.ds.${DS}.rollout`);
  await expect(line).toHaveAttribute('data-state', 'stalled');
  await expect(line).toContainText(/stalled: ImagePullBackOff/);
  await expect(line).toHaveAttribute(
    'aria-label',
    /rolling 1 of 3[\s\S]*stalled: 1 unavailable — ImagePullBackOff on master/,
  );
  // The failing revision is marked in the chain.
  await expect(page.locator(`[data-testid^="graph.rev."][data-testid$=".bad"]`).first()).toContainText(
    'failing',
  );
  // The timeline marks where it stalled.
  await expect(page.getByTestId('timeline.rollout.stalled')).toHaveCount(1);
  await shot(page, testInfo, 'stalled-1280');

  // The Why panel, from the DaemonSet card: the controller's arithmetic, the pod and its reason.
  await line.click();
  const why = page.getByTestId('rollout-why');
  await expect(why).toBeVisible();
  await expect(why.getByTestId('rollout-why.budget')).toHaveText('maxUnavailable 1');
  await expect(why.getByTestId('rollout-why.count')).toContainText('1 unavailable:');
  await expect(why.getByTestId('rollout-why.pod.master')).toContainText(
    /fluentd-elasticsearch-\w+ on master — ImagePullBackOff/,
  );
  await expect(why.getByTestId('rollout-why.pod.master')).toContainText(`Back-off pulling image "${TYPO}"`);
  await expect(why.getByTestId('rollout-why.so')).toContainText(
    '1 unavailable ≥ maxUnavailable 1: the controller will not delete another old pod (2 waiting)',
  );
  await expect(why.getByTestId('rollout-why.fix.setImage:fluentd-elasticsearch')).toContainText(
    `kubectl set image ds/${DS} ${DS}=k8s.gcr.io/fluentd-elasticsearch:1.20 -n kube-system`,
  );
  await shot(page, testInfo, 'why-1280');
  // The node's own why panel says the same.
  await page.getByTestId('graph.node.master').click({ position: { x: 40, y: 12 } });
  await expect(page.getByTestId('why-panel').getByTestId('rollout-why')).toBeVisible();

  // The fix: rollout undo, echoed in the console; time runs; the rollout recovers.
  await page.getByTestId('why-panel').getByTestId('rollout-why.fix.undo').click();
  await expect(page.getByTestId('console-log')).toContainText(
    `$ kubectl rollout undo ds/${DS} -n kube-system`,
  );
  await expect(page.getByTestId('console-log')).toContainText(`daemonset.apps/${DS} rolled back`);
  await type(page, 'sim advance 60s');
  await expect(line).toHaveAttribute('data-state', 'complete');
  await expect(page.locator(TROUBLE_TEXT)).toHaveCount(0);
  await expect(page.getByTestId('timeline.rollout.recovered')).toHaveCount(1);
  await shot(page, testInfo, 'recovered-1280');
  expect(problems).toEqual([]);
});

test('a pod’s menu breaks its image (Break image ▸ crash), echoed as sim image, and Image OK restores it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const problems = watch(page);
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  if ((await page.getByTestId('play-toggle').getAttribute('aria-pressed')) === 'true')
    await page.getByTestId('play-toggle').click();
  await page.getByTestId('apply-button').click();
  await type(page, 'sim advance 20s');
  const chip = page
    .locator('[data-testid="graph.node.node-1"] [data-testid^="pod.fluentd-elasticsearch-"]')
    .first();
  await chip.click({ button: 'right' });
  await page.getByTestId('graph.menu.breakImage').click();
  await expect(page.getByTestId('graph.menu')).toContainText('Break image');
  await page.getByTestId('graph.menu.image:crash').click();
  await expect(page.getByTestId('console-log')).toContainText(
    '$ sim image crash k8s.gcr.io/fluentd-elasticsearch:1.20',
  );
  // A rule applies to containers that start from now on: restart the pods so they run it.
  await type(page, `kubectl rollout restart ds/${DS} -n kube-system`);
  await type(page, 'sim advance 90s');
  await expect(page.locator(TROUBLE_TEXT).first()).toContainText(/CrashLoopBackOff|Error/);
  await expect(page.locator('[data-testid="graph"] [data-trouble="crash"]').first()).toBeVisible();
  await page.locator('[data-testid="graph"] [data-trouble="crash"]').first().click({ button: 'right' });
  await page.getByTestId('graph.menu.breakImage').click();
  await page.getByTestId('graph.menu.image:ok').click();
  await expect(page.getByTestId('console-log')).toContainText(
    '$ sim image ok k8s.gcr.io/fluentd-elasticsearch:1.20',
  );
  expect(problems).toEqual([]);
});

async function openAt(
  browser: Browser,
  query: string,
  hash: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(`./${query}${hash}`);
  await expect(page.locator(`[data-testid="graph.ds.kube-system.${DS}"]`)).toBeVisible({ timeout: 60_000 });
  return { context, page, problems };
}

interface Size {
  name: string;
  query: string;
  viewport: { width: number; height: number };
  console?: boolean;
  axe?: boolean;
}

const SIZES: Size[] = [
  { name: 'desktop', query: '?', viewport: { width: 1280, height: 720 }, axe: true },
  {
    name: 'present-console',
    query: '?present=1',
    viewport: { width: 1280, height: 720 },
    console: true,
    axe: true,
  },
  {
    name: 'present-dark',
    query: '?present=1&theme=dark',
    viewport: { width: 1280, height: 720 },
    axe: true,
  },
  // The 700×450 embed split: the graph beside the console's six lines (its controls in its title row).
  { name: 'embed', query: '?embed=1', viewport: { width: 700, height: 450 } },
  { name: 'phone', query: '?', viewport: { width: 390, height: 844 } },
  { name: 'zh-dark', query: '?lang=zh-CN&theme=dark', viewport: { width: 1280, height: 720 }, axe: true },
  // Chinese words are wider per character: "修订 2" beside "ImagePullBackOff" on the small cards.
  {
    name: 'zh-present-console',
    query: '?present=1&lang=zh-CN',
    viewport: { width: 1280, height: 720 },
    console: true,
  },
  { name: 'zh-embed', query: '?embed=1&lang=zh-CN', viewport: { width: 700, height: 450 } },
  { name: 'zh-phone', query: '?lang=zh-CN&theme=dark', viewport: { width: 390, height: 844 } },
];

// Three groups, each its own test (they run side by side; one test of all nine sizes took 5 minutes).
const GROUPS: [string, string[]][] = [
  ['1280×720 and presenting (en)', ['desktop', 'present-console', 'present-dark']],
  ['the 700×450 embed and a phone (en)', ['embed', 'phone']],
  [
    'in Chinese: 1280×720 dark, presenting with the console, the embed, a phone',
    ['zh-dark', 'zh-present-console', 'zh-embed', 'zh-phone'],
  ],
];

for (const [title, names] of GROUPS)
  test(`the failing state is readable: ${title}`, async ({ page, browser }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await breakRollout(page);
    await expect(page.getByTestId(`graph.ds.${DS}.rollout`)).toHaveAttribute('data-state', 'stalled');
    await page.getByTestId('share-button').click();
    const hash = new URL(await page.getByTestId('share-link-field').inputValue()).hash;
    await page.keyboard.press('Escape');

    const sizes = SIZES.filter((x) => names.includes(x.name));
    expect(sizes.length, title).toBe(names.length);
    for (const s of sizes) {
      const o = await openAt(browser, s.query, hash, s.viewport);
      if (s.console) {
        await o.page.getByTestId('console-toggle').click();
        await expect(o.page.getByTestId('console-input')).toBeVisible();
      }
      if (s.name.endsWith('phone'))
        await o.page.getByTestId('graph-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await o.page.getByTestId('graph.fit').click();
      await o.page.waitForTimeout(700);
      await expect(o.page.locator(TROUBLE_TEXT).first()).toBeVisible();
      const pods = await seen(o.page, TROUBLE_TEXT);
      const ds = await seen(o.page, STALL_TEXT);
      await shot(o.page, testInfo, s.name);
      expectReadable(pods, `${s.name}: the pod's state`, /ImagePullBackOff/);
      expectReadable(ds, `${s.name}: the DaemonSet's rollout`, /stalled|卡住/);
      if (s.axe) {
        // The colours of trouble pass axe's contrast rules, with the Why panel open too.
        await o.page.getByTestId(`graph.ds.kube-system.${DS}`).click({ position: { x: 20, y: 10 } });
        await expect(o.page.getByTestId('rollout-why')).toBeVisible();
        const results = await new AxeBuilder({ page: o.page }).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          bad.map(
            (v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`,
          ),
          s.name,
        ).toEqual([]);
      }
      expect(o.problems, s.name).toEqual([]);
      await o.context.close();
    }
  });
