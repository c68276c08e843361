// The official Python client's watch (Debian's python3-kubernetes) against the API server: it sends
// `watch=True`, which must watch (not list), and a watch from an expired version must raise its 410.
// Skipped, saying so, when no python3 on this machine has the `kubernetes` package.

import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { ApiServer } from './apiServer';
import { SIM_MEDIA_TYPE } from './guard';

const script = fileURLToPath(new URL('./pythonWatch.py', import.meta.url));
const python = ['python3', '/usr/bin/python3'].find(
  (p) => spawnSync(p, ['-c', 'import kubernetes'], { stdio: 'ignore' }).status === 0,
);
if (!python)
  console.log(
    'pythonClient.test.ts: skipped — no python3 with the kubernetes package (apt-get install -y python3-kubernetes)',
  );

let server: Server;
let api: ApiServer;
let base = '';

beforeAll(async () => {
  api = new ApiServer(new Session({ seed: 1 }), { startResourceVersion: 5_000_000 });
  server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  api.closeStreams();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe.skipIf(!python)('the Python client (python3-kubernetes)', () => {
  it('watches with watch=True from a version, and gets 410 from one too old', async () => {
    const rv = (
      (await (await fetch(`${base}/api/v1/nodes`)).json()) as { metadata: { resourceVersion: string } }
    ).metadata.resourceVersion;
    const r = await fetch(`${base}/playground/v1/sim`, {
      method: 'POST',
      body: 'sim node add gpu-1\n',
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    });
    expect(r.status).toBe(200);
    // The server runs in this process: the client runs beside it, waited for without blocking it.
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(python!, [script, base, rv, '1005'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(stdout) : reject(new Error(`python exited ${code}: ${stderr}`)),
      );
    });
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      { list: ['gpu-1', 'master', 'node-1'] },
      { event: 'ADDED', name: 'gpu-1' },
      { expired: 410 },
    ]);
  }, 120_000);
});
