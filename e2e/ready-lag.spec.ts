// "0/2 ready" while both pods read Running (issue 22). The DaemonSet's READY is what the controller
// counted at its last sync (status.numberReady, kubectl get ds); the pods' words follow the kubelet.
// Stepped one work item at a time with the clock paused: while a pod runs unready its words say
// `0/1 Running`; between the kubelet reporting Ready and the controller's next sync the card says
// the pods are Ready but not counted yet, agreeing with kubectl get ds and kubectl get pods at once;
// after that sync it reads 2/2 and the note is gone.

import { expect, test, type Page } from '@playwright/test';

test.describe.configure({ timeout: 90_000 });

async function type(page: Page, line: string) {
  await page.getByTestId('console-input').fill(line);
  await page.getByTestId('console-input').press('Enter');
}
const log = (page: Page) => page.getByTestId('console-log');
const card = (page: Page) => page.getByTestId('graph.ds.kube-system.fluentd-elasticsearch');

test('READY, the pods and kubectl agree at every step of a DaemonSet coming up', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('./');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('play-toggle').click();
  await expect(page.getByTestId('play-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('apply-button').click();
  // step to the second container start: both pods Running, not ready
  let lines = 0;
  const stepUntil = async (text: RegExp) => {
    for (let i = 0; i < 30; i++) {
      await type(page, 'sim step');
      lines++;
      // the step's own output line (after its echo)
      let last = '';
      await expect
        .poll(async () => {
          const parts = (await log(page).innerText()).split('$ sim step');
          last = parts.length - 1 === lines ? parts.at(-1)!.trim() : '';
          return last.length > 0;
        })
        .toBe(true);
      if (text.test(last)) return;
    }
    throw new Error(`no step matched ${text}`);
  };
  await stepUntil(/container fluentd-elasticsearch started/);
  await stepUntil(/container fluentd-elasticsearch started/);
  const words = page.locator('[data-testid="graph"] .react-flow__node .w-phase');
  await expect(words).toHaveText(['0/1 Running', '0/1 Running']);
  await expect(card(page).getByTestId('graph.ds.fluentd-elasticsearch.lag')).toHaveCount(0);
  // both report Ready; the controller has not synced
  await stepUntil(/readiness reported/);
  await stepUntil(/readiness reported/);
  await expect(words).toHaveText(['Running', 'Running']);
  await expect(card(page)).toContainText('0/2 ready');
  const lag = card(page).getByTestId('graph.ds.fluentd-elasticsearch.lag');
  await expect(lag).toHaveText('↻ 2 Ready now, not yet counted');
  await expect(lag).toHaveAttribute('title', /kubectl get ds shows READY 0/);
  await type(page, 'kubectl get ds -n kube-system');
  await expect(log(page)).toContainText(/fluentd-elasticsearch\s+2\s+2\s+0\s+2\s+0/);
  await type(page, 'kubectl get pods -n kube-system');
  await expect(log(page)).toContainText(
    /fluentd-elasticsearch-\w+\s+1\/1\s+Running[\s\S]*fluentd-elasticsearch-\w+\s+1\/1\s+Running/,
  );
  lines = 0;
  await type(page, 'clear');
  await stepUntil(/daemonset-controller/);
  await expect(card(page)).toContainText('2/2 ready');
  await expect(lag).toHaveCount(0);
});
