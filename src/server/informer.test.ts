// The official JavaScript client's Informer (@kubernetes/client-node's ListWatch) against the API
// server through what breaks caches: the server dropping the connection (it watches again from its
// version), `sim cluster` replacing the cluster while it watches (its version is then too old: the
// 410 ERROR ends the stream, it lists again and drops the nodes that are gone), and a restart of the
// server with a new start version. Each time its cache converges on the server's list.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as k8s from '@kubernetes/client-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { until } from '../testing/until';
import { ApiServer } from './apiServer';
import { SIM_MEDIA_TYPE } from './guard';

let server: Server;
let api: ApiServer;
let port = 0;
let kc: k8s.KubeConfig;

async function listen(a: ApiServer, p = 0): Promise<void> {
  api = a;
  server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(p, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
}

async function stop(): Promise<void> {
  api.closeStreams();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
}

beforeEach(async () => {
  await listen(new ApiServer(new Session({ seed: 1 }), { startResourceVersion: 1_000_000 }));
  kc = new k8s.KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'playground', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'playground' }],
    contexts: [{ name: 'playground', cluster: 'playground', user: 'playground' }],
    currentContext: 'playground',
  });
});

afterEach(stop);

/** A sim line (once more if the kept-alive socket it went out on was just cut by the test). */
async function sim(line: string): Promise<void> {
  const post = () =>
    fetch(`http://127.0.0.1:${port}/playground/v1/sim`, {
      method: 'POST',
      body: `${line}\n`,
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    });
  const res = await post().catch(post);
  expect(res.status).toBe(200);
}

describe('the JavaScript client’s Informer', () => {
  it('relists and converges after a dropped connection, sim cluster and a restart', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const informer = k8s.makeInformer(kc, '/api/v1/nodes', () => core.listNode());
    const errors: unknown[] = [];
    let stopped = false;
    // What the client's docs advise: start again after an error (a reset connection, a refused one).
    informer.on('error', (e: unknown) => {
      errors.push(e);
      if (!stopped) setTimeout(() => void informer.start().catch(() => undefined), 50);
    });
    const cached = () =>
      informer
        .list()
        .map((n) => n.metadata?.name)
        .sort();
    const served = async () =>
      ((await core.listNode()).items.map((n) => n.metadata?.name) as string[]).sort();
    await informer.start();
    await until(async () => expect(cached()).toEqual(await served()));
    expect(cached()).toEqual(['master', 'node-1']);

    // 1. The server ends every watch (as at shutdown): the informer watches again from its version.
    api.closeStreams();
    await sim('sim node add gpu-1');
    await until(async () => expect(cached()).toEqual(['gpu-1', 'master', 'node-1']));

    // 2. The connection is cut (a reset socket): an error, started again.
    server.closeAllConnections();
    await sim('sim node add gpu-2');
    await until(async () => expect(cached()).toEqual(await served()));
    expect(cached()).toContain('gpu-2');

    // 3. sim cluster replaces the cluster: versions go on, the informer's is too old — the 410
    // ends its stream, it lists again, and the nodes that are gone leave its cache.
    await sim('sim cluster empty');
    await sim('sim node add fresh-1');
    await until(async () => expect(cached()).toEqual(['fresh-1']));

    // 4. serve restarts on the same port with a later start version: the informer resumes from a
    // version of the old run, gets 410, lists again.
    await stop();
    await listen(new ApiServer(new Session({ seed: 1 }), { startResourceVersion: 2_000_000 }), port);
    await until(async () => expect(cached()).toEqual(['master', 'node-1']));
    await sim('sim node add after-restart');
    await until(async () => expect(cached()).toEqual(['after-restart', 'master', 'node-1']));
    stopped = true;
    await informer.stop();
  }, 120_000);
});
