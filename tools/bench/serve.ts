// npm run -s bench:serve — request latency of the API server for `get pods` at 1,000 and 5,000
// nodes (JSON list and server-side table, p50/p95, with the same list from the object store as the
// baseline), the real kubectl end to end when one is on PATH, and watch fan-out to 10 clients.

import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from '../../src/engine/script/session';
import { ARTICLE_MANIFEST } from '../../src/engine/cluster/manifests';
import { ApiServer } from '../../src/server/apiServer';
import { kubeconfigText } from '../../src/server/kubeconfig';
import { findKubectl } from '../../src/server/realKubectl';

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));

async function timeRequests(url: string, accept: string | undefined, n: number): Promise<{ p50: number; p95: number; bytes: number }> {
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
  const rv = ((await (await fetch(`${base}/api/v1/nodes`)).json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
  for (let c = 0; c < clients; c++) {
    const ctrl = new AbortController();
    ctrls.push(ctrl);
    const res = await fetch(`${base}/api/v1/nodes?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Dnode-0001`, { signal: ctrl.signal });
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
      Array.from({ length: clients }, (_, c) => new Promise<void>((resolve) => (waiters[c] = (l) => (l === String(r) ? resolve() : undefined)))),
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

async function main(): Promise<void> {
  const kubectl = findKubectl();
  console.log(`API server request latency (wall time, ${kubectl ? `real kubectl ${kubectl.version}` : 'no kubectl on PATH'})\n`);
  console.log('nodes  pods   store list  GET pods JSON p50/p95 (size)      GET pods Table p50/p95 (size)     kubectl get pods -A p50  watch fan-out ×10 p50/p95');
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
}

void main();
