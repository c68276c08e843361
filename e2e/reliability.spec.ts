// Nothing lost, nothing hangs (issue 10, the page): a hung engine with a command in flight, a reload in
// the middle of a rolling update, a full storage quota, storage that throws, a 5 MB manifest.

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

type Dsp = {
  store: { getState(): Record<string, unknown>; setState(s: Record<string, unknown>): void };
  hangEngine(when?: 'now' | 'next-exec'): Promise<void>;
};

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

async function engineUp(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { __dsp?: Dsp }).__dsp?.store.getState().engineStatus),
      { timeout: 30_000 },
    )
    .toBe('ready');
}

async function run(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
}

async function applyEditor(page: Page) {
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
}

async function typeInEditor(page: Page, text: string) {
  const editor = page.locator('.monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

const editorText = (page: Page) =>
  page.evaluate(() => (window as unknown as { __dsp: Dsp }).__dsp.store.getState().editorText as string);

/** The cluster as the page shows it: pods with their revision and phase, revisions, the clock. */
function snapshot(page: Page) {
  return page.evaluate(() => {
    const s = (window as unknown as { __dsp: Dsp }).__dsp.store.getState() as {
      objects: Record<
        string,
        Record<
          string,
          {
            metadata: { name: string; labels?: Record<string, string>; deletionTimestamp?: string };
            status?: { phase?: string };
            revision?: number;
          }
        >
      >;
      now: number;
      start: number;
      inputs: unknown[];
    };
    const pods = Object.values(s.objects.Pod)
      .map(
        (p) =>
          `${p.metadata.name} ${p.metadata.labels?.['controller-revision-hash'] ?? ''} ${p.status?.phase ?? ''}${p.metadata.deletionTimestamp ? ' terminating' : ''}`,
      )
      .sort();
    const revisions = Object.values(s.objects.ControllerRevision)
      .map((r) => `${r.metadata.name} ${r.revision}`)
      .sort();
    return { pods, revisions, clock: s.now - s.start, inputs: s.inputs.length };
  });
}

test('a hung engine with a command in flight is replaced within 10 s; the command says so; nothing is lost', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto('./');
  await engineUp(page);
  await applyEditor(page);
  await run(page, 'sim node add node-2');
  await typeInEditor(page, '\n# an edit not applied yet');
  await expect(page.getByTestId('manifest-state')).toHaveText('Unapplied changes');
  const before = await page.evaluate(
    () => (window as unknown as { __dsp: Dsp }).__dsp.store.getState().inputs,
  );

  await page.evaluate(() => (window as unknown as { __dsp: Dsp }).__dsp.hangEngine('next-exec'));
  const t0 = Date.now();
  await run(page, 'kubectl get pods -n kube-system');
  await expect(page.getByTestId('console-log')).toContainText('stopped answering', { timeout: 12_000 });
  const detectMs = Date.now() - t0;
  console.log(`hang detected and the command answered after ${detectMs} ms`);
  expect(detectMs).toBeLessThan(10_000);
  await expect(page.getByTestId('engine-notice')).toContainText('restarted', { timeout: 15_000 });

  // The new engine holds what the old one did; the editor text and the typed command are still there.
  expect(
    await page.evaluate(() => (window as unknown as { __dsp: Dsp }).__dsp.store.getState().inputs),
  ).toEqual(before);
  const nodes = await page.evaluate(() => {
    const objects = (window as unknown as { __dsp: Dsp }).__dsp.store.getState().objects as Record<
      string,
      Record<string, unknown>
    >;
    return Object.keys(objects.Node).sort();
  });
  expect(nodes).toEqual(['/master', '/node-1', '/node-2']);
  expect(await editorText(page)).toContain('an edit not applied yet');
  await expect(page.getByTestId('manifest-state')).toHaveText('Unapplied changes');
  await page.getByTestId('console-input').press('ArrowUp');
  await expect(page.getByTestId('console-input')).toHaveValue('kubectl get pods -n kube-system');
  await page.getByTestId('console-input').press('Enter');
  await expect(page.getByTestId('console-log')).toContainText('fluentd-elasticsearch-');
  // the clock runs on in the new engine: the pods become Running
  await expect(async () => {
    await page.getByTestId('console-clear').click();
    await run(page, 'kubectl get pods -n kube-system');
    expect((await page.getByTestId('console-log').innerText()).match(/1\/1\s+Running/g)?.length).toBe(3);
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: '/tmp/rely-page/hang-recovered.png' });
  expect(errors).toEqual([]);
});

test('a reload in the middle of a rolling update brings back the same pods, revisions and clock', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto('./');
  await engineUp(page);
  await page.getByTestId('play-toggle').click();
  await expect(page.getByTestId('play-toggle')).toHaveAttribute('aria-pressed', 'false');
  await applyEditor(page);
  await run(page, 'sim advance 10s');
  await run(
    page,
    'kubectl set image ds/fluentd-elasticsearch -n kube-system fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:1.22',
  );
  await run(page, 'sim advance 3s');
  await expect.poll(async () => (await snapshot(page)).inputs).toBe(4);
  // `set image` changed the live DaemonSet after the editor's Apply: the editor says so (issue 22)
  await expect(page.getByTestId('manifest-state')).toHaveText('Live object changed');
  const before = await snapshot(page);
  // really mid-rollout: two revisions, and pods of both (or one terminating)
  expect(before.revisions).toHaveLength(2);
  expect(
    new Set(before.pods.map((p) => p.split(' ')[1])).size > 1 ||
      before.pods.some((p) => p.includes('terminating')),
  ).toBe(true);

  await page.reload();
  await expect(page.getByTestId('session-notice')).toContainText('4 commands replayed', { timeout: 30_000 });
  await engineUp(page);
  expect(await snapshot(page)).toEqual(before);
  const replayMs = await page.evaluate(
    () => performance.getEntriesByName('dsp:session-restore')[0]?.duration ?? -1,
  );
  console.log(
    `session restored after reload: ${before.pods.length} pods, ${before.revisions.length} revisions, clock +${before.clock} ms; replay took ${Math.round(replayMs)} ms`,
  );
  expect(replayMs).toBeGreaterThan(0);
  // paused when saved: still paused; the editor text is the applied one, and the live object still
  // differs from it (the image `set image` changed)
  await expect(page.getByTestId('play-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('manifest-state')).toHaveText('Live object changed');
  await page.screenshot({ path: '/tmp/rely-page/reload-restored.png' });

  // An unapplied edit: still unapplied after a reload.
  await typeInEditor(page, '\n# later');
  await expect(page.getByTestId('manifest-state')).toHaveText('Unapplied changes');
  await page.reload();
  await expect(page.getByTestId('session-notice')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => editorText(page), { timeout: 30_000 }).toContain('# later');
  await expect(page.getByTestId('manifest-state')).toHaveText('Unapplied changes');
  expect((await snapshot(page)).pods).toEqual(before.pods);

  // Start fresh: the URL's playground, the default manifest, and nothing to restore on the next reload.
  await page.getByTestId('session-fresh').click();
  await expect(page.getByTestId('session-notice')).toHaveCount(0);
  await expect.poll(async () => (await snapshot(page)).inputs).toBe(0);
  expect((await snapshot(page)).pods).toEqual([]);
  await page.reload();
  await engineUp(page);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('session-notice')).toHaveCount(0);
  expect(errors).toEqual([]);
});

/** Fills localStorage to the last character (as other pages of the same origin may have). */
async function fillStorage(page: Page) {
  return page.evaluate(() => {
    let size = 1 << 20;
    let i = 0;
    let total = 0;
    while (size >= 1) {
      try {
        localStorage.setItem(`junk-${i++}`, 'x'.repeat(size));
        total += size;
      } catch {
        size = Math.floor(size / 2);
      }
    }
    return total;
  });
}

test('a full storage quota is told, with a download of the text; nothing is lost silently', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto('./');
  await engineUp(page);
  const filled = await fillStorage(page);
  console.log(`filled ${filled} characters of localStorage`);
  await run(page, 'sim node add node-9');
  await typeInEditor(page, '\n# typed while the storage is full');
  const notice = page.getByTestId('storage-notice');
  await expect(notice).toBeVisible({ timeout: 10_000 });
  await expect(notice).toHaveAttribute('data-problem', 'quota');
  await expect(notice).toContainText('storage for this page is full');
  await page.screenshot({ path: '/tmp/rely-page/storage-full.png' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('storage-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('manifest.yaml');
  expect(readFileSync((await download.path())!, 'utf8')).toContain('# typed while the storage is full');
  // the cluster could not be kept either: it is offered as a scenario file (what "Copy link" makes)
  const [scenario] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('storage-download-scenario').click(),
  ]);
  expect(JSON.parse(readFileSync((await scenario.path())!, 'utf8'))).toMatchObject({
    format: 'daemonset-playground-scenario',
    v: 1,
  });

  // Room again: the next save works and the notice goes.
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('junk-')) localStorage.removeItem(k);
  });
  await typeInEditor(page, '\n# and after');
  await expect(notice).toHaveCount(0, { timeout: 10_000 });
  await page.reload();
  await engineUp(page);
  expect(await editorText(page)).toContain('# and after');
  expect(errors).toEqual([]);
});

test('without any storage (it throws), the page works and says a reload starts over', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException(
          'The document is sandboxed and lacks the allow-same-origin flag.',
          'SecurityError',
        );
      },
    });
  });
  const errors = watchErrors(page);
  await page.goto('./');
  await engineUp(page);
  await expect(page.getByTestId('storage-notice')).toHaveAttribute('data-problem', 'unavailable');
  await applyEditor(page);
  await expect(page.getByTestId('console-log')).toContainText('created');
  await run(page, 'kubectl get ds -n kube-system -o name');
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch');
  expect(errors).toEqual([]);
});

test('a 5 MB manifest is saved (compressed) and comes back after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto('./?view=graph');
  await engineUp(page);
  const size = await page.evaluate(() => {
    const doc =
      'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent-N\nspec:\n  selector:\n    matchLabels: {app: agent}\n';
    const text = Array.from({ length: 50_000 }, (_, i) => doc.replace('N', String(i))).join('---\n');
    (window as unknown as { __dsp: Dsp }).__dsp.store.setState({ editorText: text });
    return text.length;
  });
  expect(size).toBeGreaterThan(5_000_000);
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith(':editor.z'))), {
      timeout: 10_000,
    })
    .toBe(true);
  const stored = await page.evaluate(
    () => Object.entries(localStorage).find(([k]) => k.endsWith(':editor.z'))![1].length,
  );
  console.log(`5 MB manifest (${size} characters) stored in ${stored} characters`);
  await expect(page.getByTestId('storage-notice')).toHaveCount(0);
  await page.reload();
  await engineUp(page);
  expect(
    await page.evaluate(
      () => ((window as unknown as { __dsp: Dsp }).__dsp.store.getState().editorText as string).length,
    ),
  ).toBe(size);
  expect(errors).toEqual([]);
});

test('production hygiene: no test hooks without the debug flag, no harness page in dist/', async ({
  browser,
}) => {
  const { existsSync, readdirSync } = await import('node:fs');
  const dist = new URL('../dist/', import.meta.url);
  expect(existsSync(new URL('src/ui/editor/harness.html', dist))).toBe(false);
  expect(
    readdirSync(dist)
      .filter((f) => f.endsWith('.html'))
      .sort(),
  ).toEqual(['embed-example.html', 'index.html']);
  // a context without the suite's debug cookie
  const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await ctx.newPage();
  await page.goto('./');
  await expect(page.getByTestId('console-input')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => '__dsp' in window)).toBe(false);
  await page.goto('./?debug=1');
  await expect.poll(() => page.evaluate(() => '__dsp' in window), { timeout: 30_000 }).toBe(true);
  await ctx.close();
});
