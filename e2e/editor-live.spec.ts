// The editor and the live object (issue 22): after `kubectl set image`, `rollout undo` or the Why
// panel's fix the Manifest panel says the live DaemonSet differs and which command changed it, offers
// "Load the live object" and a diff, and asks before an Apply would put the old text back.

import { expect, test, type Page } from '@playwright/test';

const DS = 'fluentd-elasticsearch';
const NEW = 'quay.io/fluentd_elasticsearch/fluentd:v2.6.0';

async function open(page: Page) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('./');
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied', {
    timeout: 30_000,
  });
}

async function run(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
}

const liveImage = (page: Page) =>
  page.evaluate((ds) => {
    const s = (
      window as unknown as {
        __dsp: {
          store: {
            getState(): {
              mirror: {
                get(
                  k: string,
                  key: string,
                ): { spec: { template: { spec: { containers: { image: string }[] } } } } | undefined;
              };
            };
          };
        };
      }
    ).__dsp.store.getState();
    return s.mirror.get('DaemonSet', `kube-system/${ds}`)?.spec.template.spec.containers[0].image;
  }, DS);

test('set image: the editor says the live object changed and by what; Apply asks first; Load the live object', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await open(page);
  const setImage = `kubectl set image ds/${DS} ${DS}=${NEW} -n kube-system`;
  await run(page, setImage);
  const state = page.getByTestId('manifest-state');
  await expect(state).toHaveAttribute('data-state', 'liveChanged');
  await expect(state).toHaveText('Live object changed');
  // the command by name, the whole line on hover
  await expect(page.getByTestId('live-why')).toContainText(
    `The live DaemonSet ${DS} was changed by kubectl set image.`,
  );
  await expect(page.getByTestId('live-why').locator('.live-cmd')).toHaveAttribute('title', setImage);

  // Apply of the stale text asks first; Cancel leaves the live change alone
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('live-confirm')).toBeVisible();
  await page.getByTestId('live-cancel').click();
  await expect(page.getByTestId('live-confirm')).toHaveCount(0);
  expect(await liveImage(page)).toBe(NEW);

  // the diff: this text beside the live object
  await page.getByTestId('live-diff-toggle').click();
  await expect(page.getByTestId('live-diff').getByTestId('diff-view')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('live-diff')).toContainText('This text');
  await expect(page.getByTestId('live-diff')).toContainText('Live in the cluster');
  await page.getByTestId('live-diff-toggle').click();

  // Load the live object: the editor holds it, and agrees with the cluster
  await page.getByTestId('live-load').click();
  await expect(page.getByTestId('live-notice')).toHaveCount(0);
  await expect(state).toHaveAttribute('data-state', 'applied');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (
            window as unknown as { __dsp: { store: { getState(): { editorText: string } } } }
          ).__dsp.store.getState().editorText,
      ),
    )
    .toContain(`image: ${NEW}`);

  // rollout undo changes it again: said again, and Apply anyway does apply
  await run(page, `kubectl rollout undo ds/${DS} -n kube-system`);
  // (the live object was loaded after set image: only the undo differs from the text now)
  await expect(page.getByTestId('live-why')).toContainText('was changed by kubectl rollout undo.');
  await expect(page.getByTestId('live-why').locator('.live-cmd')).toHaveAttribute(
    'title',
    `kubectl rollout undo ds/${DS} -n kube-system`,
  );
  await page.keyboard.press('Escape');
  await page.getByTestId('apply-button').click();
  await page.getByTestId('live-apply-anyway').click();
  await expect(page.getByTestId('live-notice')).toHaveCount(0);
  await expect.poll(() => liveImage(page)).toBe(NEW);
  await expect(state).toHaveAttribute('data-state', 'applied');
});

test('set image then rollout undo: the live object is back to the text, and the editor says Applied', async ({
  page,
}) => {
  await open(page);
  await run(page, `kubectl set image ds/${DS} ${DS}=${NEW} -n kube-system`);
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'liveChanged');
  await run(page, `kubectl rollout undo ds/${DS} -n kube-system`);
  await expect(page.getByTestId('manifest-state')).toHaveAttribute('data-state', 'applied');
  await expect(page.getByTestId('live-notice')).toHaveCount(0);
});

test('the Why panel\'s fix: not "Unapplied changes" (nothing was typed), the fix named, and Apply asks before undoing it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await open(page);
  await run(
    page,
    'sim node add gpu-1 --label nvidia.com/gpu.present=true --taint nvidia.com/gpu=present:NoSchedule',
  );
  await page.getByTestId('graph.node.gpu-1').click({ position: { x: 40, y: 12 } });
  const report = page.getByTestId('why-panel').getByTestId(`why.report.${DS}`);
  await report.getByTestId('why.fix.tolerate:nvidia.com/gpu=present:NoSchedule').click();
  await report.getByTestId('why.fix.apply').click();
  await expect(page.getByTestId('console-log')).toContainText(
    'kubectl apply -f daemonset-with-toleration.yaml',
  );
  const state = page.getByTestId('manifest-state');
  await expect(state).toHaveAttribute('data-state', 'liveChanged');
  await expect(state).not.toHaveText('Unapplied changes');
  await expect(page.getByTestId('live-why')).toContainText(
    'was changed by kubectl apply -f daemonset-with-toleration.yaml',
  );
  await page.keyboard.press('Escape');
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('live-confirm')).toContainText('undoes that change');
});

test('after the Why panel\'s fix and a reload: still not "Unapplied changes"; the change is named and the live object offered', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await open(page);
  await run(
    page,
    'sim node add gpu-1 --label nvidia.com/gpu.present=true --taint nvidia.com/gpu=present:NoSchedule',
  );
  await page.getByTestId('graph.node.gpu-1').click({ position: { x: 40, y: 12 } });
  const report = page.getByTestId('why-panel').getByTestId(`why.report.${DS}`);
  await report.getByTestId('why.fix.tolerate:nvidia.com/gpu=present:NoSchedule').click();
  await report.getByTestId('why.fix.apply').click();
  const state = page.getByTestId('manifest-state');
  await expect(state).toHaveAttribute('data-state', 'liveChanged');
  // the session and the editor text are saved (at most once a second), then the page is reloaded
  await page.waitForTimeout(2_000);
  await page.reload();
  await expect(page.getByTestId('graph.node.gpu-1')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 60_000 });
  await expect(state).toHaveAttribute('data-state', 'liveChanged', { timeout: 20_000 });
  await expect(state).not.toHaveText('Unapplied changes');
  // the recorded inputs keep the command, not the console's echo of it
  await expect(page.getByTestId('live-why')).toContainText('was changed by kubectl apply.');
  await expect(page.getByRole('button', { name: /Load the live object/ })).toBeVisible();
});
