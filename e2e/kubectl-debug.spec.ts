// `kubectl debug` on the built page: the console adds an ephemeral container, describe shows it, and
// the pod's card says it has one (a small "debug" badge, the container's name in its title) in words
// as large as the card's others, at the desktop, embed and phone sizes, in English and Chinese.

import { expect, test, type Page } from '@playwright/test';

const SHOTS = process.env.EPH_SHOTS;

async function run(page: Page, command: string): Promise<void> {
  const input = page.getByTestId('console-input');
  await input.click();
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
}

for (const v of [
  { name: 'desk-en', query: '', viewport: { width: 1280, height: 720 } },
  { name: 'embed-zh-dark', query: 'embed=1&lang=zh-CN&theme=dark', viewport: { width: 700, height: 450 } },
  { name: 'phone-en-dark', query: 'theme=dark', viewport: { width: 390, height: 844 } },
  { name: 'phone-zh', query: 'lang=zh-CN', viewport: { width: 390, height: 844 } },
]) {
  test(`kubectl debug adds an ephemeral container; its pod says so (${v.name})`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize(v.viewport);
    await page.goto(`./?${v.query}`);
    await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
    const log = page.getByTestId('console-log');
    await run(page, 'kubectl run web --image=nginx');
    await expect(log).toContainText('pod/web created');
    const chip = page.getByTestId('pod.web');
    await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 30_000 });
    await expect(page.getByTestId('pod.web.debug')).toHaveCount(0);

    await run(page, 'kubectl debug web --image=busybox -c dbg --target=web --profile=general');
    await expect(log).toContainText('Targeting container "web".');
    const badge = page.getByTestId('pod.web.debug');
    await expect(badge).toBeVisible({ timeout: 30_000 });
    await expect(badge).toHaveAttribute('title', /dbg/);
    await expect(chip).toHaveAttribute('title', /kubectl debug.*dbg|dbg/);
    const px = await badge.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    const scale = await badge.evaluate(
      (e) => e.getBoundingClientRect().height / (e as HTMLElement).offsetHeight,
    );
    // at least as legible as the card's other words (≥ 10 px on screen, as graph-legibility measures)
    expect(px * scale).toBeGreaterThanOrEqual(10);

    // describe, until the kubelet has started it (the clock runs on)
    await expect
      .poll(
        async () => {
          await page.getByTestId('console-input').press('Control+l');
          await run(page, 'kubectl describe pod web');
          return log.innerText();
        },
        { timeout: 60_000, intervals: [1000, 2000] },
      )
      .toMatch(/Ephemeral Containers:[\s\S]*spec\.ephemeralContainers\{dbg\}: Started container dbg/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/debug-${v.name}.png` });
    expect(errors).toEqual([]);
  });
}
