// The page live against a cluster (?connect=, src/connect): the playground's own API server (`npm run
// -s serve`) started here on a free port, changed from outside with plain HTTP requests (as someone's
// own kubectl would), and from the page (editor Apply, the graph's cordon) with the result read back
// from the server; the server killed and restarted. Then the same page under /playground/ with the
// API on its own origin (?connect=same-origin), behind `kubectl proxy --www=dist --www-prefix=/playground/`
// when a kubectl is on PATH, else behind a small proxy in this file that mounts the same paths.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

test.describe.configure({ mode: 'serial', timeout: 180_000 });
expect.configure({ timeout: 20_000 });

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const pagePort = Number(process.env.E2E_PORT ?? 4173);
const pageOrigin = `http://127.0.0.1:${pagePort}`;

interface Serve {
  port: number;
  base: string;
  kubeconfig: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The servers a test started and has not stopped. A test that times out never reaches its `finally`,
 * and a detached server outlives the worker: it would go on burning CPU at --speed 20 under the rest of
 * the suite (and under this test's retry). `afterEach` runs after a timeout too.
 */
const running = new Set<() => Promise<void>>();
test.afterEach(async () => {
  await Promise.all([...running].map((stop) => stop()));
});

/** `serve` on a port (0: a free one); resolves once it printed KUBECONFIG= and where it listens. */
function startServe(opts: { port?: number; dir: string; args?: string[] }): Promise<Serve> {
  const args = [
    'tsx',
    'src/server/serve.ts',
    '--port',
    String(opts.port ?? 0),
    '--allow-origin',
    pageOrigin,
    '--dir',
    opts.dir,
    ...(opts.args ?? []),
  ];
  const child = spawn('npx', args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const stop = () =>
    new Promise<void>((resolve) => {
      running.delete(stop);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        resolve();
      }
    });
  running.add(stop);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    let kubeconfig = '';
    let port = 0;
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`serve did not start: ${err}`));
    }, 60_000);
    const check = () => {
      if (kubeconfig && port) {
        clearTimeout(timer);
        resolve({ port, base: `http://127.0.0.1:${port}`, kubeconfig, child, stop });
      }
    };
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^KUBECONFIG=(.+)$/m.exec(out);
      if (m) kubeconfig = m[1].trim();
      check();
    });
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /listens on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (m) port = Number(m[1]);
      check();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}): ${err}`));
    });
  });
}

async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': contentType },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, any> };
}

const card = (page: Page, name: string) => page.getByTestId(`rf__node-node:${name}`);
const consoleLog = (page: Page) => page.getByTestId('console-log');

function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsp-connect-'));
});

test('live against serve: follows outside changes, Apply and cordon go to the server, survives a restart', async ({
  page,
}) => {
  const problems = watchProblems(page);
  let s = await startServe({ dir, args: ['--speed', '20'] });
  try {
    await page.goto(`./?connect=${encodeURIComponent(s.base)}`);
    // The served nodes (the article preset) are on the graph, and the console says which cluster it is.
    await expect(card(page, 'master')).toBeVisible({ timeout: 60_000 });
    await expect(card(page, 'node-1')).toBeVisible();
    await expect(page.getByTestId('connect-banner')).toHaveAttribute('data-state', 'connected');
    await expect(consoleLog(page)).toContainText(`Connected to ${s.base} (served cluster, v1.`);

    // Someone changes the cluster from outside: a new node (sim endpoint), a label over the API.
    const add = await api(
      s.base,
      'POST',
      '/playground/v1/sim',
      'sim node add gpu-1 --label accelerator=nvidia\n',
      'text/x-playground-sim',
    );
    expect(add.status).toBe(200);
    await expect(card(page, 'gpu-1')).toBeVisible();
    const label = await api(
      s.base,
      'PATCH',
      '/api/v1/nodes/node-1',
      { metadata: { labels: { team: 'blue' } } },
      'application/merge-patch+json',
    );
    expect(label.status).toBe(200);
    // The store the graph reads holds the server's object (labels are not drawn on a compact card).
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as any).__dsp.store.getState().objects.Node['/node-1']?.metadata.labels?.team,
        ),
      )
      .toBe('blue');

    // A taint put on from outside shows as a chip.
    const taint = await api(
      s.base,
      'PATCH',
      '/api/v1/nodes/gpu-1',
      { spec: { taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] } },
      'application/merge-patch+json',
    );
    expect(taint.status).toBe(200);
    await expect(card(page, 'gpu-1').getByTestId('taint.gpu-1.nvidia.com/gpu.NoSchedule')).toBeVisible();

    // Apply from the editor: the DaemonSet exists on the server, its pods show on the graph.
    await page.getByTestId('apply-button').click();
    await expect(consoleLog(page)).toContainText('daemonset.apps/fluentd-elasticsearch created');
    const ds = await api(
      s.base,
      'GET',
      '/apis/apps/v1/namespaces/kube-system/daemonsets/fluentd-elasticsearch',
    );
    expect(ds.status).toBe(200);
    expect(ds.json().metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']).toContain(
      'fluentd-elasticsearch',
    );
    await expect(card(page, 'node-1').locator('[data-testid^="pod.fluentd-elasticsearch-"]')).toHaveCount(1);
    await expect(page.getByTestId('rf__node-ds:kube-system/fluentd-elasticsearch')).toBeVisible();
    // The tainted node has no pod; the Why panel says why, from the served objects.
    await expect(card(page, 'gpu-1').locator('[data-testid^="pod.fluentd-elasticsearch-"]')).toHaveCount(0);
    await card(page, 'gpu-1').focus();
    await page.keyboard.press(' ');
    const report = page.getByTestId('why-panel').getByTestId('why.report.fluentd-elasticsearch');
    await expect(report.getByTestId('why.check.taint')).toContainText(
      'nvidia.com/gpu=present:NoSchedule is not tolerated',
    );

    // Cordon from the card's context menu (a right click opens it at every zoom level; the tiny card has
    // no ⋯ button): spec.unschedulable on the server.
    await card(page, 'node-1').getByText('node-1', { exact: true }).click({ button: 'right' });
    await page.getByTestId('graph.menu.cordon').click();
    await expect(consoleLog(page)).toContainText('node/node-1 cordoned');
    await expect
      .poll(async () => (await api(s.base, 'GET', '/api/v1/nodes/node-1')).json().spec?.unschedulable)
      .toBe(true);

    // The simulated clock is moved on the server (POST /playground/v1/sim), echoed in the console.
    const before = await page.getByTestId('connect.clock').innerText();
    await page.getByTestId('connect.advance').click();
    await expect(consoleLog(page)).toContainText('$ sim advance 10s');
    await expect(page.getByTestId('connect.clock')).not.toHaveText(before);

    // A write the server refuses: its words, as kubectl prints them.
    const input = page.getByTestId('console-input');
    await input.fill('kubectl label node node-1 team=red');
    await input.press('Enter');
    await expect(consoleLog(page)).toContainText(
      "error: 'team' already has a value (blue), and --overwrite is false",
    );
    // Reads come from the mirrored objects.
    await input.fill('kubectl get nodes');
    await input.press('Enter');
    await expect(consoleLog(page)).toContainText('gpu-1');
    await page.getByTestId('console-input').fill('kubectl describe node gpu-1');
    await page.getByTestId('console-input').press('Enter');
    await expect(consoleLog(page)).toContainText('Taints:             nvidia.com/gpu=present:NoSchedule');

    // The server goes away: a visible "disconnected — retrying", the graph stays.
    await s.stop();
    await expect(page.getByTestId('connect-banner')).toHaveAttribute('data-state', 'disconnected');
    await expect(page.getByTestId('connect-banner')).toContainText('Disconnected — retrying');
    await expect(card(page, 'node-1')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('disconnected.png') });

    // It comes back on the same port: the page reconnects and follows again.
    s = await startServe({ dir, port: s.port, args: ['--speed', '20'] });
    await expect(page.getByTestId('connect-banner')).toHaveAttribute('data-state', 'connected', {
      timeout: 30_000,
    });
    // A new server: its history is not the one the page followed, so the page listed again — what only
    // the old server had (gpu-1, the DaemonSet) is gone from the graph.
    await expect(card(page, 'gpu-1')).toHaveCount(0);
    await expect(page.getByTestId('rf__node-ds:kube-system/fluentd-elasticsearch')).toHaveCount(0);
    await expect(card(page, 'node-1')).toBeVisible();
    expect(
      (await api(s.base, 'POST', '/playground/v1/sim', 'sim node add late-1\n', 'text/x-playground-sim'))
        .status,
    ).toBe(200);
    await expect(card(page, 'late-1')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('connected.png') });
    expect(problems).toEqual([]);
  } finally {
    await s.stop();
  }
});

test('a ?connect= that is not loopback is refused with a message; the local playground runs', async ({
  page,
}) => {
  await page.goto('./?connect=http://example.com:8080');
  await expect(page.getByTestId('connect-banner')).toHaveAttribute('data-state', 'refused');
  await expect(page.getByTestId('connect-banner')).toContainText('example.com is not a loopback address');
  await expect(card(page, 'master')).toBeVisible({ timeout: 60_000 });
  await expect(card(page, 'node-1')).toBeVisible();
});

test('a server that is not there yet: "disconnected — retrying", then the cluster once it starts', async ({
  page,
}) => {
  const port = await freePort();
  await page.goto(`./?connect=http://127.0.0.1:${port}`);
  await expect(page.getByTestId('connect-banner')).toHaveAttribute('data-state', 'disconnected');
  await expect(page.getByTestId('connect-banner')).toContainText(
    `Disconnected — retrying http://127.0.0.1:${port}`,
  );
  await expect(page.getByTestId('graph')).toBeVisible();
  const s = await startServe({ dir, port });
  try {
    await expect(card(page, 'node-1')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('connect-banner')).toHaveAttribute('data-state', 'connected');
  } finally {
    await s.stop();
  }
});

// ------------------------------------------------------------------------------------ same-origin

const TYPES = new Map([
  ['.html', 'text/html'],
  ['.js', 'text/javascript'],
  ['.css', 'text/css'],
  ['.json', 'application/json'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.ttf', 'font/ttf'],
  ['.yaml', 'text/yaml'],
  ['.webmanifest', 'application/manifest+json'],
]);

/** What `kubectl proxy --www=dist --www-prefix=/playground/` does, for machines without kubectl. */
function nodeProxy(apiBase: string): Promise<{ origin: string; server: Server }> {
  const dist = join(repoRoot, 'dist');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/playground/')) {
      const rel = normalize(decodeURIComponent(url.pathname.slice('/playground/'.length)) || 'index.html');
      if (rel.startsWith('..')) return void res.writeHead(403).end();
      void readFile(join(dist, rel)).then(
        (b) =>
          res
            .writeHead(200, { 'Content-Type': TYPES.get(extname(rel)) ?? 'application/octet-stream' })
            .end(b),
        () => res.writeHead(404).end('404 page not found\n'),
      );
      return;
    }
    if (/^\/(api|apis|version)(\/|$)/.test(url.pathname)) {
      const up = httpRequest(
        `${apiBase}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(apiBase).host } },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
      return;
    }
    res.writeHead(404).end('404 page not found\n');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }),
    ),
  );
}

function kubectlOnPath(): boolean {
  return spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const p = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return p;
}

/** The real `kubectl proxy --www=dist --www-prefix=/playground/` on a free port, for a kubeconfig. */
async function kubectlProxy(
  kubeconfig: string,
  extra: string[] = [],
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    'kubectl',
    ['proxy', '--www=dist', '--www-prefix=/playground/', `--port=${port}`, '--address=127.0.0.1', ...extra],
    {
      cwd: repoRoot,
      env: { ...process.env, KUBECONFIG: kubeconfig },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('kubectl proxy did not start')), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Starting to serve')) {
        clearTimeout(t);
        resolve();
      }
    });
  });
  return { origin: `http://127.0.0.1:${port}`, stop: async () => void child.kill('SIGTERM') };
}

test('read-only behind kubectl proxy --reject-methods: the cluster shows, a write is refused with the proxy answer', async ({
  page,
}) => {
  test.skip(!kubectlOnPath(), 'no kubectl on PATH');
  const s = await startServe({ dir, args: ['--speed', '20'] });
  const k = await kubectlProxy(s.kubeconfig, ['--reject-methods=POST,PUT,PATCH,DELETE']);
  try {
    await page.goto(`${k.origin}/playground/?connect=same-origin`);
    await expect(card(page, 'node-1')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('connect-banner')).toHaveAttribute('data-state', 'connected');
    const input = page.getByTestId('console-input');
    await input.fill('kubectl cordon node-1');
    await input.press('Enter');
    await expect(consoleLog(page)).toContainText('Error from server: the server answered 403 Forbidden');
    expect((await api(s.base, 'GET', '/api/v1/nodes/node-1')).json().spec?.unschedulable).toBeUndefined();
  } finally {
    await k.stop();
    await s.stop();
  }
});

for (const via of ['kubectl proxy', 'node proxy'] as const) {
  // These check that the offline worker registers under the proxy's prefix (the config blocks workers).
  test.describe(() => {
    test.use({ serviceWorkers: 'allow' });
    test(`?connect=same-origin under /playground/ behind ${via}: DaemonSets, nodes, pods, revisions; writes; no sim`, async ({
      page,
    }) => {
      // Machines without kubectl (some CI) run the Node proxy only.
      test.skip(via === 'kubectl proxy' && !kubectlOnPath(), 'no kubectl on PATH');
      const problems = watchProblems(page);
      const s = await startServe({ dir, args: ['--speed', '20'] });
      let stopProxy: () => Promise<void> = async () => undefined;
      let origin: string;
      try {
        // A DaemonSet there already, applied by someone else's kubectl.
        const manifest = await readFile(join(repoRoot, 'src/scenarios/fluentd-elasticsearch.yaml'), 'utf8');
        const { parse } = await import('yaml');
        const created = await api(
          s.base,
          'POST',
          '/apis/apps/v1/namespaces/kube-system/daemonsets',
          parse(manifest),
        );
        expect(created.status).toBe(201);
        if (via === 'kubectl proxy') {
          const k = await kubectlProxy(s.kubeconfig);
          origin = k.origin;
          stopProxy = k.stop;
        } else {
          const p = await nodeProxy(s.base);
          origin = p.origin;
          stopProxy = () =>
            new Promise((r) => {
              p.server.close(() => r());
              // open watches would hold close() forever
              p.server.closeAllConnections();
            });
        }
        await page.goto(`${origin}/playground/?connect=same-origin`);
        await expect(card(page, 'master')).toBeVisible({ timeout: 60_000 });
        await expect(card(page, 'node-1')).toBeVisible();
        await expect(page.getByTestId('rf__node-ds:kube-system/fluentd-elasticsearch')).toBeVisible();
        await expect(card(page, 'node-1').locator('[data-testid^="pod.fluentd-elasticsearch-"]')).toHaveCount(
          1,
        );
        await expect(page.locator('[data-testid^="graph.rev.fluentd-elasticsearch-"]').first()).toBeVisible();
        await expect(consoleLog(page)).toContainText(
          `Connected to ${origin} (cluster behind this page’s proxy, v1.`,
        );
        // The sim endpoint does not exist there: refused with the reason.
        const input = page.getByTestId('console-input');
        await input.fill('sim node add x-1');
        await input.press('Enter');
        await expect(consoleLog(page)).toContainText("sim commands need the playground's own server");
        await expect(page.getByTestId('connect-banner')).toContainText('simulation controls are off');
        await expect(page.getByTestId('connect.advance')).toBeDisabled();
        await expect(page.getByTestId('connect.sim-off')).toContainText("not the playground's own server");
        await expect(page.getByTestId('palette.off')).toBeVisible();
        // Writes go through the proxy (kubectl proxy rejects no method by default: --reject-methods='^$').
        await page.getByTestId('graph.node.node-1.menu').click();
        await page.getByTestId('graph.menu.cordon').click();
        await expect(consoleLog(page)).toContainText('node/node-1 cordoned');
        await expect
          .poll(async () => (await api(s.base, 'GET', '/api/v1/nodes/node-1')).json().spec?.unschedulable)
          .toBe(true);
        await page.screenshot({ path: test.info().outputPath(`same-origin-${via.replace(' ', '-')}.png`) });
        // The offline worker registers under the prefix.
        await expect
          .poll(
            () =>
              page.evaluate(() => navigator.serviceWorker?.getRegistration().then((r) => r?.scope ?? null)),
            { timeout: 20_000 },
          )
          .toBe(`${origin}/playground/`);
        // The same build without ?connect= is the local playground, its engine worker loaded from under the prefix.
        await page.goto(`${origin}/playground/?lang=en`);
        await expect(card(page, 'master')).toBeVisible({ timeout: 60_000 });
        await expect(page.getByTestId('connect-banner')).toHaveCount(0);
        expect(await page.evaluate(() => (window as any).__dsp.store.getState().engineMode)).toBe('worker');
        expect(problems).toEqual([]);
      } finally {
        await stopProxy();
        await s.stop();
      }
    });
  });
}
