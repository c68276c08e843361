// pods/NAME/log over HTTP: `follow=true` streams until the container is over, on the paced clock
// exactly as far as the emulator's `kubectl logs -f` moves time, and prints what it prints.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { ApiServer } from './apiServer';
import { Pacer } from './pacer';
import { SIM_MEDIA_TYPE } from './guard';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: tail-me
spec:
  terminationGracePeriodSeconds: 10
  containers:
  - name: app
    image: nginx:1.27
`;

let server: Server | undefined;
let api: ApiServer | undefined;

afterEach(async () => {
  api?.closeStreams();
  server?.closeAllConnections();
  if (server) await new Promise<void>((r) => server!.close(() => r()));
  server = undefined;
});

async function serve(session: Session, paced: boolean): Promise<string> {
  api = new ApiServer(session, paced ? { pacer: new Pacer(() => session.sim) } : {});
  server = createServer(api.handle);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function deletingPod(): Session {
  const s = new Session({ seed: 1 });
  s.exec('kubectl apply -f -', POD);
  s.exec('sim settle');
  s.exec('kubectl delete pod tail-me --wait=false');
  return s;
}

describe('pods/NAME/log?follow=true', () => {
  it('on the paced clock: the lines the emulator follows, then the stream ends where it ends', async () => {
    const emulated = deletingPod();
    const expected = emulated
      .exec('kubectl logs tail-me -f --timestamps')
      .chunks.map((c) => c.text)
      .join('');
    const served = deletingPod();
    const base = await serve(served, true);
    const res = await fetch(`${base}/api/v1/namespaces/default/pods/tail-me/log?follow=true&timestamps=true`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(expected);
    expect(expected).toContain('received SIGTERM');
    // Time moved as far as in the emulator: the pod is gone in both.
    expect(served.sim.now()).toBe(emulated.sim.now());
    expect((await fetch(`${base}/api/v1/namespaces/default/pods/tail-me`)).status).toBe(404);
  });

  it('without the pacer: new lines arrive as the clock moves, and the stream ends with the container', async () => {
    const s = new Session({ seed: 1 });
    s.exec('kubectl apply -f -', POD);
    s.exec('sim settle');
    const base = await serve(s, false);
    const res = await fetch(`${base}/api/v1/namespaces/default/pods/tail-me/log?follow=true`);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('container app of pod default/tail-me started');
    await fetch(`${base}/playground/v1/sim`, {
      method: 'POST',
      body: 'sim pod fail tail-me',
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    });
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toContain('exiting with code 1');
  });

  it('without follow: the whole log at once; a missing pod is a NotFound Status', async () => {
    const s = new Session({ seed: 1 });
    s.exec('kubectl apply -f -', POD);
    s.exec('sim settle');
    const base = await serve(s, true);
    const text = await (await fetch(`${base}/api/v1/namespaces/default/pods/tail-me/log`)).text();
    expect(text.split('\n').filter(Boolean)).toHaveLength(1);
    const missing = await fetch(`${base}/api/v1/namespaces/default/pods/nope/log`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('pods "nope" not found');
  });
});
