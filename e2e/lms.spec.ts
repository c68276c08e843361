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
import { serve } from './serve';

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
// the resume test's: one learner relaunching in one registration, then a new registration
const REG_AGAIN = '5d3c2b1a-0f9e-4d8c-b7a6-958473625140';
const REG_NEW = '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918';
const REGISTRATIONS = [REGISTRATION, REG_AGAIN, REG_NEW];
/** the State API's documents: [activityId, agent, registration, stateId] as JSON → body */
const states = new Map<string, { body: string; type: string }>();
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
          !REGISTRATIONS.includes(url.searchParams.get('registration') ?? '') ||
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
      // the State API for the AU's own documents, as an LRS keeps them: per activity, agent, registration
      // and stateId; LMS.LaunchData (above) is the LMS's and read-only
      if (path === '/xapi/activities/state') {
        const p = url.searchParams;
        const key = JSON.stringify(['activityId', 'agent', 'registration', 'stateId'].map((k) => p.get(k)));
        if (!p.get('activityId') || !p.get('agent') || !p.get('stateId'))
          return res.writeHead(400, cors).end();
        if (req.method === 'PUT') {
          let body = '';
          req.on('data', (c: Buffer) => (body += c.toString()));
          req.on('end', () => {
            states.set(key, { body, type: req.headers['content-type'] ?? '' });
            res.writeHead(204, cors).end();
          });
          return;
        }
        if (req.method === 'GET') {
          const doc = states.get(key);
          if (!doc) return res.writeHead(404, cors).end();
          return res.writeHead(200, { ...cors, 'content-type': doc.type }).end(doc.body);
        }
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

test('cmi5: a relaunch in the same registration resumes from the AU’s state document; a new registration starts fresh', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const actor = {
    objectType: 'Agent',
    account: { homePage: 'https://lms.example', name: 'learner-2' },
  };
  const launch = (registration: string) =>
    `${origin}/lms/courses/cmi5/${packages.get('cmi5')!.launch}&${new URLSearchParams({
      endpoint: `${origin}/xapi/`,
      fetch: `${origin}/cmi5/fetch`,
      actor: JSON.stringify(actor),
      registration,
      activityId: AU,
    })}`;
  const saved = (registration: string) => {
    for (const [k, v] of states) {
      const [activityId, agent, reg, stateId] = JSON.parse(k) as string[];
      if (
        activityId === AU &&
        reg === registration &&
        stateId === 'https://playground.daemonset.dev/xapi/state/resume' &&
        JSON.stringify(JSON.parse(agent)) === JSON.stringify(actor)
      )
        return JSON.parse(v.body) as { suspend: string };
    }
    return null;
  };
  await page.goto(launch(REG_AGAIN));
  await firstTwoSteps(page.mainFrame());
  // the AU's own document, written at the goal: step 2, the progress and the session with its commands
  await expect.poll(() => saved(REG_AGAIN)?.suspend ?? '').toMatch(/^d1~2~[A-Za-z0-9_-]+~1\./);
  // LMS.LaunchData is the LMS's: the AU never writes it
  expect([...states.keys()].some((k) => k.includes('LMS.LaunchData'))).toBe(false);
  await page.goto('about:blank');

  // relaunched in the same registration: the same step, the goal met, the same cluster
  await page.goto(launch(REG_AGAIN));
  await expect(page.getByTestId('lesson-progress')).toContainText('Step 2 of 3', { timeout: 60_000 });
  await expect(page.getByTestId('lesson-goal-state')).toHaveAttribute('data-met', 'true', {
    timeout: 60_000,
  });
  await page.getByTestId('console-input').fill('kubectl get nodes -l tier=web -o name');
  await page.getByTestId('console-input').press('Enter');
  await expect(page.getByTestId('console-log')).toContainText('node/worker-1', { timeout: 60_000 });
  await page.goto('about:blank');

  // a new registration (the learner enrolled again): from the start, no label on worker-1
  await page.goto(launch(REG_NEW));
  await expect(page.getByTestId('lesson-panel')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('lms-notice')).toHaveAttribute('data-kind', 'reporting');
  await expect(page.getByTestId('lesson-progress')).toContainText('Step 1 of 3');
  await page.getByTestId('console-input').fill('kubectl get nodes -l tier=web');
  await page.getByTestId('console-input').press('Enter');
  await expect(page.getByTestId('console-log')).toContainText('No resources found', { timeout: 60_000 });
  await expect(page.getByTestId('console-log')).not.toContainText('node/worker-1');
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

// An Open edX problem page on another origin than the frame, as many installs serve JSInput's
// html_file: `sop="false"`, so the page talks to the frame with jschannel (JSON text over postMessage,
// `JSInput::` methods, a ping/pong handshake, calls held until it is done). This page's side is written
// here from the message formats of edx-platform's jschannel.js and what jsinput.js does with them
// (update(): getGrade then getState, each decodeURI'd, stored as {answer, state}; a stored state handed
// back with setState): that code is LGPL and not shipped.
const edxPage = (frameSrc: string) => `<!doctype html><html><body style="margin:0">
<div class="jsinput" data-sop="false"><iframe id="f" name="iframe_input_1" src="${frameSrc}" width="1200" height="800" style="border:0"></iframe></div>
<script>
  const frame = document.getElementById('f')
  const target = new URL(frame.src).origin
  let ready = false
  const queue = []
  const pending = new Map()
  let next = 1001
  window.log = []
  const post = (m, force) => {
    if (!ready && !force) return queue.push(m)
    frame.contentWindow.postMessage(JSON.stringify(m), target)
  }
  addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow || e.origin !== target) return
    let m
    try { m = JSON.parse(e.data) } catch { return }
    if (typeof m !== 'object' || m === null) return
    window.log.push(m)
    if (m.method === 'JSInput::__ready') {
      if (ready) return
      ready = true
      if (m.params === 'ping') post({ method: 'JSInput::__ready', params: 'pong' })
      while (queue.length) post(queue.pop())
      return
    }
    if (m.id && pending.has(m.id)) {
      const p = pending.get(m.id)
      pending.delete(m.id)
      if (m.error) p.reject(new Error(m.error + ': ' + m.message))
      else p.resolve(m.result)
    }
  })
  window.call = (method, params) => new Promise((resolve, reject) => {
    const id = next++
    pending.set(id, { resolve, reject })
    post({ id, method: 'JSInput::' + method, params })
  })
  setTimeout(() => post({ method: 'JSInput::__ready', params: 'ping' }, true), 0)
  window.update = async () => {
    const answer = decodeURI(String(await window.call('getGrade', '')))
    const state = decodeURI(String(await window.call('getState', '')))
    return JSON.stringify({ answer, state })
  }
  // what sop="true" would do: call into the frame; across origins the browser refuses
  window.direct = () => { try { return String(frame.contentWindow.getGrade()) } catch (e) { return e.name } }
  const stored = new URLSearchParams(location.search).get('stored')
  if (stored) window.call('setState', JSON.parse(stored).state)
</script></body></html>`;

test('Open edX JSInput across origins (sop="false"): jschannel getGrade, getState, setState', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'dsp-edx-'));
  const lms = await serve({ base: '/', root: dir });
  try {
    const src = `${origin}/lms/courses/scorm12/index.html?lesson=lesson.yaml&lms=jsinput&offline=0&origin=${encodeURIComponent(lms.origin)}`;
    writeFileSync(join(dir, 'problem.html'), edxPage(src));
    expect(new URL(src).origin).not.toBe(lms.origin);
    await page.goto(`${lms.origin}/problem.html`);
    await page.waitForFunction(() => !!document.querySelector('iframe'));
    const frame = () => page.frame({ url: /lms=jsinput/ })!;
    await expect.poll(() => !!page.frame({ url: /lms=jsinput/ })).toBe(true);
    await firstTwoSteps(frame());
    // the same-origin way fails here: that is why sop="false" is needed
    expect(await page.evaluate(() => (window as unknown as { direct(): string }).direct())).toBe(
      'SecurityError',
    );

    type W = { update(): Promise<string>; log: Record<string, unknown>[] };
    let store = JSON.parse(await page.evaluate(() => (window as unknown as W).update()));
    expect(JSON.parse(store.answer)).toMatchObject({ lesson: 'lms-check', complete: false, score: 0 });
    expect(JSON.parse(store.state).suspend).toMatch(/^d1~2~/);
    // the handshake went both ways: the frame pinged (or answered the page's ping with pong)
    const log = await page.evaluate(() => (window as unknown as W).log);
    expect(log.some((m) => m.method === 'JSInput::__ready')).toBe(true);

    await frame().getByTestId('lesson-next').click();
    await expect(frame().getByTestId('lesson-done')).toBeVisible();
    const done = JSON.parse(await page.evaluate(() => (window as unknown as W).update()));
    expect(JSON.parse(done.answer)).toMatchObject({ complete: true, score: 0.5, passed: true });

    // the learner comes back: the problem is drawn with the stored state, handed over with setState
    const again = await (await browser.newContext()).newPage();
    await again.goto(`${lms.origin}/problem.html?stored=${encodeURIComponent(JSON.stringify(store))}`);
    await expect.poll(() => !!again.frame({ url: /lms=jsinput/ })).toBe(true);
    const f2 = again.frame({ url: /lms=jsinput/ })!;
    await expect(f2.getByTestId('lesson-progress')).toContainText('Step 2 of 3', { timeout: 60_000 });
    await expect(f2.getByTestId('lesson-goal-state')).toHaveAttribute('data-met', 'true', {
      timeout: 60_000,
    });
    await f2.getByTestId('console-input').fill('kubectl get nodes -l tier=web -o name');
    await f2.getByTestId('console-input').press('Enter');
    await expect(f2.getByTestId('console-log')).toContainText('node/worker-1');
    store = JSON.parse(await again.evaluate(() => (window as unknown as W).update()));
    expect(JSON.parse(store.state).suspend).toMatch(/^d1~2~/);
    await again.context().close();
  } finally {
    await lms.stop();
  }
});
