// The page runs under its Content-Security-Policy (the <meta> in index.html) with zero violations over
// a whole session: apply, console, editor (completion, schema markers), graph, compare, share, lesson.

import { expect, test, type Page } from '@playwright/test';

type Violation = { directive: string; blocked: string; source: string };

async function collect(page: Page) {
  await page.addInitScript(() => {
    const list: Violation[] = [];
    (window as unknown as { __csp: Violation[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      }),
    );
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);

async function run(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
}

test('a whole session under the Content-Security-Policy: no violation', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await collect(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('./');
  const csp = await page.evaluate(
    () => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '',
  );
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');

  // editor: type, completion, a schema marker, apply with the keyboard
  const editor = page.locator('.monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n');
  await page.keyboard.press('Control+Space');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('console-log')).toContainText(
    'daemonset.apps/fluentd-elasticsearch created',
    { timeout: 20_000 },
  );

  // console: tables, describe, a live rollout status
  await run(page, 'kubectl get pods -A -o wide');
  await run(page, 'kubectl describe node master');
  await run(
    page,
    'kubectl set image ds/fluentd-elasticsearch -n kube-system fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:1.22',
  );
  await run(page, 'kubectl rollout status ds/fluentd-elasticsearch -n kube-system');
  await expect(page.getByTestId('console-log')).toContainText('successfully rolled out', { timeout: 30_000 });

  // graph: fit, select a node
  await page.getByTestId('graph.fit').click();
  await page.getByTestId('graph.node.master').click();

  // compare (Monaco's diff editor)
  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('compare-diff')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('tab-edit').click();

  // share
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-status')).toBeVisible();
  await page.keyboard.press('Escape');

  // lesson
  await page.getByRole('button', { name: 'Lesson' }).click();
  await page.getByTestId('lesson-pick.article').click();
  await expect(page.getByTestId('lesson-panel')).toBeVisible();
  await page.getByTestId('lesson-next').click();

  // language
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(page.getByTestId('apply-button')).toHaveText('应用');
  await page.waitForTimeout(1000);
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);

  // The policy is enforced, not just present: an inline script is refused (and reported).
  const ran = await page.evaluate(() => {
    const el = document.createElement('script');
    el.textContent = 'window.__inlineRan = true';
    document.head.append(el);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect
    .poll(async () => (await violations(page)).map((v) => v.directive))
    .toEqual(['script-src-elem']);
});
