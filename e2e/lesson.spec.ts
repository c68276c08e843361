// The article's walk-through as a built-in lesson, run to its end like a learner would.

import { expect, test } from '@playwright/test';

test('run the article lesson to its end', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?lesson=article');
  await expect(page.getByTestId('lesson-panel')).toBeVisible();
  await page.getByTestId('speed-select').selectOption('60');
  // Step 1 asks to predict first.
  await expect(page.getByTestId('lesson-question')).toBeVisible();
  await page.getByTestId('lesson-question').getByRole('radio').nth(1).check();
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-question')).toContainText('Right.');
  for (let i = 1; i <= 9; i++) {
    await expect(page.getByTestId('lesson-progress')).toContainText(`Step ${i} of 9`);
    await page.getByTestId('lesson-run').click();
    await expect(page.getByTestId('lesson-run')).toHaveText('Run again', { timeout: 60_000 });
    if (i < 9) await page.getByTestId('lesson-next').click();
  }
  await expect(page.getByTestId('lesson-done')).toBeVisible();
  const log = page.getByTestId('console-log');
  await expect(log).toContainText('daemon set "fluentd-elasticsearch" successfully rolled out');
  await expect(log).toContainText('daemonset.apps/fluentd-elasticsearch rolled back');
  // The history after the undo: revision 1 came back as 3.
  const text = await log.innerText();
  const history = text.slice(text.lastIndexOf('REVISION  CHANGE-CAUSE'));
  expect(history).toMatch(/^REVISION\s+CHANGE-CAUSE\n2\s+kubectl set image/);
  expect(history).toMatch(/\n3\s+<none>/);
  expect(history).not.toMatch(/\n1\s+<none>/);
  await page.screenshot({ path: 'test-results/lesson-done-en.png' });
});

test('open the lesson at a step: earlier steps run first, in Chinese', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('./?lesson=article&step=5&lang=zh-CN');
  // steps 1–4 run before the panel shows step 5 (the place is kept meanwhile)
  await expect(page.getByTestId('lesson-progress')).toContainText('第 5 步', { timeout: 30_000 });
  await expect(page.getByTestId('console-log')).toContainText(
    'daemonset.apps/fluentd-elasticsearch created',
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('lesson-title')).toHaveText('新节点加入');
  await page.screenshot({ path: 'test-results/lesson-step5-zh.png' });
});

// The lesson's name is whole wherever the lesson opens: it showed "D…" on a phone (its row shared with
// the step count, the dots and the buttons), "Daemon…" in the embed and when presenting.
for (const [name, viewport, query] of [
  ['390×844', { width: 390, height: 844 }, './?lesson=article'],
  ['1280×720', { width: 1280, height: 720 }, './?lesson=article'],
  ['700×450 embed', { width: 700, height: 450 }, './?embed=1&lesson=article'],
  ['1280×720 presenting', { width: 1280, height: 720 }, './?present=1&lesson=article'],
] as const) {
  test(`the lesson's name reads whole: ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(query);
    const el = page.getByTestId('lesson-name');
    await expect(el).toHaveText('DaemonSet, step by step (the article)', { timeout: 60_000 });
    const fits = await el.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const head = e.closest('.lesson-head')!.getBoundingClientRect();
      return {
        inside: e.scrollWidth <= e.clientWidth + 1 && r.left >= head.left - 1 && r.right <= head.right + 1,
        ellipsis: getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth,
      };
    });
    expect(fits).toEqual({ inside: true, ellipsis: false });
  });
}

// On a phone (390×844) the lesson head wraps and its second row starts with the step dots: the
// current step's ring (an outline 1 px outside the dot) must be inside the panel, which clips what
// overflows it (the head had no side padding: the ring's left side was cut).
for (const [name, viewport, query] of [
  ['390×844', { width: 390, height: 844 }, './?lesson=article'],
  ['1280×720', { width: 1280, height: 720 }, './?lesson=article'],
  // (the 700×450 embed's narrow column shows no dots: lessons.css's container query)
  ['1280×720 presenting', { width: 1280, height: 720 }, './?lesson=article&present=1'],
] as const)
  test(`the current step's ring is inside the lesson panel (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(query);
    await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
    const dot = page.getByTestId('lesson-dot.1');
    await expect(dot).toBeVisible();
    const r = await dot.evaluate((el) => {
      const cs = getComputedStyle(el);
      const ring = parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset);
      const d = el.getBoundingClientRect();
      const panel = el.closest('.lesson-panel')!;
      const p = panel.getBoundingClientRect();
      const ps = getComputedStyle(panel);
      // the panel's padding box: what overflow: hidden keeps
      return {
        ring,
        left: d.left - ring - (p.left + parseFloat(ps.borderLeftWidth)),
        right: p.right - parseFloat(ps.borderRightWidth) - (d.right + ring),
        top: d.top - ring - (p.top + parseFloat(ps.borderTopWidth)),
      };
    });
    console.log(`[figure] step ring ${name}: ${r.left.toFixed(1)} px from the panel's left inner edge`);
    expect(r.ring).toBeGreaterThan(0);
    expect(r.left).toBeGreaterThanOrEqual(0);
    expect(r.right).toBeGreaterThanOrEqual(0);
    expect(r.top).toBeGreaterThanOrEqual(0);
  });
