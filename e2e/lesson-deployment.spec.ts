// The lesson "DaemonSet or Deployment?" (issue 23, point 5) as a learner goes through it on the page:
// predict, run, read the console; a new node gets only the daemon pod on the graph; the exercise's goal
// is met by typing the scale command in the console. In English and Chinese.

import { expect, test, type Page } from '@playwright/test';

async function openAt(page: Page, query: string) {
  await page.goto(`./?${query}`);
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 30_000 });
}

async function answerAndRun(page: Page, choice: number, verdict: RegExp) {
  const q = page.getByTestId('lesson-question');
  await q.getByRole('radio').nth(choice).check();
  await page.getByTestId('lesson-check').click();
  await expect(q.getByRole('status')).toContainText(verdict);
  await expect(page.getByTestId('lesson-run')).toBeEnabled({ timeout: 60_000 });
  await page.getByTestId('lesson-run').click();
}

async function type(page: Page, line: string) {
  const input = page.getByTestId('console-input');
  await input.fill(line);
  await input.press('Enter');
}

const podsOn = (page: Page, node: string, prefix: string) =>
  page
    .getByTestId(`rf__node-node:${node}`)
    .locator(`[data-testid^="pod.${prefix}"]:not([data-testid$=".trouble"])`);

test('DaemonSet or Deployment: a new node gets only the daemon pod; get rs against get controllerrevision; the exercise is met from the console', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openAt(page, 'lesson=daemonset-or-deployment');
  await expect(page.getByTestId('lesson-name')).toHaveText(
    'DaemonSet or Deployment? ReplicaSets and ControllerRevisions',
  );
  await expect(page.getByTestId('lesson-dots').getByRole('button')).toHaveCount(5);
  const log = page.getByTestId('console-log');

  // Step 1: two pods each — the wrong guess first (3 daemon pods), then the right one.
  const q = page.getByTestId('lesson-question');
  await q.getByRole('radio').nth(1).check();
  await page.getByTestId('lesson-check').click();
  await expect(q.getByRole('status')).not.toContainText('Right');
  await answerAndRun(page, 0, /Right/);
  await expect(log).toContainText('deployment.apps/web created');
  await expect(log).toContainText('daemonset.apps/agent created');
  await expect(log).toContainText(/deployment\.apps\/web\s+2\/2/);
  await expect(podsOn(page, 'worker-1', 'agent-')).toHaveCount(1);
  await expect(podsOn(page, 'worker-2', 'agent-')).toHaveCount(1);
  await expect(podsOn(page, 'control-plane', 'agent-')).toHaveCount(0);

  // Step 2: worker-3 joins; only the DaemonSet follows it.
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-progress')).toHaveText('Step 2 of 5');
  await answerAndRun(page, 1, /Right/);
  await expect(page.getByTestId('rf__node-node:worker-3')).toBeVisible({ timeout: 30_000 });
  await expect(podsOn(page, 'worker-3', 'agent-')).toHaveCount(1);
  await expect(podsOn(page, 'worker-3', 'web-')).toHaveCount(0);
  await expect(log).toContainText(/daemonset\.apps\/agent\s+3\s+3\s+3/);
  // A card that speaks for its daemon pod names the replica beside it: daemon and replica pods told apart.
  const level = await page.getByTestId('graph.node.worker-1').getAttribute('class');
  if (/\b(compact|tiny)\b/.test(level ?? ''))
    await expect(page.getByTestId('rf__node-node:worker-1').getByTestId('pods-others')).toHaveText(
      /\+1 web$/,
    );
  else
    await expect(
      page.getByTestId('rf__node-node:worker-1').locator('.pod-owner', { hasText: /^ReplicaSet\/web-/ }),
    ).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('step2-node-joins.png') });

  // Step 3: the update — two ReplicaSets (the old one at 0), two ControllerRevisions.
  await page.getByTestId('lesson-next').click();
  await answerAndRun(page, 1, /Right/);
  await expect(log).toContainText(/web-[a-z0-9]+\s+0\s+0\s+0\s+\S+\s+nginx\s+nginx:1\.27/);
  await expect(log).toContainText(/agent-[a-z0-9]+\s+daemonset\.apps\/agent\s+2\s/);
  await expect(log).toContainText('CONTROLLER-REVISION-HASH');

  // Step 4: undo renumbers the old template to 3 in both histories.
  await page.getByTestId('lesson-next').click();
  await answerAndRun(page, 1, /Right/);
  await expect(log).toContainText('deployment.apps/web rolled back');
  await expect(log).toContainText('daemonset.apps/agent rolled back');
  await expect(log).toContainText(/agent-[a-z0-9]+\s+daemonset\.apps\/agent\s+3\s/);

  // Step 5: the exercise, met by typing what a learner would type.
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-goal')).toBeVisible();
  await page.getByTestId('lesson-run').click();
  await expect(log).toContainText(/agent\s+3\s+3\s+3\s+3\s+3/);
  await expect(page.getByTestId('lesson-goal-state')).toHaveAttribute('data-met', 'false');
  await type(page, 'kubectl scale deploy/web --replicas=3');
  await expect(log).toContainText('deployment.apps/web scaled');
  await type(page, 'sim settle');
  await expect(page.getByTestId('lesson-goal-state')).toHaveAttribute('data-met', 'true', {
    timeout: 30_000,
  });
  await page.screenshot({ path: test.info().outputPath('step5-goal.png') });
});

test('DaemonSet or Deployment in Chinese: the questions and the goal read in Chinese', async ({ page }) => {
  test.setTimeout(120_000);
  await openAt(page, 'lesson=daemonset-or-deployment&lang=zh-CN&step=5&theme=dark');
  await expect(page.getByTestId('lesson-name')).toHaveText(
    'DaemonSet 还是 Deployment？ReplicaSet 与 ControllerRevision',
  );
  await expect(page.getByTestId('lesson-goal')).toContainText('运行 3 个就绪的副本');
  await page.getByTestId('lesson-prev').click();
  await expect(page.getByTestId('lesson-question')).toContainText('撤销之后，旧模板的修订号是多少？');
  await page.screenshot({ path: test.info().outputPath('zh-step4.png') });
});
