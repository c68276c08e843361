// The page layout as a person sees it (issue 9), at a projector's 1280×720, in the 700×450 course embed
// and on a 390×844 phone: how much of the frame the cluster pane gets, the lesson's buttons inside the
// frame (also after answering its question), no sideways scrolling on the phone, presentation mode's
// type size and contrast, and the first-load hint that says what to do first.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

type Size = { width: number; height: number };
const DESK: Size = { width: 1280, height: 720 };
const EMBED: Size = { width: 700, height: 450 };
const PHONE: Size = { width: 390, height: 844 };

async function open(page: Page, size: Size, query: string) {
  await page.setViewportSize(size);
  await page.goto(`./?${query}`);
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await expect(page.getByTestId('graph-panel').or(page.getByTestId('editor-panel')).first()).toBeVisible();
  // a built-in lesson's first view (drawn at build time) holds the lesson's place until the app's panel is
  // there: measure the app's, not the static one the app then takes away
  if (/(^|&)lesson=/.test(query))
    await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 30_000 });
}

/** The cluster pane's area as a share of the frame (what is on screen of it, not what scrolls). */
function graphShare(page: Page): Promise<number> {
  return page.getByTestId('graph-panel').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    return (w * h) / (innerWidth * innerHeight);
  });
}

/** Fully inside the frame, and what a click at its centre hits is the button itself. */
async function expectReachable(page: Page, testId: string) {
  const hit = await page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inside =
      r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight && r.width > 0;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      inside,
      onTop: !!top && (top === el || el.contains(top)),
      box: [r.left, r.top, r.right, r.bottom].map(Math.round),
    };
  });
  expect(hit, `${testId} at ${hit.box.join(',')}`).toMatchObject({ inside: true, onTop: true });
}

async function answerQuestion(page: Page) {
  const q = page.getByTestId('lesson-question');
  await q.getByRole('radio').nth(1).check();
  await page.getByTestId('lesson-check').click();
  await expect(q.getByRole('status')).toContainText(/Right|答对/);
}

const VIEWS: { name: string; size: Size; query: string }[] = [
  { name: '1280×720 split', size: DESK, query: '' },
  { name: '1280×720 split with the lesson', size: DESK, query: 'lesson=article' },
  { name: '700×450 embed split', size: EMBED, query: 'embed=1&view=split' },
  { name: '700×450 embed graph', size: EMBED, query: 'embed=1&view=graph' },
  { name: '700×450 embed split with the lesson', size: EMBED, query: 'embed=1&view=split&lesson=article' },
  { name: '700×450 embed graph with the lesson', size: EMBED, query: 'embed=1&view=graph&lesson=article' },
];

for (const v of VIEWS) {
  test(`the cluster pane keeps at least a third of the frame: ${v.name}`, async ({ page }) => {
    await open(page, v.size, v.query);
    const share = await graphShare(page);
    test.info().annotations.push({ type: 'pane share', description: share.toFixed(3) });
    expect(share).toBeGreaterThanOrEqual(1 / 3);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
    // the timeline's note line (after Step) takes its row from the panels, not from the third
    await page.getByTestId('step-button').click();
    await expect(page.getByTestId('step-line')).toBeVisible();
    expect(await graphShare(page)).toBeGreaterThanOrEqual(1 / 3);
  });
}

test('at 1280×720 opening the lesson leaves the cluster pane as it was (node cards keep their room)', async ({
  page,
}) => {
  await open(page, DESK, '');
  const before = await page.getByTestId('graph-panel').boundingBox();
  await page.getByTestId('lesson-button').click();
  // the Lesson button lists the built-in lessons; pick the article's walk-through
  await page.getByTestId('lesson-pick.article').click();
  await expect(page.getByTestId('lesson-panel')).toBeVisible();
  expect(await page.getByTestId('graph-panel').boundingBox()).toEqual(before);
  // the lesson sits in the left column, beside the graph, not above it
  const lesson = (await page.getByTestId('lesson-panel').boundingBox())!;
  expect(lesson.x + lesson.width).toBeLessThanOrEqual(before!.x);
});

for (const v of [
  ...VIEWS.filter((x) => x.query.includes('lesson')),
  { name: '390×844 phone with the lesson', size: PHONE, query: 'lesson=article' },
]) {
  test(`Previous / Run / Next stay inside the frame, also after answering: ${v.name}`, async ({ page }) => {
    await open(page, v.size, v.query);
    for (const id of ['lesson-prev', 'lesson-run', 'lesson-next']) await expectReachable(page, id);
    await answerQuestion(page);
    for (const id of ['lesson-prev', 'lesson-run', 'lesson-next']) await expectReachable(page, id);
    // Folded to its bar, the lesson keeps its buttons and gives the column back.
    const before = (await page.getByTestId('lesson-panel').boundingBox())!.height;
    await page.getByTestId('lesson-fold').click();
    await expect(page.getByTestId('lesson-fold')).toHaveAttribute('aria-expanded', 'false');
    expect((await page.getByTestId('lesson-panel').boundingBox())!.height).toBeLessThan(before);
    for (const id of ['lesson-run', 'lesson-next']) await expectReachable(page, id);
    await page.getByTestId('lesson-run').click();
    await expect(page.getByTestId('lesson-run')).toHaveText(/Run again/, { timeout: 30_000 });
    await expectReachable(page, 'lesson-next');
  });
}

// On a phone the panels stack and the page scrolls: an open lesson folds the manifest to its bar (as in
// the embed), so the cluster sits right under the lesson and what a step's Run did shows on the first
// screen, not below 340 px of manifest; the manifest's bar unfolds it (and folds the lesson).
test('390×844 phone with a lesson: the cluster starts on the first screen; the manifest is a tap away', async ({
  page,
}) => {
  await open(page, PHONE, 'lesson=article');
  await expect(page.getByTestId('editor-panel')).toHaveAttribute('data-collapsed', 'true');
  const editor = (await page.getByTestId('editor-panel').boundingBox())!;
  expect(editor.height).toBeLessThan(60);
  const graph = (await page.getByTestId('graph-panel').boundingBox())!;
  const lesson = (await page.getByTestId('lesson-panel').boundingBox())!;
  expect(graph.y).toBeGreaterThan(lesson.y + lesson.height);
  // at least the graph's title and its first row of cards' top on the first screen
  expect(graph.y + 120).toBeLessThanOrEqual(PHONE.height);
  await page.getByTestId('lesson-run').click();
  await expect(page.getByTestId('lesson-run')).toHaveText(/Run again/, { timeout: 30_000 });
  await page.getByTestId('editor-toggle').click();
  await expect(page.getByTestId('editor-panel')).not.toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByTestId('lesson-fold')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('apply-button')).toBeVisible();
  await expectReachable(page, 'lesson-run');
});

test('the embed with a lesson: the editor folds to its bar and comes back when asked', async ({ page }) => {
  await open(page, EMBED, 'embed=1&view=split&lesson=article');
  await expect(page.getByTestId('editor-panel')).toHaveAttribute('data-collapsed', 'true');
  await page.getByTestId('editor-toggle').click();
  await expect(page.getByTestId('lesson-fold')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('apply-button')).toBeVisible();
  await expectReachable(page, 'apply-button');
  await expectReachable(page, 'lesson-run');
});

for (const query of ['', 'lesson=article', 'lang=zh-CN&theme=dark', 'lesson=article&lang=zh-CN&present=1']) {
  test(`no sideways scrolling at 390 px: ?${query}`, async ({ page }) => {
    await open(page, PHONE, query);
    const widths = await page.evaluate(() => ({
      scroll: document.scrollingElement!.scrollWidth,
      inner: innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    // the header's controls are on screen
    for (const id of ['language-select', 'theme-toggle', 'present-toggle', 'shortcuts-button']) {
      const b = (await page.getByTestId(id).boundingBox())!;
      expect(b.x + b.width, id).toBeLessThanOrEqual(PHONE.width);
    }
    await expect(page.getByRole('button', { name: /Copy link|复制链接/ })).toBeInViewport();
  });
}

/** WCAG contrast ratio of an element's text colour against its panel's background. */
function contrastOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = ([r, g, b]: number[]) => {
        const f = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      let bgEl: Element | null = el;
      let bg = 'rgba(0, 0, 0, 0)';
      while (bgEl && /rgba\(.*, 0\)|transparent/.test(bg)) {
        bg = getComputedStyle(bgEl).backgroundColor;
        bgEl = bgEl.parentElement;
      }
      const a = lum(rgb(getComputedStyle(el).color));
      const b = lum(rgb(bg));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
}

const fontPx = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

test('presentation mode: the toggle, the m key, projector-sized chrome, high contrast, console and events folded', async ({
  page,
}) => {
  await open(page, DESK, 'lesson=article');
  const chrome = [
    '.app-header button',
    '.timeline-bar button',
    '.timeline-offset',
    '.lesson-text',
    '.lesson-actions button',
    '.manifest-bar button',
  ];
  const before = await Promise.all(chrome.map((s) => fontPx(page, s)));
  expect(Math.max(...before)).toBeLessThan(18);
  await expect(page.getByTestId('console-panel')).not.toHaveAttribute('data-collapsed', 'true');

  await page.getByTestId('present-toggle').click();
  await expect(page.getByTestId('present-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-present'))).toBe(true);
  const after = await Promise.all(chrome.map((s) => fontPx(page, s)));
  for (const [i, px] of after.entries()) expect(px, chrome[i]).toBeGreaterThanOrEqual(18);
  // panel titles and muted text: high contrast (WCAG AAA, 7:1)
  expect(await contrastOf(page, '.panel-title')).toBeGreaterThanOrEqual(7);
  expect(await contrastOf(page, '.lesson-progress')).toBeGreaterThanOrEqual(7);
  await expect(page.getByTestId('console-panel')).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByTestId('events-panel')).toHaveAttribute('data-collapsed', 'true');
  expect(await graphShare(page)).toBeGreaterThanOrEqual(1 / 3);
  // a folded panel opens again by its title, or by its key (c: the console)
  await page.getByTestId('lesson-title').click();
  await page.keyboard.press('c');
  await expect(page.getByTestId('console-input')).toBeFocused();
  await page.getByTestId('console-toggle').click();
  await expect(page.getByTestId('console-input')).toBeHidden();
  await page.getByTestId('console-toggle').click();
  await expect(page.getByTestId('console-input')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('present-1280.png') });

  // the keyboard: m leaves and enters presentation mode (listed in the ? sheet)
  await page.getByTestId('lesson-title').click();
  await page.keyboard.press('m');
  await expect(page.getByTestId('present-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('console-panel')).not.toHaveAttribute('data-collapsed', 'true');
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-sheet')).toContainText('Presentation mode');
});

test('presentation mode in the embed: from ?present=1, and a toggle in the frame', async ({ page }) => {
  await open(page, EMBED, 'embed=1&view=split&present=1&theme=dark');
  await expect(page.getByTestId('present-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expectReachable(page, 'present-toggle');
  await expect(page.getByTestId('console-panel')).toHaveAttribute('data-collapsed', 'true');
  expect(await fontPx(page, '.timeline-bar button')).toBeGreaterThanOrEqual(18);
  expect(await contrastOf(page, '.panel-title')).toBeGreaterThanOrEqual(7);
  await page.getByTestId('present-toggle').click();
  await expect(page.getByTestId('present-toggle')).toHaveAttribute('aria-pressed', 'false');
});

test('the first load says what to do first, until the user acts', async ({ page }) => {
  await open(page, DESK, '');
  const hint = page.getByTestId('first-step-hint');
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('Apply');
  await expect(hint).toContainText('Lesson');
  await expect(page.getByTestId('manifest-state')).toHaveText('Not applied yet');
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
  await expect(hint).toBeHidden();
  await expect(page.getByTestId('manifest-state')).toHaveText('Applied');
  // the echo says what ran: the buffer on standard input, as kubectl's own messages ("STDIN") say
  await expect(page.getByTestId('console-log')).toContainText('$ kubectl apply -f -');
  await expect(page.getByTestId('console-log')).not.toContainText('manifest.yaml');
});

test('the first-step hint also goes when the lesson opens; a lesson step that applies the same text leaves the editor "Applied"', async ({
  page,
}) => {
  await open(page, DESK, 'lang=zh-CN');
  await expect(page.getByTestId('first-step-hint')).toContainText('应用');
  await page.getByTestId('lesson-button').click();
  await expect(page.getByTestId('first-step-hint')).toBeHidden();
  await page.getByTestId('lesson-pick.article').click();
  await expect(page.getByTestId('manifest-state')).toHaveText('尚未应用');
  await page.getByTestId('lesson-run').click();
  await expect(page.getByTestId('console-log')).toContainText(
    'daemonset.apps/fluentd-elasticsearch created',
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('manifest-state')).toHaveText('已应用');
});

test('the theme button says what it switches to', async ({ page }) => {
  await open(page, DESK, '');
  const button = page.getByTestId('theme-toggle');
  await expect(button).toHaveText(/Dark/);
  await expect(button).toHaveAccessibleName('Switch to the dark theme');
  await button.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(button).toHaveText(/Light/);
  await expect(button).toHaveAccessibleName('Switch to the light theme');
});

for (const [size, query] of [
  [DESK, 'present=1&lesson=article'],
  [DESK, 'present=1&theme=dark&lang=zh-CN'],
  [EMBED, 'embed=1&view=split&lesson=article&theme=dark'],
  [PHONE, 'lesson=article&lang=zh-CN'],
] as const) {
  test(`no serious or critical axe findings in the new layouts: ${size.width}×${size.height} ?${query}`, async ({
    page,
  }) => {
    await open(page, size, query);
    await page.waitForTimeout(1000);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map(
        (v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`,
      ),
    ).toEqual([]);
  });
}
