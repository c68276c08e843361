// Cards subscribe to their own node: a change to one pod re-renders that pod's node card and no
// other (counted by the cards themselves in debug builds), on a cluster of four nodes with a pod each.

import { expect, test, type Page } from '@playwright/test';

test.describe.configure({ timeout: 120_000 });
expect.configure({ timeout: 20_000 });
test.use({ viewport: { width: 1920, height: 1200 } });

const card = (page: Page, name: string) => page.getByTestId(`rf__node-node:${name}`);

type Counts = { on: boolean; byNode: Map<string, number> };
declare global {
  interface Window {
    __dspRenders: Counts;
    __dsp: { store: { getState(): { podsByNode: Map<string, { metadata: { name: string } }[]> } } };
  }
}

async function runConsole(page: Page, line: string) {
  const input = page.getByTestId('console-input');
  await input.fill(line);
  await input.press('Enter');
}

test('a pod that fails re-renders its own node card only', async ({ page }) => {
  await page.goto('./?preset=large&nodes=4');
  await expect(card(page, 'node-0004')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('apply-button').click();
  for (const n of ['node-0001', 'node-0002', 'node-0003', 'node-0004'])
    await expect(
      card(page, n).locator('[data-testid^="pod.fluentd-elasticsearch-"]').first(),
    ).toHaveAttribute('data-status', 'Running', { timeout: 30_000 });
  // every pod Ready, and then nothing changing for a while (so what is counted is the failure only)
  await page.waitForFunction(() => {
    const s = window.__dsp.store.getState() as unknown as {
      objects: { DaemonSet: Record<string, { status: { numberReady: number } }> };
      podsVersion: number;
    };
    return Object.values(s.objects.DaemonSet)[0]?.status.numberReady === 4;
  });
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __quiet?: { v: number; since: number } };
      const v = (window.__dsp.store.getState() as unknown as { podsVersion: number }).podsVersion;
      if (!w.__quiet || w.__quiet.v !== v) w.__quiet = { v, since: performance.now() };
      return performance.now() - w.__quiet.since > 1500;
    },
    null,
    { polling: 100 },
  );
  const pod = await page.evaluate(
    () => window.__dsp.store.getState().podsByNode.get('node-0002')![0].metadata.name,
  );
  await page.evaluate(() => {
    window.__dspRenders.byNode.clear();
    window.__dspRenders.on = true;
  });
  await runConsole(page, `sim pod fail ${pod} -n kube-system`);
  await expect(card(page, 'node-0002').getByTestId(`pod.${pod}`)).toHaveAttribute(
    'data-status',
    /Error|Failed|CrashLoopBackOff/,
  );
  const counts = await page.evaluate(() => {
    window.__dspRenders.on = false;
    return Object.fromEntries(window.__dspRenders.byNode);
  });
  expect(counts['node-0002']).toBeGreaterThanOrEqual(1);
  expect(counts['node-0001'] ?? 0).toBe(0);
  expect(counts['node-0003'] ?? 0).toBe(0);
  expect(counts['node-0004'] ?? 0).toBe(0);
});
