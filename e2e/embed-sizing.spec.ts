// Sizing like the embeds course authors know (issue 25, item 4): `autoheight=1` on a course page at
// another origin. One frame sits on a page that runs H5P's resizer rules (h5p-resizer.js: answer
// `hello`, set the frame to clientHeight + 75 on `prepareResize` and to scrollHeight + 75 on `resize`,
// send `resize` when the page's window resizes), the other on a page that obeys Canvas's
// `lti.frameResize`. Every reply to a message carries the requestId it was sent with.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serve, type Served } from './serve';

const PLAYGROUND = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;

// The host page's scripts follow the two platforms' documented rules; they are written here, not
// copied (h5p-resizer.js is GPL and not shipped).
const hostPage = (course: string) => `<!doctype html><html><body style="margin:0">
<iframe id="h5p" src="${PLAYGROUND}/?embed=1&autoheight=1&id=h5p&lesson=article&origin=${encodeURIComponent(course)}" width="700" height="450" style="border:0;display:block"></iframe>
<iframe id="canvas" src="${PLAYGROUND}/?embed=1&autoheight=1&id=canvas&origin=${encodeURIComponent(course)}" width="1000" height="300" style="border:0;display:block"></iframe>
<script>
  window.received = []
  const frameOf = (source) => ['h5p', 'canvas'].map((id) => document.getElementById(id)).find((f) => f.contentWindow === source)
  addEventListener('message', (e) => {
    const iframe = frameOf(e.source)
    if (!iframe) return
    window.received.push({ frame: iframe.id, ...e.data })
    const d = e.data
    // Canvas: lti.frameResize sets the frame's height
    if (iframe.id === 'canvas' && d && d.subject === 'lti.frameResize') iframe.style.height = d.height + 'px'
    // H5P's resizer
    if (iframe.id === 'h5p' && d && d.context === 'h5p') {
      const respond = (action) => e.source.postMessage({ context: 'h5p', action }, e.origin)
      if (d.action === 'hello') { addEventListener('resize', () => respond('resize')); respond('hello') }
      if (d.action === 'prepareResize' && (iframe.clientHeight !== d.scrollHeight || d.scrollHeight !== d.clientHeight)) {
        iframe.style.height = (d.clientHeight + 75) + 'px'; respond('resizePrepared')
      }
      if (d.action === 'resize') iframe.style.height = (d.scrollHeight + 75) + 'px'
    }
  })
  window.send = (id, m) => document.getElementById(id).contentWindow.postMessage(m, ${JSON.stringify(PLAYGROUND)})
</script></body></html>`;

type Got = {
  frame: string;
  type?: string;
  subject?: string;
  height?: number;
  requestId?: unknown;
  reason?: string;
  step?: number;
  context?: string;
  action?: string;
};
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Got[] }).received);
const heightOf = (page: Page, id: string) =>
  page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().height, id);

let course: Served | undefined;
test.afterAll(async () => {
  await course?.stop();
});

test("autoheight=1: H5P's resizer and Canvas size the frame to what the embed wants; replies carry their requestId", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'dsp-sizing-'));
  course = await serve({ base: '/', root: dir });
  writeFileSync(join(dir, 'host.html'), hostPage(course.origin));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${course.origin}/host.html`);
  await expect
    .poll(
      async () =>
        (await received(page))
          .filter((m) => m.type === 'ready')
          .map((m) => m.frame)
          .sort(),
      {
        timeout: 60_000,
      },
    )
    .toEqual(['canvas', 'h5p']);

  // Canvas: 1000 px wide, no lesson → 0.64 × 1000 = 640
  await expect.poll(() => heightOf(page, 'canvas'), { timeout: 20_000 }).toBe(640);
  const canvasSaid = (await received(page)).filter(
    (m) => m.frame === 'canvas' && m.subject === 'lti.frameResize',
  );
  expect(canvasSaid.at(-1)?.height).toBe(640);

  // H5P: 700 px wide with the article lesson → 450 plus the lesson's own height, reached through the
  // handshake (hello, hello, prepareResize, resizePrepared, resize), and the frame is what it asked for
  const h5p = page.frameLocator('#h5p');
  await expect(h5p.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(
      async () => {
        const asked = (await received(page))
          .filter((m) => m.frame === 'h5p' && m.subject === 'lti.frameResize')
          .at(-1)?.height;
        return asked !== undefined && asked > 450 && (await heightOf(page, 'h5p')) === asked;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const actions = (await received(page))
    .filter((m) => m.frame === 'h5p' && m.context === 'h5p')
    .map((m) => m.action);
  // hello (again while the parent has not answered, as H5P's content does), then prepareResize → resize
  expect(actions[0]).toBe('hello');
  expect(actions.indexOf('prepareResize')).toBeGreaterThan(0);
  expect(actions.indexOf('resize', actions.indexOf('prepareResize'))).toBeGreaterThan(0);
  const withLesson = await heightOf(page, 'h5p');
  await page.screenshot({ path: testInfo.outputPath('autoheight-h5p-canvas.png'), fullPage: true });
  // nothing is covered: the lesson's Next button and the console's input are inside the frame
  const frameBox = (await page.locator('#h5p').boundingBox())!;
  for (const id of ['lesson-next', 'console-toggle']) {
    const b = await h5p.getByTestId(id).first().boundingBox();
    if (!b) continue;
    expect(b.y + b.height, id).toBeLessThanOrEqual(frameBox.y + frameBox.height + 0.5);
  }

  // folding the lesson: the embed asks for less, the resizer follows
  await h5p.getByTestId('lesson-fold').click();
  await expect.poll(() => heightOf(page, 'h5p'), { timeout: 20_000 }).toBeLessThan(withLesson);

  // a wider Canvas frame wants more (0.64 × 1200 = 768)
  await page.evaluate(() => document.getElementById('canvas')!.setAttribute('width', '1200'));
  await expect.poll(() => heightOf(page, 'canvas'), { timeout: 20_000 }).toBe(768);

  // the resizer's page resizing asks the frame again; it still answers with what it wants
  const before = await heightOf(page, 'h5p');
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.waitForTimeout(500);
  expect(await heightOf(page, 'h5p')).toBe(before);

  // requestId on the replies: reset → state, step → step, a bad load → error
  await page.evaluate(() => {
    const w = window as unknown as { send(id: string, m: unknown): void };
    w.send('canvas', { type: 'reset', requestId: 'r-1' });
    w.send('h5p', { type: 'step', step: 2, requestId: 7 });
  });
  // (a load sent at once would overtake the reset, which is then not answered: README, Messages)
  await expect
    .poll(async () => (await received(page)).some((m) => m.frame === 'canvas' && m.reason === 'reset'), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.evaluate(() =>
    (window as unknown as { send(id: string, m: unknown): void }).send('canvas', {
      type: 'load',
      script: 'rm -rf /\n',
      requestId: 'bad-load',
    }),
  );
  await expect
    .poll(
      async () => {
        const got = await received(page);
        return {
          reset: got.find((m) => m.frame === 'canvas' && m.type === 'state' && m.reason === 'reset')
            ?.requestId,
          step: got.find((m) => m.frame === 'h5p' && m.type === 'step' && m.requestId !== undefined)
            ?.requestId,
          error: got.find((m) => m.frame === 'canvas' && m.type === 'error')?.requestId,
        };
      },
      { timeout: 30_000 },
    )
    .toEqual({ reset: 'r-1', step: 7, error: 'bad-load' });
  // the step reply names the step the page is at
  expect((await received(page)).find((m) => m.frame === 'h5p' && m.requestId === 7)?.step).toBe(2);
});
