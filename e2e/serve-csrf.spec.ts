// A web page must not be able to drive the API-server mode (src/server/guard.ts). A page on another
// local origin tries every write a browser sends without asking first — fetch(…, {mode: 'no-cors'})
// with a text/plain, form, multipart and untyped body, and HTML forms of the three encodings — at pod
// and DaemonSet creation, a pod's eviction and the sim endpoint (`sim cluster empty`); then a DNS
// rebinding: a name that resolves to 127.0.0.1 (Chromium's --host-resolver-rules) loads the server
// as its own origin and posts JSON same-origin. Every request reaches the server (its log shows it)
// and is refused (415, 403); nothing in the cluster changes (its resourceVersion is the same).

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test } from '@playwright/test';
import { resolveChromiumPath } from './browser.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** src/server/guard.ts's SIM_MEDIA_TYPE (Playwright's loader cannot import the server) */
const SIM_MEDIA_TYPE = 'text/x-playground-sim';

test.describe.configure({ timeout: 120_000 });

interface Logged {
  method: string;
  path: string;
  type: string;
  host: string;
  status: number;
}

const listen = (s: Server) =>
  new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)));
const close = (s: Server) => {
  s.closeAllConnections();
  return new Promise<void>((r) => s.close(() => r()));
};

const POD = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'intruder', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'evil/miner' }] },
};
const DS = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'intruder', namespace: 'default' },
  spec: {
    selector: { matchLabels: { app: 'x' } },
    template: {
      metadata: { labels: { app: 'x' } },
      spec: { containers: [{ name: 'c', image: 'evil/miner' }] },
    },
  },
};

/** Servers not yet stopped: a test that times out skips its own kill, and a detached group outlives the worker. */
const running = new Set<ChildProcess>();
test.afterEach(() => {
  for (const child of running) killGroup(child);
});
function killGroup(child: ChildProcess) {
  running.delete(child);
  try {
    killGroup(child);
  } catch {
    // already gone
  }
}

/** e2e/csrf-server.ts in its own process: its port, and the requests it answered so far. */
function startServer(): Promise<{ port: number; log: Logged[]; child: ChildProcess }> {
  const child = spawn('npx', ['tsx', 'e2e/csrf-server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  running.add(child);
  const log: Logged[] = [];
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the API server did not start')), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const m = /^listening (\d+)$/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve({ port: Number(m[1]), log, child });
        } else if (line.startsWith('{')) log.push(JSON.parse(line) as Logged);
      }
    });
    child.once('exit', (code) => reject(new Error(`the API server exited (${code})`)));
  });
}

interface ClusterState {
  rv: string;
  pods: string[];
  daemonSets: string[];
  nodes: string[];
  deleting: string[];
}

/** What is in the cluster, read over the API (the list resourceVersion is the store's write counter). */
async function clusterState(base: string): Promise<ClusterState> {
  const list = async (path: string) =>
    (await (await fetch(base + path)).json()) as {
      metadata: { resourceVersion: string };
      items: { metadata: { namespace?: string; name: string; deletionTimestamp?: string } }[];
    };
  const pods = await list('/api/v1/pods');
  const key = (o: { metadata: { namespace?: string; name: string } }) =>
    `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
  return {
    rv: pods.metadata.resourceVersion,
    pods: pods.items.map(key),
    daemonSets: (await list('/apis/apps/v1/daemonsets')).items.map(key),
    nodes: (await list('/api/v1/nodes')).items.map(key),
    deleting: pods.items.filter((p) => p.metadata.deletionTimestamp).map(key),
  };
}

test('a page on another origin, or on a rebound name, changes nothing in the served cluster', async () => {
  const { port, log: allLog, child } = await startServer();
  const base = `http://127.0.0.1:${port}`;
  const before = await clusterState(base);
  const victim = before.pods[0].split('/');
  expect(victim[1]).toBeTruthy();
  // The requests of the attack only (not the spec's own three reads, logged once answered).
  await expect.poll(() => allLog.length).toBe(3);
  const first = allLog.length;
  // (Chromium asks the rebound origin for its /favicon.ico on its own: not a request of the page.)
  const attack = () => allLog.slice(first).filter((l) => l.path !== '/favicon.ico');
  const log = {
    get length() {
      return attack().length;
    },
    slice: (a: number, b?: number) => attack().slice(a, b),
  };
  // The attacker's page, on another local port.
  const evil = createServer((_req, res) =>
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<!doctype html><title>cute cats</title><h1>cute cats</h1>'),
  );
  const evilPort = await listen(evil);

  const targets = [
    { name: 'pods', path: '/api/v1/namespaces/default/pods', json: POD },
    { name: 'daemonsets', path: '/apis/apps/v1/namespaces/default/daemonsets', json: DS },
    {
      name: 'eviction',
      path: `/api/v1/namespaces/${victim[0]}/pods/${victim[1]}/eviction`,
      json: {
        apiVersion: 'policy/v1',
        kind: 'Eviction',
        metadata: { name: victim[1], namespace: victim[0] },
      },
    },
    { name: 'sim', path: '/playground/v1/sim', json: null },
  ];

  const browser = await chromium.launch({
    executablePath: resolveChromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP rebind.test 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${evilPort}/`);

    // 1. fetch no-cors: four body kinds, each target; PUT/PATCH/DELETE are not even sent.
    const sent = await page.evaluate(
      async ({ base, targets }) => {
        const out: string[] = [];
        for (const t of targets) {
          const text = t.json ? JSON.stringify(t.json) : 'sim cluster empty\n';
          const bodies: [string, () => BodyInit][] = [
            ['text/plain', () => text],
            ['form', () => new URLSearchParams({ [text]: '' })],
            [
              'multipart',
              () => {
                const f = new FormData();
                f.append('body', text);
                return f;
              },
            ],
            ['untyped blob', () => new Blob([text])],
          ];
          for (const [kind, body] of bodies) {
            try {
              await fetch(base + t.path, { method: 'POST', mode: 'no-cors', body: body() });
              out.push(`${t.name} ${kind}: sent`);
            } catch (e) {
              out.push(`${t.name} ${kind}: ${(e as Error).message}`);
            }
          }
        }
        for (const method of ['PUT', 'PATCH', 'DELETE']) {
          try {
            await fetch(`${base}/api/v1/nodes/node-1`, { method, mode: 'no-cors', body: '{}' });
            out.push(`${method}: sent`);
          } catch (e) {
            out.push(`${method}: refused by the browser (${(e as Error).name})`);
          }
        }
        return out;
      },
      { base, targets },
    );
    expect(sent.filter((s) => s.endsWith(': sent'))).toHaveLength(16);
    expect(sent.filter((s) => s.includes('refused by the browser'))).toHaveLength(3);
    await expect.poll(() => log.length).toBe(16);

    // 2. HTML forms of the three encodings into hidden frames; the text/plain one made into JSON
    // (the name `{"…":"` and the value `"}` join as name=value).
    await page.evaluate(
      ({ base, targets }) => {
        for (const t of targets) {
          for (const enctype of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
            const frame = document.createElement('iframe');
            frame.name = `${t.name}-${enctype}`;
            document.body.append(frame);
            const form = document.createElement('form');
            form.method = 'POST';
            form.action = base + t.path;
            form.enctype = enctype;
            form.target = frame.name;
            const input = document.createElement('input');
            input.type = 'hidden';
            if (t.json) {
              const json = JSON.stringify({ ...t.json, pad: '' });
              input.name = json.slice(0, -2);
              input.value = '"}';
            } else {
              input.name = 'sim cluster empty\n#';
              input.value = '';
            }
            form.append(input);
            document.body.append(form);
            form.submit();
          }
        }
      },
      { base, targets },
    );
    await expect.poll(() => log.length).toBe(28);

    // 3. DNS rebinding: rebind.test resolves to 127.0.0.1; the page is then the server's own origin.
    const rebound = await browser.newPage();
    const nav = await rebound.goto(`http://rebind.test:${port}/api/v1/namespaces/default/pods`);
    expect(nav?.status()).toBe(403);
    expect(await nav?.json()).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
    const same = await rebound.evaluate(
      async ({ pod, simType }) => {
        const create = await fetch('/api/v1/namespaces/default/pods', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(pod),
        });
        const sim = await fetch('/playground/v1/sim', {
          method: 'POST',
          headers: { 'Content-Type': simType },
          body: 'sim cluster empty\n',
        });
        return [create.status, sim.status];
      },
      { pod: POD, simType: SIM_MEDIA_TYPE },
    );
    expect(same).toEqual([403, 403]);
    await expect.poll(() => log.length).toBe(31);
  } finally {
    await browser.close();
    await close(evil);
  }
  const after = await clusterState(base);
  // The whole process group (npx, tsx and the server), as e2e/connect.spec.ts stops serve.
  killGroup(child);

  // Every request reached the server and was refused: 415 for the bodies, 403 for the rebound Host.
  const writes = log.slice(0, 28);
  expect(
    writes.every((l) => l.method === 'POST' && l.status === 415 && l.host === `127.0.0.1:${port}`),
    JSON.stringify(writes, null, 1),
  ).toBe(true);
  expect(new Set(writes.map((l) => l.type.split(';')[0]))).toEqual(
    new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', '']),
  );
  expect(log.slice(28, 31).map((l) => `${l.method} ${l.status} ${l.host}`)).toEqual([
    `GET 403 rebind.test:${port}`,
    `POST 403 rebind.test:${port}`,
    `POST 403 rebind.test:${port}`,
  ]);
  // Nothing changed: no write at all (the resourceVersion is the store's write counter), the victim
  // not evicted, no pod or DaemonSet made, no node gone.
  expect(after).toEqual(before);
  expect(after.deleting).toEqual([]);
});
