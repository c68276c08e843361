// Click to load (issue 25, item 4): with `ctl=1` the embed is a static poster until the learner asks for
// the playground — no stylesheet, no module chunk, no Monaco, no engine worker — then it loads and works
// as the same embed would have. Measured with the requests the browser made (their transfer sizes) and
// the workers it started, before and after the click; the poster fits the embed's and a phone's viewport
// and does not move. Without `ctl=1` the app's chunks load at once (the measurement can fail).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { serve, type Served } from './serve';

const PLAYGROUND = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
const SHOTS = '/tmp/lms';

interface Traffic {
  requests: { url: string; bytes: number; frame: string }[];
  workers: string[];
  settle(): Promise<void>;
}

function frameUrl(r: Request): string {
  try {
    return r.frame().url();
  } catch {
    return ''; // a worker's request
  }
}

/** Every finished request (body + headers as transferred) and every worker the page starts. */
function record(page: Page): Traffic {
  const t: Traffic = { requests: [], workers: [], settle: async () => undefined };
  const pending: Promise<void>[] = [];
  // Request.sizes() can wait long for some requests (a worker's): then the response's content-length
  const bytesOf = async (r: Request): Promise<number> => {
    const s = await Promise.race([
      r.sizes().catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
    ]);
    if (s) return s.responseBodySize + s.responseHeadersSize;
    const res = await r.response().catch(() => null);
    return Number(res?.headers()['content-length'] ?? 0);
  };
  const add = (r: Request) =>
    pending.push(
      bytesOf(r).then((bytes) => {
        t.requests.push({ url: r.url(), bytes, frame: frameUrl(r) });
      }),
    );
  let last = Date.now();
  page.on('request', () => (last = Date.now()));
  page.on('requestfinished', add);
  page.on('requestfailed', add);
  page.on('worker', (w) => t.workers.push(w.url()));
  // quiet for a second (at most 20 s: a playing cluster may keep asking for something)
  t.settle = async () => {
    const start = Date.now();
    while (Date.now() - last < 1000 && Date.now() - start < 20_000) await page.waitForTimeout(200);
    await Promise.all(pending);
  };
  return t;
}

const sum = (rs: { bytes: number }[]) => rs.reduce((a, r) => a + r.bytes, 0);
const appFiles = (rs: { url: string }[]) =>
  rs.filter((r) => /\/(assets|classic)\/|worker|monaco|\.css(\?|$)/.test(r.url)).map((r) => r.url);

/** The poster: inside the viewport, nothing to scroll, no layout shift. */
async function fits(page: Page): Promise<void> {
  const m = await page.evaluate(() => {
    const b = document.querySelector('[data-testid="ctl-load"]')!.getBoundingClientRect();
    const box = document.querySelector('#dsp-poster > div')!.getBoundingClientRect();
    return {
      button: [b.left, b.top, b.right, b.bottom],
      box: [box.left, box.top, box.right, box.bottom],
      w: innerWidth,
      h: innerHeight,
      scroll: document.documentElement.scrollHeight - innerHeight,
      posterScroll: document.getElementById('dsp-poster')!.scrollHeight - innerHeight,
    };
  });
  expect(m.scroll).toBeLessThanOrEqual(0);
  expect(m.posterScroll).toBeLessThanOrEqual(0);
  for (const r of [m.button, m.box]) {
    expect(r[0]).toBeGreaterThanOrEqual(0);
    expect(r[1]).toBeGreaterThanOrEqual(0);
    expect(r[2]).toBeLessThanOrEqual(m.w);
    expect(r[3]).toBeLessThanOrEqual(m.h);
  }
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) total += (e as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBe(0);
}

test('ctl=1 in English, light, 700×450: a poster only, nothing of the app before the click, then the embed works', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 700, height: 450 });
  const t = record(page);
  await page.goto('./?embed=1&ctl=1&lesson=taints&lang=en&theme=light&id=one');
  const poster = page.getByTestId('ctl-poster');
  await expect(poster.getByRole('heading', { level: 1 })).toHaveText('DaemonSet Playground');
  await expect(poster).toContainText('A Kubernetes cluster simulated in your browser');
  await expect(poster).toContainText('Lesson: Taints: NoSchedule, NoExecute, cordon and drain');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await t.settle();
  // let a page that would start anything on its own do it
  await page.waitForTimeout(1500);
  await t.settle();
  const before = [...t.requests];
  expect(appFiles(before)).toEqual([]);
  expect(t.workers).toEqual([]);
  expect(await page.evaluate(() => document.getElementById('root')!.childElementCount)).toBe(0);
  const beforeBytes = sum(before);
  expect(beforeBytes).toBeLessThan(20_000);
  await fits(page);
  await page.screenshot({ path: `${SHOTS}/ctl-700x450-en-light.png` });

  // the keyboard reaches the button; Enter loads the playground
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('ctl-load')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
  await expect(poster).toHaveCount(0);
  // the same embed: no header, the lesson of lesson=, the console answering with the engine in a worker
  await expect(page.getByTestId('lesson-panel')).toContainText('Taints');
  await page.getByTestId('console-input').fill('kubectl get nodes -o name');
  await page.getByTestId('console-input').press('Enter');
  await expect(page.getByTestId('console-log')).toContainText('node/', { timeout: 60_000 });
  await t.settle();
  expect(t.workers.some((u) => /engine/.test(u))).toBe(true);
  const after = t.requests.slice(before.length);
  expect(appFiles(after).length).toBeGreaterThan(5);
  console.log(
    `ctl=1 700×450: before the click ${before.length} requests, ${beforeBytes} bytes, 0 workers; ` +
      `after it ${after.length} requests, ${sum(after)} bytes, ${t.workers.length} workers`,
  );
  await page.screenshot({ path: `${SHOTS}/ctl-700x450-en-light-loaded.png` });
});

test('ctl=1 in Chinese, dark, 390×844: the poster in the page language and theme; the app follows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const t = record(page);
  await page.goto('./?embed=1&ctl=1&lesson=taints&lang=zh-CN&theme=dark');
  const poster = page.getByTestId('ctl-poster');
  await expect(poster.getByRole('heading', { level: 1 })).toHaveText('DaemonSet 演练场');
  await expect(poster).toContainText('课程：污点：NoSchedule、NoExecute、封锁与腾空');
  await expect(page.getByTestId('ctl-load')).toHaveText('加载演练场');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const bg = await poster.evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(bg).toBe('rgb(15, 23, 42)');
  await t.settle();
  expect(appFiles(t.requests)).toEqual([]);
  expect(t.workers).toEqual([]);
  await fits(page);
  await page.screenshot({ path: `${SHOTS}/ctl-390x844-zh-dark.png` });
  // the embed's size, loaded afresh (a resize is a layout shift of its own)
  await page.setViewportSize({ width: 700, height: 450 });
  await page.reload();
  await expect(page.getByTestId('ctl-load')).toHaveText('加载演练场');
  await fits(page);
  await page.screenshot({ path: `${SHOTS}/ctl-700x450-zh-dark.png` });
  await page.getByTestId('ctl-load').click();
  await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('lesson-panel')).toContainText('污点');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('without ctl=1 the app loads at once (what ctl=1 saves)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 700, height: 450 });
  const t = record(page);
  await page.goto('./?embed=1&lesson=taints&lang=en');
  await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('ctl-poster')).toHaveCount(0);
  await t.settle();
  expect(appFiles(t.requests).length).toBeGreaterThan(5);
  expect(t.workers.some((u) => /engine/.test(u))).toBe(true);
  console.log(`no ctl 700×450: ${t.requests.length} requests, ${sum(t.requests)} bytes at load`);
});

let course: Served | undefined;
test.afterAll(async () => {
  await course?.stop();
});

test('a course page with four ctl=1 embeds loads four posters; a click loads that one embed only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'dsp-ctl-'));
  course = await serve({ base: '/', root: dir });
  const frames = ['a', 'b', 'c', 'd']
    .map(
      (id) =>
        `<iframe src="${PLAYGROUND}/?embed=1&ctl=1&id=${id}&lesson=article&origin=${encodeURIComponent(course!.origin)}" width="700" height="450" title="DaemonSet Playground" loading="lazy" style="border:0;display:block"></iframe>`,
    )
    .join('\n');
  writeFileSync(
    join(dir, 'course.html'),
    `<!doctype html><html><body style="margin:0">${frames}</body></html>`,
  );
  await page.setViewportSize({ width: 1280, height: 2000 });
  const t = record(page);
  await page.goto(`${course.origin}/course.html`);
  for (let i = 0; i < 4; i++)
    await expect(page.frameLocator('iframe').nth(i).getByTestId('ctl-load')).toBeVisible({ timeout: 30_000 });
  await t.settle();
  const posters = t.requests.filter((r) => r.url.startsWith(PLAYGROUND));
  expect(appFiles(posters)).toEqual([]);
  console.log(`four ctl=1 embeds: ${posters.length} requests, ${sum(posters)} bytes from the playground`);
  const n = t.requests.length;
  await page.frameLocator('iframe').nth(1).getByTestId('ctl-load').click();
  await expect(page.frameLocator('iframe').nth(1).getByTestId('lesson-panel')).toBeVisible({
    timeout: 60_000,
  });
  await t.settle();
  const after = t.requests.slice(n);
  expect(appFiles(after).length).toBeGreaterThan(5);
  // every app file came for the frame that was clicked
  expect([
    ...new Set(after.filter((r) => appFiles([r]).length).map((r) => new URL(r.frame).searchParams.get('id'))),
  ]).toEqual(['b']);
  await page.screenshot({ path: `${SHOTS}/ctl-course-four-embeds.png` });
  for (const i of [0, 2, 3])
    await expect(page.frameLocator('iframe').nth(i).getByTestId('ctl-load')).toBeVisible();
});
