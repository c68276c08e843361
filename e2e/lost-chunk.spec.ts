// A lazy panel whose chunk the network drops fails alone (src/ui/layout/ChunkBoundary.tsx, issue 24):
// the panel says so with a Retry, the rest of the page works (the graph draws, commands run), the
// editor's text stays (it is the store's), and Retry loads the chunk once the network gives it.
// Before, the rejected import reached React's root: the whole page went blank and the graph never drew.

import { expect as baseExpect, test, type Page } from '@playwright/test';

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
// wide enough that the editor loads when it is on screen (a phone's waits for a touch)
test.use({ viewport: { width: 1280, height: 800 } });

/** Fails the requests for one chunk (by its file name's start) until the returned function is called. */
async function dropChunk(page: Page, name: string): Promise<() => void> {
  let failing = true;
  // (a retry may ask for the file under another address: chunkRetry.ts)
  await page.route(new RegExp(`/assets/${name}-[^/?]+\\.js(\\?|$)`), (route) =>
    failing ? route.abort('internetdisconnected') : route.continue(),
  );
  return () => {
    failing = false;
  };
}

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test("the editor's chunk lost: the graph draws, the editor says so, Retry loads it with the text kept", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const letGo = await dropChunk(page, 'YamlEditor');
  await page.goto('./');
  // the rest of the page works
  await expect(page.getByTestId('graph.node.master')).toBeVisible();
  const failed = page.locator('.manifest-editor [data-testid="chunk-error"]');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('data-panel', 'editor');
  await expect(failed).toContainText('The editor could not load');
  // the text is still on screen, read-only, and still the store's: a preset changes it
  const panel = page.locator('.manifest-editor');
  await expect(panel).toContainText('fluentd-elasticsearch');
  await page.getByTestId('manifest-preset').selectOption('deployment');
  await expect(panel).toContainText('name: web');
  // Apply works without the editor (it applies the store's text)
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied');
  // Retry while the network still drops it: the message again, nothing thrown
  await page.getByTestId('chunk-retry').click();
  await expect(failed).toBeVisible();
  // the network is back: Retry loads the editor, with the text as it was
  letGo();
  await page.getByTestId('chunk-retry').click();
  await expect(failed).toHaveCount(0);
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  await expect(editor.locator('.monaco-editor .view-lines')).toContainText('fluentd-elasticsearch');
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied');
  expect(errors).toEqual([]);
});

test("the graph's chunk lost: the graph panel says so, the editor and the console work, a reload draws it with the session kept", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const letGo = await dropChunk(page, 'GraphPanel');
  await page.goto('./');
  const failed = page.locator('.panel-graph [data-testid="chunk-error"]');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('data-panel', 'graph');
  await expect(failed).toContainText('The cluster graph could not load');
  // the static first view's cards do not stay over the message
  await expect(page.getByTestId('first-view-cards')).toHaveCount(0);
  await expect(page.getByTestId('yaml-editor')).toHaveAttribute('data-ready', 'true');
  const input = page.getByTestId('console-input');
  await input.fill('kubectl get nodes');
  await input.press('Enter');
  await expect(page.getByTestId('console-log')).toContainText('node-1');
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied');
  // the action menu's and the fix preview's chunks import the graph's by its address: loaded again under
  // another, they would ask for the failed one — no Retry, a reload
  await expect(failed.getByTestId('chunk-retry')).toHaveCount(0);
  letGo();
  await failed.getByTestId('chunk-reload').click();
  await expect(page.getByTestId('graph.node.master')).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(page.getByTestId('graph.ds.kube-system.fluentd-elasticsearch')).toBeVisible();
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied');
  await page.getByTestId('graph.node.node-1.menu').click();
  await expect(page.getByTestId('graph.menu.cordon')).toBeVisible();
  expect(errors).toEqual([]);
});

test("the diff's chunk lost: Compare says so in its own pane, the tabs and the graph work, Retry shows the diff", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const letGo = await dropChunk(page, 'DiffView');
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible();
  // something to compare: the DaemonSet's template beside one of its pods
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied');
  await page.getByTestId('tab-compare').click();
  const failed = page.locator('[data-testid="compare-diff"] [data-testid="chunk-error"]');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('data-panel', 'panel');
  await expect(failed).toContainText('This panel could not load');
  // the rest of the page: back to the editor, the graph still there
  await page.getByTestId('tab-edit').click();
  await expect(page.getByTestId('yaml-editor')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('tab-compare').click();
  await expect(failed).toBeVisible();
  letGo();
  await failed.getByTestId('chunk-retry').click();
  await expect(failed).toHaveCount(0);
  await expect(page.locator('[data-testid="compare-diff"] .monaco-diff-editor')).toBeVisible();
  expect(errors).toEqual([]);
});

test("Monaco's chunk lost: the editor panel says so with its text on screen, Retry loads Monaco", async ({
  page,
}) => {
  const errors = pageErrors(page);
  // the largest file of the page, and so the one most often in flight when a phone loses its signal
  const letGo = await dropChunk(page, 'monacoSetup');
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible();
  const failed = page.locator('.manifest-editor [data-testid="chunk-error"]');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('The editor could not load');
  await expect(page.locator('.manifest-editor')).toContainText('fluentd-elasticsearch');
  letGo();
  await failed.getByTestId('chunk-retry').click();
  await expect(failed).toHaveCount(0);
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  await expect(editor.locator('.monaco-editor .view-lines')).toContainText('fluentd-elasticsearch');
  // coloured: the YAML tokenizer came with Monaco (a chunk of its own would import the lost address)
  await expect(editor.locator('.view-lines span[class^="mtk"]:not(.mtk1)').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a chunk the editor imports lost: a Retry that fails again offers a reload, which loads the editor with its text', async ({
  page,
}) => {
  const errors = pageErrors(page);
  // editor-*.js: Monaco's loader, which the editor's chunk imports (in English the only editor-*.js asked for)
  const letGo = await dropChunk(page, 'editor');
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible();
  const failed = page.locator('.manifest-editor [data-testid="chunk-error"]');
  await expect(failed).toBeVisible();
  await expect(failed.getByTestId('chunk-reload')).toHaveCount(0);
  // something the reload must keep: the manifest applied (Apply works without the editor)
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied');
  letGo();
  // the editor's chunk comes under a new address, but its own import of editor-*.js is the address the
  // browser keeps as failed: the retry fails again, and the panel offers a reload beside Retry
  await failed.getByTestId('chunk-retry').click();
  await expect(failed.getByTestId('chunk-reload')).toBeVisible();
  await expect(failed).toContainText('reload the page');
  await failed.getByTestId('chunk-reload').click();
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  await expect(failed).toHaveCount(0);
  await expect(editor.locator('.monaco-editor .view-lines')).toContainText('fluentd-elasticsearch');
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied');
  expect(errors).toEqual([]);
});
