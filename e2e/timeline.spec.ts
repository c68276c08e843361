// The timeline bar and the event log on the built page (`npm run build`, then `vite preview`):
// play/pause, step, speed, the event log and selection, and going back in time (with the fork).

import { expect, test, type Page } from '@playwright/test';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function openPage(page: Page, query = '') {
  await page.goto(`./${query}`);
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

/** `+1m05s` → 65 */
function seconds(offset: string): number {
  const m = /^\+(?:(\d+)h)?(?:(\d+)m)?(\d+)s$/.exec(offset.trim());
  if (!m) throw new Error(`not an offset: ${offset}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3]);
}

async function clock(page: Page): Promise<number> {
  return seconds(await page.getByTestId('clock-offset').innerText());
}

async function run(page: Page, command: string): Promise<string[]> {
  const input = page.getByTestId('console-input');
  await input.click();
  await input.press('Control+l');
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
  const lines = (await page.getByTestId('console-log').innerText()).split('\n');
  return lines.slice(lines.lastIndexOf(`$ ${command}`) + 1).filter((l) => l.trim() !== '');
}

const POD_LINE = /^(fluentd-elasticsearch-\w{5})\s+1\/1\s+Running\s/;

async function runningPods(page: Page): Promise<string[]> {
  return (await run(page, 'kubectl get pods -n kube-system'))
    .flatMap((l) => POD_LINE.exec(l)?.[1] ?? [])
    .sort();
}

test('play, pause, step and speed', async ({ page }) => {
  const errors = watchErrors(page);
  await openPage(page);
  const toggle = page.getByTestId('play-toggle');
  // the page starts playing
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toHaveText(/Pause/);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle).toHaveText(/Play/);
  const paused = await page.getByTestId('clock-offset').innerText();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('clock-offset')).toHaveText(paused);

  // applying queues work for the controllers; Step runs one item and says what ran and why
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText('daemonset.apps/fluentd-elasticsearch created');
  await page.getByTestId('step-button').click();
  await expect(page.getByTestId('step-line')).toContainText(/\[\d\d:\d\d:\d\d\.\d{3}\] \S+ \S+ \(.+\): .+/);
  for (let i = 0; i < 3; i++) await page.getByTestId('step-button').click();
  await expect(page.getByTestId('step-line')).toContainText(/\[\d\d:\d\d:\d\d\.\d{3}\]|nothing to do/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  // 60×: a minute of simulated time in about a second
  await page.getByTestId('speed-select').selectOption('60');
  const before = await clock(page);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => clock(page), { timeout: 10_000 }).toBeGreaterThan(before + 45);
  await toggle.click();
  await expect(page.getByTestId('speed-select')).toHaveValue('60');

  // everything is reachable with the keyboard, with visible labels
  await page.getByTestId('speed-select').focus();
  await expect(page.getByText('Speed', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Speed')).toBeFocused();
  await expect(page.getByLabel('History')).toBeVisible();
  expect(errors, 'console errors').toEqual([]);
});

test('event log: SuccessfulCreate, selecting and filtering, controller steps', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openPage(page);
  await page.getByTestId('apply-button').click();
  const created = page.getByTestId('event-row').filter({ hasText: 'SuccessfulCreate' }).first();
  await expect(created).toBeVisible({ timeout: 30_000 });
  await expect(created).toContainText('daemonset/fluentd-elasticsearch');
  await expect(created).toContainText(/Created pod: fluentd-elasticsearch-\w{5}/);

  // clicking the entry selects the DaemonSet
  await created.click();
  await expect(page.getByTestId('selection-chip')).toContainText('daemonset/fluentd-elasticsearch');
  await expect(created).toHaveClass(/selected/);

  // clicking the object name filters the log to it
  await created.getByRole('button', { name: 'daemonset/fluentd-elasticsearch' }).click();
  await expect(page.getByTestId('filter-chip')).toContainText('daemonset/fluentd-elasticsearch');
  const rows = page.getByTestId('event-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('daemonset/fluentd-elasticsearch');

  // free text and kind filters
  await page.getByTestId('log-clear-filters').click();
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  await page.getByTestId('log-kind').selectOption('Pod');
  await expect(rows.filter({ hasText: 'daemonset/' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'pod/' }).first()).toBeVisible();
  await page.getByTestId('log-kind').selectOption('');
  await page.getByTestId('log-filter').fill('Scheduled');
  await expect(rows.first()).toContainText('Scheduled');
  await page.getByTestId('log-filter').fill('no such thing');
  await expect(page.getByTestId('log-empty')).toBeVisible();
  await page.getByTestId('log-filter').fill('');

  // the controller tab: what each work item did and why
  await page.getByTestId('log-tab-controller').click();
  const step = page.getByTestId('step-row').filter({ hasText: 'daemonset-controller' }).first();
  await expect(step).toBeVisible();
  await expect(step).toContainText('kube-system/fluentd-elasticsearch');
  await page.screenshot({ path: testInfo.outputPath('eventlog-controller-light-en.png') });
  await page.getByTestId('log-tab-events').click();
  await page.screenshot({ path: testInfo.outputPath('eventlog-light-en.png') });
  expect(errors, 'console errors').toEqual([]);
});

test('scrubbing back before the apply: the pods are gone; returning and forking', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await openPage(page);
  // let the clock run a little so the apply happens after +0s
  await expect.poll(() => clock(page), { timeout: 10_000 }).toBeGreaterThan(0);
  await page.getByTestId('apply-button').click();
  await expect.poll(() => runningPods(page), { timeout: 90_000, intervals: [1000, 2000] }).toHaveLength(2);
  const pods = await runningPods(page);
  await page.getByTestId('play-toggle').click();
  await expect(page.getByTestId('play-toggle')).toHaveAttribute('aria-pressed', 'false');
  const end = await page.getByTestId('clock-offset').innerText();

  // back to the start (keyboard: Home on the slider)
  await page.getByTestId('timeline-scrub').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('clock-offset')).toHaveText('+0s', { timeout: 60_000 });
  const note = page.getByTestId('fork-note');
  await expect(note).toContainText('Went back to +0s');
  await expect(note).toContainText(`goes on to ${end}`);
  await expect(page.getByTestId('event-row')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('timeline-rewound-light-en.png') });

  // return to where we were: the replay gives the very same pods (same seed, same inputs)
  await page.getByTestId('return-to-end').click();
  await expect(page.getByTestId('clock-offset')).toHaveText(end, { timeout: 60_000 });
  await expect(page.getByTestId('fork-note')).toHaveCount(0);
  expect(await runningPods(page)).toEqual(pods);

  // back again, then run a command there: the timeline forks and the pods are gone
  await page.getByTestId('timeline-scrub').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('fork-note')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('console-log')).toContainText('# went back to +0s (00:00:00)');
  const out = await run(page, 'kubectl get pods -n kube-system');
  expect(out).toEqual(['No resources found in kube-system namespace.']);
  await expect(page.getByTestId('forked-note')).toContainText(
    /forked at \+0s: the \d+ commands? recorded after it (was|were) dropped/,
  );
  await page.screenshot({ path: testInfo.outputPath('timeline-forked-light-en.png') });
  expect(errors, 'console errors').toEqual([]);
});

test('timeline and event log in dark theme, Simplified Chinese', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openPage(page, '?lang=zh-CN&theme=dark');
  await expect(page.getByTestId('play-toggle')).toHaveText(/暂停/);
  await expect(page.getByTestId('step-button')).toHaveText(/单步/);
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('event-row').filter({ hasText: 'SuccessfulCreate' }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByTestId('step-button').click();
  await expect(page.getByTestId('step-line')).toContainText('上一步');
  await page.screenshot({ path: testInfo.outputPath('timeline-dark-zh.png') });
  await page.getByTestId('timeline-scrub').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('fork-note')).toContainText('已回到 +0s', { timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath('timeline-rewound-dark-zh.png') });
  expect(errors, 'console errors').toEqual([]);
});
