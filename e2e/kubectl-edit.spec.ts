// `kubectl edit` on the built page: the console opens the live object in the Manifest editor with
// kubectl's edit header; changing it and pressing Apply saves it to the cluster. Unapplied text in
// the editor is never overwritten.

import { expect, test, type Page } from '@playwright/test';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
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

test('kubectl edit opens the live DaemonSet in the editor; Apply saves the change', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('./');
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.getByTestId('apply-button').click();
  const log = page.getByTestId('console-log');
  await expect(log).toContainText('daemonset.apps/fluentd-elasticsearch created', { timeout: 30_000 });

  // No long lines (the editor wraps them, and the arrow keys below walk screen lines).
  await run(
    page,
    'kubectl annotate ds fluentd-elasticsearch -n kube-system kubectl.kubernetes.io/last-applied-configuration-',
  );
  // Where the image line will be: kubectl's 4-line header, then the object as `get -o yaml` prints it.
  await page.getByTestId('console-input').press('Control+l');
  const yaml = await run(page, 'kubectl get ds fluentd-elasticsearch -n kube-system -o yaml');
  const lines = yaml.split('\n');
  const body = lines.slice(
    lines.indexOf('$ kubectl get ds fluentd-elasticsearch -n kube-system -o yaml') + 1,
  );
  const imageLine = 4 + body.findIndex((l) => l.includes('image: k8s.gcr.io/fluentd-elasticsearch:1.20')) + 1;

  await run(page, 'kubectl edit ds/fluentd-elasticsearch -n kube-system');
  await expect(log).toContainText('# Opened in the Manifest editor');
  await expect(editor.locator('.view-lines')).toContainText(
    "# Please edit the object below. Lines beginning with a '#' will be ignored,",
  );
  await expect(page.getByTestId('manifest-state')).toHaveText(/^(?!.*unapplied)/i);

  // 1.20 → 1.22 at the end of the image line, reached from the top with the arrow keys (there is no 1.21).
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < imageLine; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await page.screenshot({ path: testInfo.outputPath('kubectl-edit.png') });

  await page.getByTestId('apply-button').click();
  await expect(log).toContainText('daemonset.apps/fluentd-elasticsearch configured', { timeout: 30_000 });
  const wide = await run(page, 'kubectl get ds fluentd-elasticsearch -n kube-system -o wide');
  expect(wide).toContain('k8s.gcr.io/fluentd-elasticsearch:1.22');

  // With unapplied text in the editor, kubectl edit does not overwrite it.
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n# a note');
  await run(page, 'kubectl edit ds/fluentd-elasticsearch -n kube-system');
  await expect(log).toContainText('# The Manifest editor has unapplied changes');
  await expect(editor.locator('.view-lines')).toContainText('# a note');
  expect(errors, 'console errors').toEqual([]);
});
