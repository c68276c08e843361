// Share links (issue 6) on the built page: make a change, copy the link, open it in a fresh context and
// find the same state; hostile fragments show a message and the default playground; a state too long
// for a link goes out as a file and comes back by drag-and-drop or the file input.

import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';

type Dsp = {
  store: {
    getState(): Record<string, unknown> & {
      editorText: string;
      objects: Record<string, Record<string, { metadata: { name: string } }>>;
    };
    setState(s: object): void;
  };
};

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return errors;
}

async function engineUp(page: Page) {
  await expect(page.getByTestId('console-input')).toBeVisible();
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

async function run(page: Page, command: string): Promise<string> {
  const input = page.getByTestId('console-input');
  await input.click();
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
  return page.getByTestId('console-log').innerText();
}

/** Pod names from `kubectl get pods -A` (the NAME column), run in the console. */
async function podNames(page: Page): Promise<string[]> {
  await page.getByTestId('console-clear').click();
  const log = await run(page, 'kubectl get pods -A');
  const lines = log.split('\n');
  const at = lines.lastIndexOf('$ kubectl get pods -A');
  return lines
    .slice(at + 2)
    .map((l) => l.trim().split(/\s+/)[1])
    .filter((n): n is string => !!n)
    .sort();
}

const storeState = (page: Page) =>
  page.evaluate(() => {
    const s = (window as unknown as { __dsp: Dsp }).__dsp.store.getState();
    const names = (k: string) =>
      Object.values(s.objects[k])
        .map((o) => o.metadata.name)
        .sort();
    return {
      editorText: s.editorText,
      pods: names('Pod'),
      revisions: names('ControllerRevision'),
      nodes: names('Node'),
      daemonSets: names('DaemonSet'),
    };
  });

async function allRunning(page: Page, count: number) {
  await expect(async () => {
    await page.getByTestId('console-clear').click();
    const log = await run(page, 'kubectl get pods -A');
    expect(log.match(/1\/1\s+Running/g)?.length).toBe(count);
  }).toPass({ timeout: 30_000 });
}

async function copyLink(page: Page): Promise<string> {
  await page.getByTestId('share-button').click();
  const field = page.getByTestId('share-link-field');
  await expect(field).toBeVisible();
  await expect(page.getByTestId('share-status')).toContainText('Copied');
  const url = await field.inputValue();
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  expect(clip).toBe(url);
  await page.keyboard.press('Escape');
  return url;
}

/** Opens a link in a new context (nothing saved, nothing shared) and waits for the restored state. */
async function openFresh(browser: Browser, url: string, expectNode: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  const t0 = Date.now();
  await page.goto(url);
  await expect(page.getByTestId('share-info')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`graph.node.${expectNode}`)).toBeVisible();
  const restoreMs = Date.now() - t0;
  await expect(page.getByTestId('console-log')).toContainText('restored from a shared link');
  const consoleMs = Date.now() - t0;
  // the engine's part: from the start request to the replayed state (decoding included in boot, ~1 ms)
  const replayMs = Math.round(
    await page.evaluate(() => performance.getEntriesByName('dsp:restore')[0]?.duration ?? -1),
  );
  return { context, page, errors, restoreMs, consoleMs, replayMs };
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('copy a link and find the same pods, revisions and editor text in a fresh context', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto('./');
  await engineUp(page);
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
  await run(page, 'sim node add node-2');
  await allRunning(page, 3);
  // unapplied work in the editor travels too
  await page.locator('.monaco-editor').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n# note for the class: 中文 ok');
  await expect.poll(async () => (await storeState(page)).editorText).toContain('# note for the class');

  const url = await copyLink(page);
  expect(url).toMatch(
    new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_PORT ?? 4173}/#s=1\\.[A-Za-z0-9_-]+$`),
  );
  const before = await storeState(page);
  const names = await podNames(page);
  expect(names).toHaveLength(3);
  expect(before.pods).toEqual(names);

  const fresh = await openFresh(browser, url, 'node-2');
  // the fragment stays while the page shows the linked state (a reload opens it again)…
  expect(new URL(fresh.page.url()).hash).toMatch(/^#s=1\./);
  const after = await storeState(fresh.page);
  expect(after.editorText).toBe(before.editorText);
  expect(after.revisions).toEqual(before.revisions);
  expect(after.nodes).toEqual(['master', 'node-1', 'node-2']);
  expect(await podNames(fresh.page)).toEqual(names);
  await expect(fresh.page.locator('.monaco-editor .view-lines')).toContainText('fluentd-elasticsearch', {
    timeout: 20_000,
  });
  for (const n of names) await expect(fresh.page.getByTestId(`pod.${n}`)).toBeVisible();
  test.info().annotations.push({
    type: 'figure',
    description: `link ${url.length} chars; restored graph ${fresh.restoreMs} ms after goto`,
  });
  console.log(
    `[figure] node-2 link: ${url.length} chars; graph restored ${fresh.restoreMs} ms after goto (engine replay ${fresh.replayMs} ms)`,
  );
  // …and goes once the user has run a command of their own
  await expect.poll(() => new URL(fresh.page.url()).hash).toBe('');
  expect(fresh.errors).toEqual([]);
  expect(errors).toEqual([]);
  await fresh.context.close();
});

test('the article walk-through (apply, set image, rollout, undo) as a link: length and restore time', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('./');
  await engineUp(page);
  // the rollouts wait for old pods to terminate (30 s grace): run the clock at 60×
  await page.getByTestId('speed-select').selectOption('60');
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
  await allRunning(page, 2);
  await run(page, 'kubectl get pods -n kube-system -l name=fluentd-elasticsearch');
  await run(
    page,
    'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 --record -n kube-system',
  );
  await run(page, 'kubectl rollout status ds/fluentd-elasticsearch -n kube-system');
  await expect(page.getByTestId('console-log')).toContainText('successfully rolled out', {
    timeout: 120_000,
  });
  await run(page, 'kubectl rollout history daemonset fluentd-elasticsearch -n kube-system');
  await run(page, 'kubectl rollout undo daemonset fluentd-elasticsearch --to-revision=1 -n kube-system');
  await run(page, 'kubectl rollout status ds/fluentd-elasticsearch -n kube-system');
  await expect(page.getByTestId('console-log')).toContainText(
    /successfully rolled out[\s\S]*successfully rolled out/,
    { timeout: 120_000 },
  );
  await run(page, 'kubectl rollout history daemonset fluentd-elasticsearch -n kube-system');
  const url = await copyLink(page);
  const before = await storeState(page);
  const fresh = await openFresh(browser, url, 'node-1');
  const after = await storeState(fresh.page);
  expect(after.revisions).toEqual(before.revisions);
  expect(after.pods).toEqual(before.pods);
  const log = await run(fresh.page, 'kubectl rollout history daemonset fluentd-elasticsearch -n kube-system');
  expect(log).toMatch(/REVISION\s+CHANGE-CAUSE\s+2\s+.*set image[\s\S]*3\s+/);
  const inputs = await page.evaluate(
    () => ((window as unknown as { __dsp: Dsp }).__dsp.store.getState().inputs as unknown[]).length,
  );
  console.log(
    `[figure] article walk-through: ${inputs} commands, link ${url.length} chars (fragment ${new URL(url).hash.length}); graph restored ${fresh.restoreMs} ms after goto (engine replay ${fresh.replayMs} ms)`,
  );
  test.info().annotations.push({
    type: 'figure',
    description: `article link ${url.length} chars, restore ${fresh.restoreMs} ms`,
  });
  expect(url.length).toBeLessThan(2000);
  await fresh.context.close();
});

const HOSTILE: [string, string][] = [
  ['truncated', '#s=1.q1YqU7Iy1FEqTk1NATMKgMkntUTJSimxCJjAclKBSjPzCkpLipWsoqMNLUwNRsuf0fJntPwZLX8oKn'],
  ['garbage', '#s=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E'],
  ['markup', '#s=1.<script>window.__pwned=1</script>'],
  ['wrong version', '#s=7.q1YqU7Iy1FEqTk1NATMKgMkntUTJSimxCJjAclKBSjPzCkpLipWsoqMNLUwNRsuf0fJntPwZLX8oKn'],
  ['huge', `#s=1.${'A'.repeat(210_000)}`],
  ['empty', '#s='],
];

for (const [name, hash] of HOSTILE) {
  test(`a ${name} fragment shows a message and the default playground`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`./${hash}`);
    const alert = page.getByRole('alert').filter({ hasText: 'default playground was opened instead' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await engineUp(page);
    await expect(page.getByTestId('graph.node.master')).toBeVisible();
    await expect(page.getByTestId('graph.node.node-1')).toBeVisible();
    const s = await storeState(page);
    expect(s.nodes).toEqual(['master', 'node-1']);
    expect(s.daemonSets).toEqual([]);
    expect(s.editorText).toContain('name: fluentd-elasticsearch');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"], .share-notice script').count()).toBe(0);
    if (name === 'truncated') await page.screenshot({ path: 'test-results/share-hostile-link.png' });
    expect(errors).toEqual([]);
  });
}

test('a link pasted into the address bar of an open page restores it; a bad one leaves the page as it was', async ({
  page,
}) => {
  await page.goto('./');
  await engineUp(page);
  await run(page, 'sim node add keep-me');
  // a stored v1 link (src/share/fixtures/v1-links.json): apply, node-2, set image, undo
  await page.evaluate(() => {
    location.hash = '#s=1.not-a-real-link';
  });
  await expect(page.getByTestId('share-error')).toContainText('left as it was');
  expect((await storeState(page)).nodes).toContain('keep-me');
  await page.evaluate((p) => {
    location.hash = `#s=${p}`;
  }, '1.q1YqU7Iy1FEqTk1NATMKgMkntUTJSimxCJjAclKBSjPzCkpLipWsoqMNLUwNRsuf0fJntPwZLX8oKn-A7RgzEwNgWYKjkWNoZIBc0iC1oEGywHgG6R3oBhrIKZampshOoaChqxQbCy-VDU0MjED-TwV2RfKLQlIrwAXyaAk7WsKSW8Iaj5awI6qEVVZ4smPts2ntzzaveNnepfBozmRgqVsLAO21i4w');
  await expect(page.getByTestId('share-info')).toContainText('from the link');
  await expect.poll(async () => (await storeState(page)).nodes).toEqual(['master', 'node-1', 'node-2']);
  const s = await storeState(page);
  expect(s.daemonSets).toEqual(['fluentd-elasticsearch']);
  expect(s.editorText).toContain('# 中文注释 ✓');
  expect(s.revisions.length).toBeGreaterThanOrEqual(2);
});

test('a hostile link in Chinese says so in Chinese', async ({ page }) => {
  await page.goto('./?lang=zh-CN#s=9.abc');
  await expect(page.getByTestId('share-error')).toContainText('更新版本');
  await expect(page.getByTestId('share-error')).toContainText('默认的练习场');
});

test('a state too long for a link goes out as a file and comes back by drop or file input', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto('./');
  await engineUp(page);
  await run(page, 'sim node add big-node');
  // A long, hard-to-compress editor text makes the link too long.
  const long = Array.from(
    { length: 900 },
    (_, i) =>
      `# line ${i} ${((i * 2654435761) % 4294967296).toString(36)}${((i * 40503) % 65536).toString(16)}`,
  ).join('\n');
  await page.evaluate(
    (t) => (window as unknown as { __dsp: Dsp }).__dsp.store.setState({ editorText: t }),
    long,
  );
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-too-long')).toBeVisible();
  await expect(page.getByTestId('share-link-field')).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('share-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('daemonset-playground-scenario.json');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(JSON.parse(text)).toMatchObject({ format: 'daemonset-playground-scenario', v: 1, editorText: long });

  // Drag and drop onto a fresh page.
  const ctx = await browser.newContext();
  const p2 = await ctx.newPage();
  await p2.goto('./');
  await engineUp(p2);
  const dt = await p2.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'scenario.json', { type: 'application/json' }));
    return d;
  }, text);
  await p2.dispatchEvent('main', 'dragenter', { dataTransfer: dt });
  await expect(p2.getByTestId('share-drop-overlay')).toBeVisible();
  await p2.dispatchEvent('main', 'drop', { dataTransfer: dt });
  await expect(p2.getByTestId('share-info')).toContainText('from the file', { timeout: 20_000 });
  // the graph keeps its viewport across a restore: fit it to see the third node
  await p2.getByTestId('graph.fit').click();
  await expect(p2.getByTestId('graph.node.big-node')).toBeVisible();
  expect((await storeState(p2)).editorText).toBe(long);

  // The file input (keyboard users), and a file that is not ours.
  const p3 = await ctx.newPage();
  await p3.goto('./');
  await engineUp(p3);
  await p3.getByTestId('share-button').click();
  await p3.getByTestId('share-file-input').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello": "<b>x</b>"}'),
  });
  await expect(p3.getByTestId('share-error')).toContainText('not a DaemonSet Playground scenario file');
  await expect(p3.getByTestId('share-error')).toContainText('left as it was');
  await p3.getByTestId('share-button').click();
  await p3
    .getByTestId('share-file-input')
    .setInputFiles({ name: 'scenario.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(p3.getByTestId('share-info')).toContainText('from the file');
  await p3.getByTestId('graph.fit').click();
  await expect(p3.getByTestId('graph.node.big-node')).toBeVisible();
  expect((await storeState(p3)).editorText).toBe(long);
  await ctx.close();
});

/** A node card's position in flow coordinates (React Flow's translate on the node). */
const flowPos = (page: Page, name: string) =>
  page.evaluate((n) => {
    const el = document.querySelector<HTMLElement>(`.react-flow__node[data-id="node:${n}"]`);
    const m = el && /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(el.style.transform);
    return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
  }, name);

test('a node card the user moved comes back in its place from a link; the others keep theirs', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const errors = watchErrors(page);
  await page.goto('./');
  await engineUp(page);
  await page.getByTestId('apply-button').click();
  await allRunning(page, 2);
  await page.waitForTimeout(600);
  const start = (await flowPos(page, 'node-1'))!;
  // drag node-1 by its name, down and to the left: under master, a cell it did not have
  const name = page.getByTestId('graph.node.node-1').locator('.node-name, .compact-name').first();
  const b = (await name.boundingBox())!;
  const to = (await page.getByTestId('graph.node.master').boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  // just under master's card: the cell under it, on screen (90 px lower, the nearest free cell was two rows
  // further down, below the pane's edge, where React Flow draws no card: the test then found no node-1)
  await page.mouse.move(to.x + 40, to.y + to.height + 20, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => (await flowPos(page, 'node-1'))?.y ?? start.y).toBeGreaterThan(start.y + 20);
  // Fit view: the level of detail the whole grid gets (flow coordinates depend on it), as a fresh page fits it
  await page.getByTestId('graph').getByRole('button', { name: 'Fit view' }).click();
  await page.waitForTimeout(800);
  const moved = (await flowPos(page, 'node-1'))!;
  const master = (await flowPos(page, 'master'))!;
  const url = await copyLink(page);

  const fresh = await openFresh(browser, url, 'node-1');
  await fresh.page.setViewportSize({ width: 1280, height: 720 });

  await expect
    .poll(async () => {
      const p = await flowPos(fresh.page, 'node-1');
      return p && Math.abs(p.x - moved.x) <= 2 && Math.abs(p.y - moved.y) <= 2;
    })
    .toBe(true);
  const m = (await flowPos(fresh.page, 'master'))!;
  expect(Math.abs(m.x - master.x) <= 2 && Math.abs(m.y - master.y) <= 2).toBe(true);
  expect(fresh.errors).toEqual([]);
  expect(errors).toEqual([]);
  await fresh.context.close();
});
