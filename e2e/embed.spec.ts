// Embedding (issue 6): the example course page with two iframes, the postMessage protocol (ready,
// state, step; load, reset, step), storage per embed, Monaco only in an embed the learner uses (issue 24:
// until then the manifest read-only), and a parent at an origin that is not allowed being ignored.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { serve, type Served } from './serve';

// The last test checks that third-party frames register no offline worker: that needs workers allowed
// (the config blocks them to save CPU).
test.use({ serviceWorkers: 'allow' });

type Received = {
  frame: string;
  origin?: string;
  type: string;
  id: string | null;
  reason?: string;
  step?: number;
  nodes?: number;
  pods?: number;
  readyPods?: number;
  daemonSets?: number;
  share?: string | null;
  version?: number;
  source?: string;
};

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: Received[] }).received);

function frameOf(page: Page, id: string): Frame {
  const f = page.frames().find((x) => new URL(x.url()).searchParams.get('id') === id);
  if (!f) throw new Error(`no frame ${id}`);
  return f;
}

/** The editor text as the page holds it (the store, through the debug handle). */
const editorTextOf = (f: Frame) =>
  f.evaluate(
    () =>
      (
        window as unknown as { __dsp: { store: { getState(): { editorText: string } } } }
      ).__dsp.store.getState().editorText,
  );

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

test('the example page: two embeds, load a scenario, receive state and step messages', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('./embed-example.html');
  // both embeds announce themselves; B was given ?step=1
  await expect
    .poll(
      async () =>
        (await received(page))
          .filter((m) => m.type === 'ready')
          .map((m) => m.frame)
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(['a', 'b']);
  const all = await received(page);
  expect(all.every((m) => m.source === 'daemonset-playground' && m.version === 1)).toBe(true);
  expect(all.find((m) => m.frame === 'b' && m.type === 'ready')).toMatchObject({ id: 'b', step: 1 });
  expect(all.some((m) => m.frame === 'b' && m.type === 'step' && m.step === 1)).toBe(true);

  // Neither embed loads Monaco before it is used (A in view, B below the fold): each shows the manifest
  // read-only, and loads the editor on a touch, click, focus or key
  const a = frameOf(page, 'a');
  const b = frameOf(page, 'b');
  const monacoLoaded = (f: Frame) =>
    f.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('monacoSetup')));
  for (const f of [a, b]) {
    await expect(f.getByTestId('load-when-visible')).toHaveAttribute('data-until', 'used');
    await expect(f.getByTestId('yaml-preview')).toBeVisible();
    expect(await f.locator('.monaco-editor').count()).toBe(0);
    expect(await monacoLoaded(f)).toBe(false);
  }

  await page.getByTestId('load-a').click();
  await expect
    .poll(
      async () =>
        (await received(page)).find((m) => m.frame === 'a' && m.type === 'state' && m.reason === 'load'),
      { timeout: 60_000 },
    )
    .toMatchObject({ id: 'a', nodes: 3, pods: 2, readyPods: 2, daemonSets: 1 });
  const load = (await received(page)).find((m) => m.frame === 'a' && m.reason === 'load')!;
  expect(load.share).toMatch(/^1\.[A-Za-z0-9_-]+$/);
  await expect(a.getByTestId('console-log')).toContainText('$ kubectl get pods -n kube-system -o wide');
  await expect(a.getByTestId('console-log')).toContainText(/node-exporter-\w+\s+1\/1\s+Running/);
  await expect(a.getByTestId('yaml-preview')).toContainText('node-exporter');
  // seconds later, with a scenario loaded, A still has not loaded Monaco (nobody used its editor)
  expect(await a.locator('.monaco-editor').count()).toBe(0);
  expect(await monacoLoaded(a)).toBe(false);

  await page.getByTestId('step-a').click();
  await expect
    .poll(async () =>
      (await received(page)).some((m) => m.frame === 'a' && m.type === 'step' && m.step === 2),
    )
    .toBe(true);

  // a command typed in the embed is reported (throttled)
  await a.getByTestId('console-input').fill('sim node add node-3');
  await a.getByTestId('console-input').press('Enter');
  await expect
    .poll(async () => (await received(page)).filter((m) => m.frame === 'a' && m.type === 'state').at(-1), {
      timeout: 30_000,
    })
    .toMatchObject({ nodes: 4 });

  await page.screenshot({ path: 'test-results/embed-example.png' });

  // B in view still shows the read-only manifest; a click on it loads the editor
  await page.locator('#frame-b').scrollIntoViewIfNeeded();
  expect(await b.locator('.monaco-editor').count()).toBe(0);
  await b.getByTestId('load-when-visible').click();
  await expect(b.locator('.monaco-editor').first()).toBeVisible({ timeout: 30_000 });
  await b.locator('.monaco-editor').first().click();
  await page.keyboard.press('Control+End');
  // A learner who stops for a moment and goes on: the page saves the editor text 300 ms after the last
  // keystroke (src/state/saving.ts), so what was typed before the pause is saved on its own, and the rest
  // follows 300 ms after the end. (Reading storage as soon as the key existed is what made this test
  // flaky under load: a pause of the browser mid-typing saved "# B ", and the test read that.)
  await page.keyboard.type('\n# B ');
  await page.waitForTimeout(500);
  await page.keyboard.type('was here');
  // the page holds every keystroke at once…
  expect(await editorTextOf(b)).toMatch(/# B was here$/);
  await page.screenshot({ path: 'test-results/embed-example-b.png' });

  // …and each embed keeps its own editor text (storage namespaced by ?id=), B's within the save delay
  const storedTexts = () =>
    page.evaluate(() =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((k) => k.endsWith(':editor'))
          .map((k) => [k.split(':').at(-2), localStorage.getItem(k)]),
      ),
    );
  await expect.poll(storedTexts, { timeout: 5_000 }).toMatchObject({
    a: expect.stringContaining('node-exporter'),
    b: expect.stringMatching(/# B was here$/),
  });
  const texts = await storedTexts();
  expect(Object.keys(texts).sort()).toEqual(['a', 'b']);
  expect(texts.a).toContain('node-exporter');
  expect(texts.a).not.toContain('B was here');
  expect(texts.b).toContain('B was here');
  expect(texts.b).not.toContain('node-exporter');

  // reset: a fresh cluster and the default manifest
  await page.getByTestId('reset-a').click();
  await expect
    .poll(
      async () =>
        (await received(page)).find((m) => m.frame === 'a' && m.type === 'state' && m.reason === 'reset'),
      { timeout: 30_000 },
    )
    .toMatchObject({ nodes: 2, pods: 0, daemonSets: 0 });
  await expect(a.getByTestId('yaml-preview')).toContainText('fluentd-elasticsearch');

  // A course page that takes an embed away right after the learner typed (a single-page course moving
  // to its next section) loses nothing: the frame's pagehide saves the text at once.
  await b.locator('.monaco-editor').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n# and then the frame went away');
  await page.evaluate(() => document.getElementById('frame-b')!.remove());
  expect((await storedTexts()).b).toMatch(/# B was here\n# and then the frame went away$/);
  expect(errors).toEqual([]);
});

test('a scenario that does not parse is reported, and the embed keeps going', async ({ page }) => {
  await page.goto('./embed-example.html');
  await expect
    .poll(async () => (await received(page)).filter((m) => m.type === 'ready').length, { timeout: 30_000 })
    .toBe(2);
  await page.locator('#script').fill('kubectl get pods\nrm -rf /\n');
  await page.getByTestId('load-a').click();
  await expect
    .poll(async () => (await received(page)).find((m) => m.type === 'error'))
    .toMatchObject({ frame: 'a', request: 'load', line: 2 });
  await expect(frameOf(page, 'a').getByTestId('console-log')).toContainText('could not be read (line 2)');
});

/**
 * A course page on another origin, embedding the playground twice: served by a second static server
 * (another port, so another origin). A page made up with page.route would count as a public address and
 * Chromium's local network access checks would not let it frame 127.0.0.1.
 */
const PLAYGROUND = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
const coursePage = (course: string) => `<!doctype html><html><body>
<iframe id="trusted" src="${PLAYGROUND}/?embed=1&id=trusted&origin=${encodeURIComponent(course)}" width="700" height="450"></iframe>
<iframe id="other" src="${PLAYGROUND}/?embed=1&id=other&origin=${encodeURIComponent('https://someone-else.example')}" width="700" height="450"></iframe>
<script>
  window.received = []
  addEventListener('message', (e) => {
    const frame = ['trusted', 'other'].find((id) => document.getElementById(id).contentWindow === e.source)
    window.received.push({ frame, origin: e.origin, ...e.data })
  })
  window.sendAll = (m) => {
    for (const id of ['trusted', 'other']) document.getElementById(id).contentWindow.postMessage(m, '*')
  }
</script></body></html>`;

let course: Served | undefined;
test.afterAll(async () => {
  await course?.stop();
});

test('messages from a parent whose origin is not allowed are ignored, and it is told nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'dsp-course-'));
  course = await serve({ base: '/', root: dir });
  writeFileSync(join(dir, 'lesson.html'), coursePage(course.origin));
  await page.goto(`${course.origin}/lesson.html`);
  await expect
    .poll(async () => (await received(page)).filter((m) => m.type === 'ready').map((m) => m.frame), {
      timeout: 30_000,
    })
    .toEqual(['trusted']);
  const trusted = frameOf(page, 'trusted');
  const other = frameOf(page, 'other');
  await expect(other.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.evaluate(() =>
    (window as unknown as { sendAll(m: unknown): void }).sendAll({
      type: 'load',
      script: 'sim node add intruder\n',
    }),
  );
  await expect
    .poll(async () => (await received(page)).find((m) => m.type === 'state' && m.reason === 'load'), {
      timeout: 30_000,
    })
    .toMatchObject({ frame: 'trusted', nodes: 3 });
  await expect(trusted.getByTestId('console-log')).toContainText('$ sim node add intruder');
  // the other embed did nothing and said nothing
  await page.waitForTimeout(1000);
  expect(await other.getByTestId('console-log').innerText()).not.toContain('intruder');
  expect((await received(page)).filter((m) => m.frame === 'other')).toEqual([]);
  // what the course page got came from the playground
  expect((await received(page)).every((m) => m.origin === PLAYGROUND)).toBe(true);
  // no offline service worker inside third-party iframes
  expect(await trusted.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(
    0,
  );
});
