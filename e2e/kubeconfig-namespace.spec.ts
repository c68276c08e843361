// `kubectl config set-context --current --namespace=kube-system`, typed in the console as tutorials
// say, then `kubectl get ds` without -n: the DaemonSet in kube-system. The namespace is session
// state: after a reload (the session replayed) it is still kube-system, and Tab completes its pods.

import { expect, test, type Page } from '@playwright/test';

async function run(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
}

test('set-context --current --namespace: later commands without -n use it, and a reload keeps it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const log = page.getByTestId('console-log');
  await page.goto('./');
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await page.getByTestId('apply-button').click();
  await expect(log).toContainText('daemonset.apps/fluentd-elasticsearch created');

  // the article's DaemonSet lives in kube-system: without -n, kubectl looks in default
  await run(page, 'kubectl get ds');
  await expect(log).toContainText('No resources found in default namespace.');
  await expect(page.getByTestId('console-namespace')).toBeHidden();
  await run(page, 'kubectl config set-context --current --namespace=kube-system');
  await expect(log).toContainText('Context "playground" modified.');
  // the prompt names it, as kube-ps1 would
  await expect(page.getByTestId('console-namespace')).toHaveText('kube-system');
  await run(page, 'kubectl get ds');
  await expect(log).toContainText(/fluentd-elasticsearch\s+2\s+2\s+\d\s+2\s+\d\s+<none>/);

  await page.reload();
  await expect(page.getByTestId('session-notice')).toContainText('commands replayed', { timeout: 30_000 });
  await expect(page.getByTestId('console-namespace')).toHaveText('kube-system');
  // commands the session had not run before the reload: their answers come from the replayed kubeconfig
  await run(page, 'kubectl config get-contexts');
  await expect(log).toContainText(/\*\s+playground\s+playground\s+playground-admin\s+kube-system/);
  // Tab completes the pods of the context's namespace (two fluentd pods: their common prefix)
  const input = page.getByTestId('console-input');
  await input.fill('kubectl logs flu');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl logs fluentd-elasticsearch-');
  await input.fill('');
  await page.locator('.console-input-row').screenshot({
    path: 'test-results/kubeconfig-namespace-prompt.png',
  });
  await run(page, 'kubectl get ds -o wide');
  await expect(log).toContainText(
    /fluentd-elasticsearch\s+2\s+2\s+\d\s+2\s+\d\s+<none>\s+\S+\s+fluentd-elasticsearch\s+k8s\.gcr\.io/,
  );
});
