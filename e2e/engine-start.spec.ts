// Issue 24: what the phone's first live graph card waits for, pinned without timing. (1) boot.js starts
// the engine worker (its script is the biggest file the first snapshot needs) once the stylesheet is in,
// before the page's modules are asked for, and the page takes that worker over instead of starting its
// own. (2) On the plain page the engine's `init` goes out before the page's first commit (the entry
// starts the default cluster: src/state/earlyStart.ts), not after it. (3) The worker's second chunk
// (kubectl) is asked for once the graph's chunk is in, not beside it.

import { expect, test, type Page } from '@playwright/test';

const card = '.graph-root .react-flow__node';
const isWorker = (u: string) => /\/assets\/engine\.worker-[\w-]+\.js$/.test(u);
const isModule = (u: string) => /\/assets\/(?!engine\.worker-)[^/]+\.js$/.test(u);

/** Runs a command in the console and waits until it is done. */
async function run(page: Page, command: string): Promise<void> {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
}

/** Engine workers started, when the page posted its first `init`, and when the app's shell came. */
async function watchStart(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __start: { workers: number; init: number; shell: number } };
    w.__start = { workers: 0, init: -1, shell: -1 };
    // every engine worker's first init, whoever made the worker (boot.js or the page)
    const proto = Worker.prototype as unknown as { postMessage(...args: unknown[]): void };
    const post = proto.postMessage;
    proto.postMessage = function (this: Worker, ...args: unknown[]) {
      if ((args[0] as { type?: string })?.type === 'init' && w.__start.init < 0)
        w.__start.init = performance.now();
      return post.apply(this, args);
    };
    const W = window.Worker;
    window.Worker = function (url: string | URL, opts?: WorkerOptions) {
      if (/engine\.worker/.test(String(url))) w.__start.workers++;
      return new W(url, opts);
    } as unknown as typeof Worker;
    window.Worker.prototype = W.prototype;
    new MutationObserver((_, obs) => {
      if (document.querySelector('[data-testid="app-shell"]')) {
        w.__start.shell = performance.now();
        obs.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __start: { workers: number; init: number; shell: number } }).__start,
    );
}

for (const [name, query, beforeModules] of [
  ['the first view', './', true],
  ['a built-in lesson', './?lesson=article', true],
  ['no first view (zh-CN)', './?lang=zh-CN', false],
] as const) {
  test(`boot.js starts the engine worker${beforeModules ? ' before the modules are asked for' : ''}, and the page uses it: ${name}`, async ({
    page,
  }) => {
    const started = await watchStart(page);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.goto(query);
    await expect(page.locator(card).first()).toBeVisible({ timeout: 60_000 });
    const worker = asked.findIndex(isWorker);
    expect(worker, asked.join('\n')).toBeGreaterThanOrEqual(0);
    if (beforeModules) expect(worker, asked.join('\n')).toBeLessThan(asked.findIndex(isModule));
    // the one engine is the one boot.js started: the page did not start one of its own beside it
    expect((await started()).workers).toBe(1);
    expect(asked.filter(isWorker)).toHaveLength(1);
  });
}

test('no engine worker from boot.js for a connected cluster', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  // a connection that is refused: boot.js leaves the engine to the page, which starts it as before
  await page.goto('./?connect=ftp://example.org');
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 60_000 });
  const worker = asked.findIndex(isWorker);
  const firstModule = asked.findIndex(isModule);
  expect(firstModule).toBeGreaterThanOrEqual(0);
  if (worker >= 0) expect(worker).toBeGreaterThan(firstModule);
});

test("the plain page's engine gets its init before the page's first commit, and once", async ({ page }) => {
  const started = await watchStart(page);
  await page.goto('./');
  await expect(page.locator(card).first()).toBeVisible({ timeout: 60_000 });
  const s = await started();
  expect(s.init).toBeGreaterThan(0);
  expect(s.shell).toBeGreaterThan(0);
  expect(s.init).toBeLessThan(s.shell);
  expect(s.workers).toBe(1);
  // App's boot took that start over: one engine, one session, and the page works as before
  expect(
    await page.evaluate(() =>
      (window as unknown as { __dsp: { enginesStarted(): number } }).__dsp.enginesStarted(),
    ),
  ).toBe(1);
  await run(page, 'kubectl get nodes -o name');
  await expect(page.getByTestId('console-log')).toContainText('node/node-1');
});

test("a saved session's page does not start early: its init comes after the first commit", async ({
  page,
}) => {
  await page.goto('./');
  await expect(page.locator(card).first()).toBeVisible({ timeout: 60_000 });
  await run(page, 'kubectl label node node-1 a=b');
  await expect(page.getByTestId('console-log')).toContainText('node/node-1 labeled');
  // the session is saved as the page goes (src/state/saving.ts)
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('::session'))))
    .toBe(true);
  const started = await watchStart(page);
  await page.reload();
  await expect(page.locator(card).first()).toBeVisible({ timeout: 60_000 });
  const s = await started();
  expect(s.init).toBeGreaterThan(s.shell);
  // and the label is there again (the session was replayed, not the default cluster)
  await run(page, 'kubectl get node node-1 --show-labels');
  await expect(page.getByTestId('console-log')).toContainText('a=b');
});

test("kubectl's chunk is asked for once the graph's chunk is in", async ({ page }) => {
  // the graph's chunk held back a while: kubectl's must wait for it, not share the line with it
  let graphDone = -1;
  await page.route(/\/assets\/GraphPanel-[\w-]+\.js$/, async (r) => {
    await new Promise((res) => setTimeout(res, 1500));
    await r.continue();
  });
  page.on('requestfinished', (r) => {
    if (/\/assets\/GraphPanel-[\w-]+\.js$/.test(r.url())) graphDone = Date.now();
  });
  let commandsAsked = -1;
  page.on('request', (r) => {
    if (/\/assets\/commands-[\w-]+\.js$/.test(r.url()) && commandsAsked < 0) commandsAsked = Date.now();
  });
  await page.goto('./');
  await expect(page.locator(card).first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => commandsAsked).toBeGreaterThan(0);
  expect(graphDone).toBeGreaterThan(0);
  expect(commandsAsked).toBeGreaterThanOrEqual(graphDone);
});

test("an engine slow to make its first snapshot: the page's first commit waits for it and has it", async ({
  page,
}) => {
  // Every message of the engine worker reaches the page 1.5 s late once the page has posted `init`
  // (an engine slow to make the cluster): the first render starts while the snapshot is being made.
  // It must wait and have the cluster (the clock shows the engine's time), not commit an empty page
  // and render it all again when the snapshot comes (issue 24).
  await page.addInitScript(() => {
    const w = window as unknown as { __firstShellClock: string | null };
    w.__firstShellClock = null;
    let initPosted = false;
    const proto = Worker.prototype as unknown as { postMessage(...args: unknown[]): void };
    const post = proto.postMessage;
    proto.postMessage = function (this: Worker, ...args: unknown[]) {
      if ((args[0] as { type?: string })?.type === 'init') initPosted = true;
      return post.apply(this, args);
    };
    const desc = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage')!;
    Object.defineProperty(Worker.prototype, 'onmessage', {
      ...desc,
      set(this: Worker, fn: ((e: MessageEvent) => void) | null) {
        desc.set!.call(
          this,
          fn &&
            ((e: MessageEvent) => (initPosted ? setTimeout(() => fn.call(this, e), 1500) : fn.call(this, e))),
        );
      },
    });
    new MutationObserver((_, obs) => {
      if (document.querySelector('[data-testid="app-shell"]')) {
        w.__firstShellClock = document.querySelector('[data-testid="clock-abs"]')?.textContent ?? '';
        obs.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('./');
  await expect(page.locator(card).first()).toBeVisible({ timeout: 60_000 });
  const clock = await page.evaluate(
    () => (window as unknown as { __firstShellClock: string }).__firstShellClock,
  );
  expect(clock).toMatch(/^\d\d:\d\d:\d\d$/);
  await run(page, 'kubectl get nodes -o name');
  await expect(page.getByTestId('console-log')).toContainText('node/node-1');
});
