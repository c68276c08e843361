// Lesson packages in a course platform (issue 25), with real parts: the CLI builds each package from
// the built page, the zip is unpacked and served from a sub-path of a test LMS whose API is scorm-again
// (SCORM 1.2 and 2004); a learner completes a short lesson in Chromium, the LMS's data model is checked
// (status, score, interactions, suspend data), then the LMS page is reloaded and the learner resumes. The
// cmi5 package runs against a local endpoint that records its statements, each checked with an xAPI
// validator. Every manifest is checked against the published XSDs (tools/lms/xsd).

import { expect, test, type Frame, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import xapiValidation from '@learninglocker/xapi-validation';
import { validateManifest } from '../tools/lms/validateXml';

// the package is CommonJS with an ES default: take the function either way
const validateStatement = ((xapiValidation as unknown as { default?: typeof xapiValidation }).default ??
  xapiValidation) as typeof xapiValidation;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LESSON = join(ROOT, 'e2e/lms/lms-lesson.yaml');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.yaml': 'text/yaml',
  '.ttf': 'font/ttf',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

type Std = 'scorm12' | 'scorm2004' | 'cmi5';
const packages = new Map<Std, { dir: string; launch: string; manifest: string }>();
const statements: Record<string, unknown>[] = [];
let server: Server;
let origin = '';

const REGISTRATION = '0b9bbfa4-52c1-4c8a-a3c1-2d8a5b0f0c11';
const SESSION = 'c2b7f1e5-8e76-4f57-9a55-0f3e7c1d2a10';
const AU = 'https://playground.daemonset.dev/xapi/lessons/lms-check/au';

function serveFile(res: import('node:http').ServerResponse, file: string): void {
  try {
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const out = mkdtempSync(join(tmpdir(), 'dsp-lms-'));
  for (const std of ['scorm12', 'scorm2004', 'cmi5'] as const) {
    const zip = join(out, `${std}.zip`);
    const said = execFileSync('npx', ['tsx', 'src/cli/sim.ts', '--package', std, LESSON, zip], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(said).toContain(`${std} package of lesson lms-check`);
    const dir = join(out, std);
    for (const [name, bytes] of Object.entries(unzipSync(readFileSync(zip)))) {
      const p = join(dir, name);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, bytes);
    }
    const manifest = readFileSync(join(dir, std === 'cmi5' ? 'cmi5.xml' : 'imsmanifest.xml'), 'utf8');
    const launch = (
      /<url>([^<]*)<\/url>/.exec(manifest)?.[1] ??
      /adlcp:scorm[tT]ype="sco" href="([^"]*)"/.exec(manifest)?.[1] ??
      ''
    ).replace(/&amp;/g, '&');
    packages.set(std, { dir, launch, manifest });
  }
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    if (path === '/lms/index.html') return serveFile(res, join(ROOT, 'e2e/lms/lms.html'));
    if (path === '/lms/scorm-again.min.js')
      return serveFile(res, join(ROOT, 'node_modules/scorm-again/dist/scorm-again.min.js'));
    const m = /^\/lms\/courses\/(scorm12|scorm2004|cmi5)\/(.*)$/.exec(path);
    if (m) {
      const dir = packages.get(m[1] as Std)!.dir;
      const file = normalize(join(dir, m[2] || 'index.html'));
      if (!file.startsWith(dir + sep)) return res.writeHead(403).end();
      return serveFile(res, file);
    }
    // the cmi5 side: the fetch URL (one token), LMS.LaunchData, the statements resource
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type, x-experience-api-version',
      'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
    };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    if (path === '/cmi5/fetch' && req.method === 'POST')
      return res
        .writeHead(200, { ...cors, 'content-type': 'application/json' })
        .end(JSON.stringify({ 'auth-token': 'dGVzdDp0b2tlbg==' }));
    if (path.startsWith('/xapi/')) {
      if (
        req.headers.authorization !== 'Basic dGVzdDp0b2tlbg==' ||
        req.headers['x-experience-api-version'] !== '1.0.3'
      )
        return res.writeHead(401, cors).end();
      if (path === '/xapi/activities/state' && url.searchParams.get('stateId') === 'LMS.LaunchData') {
        if (
          url.searchParams.get('registration') !== REGISTRATION ||
          url.searchParams.get('activityId') !== AU
        )
          return res.writeHead(404, cors).end();
        const data = {
          contextTemplate: {
            contextActivities: {
              grouping: [
                {
                  objectType: 'Activity',
                  id: 'https://playground.daemonset.dev/xapi/lessons/lms-check/course',
                },
              ],
            },
            extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': SESSION },
          },
          launchMode: 'Normal',
          moveOn: 'CompletedAndPassed',
          masteryScore: 0.5,
          returnURL: `${origin}/lms/done.html`,
        };
        return res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(data));
      }
      if (path === '/xapi/statements' && req.method === 'POST') {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          const got = JSON.parse(body) as Record<string, unknown> | Record<string, unknown>[];
          const list = Array.isArray(got) ? got : [got];
          statements.push(...list);
          res
            .writeHead(200, { ...cors, 'content-type': 'application/json' })
            .end(JSON.stringify(list.map((s) => s.id)));
        });
        return;
      }
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

test('every manifest is valid against the published schemas', async () => {
  test.setTimeout(120_000);
  for (const std of ['scorm12', 'scorm2004', 'cmi5'] as const) {
    const p = packages.get(std)!;
    expect(await validateManifest(std, p.manifest), std).toEqual([]);
    expect(p.launch).toBe(`index.html?lesson=lesson.yaml&lms=${std}&offline=0`);
  }
});

async function sco(page: Page): Promise<Frame> {
  await page.waitForFunction(() => document.querySelector('iframe#sco') !== null);
  const f = page.frame({ url: /\/lms\/courses\// });
  if (!f) throw new Error('no SCO frame');
  return f;
}

async function lmsData(page: Page): Promise<Record<string, any>> {
  return page.evaluate(() => (window as unknown as { lmsData(): Record<string, unknown> }).lmsData());
}

/** The learner: a wrong answer then the right one, the step run, the goal met in the console. */
async function firstTwoSteps(f: Frame): Promise<void> {
  await expect(f.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
  await expect(f.getByTestId('lms-notice')).toHaveAttribute('data-kind', 'reporting');
  const q = f.getByTestId('lesson-question');
  await q.getByRole('radio').nth(2).check();
  await f.getByTestId('lesson-check').click();
  await expect(f.getByTestId('lesson-try-again')).toBeVisible();
  await q.getByRole('radio').nth(1).check();
  await f.getByTestId('lesson-check').click();
  await f.getByTestId('lesson-run').click();
  await expect(f.getByTestId('lesson-run')).toHaveText('Run again', { timeout: 60_000 });
  await f.getByTestId('lesson-next').click();
  await expect(f.getByTestId('lesson-progress')).toContainText('Step 2 of 3');
  await f.getByTestId('console-input').fill('kubectl label node worker-1 tier=web');
  await f.getByTestId('console-input').press('Enter');
  await expect(f.getByTestId('lesson-goal-state')).toHaveAttribute('data-met', 'true', { timeout: 60_000 });
}

for (const std of ['scorm12', 'scorm2004'] as const) {
  test(`${std}: a learner completes the lesson, the LMS records it, a reload resumes`, async ({ page }) => {
    test.setTimeout(240_000);
    const v12 = std === 'scorm12';
    const url = `${origin}/lms/index.html?std=${std}&launch=${encodeURIComponent(`courses/${std}/${packages.get(std)!.launch}`)}`;
    await page.goto(url);
    let f = await sco(page);
    await firstTwoSteps(f);

    // the goal's commit: location 2, incomplete, three interactions (wrong, right, goal), the session saved
    await expect
      .poll(
        async () =>
          (await lmsData(page)).interactions && Object.keys((await lmsData(page)).interactions).length,
      )
      .toBe(3);
    let cmi = await lmsData(page);
    expect(v12 ? cmi.core.lesson_location : cmi.location).toBe('2');
    expect(v12 ? cmi.core.lesson_status : cmi.completion_status).toBe('incomplete');
    const ix = cmi.interactions;
    expect([ix[0].id, ix[1].id, ix[2].id]).toEqual(['step-1-question', 'step-1-question', 'step-2-goal']);
    expect([ix[0].result, ix[1].result, ix[2].result]).toEqual(
      v12 ? ['wrong', 'correct', 'correct'] : ['incorrect', 'correct', 'correct'],
    );
    expect(
      v12
        ? [ix[0].student_response, ix[1].student_response]
        : [ix[0].learner_response, ix[1].learner_response],
    ).toEqual(['c', 'b']);
    expect(ix[0].correct_responses[0].pattern).toBe('b');
    if (!v12) expect(ix[0].description).toContain('try 1');
    expect(cmi.suspend_data).toMatch(/^d1~2~[A-Za-z0-9_-]+~1\./);
    expect(v12 ? cmi.core.exit : cmi.exit).toBe('suspend');

    // the learner leaves (the LMS page reloads: the SCO finishes on pagehide) and comes back
    await page.reload();
    cmi = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), `test-lms:${std}`))!);
    expect(v12 ? cmi.core.session_time : cmi.session_time).toMatch(
      v12 ? /^\d{2,4}:\d\d:\d\d(\.\d{1,2})?$/ : /^PT/,
    );
    f = await sco(page);
    await expect(f.getByTestId('lesson-progress')).toContainText('Step 2 of 3', { timeout: 60_000 });
    await expect(f.getByTestId('lesson-goal-state')).toHaveAttribute('data-met', 'true', { timeout: 60_000 });
    // the cluster came back too: the label the learner set
    await f.getByTestId('console-input').fill('kubectl get nodes -l tier=web -o name');
    await f.getByTestId('console-input').press('Enter');
    await expect(f.getByTestId('console-log')).toContainText('node/worker-1');
    await f.getByTestId('lesson-next').click();
    await expect(f.getByTestId('lesson-done')).toBeVisible();

    // complete: 1 question right but not at the first try, 1 goal met unaided → 0.5, passing 0.5
    await expect
      .poll(async () => {
        const c = await lmsData(page);
        return v12 ? c.core.lesson_status : c.completion_status;
      })
      .toBe(v12 ? 'passed' : 'completed');
    cmi = await lmsData(page);
    if (v12) expect(cmi.core.score).toMatchObject({ raw: '50', min: '0', max: '100' });
    else {
      expect(cmi.success_status).toBe('passed');
      expect(cmi.score).toMatchObject({ raw: '50', scaled: '0.5', min: '0', max: '100' });
    }
    expect(Object.keys(cmi.interactions).length).toBe(3);
    expect(v12 ? cmi.core.lesson_location : cmi.location).toBe('3');
    await page.screenshot({ path: `test-results/lms-${std}-done.png` });
  });
}

test('cmi5: the AU reports to the endpoint with valid statements', async ({ page }) => {
  test.setTimeout(240_000);
  statements.length = 0;
  const actor = {
    objectType: 'Agent',
    account: { homePage: 'https://lms.example', name: 'learner-1' },
    name: 'Learner',
  };
  const params = new URLSearchParams({
    endpoint: `${origin}/xapi/`,
    fetch: `${origin}/cmi5/fetch`,
    actor: JSON.stringify(actor),
    registration: REGISTRATION,
    activityId: AU,
  });
  await page.goto(`${origin}/lms/courses/cmi5/${packages.get('cmi5')!.launch}&${params}`);
  await firstTwoSteps(page.mainFrame());
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-done')).toBeVisible();
  await expect
    .poll(() => statements.map((s) => (s.verb as { id: string }).id.split('/').pop()))
    .toContain('passed');
  await page.goto('about:blank');
  await expect
    .poll(() => statements.map((s) => (s.verb as { id: string }).id.split('/').pop()))
    .toContain('terminated');
  const verbs = statements.map((s) => (s.verb as { id: string }).id.split('/').pop());
  expect(verbs[0]).toBe('initialized');
  expect(verbs.at(-1)).toBe('terminated');
  expect(verbs.filter((v) => v === 'answered').length).toBe(3);
  expect(verbs.filter((v) => v === 'experienced').length).toBe(3);
  expect(verbs.indexOf('completed')).toBeLessThan(verbs.indexOf('passed'));
  for (const s of statements) {
    expect(
      validateStatement(s).map((w) => `${w.path.join('.')}: ${String(w.data)}`),
      JSON.stringify(s),
    ).toEqual([]);
    const ctx = s.context as {
      registration: string;
      extensions: Record<string, unknown>;
      contextActivities: { category?: { id: string }[] };
    };
    expect(ctx.registration).toBe(REGISTRATION);
    expect(ctx.extensions['https://w3id.org/xapi/cmi5/context/extensions/sessionid']).toBe(SESSION);
    expect(s.actor).toEqual(actor);
    const cmi5Defined = ['initialized', 'completed', 'passed', 'failed', 'terminated'].includes(
      (s.verb as { id: string }).id.split('/').pop()!,
    );
    expect(
      !!ctx.contextActivities.category?.some(
        (c) => c.id === 'https://w3id.org/xapi/cmi5/context/categories/cmi5',
      ),
    ).toBe(cmi5Defined);
  }
  const passed = statements.find((s) => (s.verb as { id: string }).id.endsWith('/passed'))!;
  expect(passed.result).toMatchObject({ success: true, score: { scaled: 0.5 } });
  expect(
    (passed.context as { extensions: Record<string, unknown> }).extensions[
      'https://w3id.org/xapi/cmi5/context/extensions/masteryscore'
    ],
  ).toBe(0.5);
});

test('no LMS: the lesson works and the page says nothing is reported', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${origin}/lms/courses/scorm12/${packages.get('scorm12')!.launch}`);
  await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('lms-notice')).toHaveAttribute('data-kind', 'none');
});

test('the page packages the open lesson: "Download for an LMS…"', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./?lesson=taints');
  await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('lesson-lms').locator('summary').click();
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByTestId('lesson-lms-scorm2004').click();
  const d = await download;
  expect(d.suggestedFilename()).toBe('taints-scorm2004.zip');
  const files = unzipSync(readFileSync((await d.path())!));
  const names = Object.keys(files);
  // the same build the CLI packs: index.html, the module chunks, the classic bundle for sandboxed frames
  const cli = packages.get('scorm2004')!.dir;
  expect(names).toContain('index.html');
  expect(names).toContain('classic/app.js');
  expect(names).toContain('classic/engine.worker.js');
  expect(names).not.toContain('sw.js');
  expect(names.filter((n) => n.startsWith('assets/')).length).toBe(
    readdirRecursive(join(cli, 'assets')).length,
  );
  const manifest = new TextDecoder().decode(files['imsmanifest.xml']);
  expect(manifest).toContain('href="index.html?lesson=taints&amp;lms=scorm2004&amp;offline=0"');
  expect(await validateManifest('scorm2004', manifest)).toEqual([]);
});

function readdirRecursive(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

test('Open edX JSInput: getGrade, getState, and setState on a new visit', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const url = `${origin}/lms/courses/scorm12/index.html?lesson=lesson.yaml&lms=jsinput&offline=0`;
  await page.goto(url);
  await firstTwoSteps(page.mainFrame());
  type W = { getGrade(): string; getState(): string; setState(s: string): void };
  const early = JSON.parse(await page.evaluate(() => (window as unknown as W).getGrade()));
  expect(early).toMatchObject({
    lesson: 'lms-check',
    complete: false,
    score: 0,
    passed: null,
    passingScore: 0.5,
  });
  const state = await page.evaluate(() => (window as unknown as W).getState());
  expect(JSON.parse(state).suspend).toMatch(/^d1~2~/);
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-done')).toBeVisible();
  expect(JSON.parse(await page.evaluate(() => (window as unknown as W).getGrade()))).toMatchObject({
    complete: true,
    score: 0.5,
    passed: true,
    rightFirstTime: 0,
    goalsMetUnaided: 1,
  });

  // the learner comes back: Open edX opens the problem afresh and hands the saved state over
  const again = await (await browser.newContext()).newPage();
  await again.goto(url);
  await expect(again.getByTestId('lesson-progress')).toContainText('Step 1 of 3', { timeout: 60_000 });
  await again.evaluate((s) => (window as unknown as W).setState(s), state);
  await expect(again.getByTestId('lesson-progress')).toContainText('Step 2 of 3', { timeout: 60_000 });
  await expect(again.getByTestId('lesson-goal-state')).toHaveAttribute('data-met', 'true', {
    timeout: 60_000,
  });
  await again.getByTestId('console-input').fill('kubectl get nodes -l tier=web -o name');
  await again.getByTestId('console-input').press('Enter');
  await expect(again.getByTestId('console-log')).toContainText('node/worker-1');
});
