// The separator between the graph and the console (issue 22): a person drags it with a mouse or a
// finger, or moves it with the keys (↑ ↓, Home, End); the graph's cards keep their words at 10 px or
// more at the default and at either limit, the console keeps six lines at the default and three at its
// smallest, and a reload keeps the size chosen. In the 700×450 embed (split, and with a lesson) and in
// presentation mode with the console open; none on a phone, where the panels stack.

import { expect, test, type Locator, type Page } from '@playwright/test';
import { measureGraph } from './graphMeasure.mjs';
import type { GraphMeasure } from './graphMeasure.mjs';

// Each test walks the separator through its range and reloads: minutes on two loaded cores.
test.describe.configure({ timeout: 240_000 });

const EMBED = { width: 700, height: 450 };
const DESK = { width: 1280, height: 720 };

async function open(page: Page, size: { width: number; height: number }, query: string) {
  await page.setViewportSize(size);
  await page.goto(`./?${query}`);
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

async function applyArticle(page: Page) {
  await page.getByTestId('apply-button').click();
  await expect(page.locator('[data-testid="rf__node-node:node-1"] [data-status="Running"]')).toBeVisible({
    timeout: 60_000,
  });
}

const height = (l: Locator) => l.evaluate((el) => Math.round(el.getBoundingClientRect().height));

/** The separator's value and limits, as a screen reader hears them. */
async function aria(handle: Locator) {
  const get = async (a: string) => Number(await handle.getAttribute(a));
  return {
    now: await get('aria-valuenow'),
    min: await get('aria-valuemin'),
    max: await get('aria-valuemax'),
  };
}

/** Lines of output the console shows. */
function consoleLines(page: Page) {
  return page.getByTestId('console-log').evaluate((el) => {
    const cs = getComputedStyle(el);
    const pad = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    return Math.floor((el.getBoundingClientRect().height - pad) / parseFloat(cs.lineHeight));
  });
}

/** Every card's phase and revision (or reason) in words, whole, uncovered and ≥ 10 px, once the view settles. */
async function cardsLegible(page: Page, what: string) {
  await expect
    .poll(
      async () => {
        const m = (await page.evaluate(measureGraph)) as GraphMeasure;
        return m.teaching.length > 0 && m.teachingOk === m.teaching.length && (m.minText ?? 0) >= 10;
      },
      { message: `cards legible ${what}`, timeout: 15_000 },
    )
    .toBe(true);
}

/** Drags the separator by dy pixels (negative: up, the console grows) with the mouse. */
async function mouseDrag(page: Page, handle: Locator, dy: number) {
  const b = (await handle.boundingBox())!;
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy / 2, { steps: 3 });
  await page.mouse.move(x, y + dy, { steps: 3 });
  await page.mouse.up();
}

/** Drags the separator by dy pixels with a finger (Chromium's touch input: real touch pointer events). */
async function touchDrag(page: Page, handle: Locator, dy: number) {
  const b = (await handle.boundingBox())!;
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (const f of [0.25, 0.5, 0.75, 1])
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + dy * f }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Drag and keys change the sizes; the limits hold; returns the size left chosen. */
async function dragAndKeys(page: Page, drag: (h: Locator, dy: number) => Promise<void>) {
  const handle = page.getByRole('separator', { name: /console|控制台/ });
  const consolePanel = page.getByTestId('console-panel');
  const graphPanel = page.getByTestId('graph-panel');
  await expect(handle).toBeVisible();
  await expect(handle).toHaveAttribute('aria-orientation', 'horizontal');
  // the default: six lines of output, the cards readable
  expect(await consoleLines(page)).toBeGreaterThanOrEqual(6);
  await cardsLegible(page, 'at the default');
  const c0 = await height(consolePanel);
  const g0 = await height(graphPanel);
  expect((await aria(handle)).now).toBe(c0);

  // dragged 40 px up: the console 40 px taller, the graph 40 px shorter
  await drag(handle, -40);
  await expect.poll(() => height(consolePanel)).toBeGreaterThanOrEqual(c0 + 38);
  expect(await height(consolePanel)).toBeLessThanOrEqual(c0 + 42);
  expect(Math.abs((await height(graphPanel)) - (g0 - 40))).toBeLessThanOrEqual(2);
  await expect.poll(async () => (await aria(handle)).now).toBe(await height(consolePanel));

  // the keys: ↓ a line shorter, Home the smallest, End the largest
  await handle.focus();
  const before = await height(consolePanel);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => height(consolePanel)).toBeLessThan(before - 10);
  await page.keyboard.press('Home');
  await expect.poll(async () => (await height(consolePanel)) - (await aria(handle)).min).toBe(0);
  const min = (await aria(handle)).min;
  expect(min).toBeLessThan(c0);
  expect(await consoleLines(page)).toBeGreaterThanOrEqual(3);
  await page.keyboard.press('End');
  // (the graph's limit is its own, read again once it has redrawn at the new size: a pixel or two)
  const offMax = async () => Math.abs((await height(consolePanel)) - (await aria(handle)).max);
  await expect.poll(offMax).toBeLessThanOrEqual(3);
  expect((await aria(handle)).max).toBeGreaterThan(c0);
  // at the largest console, the graph still shows every card's words at 10 px or more
  await cardsLegible(page, 'with the console at its largest');
  // a drag past the limit stops at it
  await drag(handle, -200);
  await expect.poll(offMax).toBeLessThanOrEqual(3);
  // settle between the smallest and the default (four lines), far enough from both to tell
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => height(consolePanel)).toBeGreaterThan(min);
  const chosen = await height(consolePanel);
  expect(c0 - chosen).toBeGreaterThan(20);
  await expect.poll(async () => (await aria(handle)).now).toBe(chosen);
  return chosen;
}

test('700×450 embed, split: the separator drags and moves with the keys, the cards stay readable, a reload keeps it', async ({
  page,
}) => {
  await open(page, EMBED, 'embed=1&view=split');
  await applyArticle(page);
  const chosen = await dragAndKeys(page, (h, dy) => mouseDrag(page, h, dy));
  // the frame itself does not scroll
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= innerHeight)).toBe(true);
  await page.reload();
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await expect.poll(() => height(page.getByTestId('console-panel'))).toBe(chosen);
  // double-click: back to the default, six lines
  await page.getByTestId('split-handle').dblclick();
  await expect.poll(() => consoleLines(page)).toBe(6);
});

test('700×450 embed with the article lesson: a finger drags the separator, the keys move it, the lesson keeps Run in view', async ({
  page,
}) => {
  await open(page, EMBED, 'embed=1&view=split&lesson=article');
  await expect(page.getByTestId('lesson-run')).toBeEnabled({ timeout: 60_000 });
  // the editor is folded under the lesson: unfold it to apply, fold it back
  await page.getByTestId('editor-toggle').click();
  // a lesson starts paused: the clock runs for the pods to start
  if ((await page.getByTestId('play-toggle').getAttribute('aria-pressed')) !== 'true')
    await page.getByTestId('play-toggle').click();
  await applyArticle(page);
  await page.getByTestId('editor-toggle').click();
  await expect(page.getByTestId('lesson-run')).toBeVisible();
  const chosen = await dragAndKeys(page, (h, dy) => touchDrag(page, h, dy));
  const run = (await page.getByTestId('lesson-run').boundingBox())!;
  expect(run.y + run.height).toBeLessThanOrEqual(EMBED.height);
  await page.reload();
  await expect(page.getByTestId('lesson-run')).toBeVisible({ timeout: 120_000 });
  await expect.poll(() => height(page.getByTestId('console-panel'))).toBe(chosen);
});

test('1280×720 presentation mode with the console open: the separator drags and keys, a reload keeps the size', async ({
  page,
}) => {
  await open(page, DESK, 'present=1');
  await applyArticle(page);
  // folded, the console has no separator
  await expect(page.getByTestId('split-handle')).toHaveCount(0);
  await page.getByTestId('console-toggle').click();
  const chosen = await dragAndKeys(page, (h, dy) => mouseDrag(page, h, dy));
  await page.reload();
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.getByTestId('console-toggle').click();
  await expect.poll(() => height(page.getByTestId('console-panel'))).toBe(chosen);
});

test('390×844 phone: the panels stack, no separator', async ({ page }) => {
  await open(page, { width: 390, height: 844 }, '');
  await expect(page.getByTestId('console-panel')).toBeVisible();
  await expect(page.getByTestId('split-handle')).toHaveCount(0);
});
