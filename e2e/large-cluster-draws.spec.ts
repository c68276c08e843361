// What a large cluster costs the page per change, counted by the page itself (debug builds):
// - the overview canvas redraws the cell of the node that changed, not the whole grid, and what it
//   draws cell by cell is, pixel for pixel, what a full redraw draws;
// - the event table holds only the rows in view in the DOM (a few dozen of thousands), in order,
//   newest first, with the real row count for screen readers, and the keyboard walks the whole list.

import { expect, test, type Page } from '@playwright/test';

test.describe.configure({ timeout: 240_000 });
expect.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1280, height: 720 } });

type Draws = { full: number; cells: number; redrawAll?: () => void };
declare global {
  interface Window {
    __dspOverview: Draws;
  }
}

interface DsStatus {
  numberAvailable?: number;
  numberReady?: number;
}
const dsStatus = (page: Page) =>
  page.evaluate(() => {
    const s = (
      window as unknown as {
        __dsp: { store: { getState(): { objects: { DaemonSet: Record<string, { status: DsStatus }> } } } };
      }
    ).__dsp.store.getState();
    return Object.values(s.objects.DaemonSet)[0]?.status ?? null;
  });

async function runConsole(page: Page, line: string) {
  const input = page.getByTestId('console-input');
  await input.fill(line);
  await input.press('Enter');
}

/** Waits until the store has not moved for `ms` (the clock paused, nothing left to do). */
async function quiet(page: Page, ms = 1500) {
  await page.waitForFunction(
    (wait) => {
      const w = window as unknown as {
        __quiet?: { v: number; since: number };
        __dsp: { store: { getState(): { mirrorVersion: number } } };
      };
      const v = w.__dsp.store.getState().mirrorVersion;
      if (!w.__quiet || w.__quiet.v !== v) w.__quiet = { v, since: performance.now() };
      return performance.now() - w.__quiet.since > wait;
    },
    ms,
    { polling: 100 },
  );
}

async function settled(page: Page, nodes: number) {
  await page.getByTestId('apply-button').click();
  await page.getByTestId('speed-select').selectOption('60');
  await expect
    .poll(async () => (await dsStatus(page))?.numberAvailable, { timeout: 180_000, intervals: [1000] })
    .toBe(nodes);
  await page.getByTestId('play-toggle').click();
  await expect(page.getByTestId('play-toggle')).toHaveAttribute('aria-pressed', 'false');
  await quiet(page);
}

test('overview: a failed pod redraws its own cell, not the grid, and the cells drawn one by one match a full redraw', async ({
  page,
}) => {
  const nodes = 400;
  await page.goto(`./?preset=large&nodes=${nodes}`);
  const canvas = page.getByTestId('graph.overview');
  await expect(canvas).toBeVisible({ timeout: 90_000 });
  await settled(page, nodes);
  const pod = await page.evaluate(() => {
    const s = (
      window as unknown as {
        __dsp: { store: { getState(): { podsByNode: Map<string, { metadata: { name: string } }[]> } } };
      }
    ).__dsp.store.getState();
    return s.podsByNode.get('node-0123')![0].metadata.name;
  });
  const before = await page.evaluate(() => ({
    full: window.__dspOverview.full,
    cells: window.__dspOverview.cells,
  }));
  await runConsole(page, `sim pod fail ${pod} -n kube-system`);
  await expect(page.getByTestId('console-log')).toContainText(`sim pod fail ${pod}`);
  // the failure shows: the canvas drew something after it
  await expect.poll(() => page.evaluate(() => window.__dspOverview.cells)).toBeGreaterThan(before.cells);
  await quiet(page);
  const after = await page.evaluate(() => ({
    full: window.__dspOverview.full,
    cells: window.__dspOverview.cells,
  }));
  // one node changed (its pod failed, and the kubelet may restart it): a handful of cell draws (the cell and any touching its pixels), no
  // full redraw (a full redraw draws all 400)
  expect(after.full - before.full).toBe(0);
  expect(after.cells - before.cells).toBeGreaterThanOrEqual(1);
  expect(after.cells - before.cells).toBeLessThan(40);

  // what is on the canvas now is what a full redraw of the same state draws
  const partial = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  await page.evaluate(() => window.__dspOverview.redrawAll!());
  await expect.poll(() => page.evaluate(() => window.__dspOverview.full)).toBe(after.full + 1);
  const full = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  expect(partial === full, 'the canvas drawn cell by cell equals a full redraw').toBe(true);

  // a rolling update under way (every cell changes, spread over frames): still what a full redraw draws
  await runConsole(
    page,
    'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
  );
  await page.getByTestId('play-toggle').click();
  await expect
    .poll(async () => (await dsStatus(page))?.numberAvailable ?? nodes, { timeout: 60_000 })
    .toBeLessThan(nodes);
  await page.waitForTimeout(1500);
  await page.getByTestId('play-toggle').click();
  await expect(page.getByTestId('play-toggle')).toHaveAttribute('aria-pressed', 'false');
  await quiet(page);
  const fullBefore = await page.evaluate(() => window.__dspOverview.full);
  const during = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  await page.evaluate(() => window.__dspOverview.redrawAll!());
  await expect.poll(() => page.evaluate(() => window.__dspOverview.full)).toBe(fullBefore + 1);
  const redrawn = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  expect(during === redrawn, 'mid-rollout, the canvas equals a full redraw').toBe(true);
});

test('event table: only the rows in view are in the DOM; newest first; scrolling and the keyboard reach every row', async ({
  page,
}) => {
  const nodes = 300;
  await page.goto(`./?preset=large&nodes=${nodes}`);
  await expect(page.getByTestId('graph.overview')).toBeVisible({ timeout: 90_000 });
  await settled(page, nodes);
  const table = page.getByTestId('event-table');
  const rows = page.getByTestId('event-row');
  await expect(rows.first()).toBeVisible();
  // every Event is listed (the count says so), a screenful is drawn
  const total = Number(await table.getAttribute('aria-rowcount')) - 1;
  expect(total).toBeGreaterThan(3 * nodes);
  await expect(page.getByTestId('log-count')).toContainText(String(total));
  const drawn = await rows.count();
  expect(drawn).toBeGreaterThan(3);
  expect(drawn).toBeLessThan(60);

  // newest first: LAST SEEN ages grow down the table
  const order = await page.evaluate(() => {
    const s = (
      window as unknown as {
        __dsp: {
          store: {
            getState(): {
              mirror: {
                maps: Map<
                  string,
                  Map<string, { metadata: { name: string }; lastTimestamp?: string; firstTimestamp?: string }>
                >;
              };
            };
          };
        };
      }
    ).__dsp.store.getState();
    const events = [...s.mirror.maps.get('Event')!.values()];
    const t = (e: { lastTimestamp?: string; firstTimestamp?: string }) =>
      Date.parse(e.lastTimestamp ?? e.firstTimestamp ?? '');
    const drawnNames = [...document.querySelectorAll('[data-testid="event-row"]')].map((r) =>
      Number((r as HTMLElement).dataset.index),
    );
    return { newest: Math.max(...events.map(t)), oldest: Math.min(...events.map(t)), indices: drawnNames };
  });
  expect(order.indices).toEqual([...order.indices].sort((a, b) => a - b));
  expect(order.indices[0]).toBe(0);
  expect(order.newest).toBeGreaterThanOrEqual(order.oldest);

  // the columns do not follow the rows in view: the same widths at the top and at the end
  // (measured on a row in view: the first row at the top, the last one at the end)
  const widths = (row: ReturnType<typeof table.locator>) =>
    row.evaluate((r) => [...r.children].map((c) => Math.round(c.getBoundingClientRect().width)).join(','));
  const widthsAtTop = await widths(table.locator('[aria-rowindex="2"]'));
  expect(widthsAtTop).not.toMatch(/^0,/);
  // scrolled to the end: the oldest rows are drawn, still only a screenful, and the last one is row `total`
  await page.getByTestId('event-table').evaluate((t) => {
    const wrap = t.parentElement!;
    wrap.scrollTop = wrap.scrollHeight;
  });
  await expect(table.locator(`[aria-rowindex="${total + 1}"]`)).toBeVisible();
  expect(await rows.count()).toBeLessThan(60);
  const last = table.locator(`[aria-rowindex="${total + 1}"]`);
  await expect(last).toContainText(/SuccessfulCreate|Scheduled|Pulling|Pulled|Created|Started/);
  // (polled: a row that has just come into view is laid out on the next frame)
  await expect.poll(() => widths(last), { message: 'column widths while scrolling' }).toBe(widthsAtTop);

  // keyboard: Home goes to the first row, ↓ to the next, End to the last, and focus follows
  await last.focus();
  await page.keyboard.press('Home');
  await expect(table.locator('[aria-rowindex="2"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(table.locator('[aria-rowindex="3"]')).toBeFocused();
  // PageDown: a screenful further (the log's pane is small at 1280×720)
  await page.keyboard.press('PageDown');
  const afterPage = Number(await page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex')));
  expect(afterPage).toBeGreaterThan(3);
  await page.keyboard.press('End');
  await expect(table.locator(`[aria-rowindex="${total + 1}"]`)).toBeFocused();
  expect(await rows.count()).toBeLessThan(60);
  // one tab stop for the whole table: Tab leaves it (to the next control), Shift+Tab comes back to the row
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(table.locator(`[aria-rowindex="${total + 1}"]`)).toBeFocused();
  // Enter selects the row's object
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('selection-chip')).toBeVisible();

  // filters still apply to the whole list, not to the rows drawn
  await page.getByTestId('log-kind').selectOption('DaemonSet');
  await expect(rows.first()).toContainText('daemonset/fluentd-elasticsearch');
  const dsTotal = Number(await table.getAttribute('aria-rowcount')) - 1;
  expect(dsTotal).toBeGreaterThan(0);
  expect(dsTotal).toBeLessThan(total);
  for (const row of await rows.all()) await expect(row).toContainText('daemonset/');
});
