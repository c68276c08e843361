// npm run -s bench:serve — request latency of the API server for `get pods` at 1,000 and 5,000
// nodes (JSON list and server-side table, p50/p95, with the same list from the object store as the
// baseline), the real kubectl end to end when one is on PATH, and watch fan-out to 10 clients; then
// 10 watchers that never read through 30,000 changes (closed once too far behind: memory stays
// bounded), and other clients' latency while a 3 MiB sim script runs (in slices).

import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from '../../src/engine/script/session';
import { ARTICLE_MANIFEST } from '../../src/engine/cluster/manifests';
import { ApiServer } from '../../src/server/apiServer';
import { kubeconfigText } from '../../src/server/kubeconfig';
import { findKubectl } from '../../src/server/realKubectl';
import { SIM_MEDIA_TYPE } from '../../src/server/guard';
import type { KObject } from '../../src/engine/api/types';

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));

async function timeRequests(
  url: string,
  accept: string | undefined,
  n: number,
): Promise<{ p50: number; p95: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: accept ? { Accept: accept } : {} });
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - t0);
  }
  return { p50: pct(times, 50), p95: pct(times, 95), bytes };
}

async function fanOut(base: string, clients: number, rounds: number): Promise<{ p50: number; p95: number }> {
  const ctrls: AbortController[] = [];
  const waiters: ((name: string) => void)[] = [];
  const rv = (
    (await (await fetch(`${base}/api/v1/nodes`)).json()) as { metadata: { resourceVersion: string } }
  ).metadata.resourceVersion;
  for (let c = 0; c < clients; c++) {
    const ctrl = new AbortController();
    ctrls.push(ctrl);
    const res = await fetch(
      `${base}/api/v1/nodes?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Dnode-0001`,
      { signal: ctrl.signal },
    );
    const reader = res.body!.getReader();
    void (async () => {
      let buf = '';
      const dec = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buf += dec.decode(value);
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          const label = /"bench":"(\d+)"/.exec(line)?.[1];
          if (label) waiters[c]?.(label);
        }
      }
    })();
  }
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const got = Promise.all(
      Array.from(
        { length: clients },
        (_, c) =>
          new Promise<void>((resolve) => (waiters[c] = (l) => (l === String(r) ? resolve() : undefined))),
      ),
    );
    const t0 = performance.now();
    await fetch(`${base}/api/v1/nodes/node-0001`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ metadata: { labels: { bench: String(r) } } }),
    });
    await got;
    times.push(performance.now() - t0);
  }
  for (const c of ctrls) c.abort();
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

const MiB = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

/** 10 watchers that never read a byte while 30,000 node changes happen (in batches, as a running clock makes them). */
async function neverReading(): Promise<string> {
  const session = new Session({ seed: 1 });
  const api = new ApiServer(session);
  const server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const rv = session.sim.store.resourceVersion();
  const lazy: Socket[] = [];
  for (let i = 0; i < 10; i++) {
    const s = connect(port, '127.0.0.1');
    s.pause();
    s.write(`GET /api/v1/nodes?watch=true&resourceVersion=${rv} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    lazy.push(s);
  }
  while (api.hub.size < 10) await new Promise((r) => setTimeout(r, 10));
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const store = session.sim.store;
  const pad = 'x'.repeat(2000);
  for (let c = 0; c < 30_000; c++) {
    const node = store.get('Node', undefined, 'node-1') as KObject;
    store.update({ ...node, metadata: { ...node.metadata, annotations: { pad: `${pad}${c}` } } } as KObject);
    if (c % 500 === 499) {
      peak = Math.max(peak, process.memoryUsage().rss);
      await new Promise((r) => setImmediate(r));
    }
  }
  const closed = (api as { watchersClosedBehind?: number }).watchersClosedBehind;
  const still = api.hub.size;
  for (const s of lazy) s.destroy();
  await new Promise((r) => setTimeout(r, 200));
  global.gc?.();
  const rss1 = process.memoryUsage().rss;
  api.closeStreams();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  return `10 watchers that never read, 30,000 changes of ~2 KiB: RSS ${MiB(rss0)} → peak ${MiB(peak)} (${MiB(rss1)} once they hung up); ${closed ?? '—'} closed for falling behind, ${still} still watching`;
}

/** GET /version, back to back, while one 3 MiB sim script runs. */
async function simLatency(): Promise<string> {
  const session = new Session({ seed: 1 });
  const api = new ApiServer(session);
  const server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const line = 'sim advance 1s';
  const script = Array.from(
    { length: Math.floor((3 * 1024 * 1024) / (line.length + 1)) - 1 },
    () => line,
  ).join('\n');
  const t0 = performance.now();
  let simMs = 0;
  const sim = fetch(`${base}/playground/v1/sim`, {
    method: 'POST',
    body: script,
    headers: { 'Content-Type': SIM_MEDIA_TYPE },
  }).then(async (r) => {
    await r.text();
    simMs = performance.now() - t0;
  });
  const times: number[] = [];
  while (simMs === 0) {
    const t = performance.now();
    await (await fetch(`${base}/version`)).text();
    if (simMs === 0) times.push(performance.now() - t);
  }
  await sim;
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  if (process.env.BENCH_SIM_TIMES) console.log(times.map((t) => t.toFixed(0)).join(' '));
  return `GET /version during a 3 MiB sim script (${(simMs / 1000).toFixed(1)} s): ${times.length} answered, p50 ${fmt(pct(times, 50))} ms, p95 ${fmt(pct(times, 95))} ms, max ${fmt(Math.max(...times))} ms`;
}

async function main(): Promise<void> {
  const kubectl = findKubectl();
  console.log(
    `API server request latency (wall time, ${kubectl ? `real kubectl ${kubectl.version}` : 'no kubectl on PATH'})\n`,
  );
  console.log(
    'nodes  pods   store list  GET pods JSON p50/p95 (size)      GET pods Table p50/p95 (size)     kubectl get pods -A p50  watch fan-out ×10 p50/p95',
  );
  for (const nodes of [1000, 5000]) {
    const session = new Session({ seed: 1, preset: 'large', nodes });
    session.exec('kubectl apply -f -', ARTICLE_MANIFEST);
    session.sim.settle();
    const api = new ApiServer(session);
    const server = createServer(api.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const pods = session.sim.store.count('Pod');
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) session.sim.store.list('Pod');
    const storeMs = (performance.now() - t0) / 20;
    const json = await timeRequests(`${base}/api/v1/pods`, undefined, 20);
    const table = await timeRequests(`${base}/api/v1/pods?limit=500`, TABLE, 20);
    let kubectlMs = '—';
    if (kubectl) {
      const dir = mkdtempSync(join(tmpdir(), 'dsp-bench-'));
      writeFileSync(join(dir, 'kubeconfig'), kubeconfigText(base));
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const k0 = performance.now();
        // kubectl runs in its own process while this one answers it: wait for it asynchronously.
        await new Promise<void>((resolve) => {
          const env = { ...process.env, KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir };
          spawn(kubectl.path, ['get', 'pods', '-A'], { env, stdio: 'ignore' }).on('close', () => resolve());
        });
        runs.push(performance.now() - k0);
      }
      kubectlMs = `${fmt(pct(runs, 50))} ms`;
    }
    const fan = await fanOut(base, 10, 30);
    console.log(
      `${String(nodes).padEnd(6)} ${String(pods).padEnd(6)} ${`${fmt(storeMs)} ms`.padEnd(11)} ${`${fmt(json.p50)} / ${fmt(json.p95)} ms (${(json.bytes / 1024 / 1024).toFixed(1)} MiB)`.padEnd(34)} ${`${fmt(table.p50)} / ${fmt(table.p95)} ms (${(table.bytes / 1024).toFixed(0)} KiB, limit=500)`.padEnd(34)} ${kubectlMs.padEnd(24)} ${fmt(fan.p50)} / ${fmt(fan.p95)} ms`,
    );
    api.closeStreams();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
  console.log(`\n${await neverReading()}`);
  console.log(await simLatency());
}

void main();
