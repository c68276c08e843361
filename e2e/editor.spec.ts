// The YAML editor and the diff view on their dev harness (src/ui/editor/harness.html), against the
// production build (`npm run build`, then `vite preview`).

import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { ARTICLE_YAML, DEPLOYMENT_YAML, MINIMAL_YAML } from '../src/engine/testing/sampleManifests';

const HARNESS = 'src/ui/editor/harness.html';

/** Console errors, page errors, failed requests, and any request that leaves 127.0.0.1. */
function watch(page: Page, context: BrowserContext) {
  const problems = {
    consoleErrors: [] as string[],
    pageErrors: [] as string[],
    failed: [] as string[],
    external: [] as string[],
  };
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => problems.pageErrors.push(err.message));
  // The context sees the page's requests and its workers' (Monaco's editor and YAML workers).
  context.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.hostname !== '127.0.0.1') problems.external.push(req.url());
  });
  context.on('requestfailed', (req) =>
    problems.failed.push(`${req.url()} ${req.failure()?.errorText ?? ''}`),
  );
  context.on('response', (res) => {
    if (res.status() >= 400) problems.failed.push(`${res.url()} HTTP ${res.status()}`);
  });
  return problems;
}

function expectNoProblems(problems: ReturnType<typeof watch>) {
  expect(problems.consoleErrors, 'console errors').toEqual([]);
  expect(problems.pageErrors, 'page errors').toEqual([]);
  expect(problems.failed, 'failed requests').toEqual([]);
  expect(problems.external, 'requests leaving 127.0.0.1').toEqual([]);
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

async function openHarness(page: Page, query = ''): Promise<Locator> {
  await page.goto(`${HARNESS}${query}`);
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(editor.locator('.monaco-editor .view-lines')).toContainText('fluentd-elasticsearch');
  return editor;
}

/** Puts the cursor at the end of a 1-based line with Monaco's "Go to Line" (Ctrl+G). */
async function gotoLineEnd(page: Page, editor: Locator, line: number) {
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await expect(input).toBeVisible();
  await input.fill(`:${line}`);
  await page.keyboard.press('Enter');
  await expect(input).toBeHidden();
  // focus comes back to the editor a frame after the quick input closes: keys typed before that are lost
  await expect(editor.locator('.monaco-editor').first()).toHaveClass(/\bfocused\b/);
  await page.keyboard.press('End');
}

/** Hovers the first rendered token whose text is exactly `word`, and returns the hover widget. */
async function hoverWord(page: Page, editor: Locator, word: string): Promise<Locator> {
  const token = editor.locator('.view-lines span span', { hasText: new RegExp(`^${word}$`) }).first();
  await expect(token).toBeVisible();
  const box = (await token.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const hover = page.locator('.monaco-hover:not(.hidden)').first();
  await expect(hover).toBeVisible();
  return hover;
}

test('the YAML editor: typing, schema markers, hover docs, completion, apply, engine markers', async ({
  page,
  context,
}, testInfo) => {
  const problems = watch(page, context);
  const editor = await openHarness(page);
  await expect(page.getByTestId('yaml-editor-hint')).toContainText(
    'Press Ctrl+M then Tab to leave the editor',
  );
  await expect(page.getByTestId('yaml-editor-hint')).toContainText('Ctrl+Enter applies');
  // Monaco's text input is described by the hint.
  const hintId = await page.getByTestId('yaml-editor-hint').getAttribute('id');
  await expect(editor.locator(`[aria-describedby="${hintId}"]`).first()).toBeAttached();

  // The article manifest is valid: no schema squiggles.
  await page.waitForTimeout(1500);
  await expect(editor.locator('.squiggly-warning, .squiggly-error')).toHaveCount(0);

  // Hover docs from the Kubernetes schema.
  const hover = await hoverWord(page, editor, 'tolerations');
  await expect(hover).toContainText('tolerations ([]Toleration)');
  await expect(hover).toContainText("If specified, the pod's tolerations.");
  await page.screenshot({ path: testInfo.outputPath('editor-hover.png') });
  await page.mouse.move(0, 0);

  // The Tab trap: Tab indents; after Ctrl+M it moves focus out of the editor (and the hint says so).
  const monacoEditor = editor.locator('.monaco-editor');
  await editor.locator('.monaco-editor .view-lines').click();
  await expect(monacoEditor).toHaveClass(/focused/);
  await page.keyboard.press('Control+M');
  await expect(page.getByTestId('yaml-editor-hint')).toContainText(
    'Tab now moves focus. Press Ctrl+M to make Tab indent again.',
  );
  await page.keyboard.press('Tab');
  await expect(monacoEditor).not.toHaveClass(/focused/);
  expect(await page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'))).toBe(false);
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+M');
  await expect(page.getByTestId('yaml-editor-hint')).toContainText(
    'Press Ctrl+M then Tab to leave the editor.',
  );
  await gotoLineEnd(page, editor, 1);
  await page.keyboard.press('Tab');
  await expect(monacoEditor).toHaveClass(/focused/);
  await expect(page.getByTestId('value')).toContainText('apiVersion: apps/v1  \n', { useInnerText: false });
  await page.keyboard.press('Control+Z');
  await expect(page.getByTestId('value')).toContainText('apiVersion: apps/v1\n', { useInnerText: false });

  // Typing, spaces included, in the container: a misspelt field gets a schema marker.
  await gotoLineEnd(page, editor, lineOf(ARTICLE_YAML, 'image: k8s.gcr.io'));
  await page.keyboard.press('Enter');
  await page.keyboard.type('imagePullPolicyy: Always');
  await page.keyboard.press('Escape'); // close any completion list
  await expect(page.getByTestId('value')).toContainText('        imagePullPolicyy: Always\n', {
    useInnerText: false,
  });
  const squiggle = editor.locator('.squiggly-warning, .squiggly-error');
  await expect(squiggle).toHaveCount(1, { timeout: 10_000 });
  const typo = await hoverWord(page, editor, 'imagePullPolicyy');
  await expect(typo).toContainText('Property imagePullPolicyy is not allowed.');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: testInfo.outputPath('editor-light.png') });

  // Ctrl+Enter applies.
  await expect(page.getByTestId('apply-count')).toHaveText('applied: 0');
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('apply-count')).toHaveText('applied: 1');

  // Engine markers passed in props appear where locateField put them, and go away on the next edit.
  await page.getByRole('button', { name: 'Set engine markers' }).click();
  await expect(editor.locator('.squiggly-error')).toHaveCount(1);
  const engine = await hoverWord(page, editor, 'image');
  await expect(engine).toContainText('engine says no');
  await expect(engine).toContainText('image (string)');
  await expect(engine).toContainText('API server');
  await page.screenshot({ path: testInfo.outputPath('editor-engine-marker.png') });
  await page.mouse.move(0, 0);
  await gotoLineEnd(page, editor, 1);
  await page.keyboard.type(' ');
  await expect(editor.locator('.squiggly-error')).toHaveCount(0);

  // Completion under spec.template.spec offers tolerations (absent from this manifest).
  await page.getByRole('button', { name: 'Load minimal DaemonSet' }).click();
  await expect(editor.locator('.view-lines')).toContainText('name: demo');
  // On the empty last line, indented as the pod spec's fields (an Enter at the end of the line above
  // was sometimes taken by a suggestion list the YAML worker opened there, leaving "30tol").
  await gotoLineEnd(page, editor, lineOf(MINIMAL_YAML, 'terminationGracePeriodSeconds') + 1);
  await page.keyboard.type('      tol');
  // on a line of its own (an Enter lost to the closing quick input once left "30tol")
  await expect(page.getByTestId('value')).toContainText(/terminationGracePeriodSeconds: 30\n\s+tol/, {
    useInnerText: false,
  });
  const suggest = page.locator('.suggest-widget.visible');
  // Typing may already have opened word suggestions before the YAML worker answers (seen under load):
  // as a person would, close them and ask again until the schema's completions are there.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Space');
    await expect(suggest).toBeVisible({ timeout: 2_000 });
    await expect(suggest.locator('.monaco-list-row', { hasText: 'tolerations' }).first()).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: testInfo.outputPath('editor-completion.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('value')).toContainText('    tolerations:', { useInnerText: false });

  // A DaemonSet and a Node in one file: each document is checked against its own kind (the Node's
  // spec.taints and status.capacity would be errors in a DaemonSet), so nothing is flagged.
  await page.getByRole('button', { name: 'Load DaemonSet + Node' }).click();
  await expect(editor.locator('.view-lines')).toContainText('fluentd-elasticsearch');
  await page.waitForTimeout(1500);
  await expect(editor.locator('.squiggly-warning, .squiggly-error')).toHaveCount(0);

  expectNoProblems(problems);
});

test('a Deployment is checked field by field like a DaemonSet: markers, hover docs, completion', async ({
  page,
  context,
}, testInfo) => {
  const problems = watch(page, context);
  const editor = await openHarness(page);
  await page.getByRole('button', { name: 'Load Deployment' }).click();
  await expect(editor.locator('.view-lines')).toContainText('kind: Deployment');

  // The preset is valid: no schema squiggles.
  await page.waitForTimeout(1500);
  await expect(editor.locator('.squiggly-warning, .squiggly-error')).toHaveCount(0);

  // Hover docs: the field's type as kubectl explain names it and the upstream description.
  const hover = await hoverWord(page, editor, 'strategy');
  await expect(hover).toContainText('strategy (DeploymentStrategy)');
  await expect(hover).toContainText('The deployment strategy to use to replace existing pods with new ones.');
  await page.mouse.move(0, 0);

  // spec.replica (for replicas) gets a marker, as a misspelt DaemonSet field does.
  await gotoLineEnd(page, editor, lineOf(DEPLOYMENT_YAML, 'revisionHistoryLimit: 10'));
  await page.keyboard.press('Enter');
  await page.keyboard.type('replica: 3');
  await page.keyboard.press('Escape'); // close any completion list
  await expect(page.getByTestId('value')).toContainText('  revisionHistoryLimit: 10\n  replica: 3\n', {
    useInnerText: false,
  });
  await expect(editor.locator('.squiggly-warning, .squiggly-error')).toHaveCount(1, { timeout: 10_000 });
  const typo = await hoverWord(page, editor, 'replica');
  await expect(typo).toContainText('Property replica is not allowed.');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: testInfo.outputPath('editor-deployment-marker.png') });

  // Completion under spec offers progressDeadlineSeconds (a DeploymentSpec field absent from the preset).
  await page.keyboard.press('End');
  for (let i = 0; i < 'replica: 3'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('progress');
  await expect(page.getByTestId('value')).toContainText('  revisionHistoryLimit: 10\n  progress\n', {
    useInnerText: false,
  });
  const suggest = page.locator('.suggest-widget.visible');
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Space');
    await expect(suggest).toBeVisible({ timeout: 2_000 });
    await expect(
      suggest.locator('.monaco-list-row', { hasText: 'progressDeadlineSeconds' }).first(),
    ).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('value')).toContainText('  progressDeadlineSeconds:', {
    useInnerText: false,
  });
  await page.keyboard.press('Escape');

  expectNoProblems(problems);
});

test('dark theme, Chinese UI strings, and the diff view', async ({ page, context }, testInfo) => {
  const problems = watch(page, context);
  const editor = await openHarness(page, '?theme=dark&lang=zh-CN&diff=1');
  await expect(editor.locator('.monaco-editor')).toHaveClass(/vs-dark/);
  await expect(page.getByTestId('yaml-editor-hint')).toContainText('按 Ctrl+M 后再按 Tab 可离开编辑器');

  // Monaco's own UI in Chinese: the find widget.
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+F');
  const find = editor.locator('.find-widget');
  await expect(find).toBeVisible();
  await expect(find.locator('textarea, input').first()).toHaveAttribute('aria-label', '查找');
  await page.keyboard.type('fluentd');
  await page.screenshot({ path: testInfo.outputPath('editor-dark-find-zh.png') });
  await page.keyboard.press('Escape');

  // The diff view: the generated pod's injected affinity and tolerations are additions.
  const diff = page.getByTestId('diff-view');
  await expect(diff).toHaveAttribute('data-ready', 'true');
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible();
  await expect(diff.locator('.line-insert').first()).toBeVisible();
  await expect(diff.locator('.modified-in-monaco-diff-editor .view-lines')).toContainText('matchFields');
  await expect(diff.locator('.original-in-monaco-diff-editor .view-lines')).not.toContainText('matchFields');
  await page.waitForTimeout(500);
  await page.screenshot({ path: testInfo.outputPath('editor-dark.png'), fullPage: true });

  expectNoProblems(problems);
});
