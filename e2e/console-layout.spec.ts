// The console where the graph shares the frame (issue 22): six lines of output at least, at 10 px or
// more and not covered, in the 700×450 embed (split, and with a lesson) and in presentation mode with
// the console open, the graph keeping at least 45% of the height; long lines wrap (the image tag of
// `set image`, the CHANGE-CAUSE column of `rollout history`), and with Wrap off a table row stays one
// line, its columns aligned, and the log scrolls sideways.

import { expect, test, type Page } from '@playwright/test';

const EMBED = { width: 700, height: 450 };
const DESK = { width: 1280, height: 720 };
const TAG = 'quay.io/fluentd_elasticsearch/fluentd:v2.6.0-a-rather-long-tag-for-a-small-frame';

async function open(page: Page, size: { width: number; height: number }, query: string) {
  await page.setViewportSize(size);
  await page.goto(`./?${query}`);
  await expect(page.getByTestId('clock-abs')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 30_000 });
}

async function run(page: Page, command: string) {
  const input = page.getByTestId('console-input');
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('console-log')).toContainText(`$ ${command}`);
  await expect(page.getByTestId('console')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
}

/** What a person sees of the console's output: lines that fit, the text size, whether it is covered. */
function consoleView(page: Page) {
  return page.getByTestId('console-log').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    const lineHeight = parseFloat(cs.lineHeight);
    const pad = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    const visible = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
    const points = [0.2, 0.5, 0.8].flatMap((fx) =>
      [0.2, 0.5, 0.8].map((fy) => [r.left + r.width * fx, r.top + r.height * fy]),
    );
    const covered = points.filter(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return !hit || !(hit === el || el.contains(hit));
    }).length;
    return { lines: Math.floor((visible - pad) / lineHeight), fontPx: parseFloat(cs.fontSize), covered };
  });
}

function graphHeightShare(page: Page) {
  return page.getByTestId('graph-panel').evaluate((el) => el.getBoundingClientRect().height / innerHeight);
}

async function checkShared(page: Page) {
  await run(page, 'kubectl get pods -A -o wide');
  const view = await consoleView(page);
  test.info().annotations.push({ type: 'console', description: JSON.stringify(view) });
  expect(view.lines).toBeGreaterThanOrEqual(6);
  expect(view.fontPx).toBeGreaterThanOrEqual(10);
  expect(view.covered).toBe(0);
  expect(await graphHeightShare(page)).toBeGreaterThanOrEqual(0.45);
  // the frame itself does not scroll: everything is in it
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= innerHeight)).toBe(true);
}

test('700×450 embed, split: six lines of console output and the graph both readable', async ({ page }) => {
  await open(page, EMBED, 'embed=1&view=split');
  await checkShared(page);
});

test('700×450 embed, split with a lesson: six lines of output, and the lesson keeps Run and Next in view', async ({
  page,
}) => {
  await open(page, EMBED, 'embed=1&view=split&lesson=taints');
  await expect(page.getByTestId('lesson-run')).toBeEnabled({ timeout: 60_000 });
  await checkShared(page);
  for (const id of ['lesson-run', 'lesson-next']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(EMBED.height);
  }
});

test('1280×720 presentation mode with the console open: six lines at projector size, the graph keeps its room', async ({
  page,
}) => {
  await open(page, DESK, 'present=1&lesson=taints');
  await expect(page.getByTestId('lesson-run')).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId('console-panel')).toHaveAttribute('data-collapsed', 'true');
  await page.getByTestId('console-toggle').click();
  await checkShared(page);
  expect((await consoleView(page)).fontPx).toBeGreaterThanOrEqual(16);
  // the lesson's name keeps one line (the step's text has the rows); cut, it says so with its title,
  // and a click shows it whole
  const whole = 'Taints: NoSchedule, NoExecute, cordon and drain';
  const name = page.getByTestId('lesson-name');
  await expect(name).toHaveText(whole);
  await expect(name).toHaveAttribute('title', whole);
  const lines = await name.evaluate(
    (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
  );
  expect(lines).toBeLessThan(1.5);
  if (await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1)) {
    await name.click();
    await expect(name).toHaveAttribute('aria-expanded', 'true');
  }
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  // the author's "Download for an LMS…" is not the room's: presenting, it takes no row from the step's text
  await expect(page.locator('.lesson-lms')).toBeHidden();
});

test('long lines wrap in the embed; with Wrap off table rows stay one line, aligned, and the log scrolls sideways', async ({
  page,
}) => {
  await open(page, EMBED, 'embed=1&view=split');
  await page.getByTestId('apply-button').click();
  await expect(page.getByTestId('console-log')).toContainText(
    'daemonset.apps/fluentd-elasticsearch created',
    { timeout: 30_000 },
  );
  // the next revision takes the DaemonSet's change-cause
  await run(
    page,
    `kubectl annotate ds/fluentd-elasticsearch -n kube-system kubernetes.io/change-cause="set image to ${TAG}" --overwrite`,
  );
  await run(page, `kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=${TAG} -n kube-system`);
  await run(page, 'kubectl rollout history ds/fluentd-elasticsearch -n kube-system');
  const log = page.getByTestId('console-log');
  await expect(page.getByTestId('console-wrap')).toHaveAttribute('aria-pressed', 'true');
  // wrapped: nothing sticks out of the pane, and the whole tag is there to read
  expect(await log.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  const history = page.locator('.console-line.stdout').last();
  await expect(history).toContainText(`set image to ${TAG}`);
  const rowBox = await history.locator('.console-row').last().boundingBox();
  const logBox = (await log.boundingBox())!;
  expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(logBox.x + logBox.width);
  // the kept-whole words: `--…` and names with a hyphen are not broken after their hyphen
  expect(await page.locator('.console-word').count()).toBeGreaterThan(0);

  // Wrap off: one line per row, CHANGE-CAUSE lines up with its header, and the log scrolls sideways
  await page.getByTestId('console-wrap').click();
  await expect(page.getByTestId('console-wrap')).toHaveAttribute('aria-pressed', 'false');
  const rows = await history.evaluate((el) => {
    const lh = parseFloat(getComputedStyle(el).lineHeight);
    // a final newline ends the last row (no row of its own)
    const text = (el.textContent ?? '').replace(/\n+$/, '');
    return { rows: text.split('\n').length, height: el.getBoundingClientRect().height, lh };
  });
  expect(Math.round(rows.height / rows.lh)).toBe(rows.rows);
  expect(await log.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const columns = await history.evaluate((el) => {
    const lines = (el.textContent ?? '').split('\n');
    const header = lines.find((l) => l.startsWith('REVISION'))!;
    const cause = header.indexOf('CHANGE-CAUSE');
    return lines
      .filter((l) => /^\d/.test(l))
      .map((l) => l.slice(cause, cause + 1) !== ' ' && l.slice(cause - 1, cause) === ' ');
  });
  expect(columns.length).toBeGreaterThanOrEqual(2);
  expect(columns.every(Boolean)).toBe(true);
  // the log scrolls to the tag's end
  await log.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  expect(await log.evaluate((el) => el.scrollLeft > 0)).toBe(true);
});

test('presentation mode: wrapped console lines at projector size, in both languages', async ({ page }) => {
  await open(page, DESK, 'present=1&lang=zh-CN&theme=dark');
  await page.getByTestId('console-toggle').click();
  await expect(page.getByTestId('console-wrap')).toHaveText('自动换行');
  await run(page, 'kubectl get pods -A -o wide');
  await run(page, `kubectl run a-pod-with-a-long-image --image=${TAG}`);
  const log = page.getByTestId('console-log');
  expect(await log.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(log).toContainText('a-pod-with-a-long-image');
});

// In the embed the graph's controls sit in the cluster panel's title row (the cards get the pane): each
// is on screen and uncovered, Add node's menu and the legend open over the pane, and what they do works.
test('700×450 embed: Add node, Fit view and Legend in the cluster title row are on screen and work', async ({
  page,
}) => {
  await open(page, EMBED, 'embed=1&view=split&lesson=article');
  await expect(page.getByTestId('graph.node.master')).toBeVisible({ timeout: 60_000 });
  const head = (await page.locator('.panel-graph .panel-head').boundingBox())!;
  const uncovered = (testId: string) =>
    page.getByTestId(testId).evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === el || el.contains(hit)) && r.right <= innerWidth && r.bottom <= innerHeight;
    });
  for (const id of ['palette.toggle', 'graph.fit', 'graph.more']) {
    const b = (await page.getByTestId(id).boundingBox())!;
    expect(b.y, id).toBeGreaterThanOrEqual(head.y - 1);
    expect(b.y + b.height, id).toBeLessThanOrEqual(head.y + head.height + 1);
    expect(await uncovered(id), id).toBe(true);
  }
  // The legend opens below the row, over the pane, and closes again.
  await page.getByTestId('graph.more').click();
  await expect(page.getByTestId('graph.edges-toggle')).toBeVisible();
  expect(await uncovered('graph.edges-toggle')).toBe(true);
  await page.getByTestId('graph.more').click();
  await expect(page.getByTestId('graph.edges-toggle')).toBeHidden();
  // Add node's menu opens over the pane; a worker added from it shows up on the graph.
  await page.getByTestId('palette.toggle').click();
  await expect(page.getByTestId('palette.worker')).toBeVisible();
  expect(await uncovered('palette.worker')).toBe(true);
  await page.getByTestId('palette.worker').click();
  await expect(page.getByTestId('graph')).toHaveAttribute('data-nodes', '3');
  await page.getByTestId('graph.fit').click();
  // The console is still there to type into.
  await run(page, 'kubectl get nodes');
  await expect(page.getByTestId('console-log')).toContainText('node-2');
});
