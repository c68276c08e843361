// Watches real clients rely on: a watch from an expired version gets the 410 ERROR event and then the
// end of the stream; versions go on across `sim cluster` and start where serve says (each start
// unique); `watch=True` watches; and a watcher that never reads is closed once it is too far behind,
// while one that reads gets every event.

import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Session } from '../engine';
import type { KObject } from '../engine';
import { until } from '../testing/until';
import { ApiServer, type ApiServerOptions } from './apiServer';
import { SIM_MEDIA_TYPE } from './guard';
import { queryBool, WATCH_QUEUE_HARD_LIMIT } from './watchQueue';

let server: Server | undefined;
let api: ApiServer;
let started = false;
let base = '';
let port = 0;
const serverSockets: Socket[] = [];

async function start(opts: ApiServerOptions = {}): Promise<void> {
  api = new ApiServer(new Session({ seed: 1 }), opts);
  server = createServer(api.handle);
  server.on('connection', (s) => serverSockets.push(s));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  started = true;
}

afterEach(async () => {
  if (!started) return;
  started = false;
  api.closeStreams();
  server?.closeAllConnections();
  await new Promise<void>((r) => server?.close(() => r()));
  serverSockets.length = 0;
});

/** The whole body of a watch that ends by itself, as its lines. */
async function watchLines(path: string): Promise<{
  status: number;
  lines: { type: string; object: { code?: number; reason?: string; message?: string } }[];
}> {
  const res = await fetch(`${base}${path}`);
  const text = await res.text();
  return {
    status: res.status,
    lines: text.trim()
      ? text
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as never)
      : [],
  };
}

const listRV = async (path = '/api/v1/nodes') =>
  ((await (await fetch(`${base}${path}`)).json()) as { metadata: { resourceVersion: string } }).metadata
    .resourceVersion;

describe('queryBool', () => {
  it('decodes as the API server does: absent, 0 and false (any case) are false, anything else true', () => {
    const q = (s: string) => new URLSearchParams(s);
    for (const v of [
      'watch=true',
      'watch=True',
      'watch=TRUE',
      'watch=1',
      'watch=t',
      'watch=',
      'watch',
      'watch=yes',
    ])
      expect(queryBool(q(v), 'watch'), v).toBe(true);
    for (const v of ['', 'watch=false', 'watch=False', 'watch=FALSE', 'watch=fAlSe', 'watch=0', 'other=true'])
      expect(queryBool(q(v), 'watch'), v).toBe(false);
  });
});

describe('watch streams', () => {
  it('watches with watch=True (the Python client) and lists with watch=false', async () => {
    await start();
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api/v1/nodes?watch=True`, { signal: ctrl.signal });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(first.split('\n')[0])).toMatchObject({ type: 'ADDED', object: { kind: 'Node' } });
    ctrl.abort();
    const list = (await (await fetch(`${base}/api/v1/nodes?watch=false`)).json()) as { kind: string };
    expect(list.kind).toBe('NodeList');
  });

  it('keeps versions increasing across sim cluster; a watch from before it gets 410 and the stream ends', async () => {
    await start();
    const before = Number(await listRV());
    const r = await fetch(`${base}/playground/v1/sim`, {
      method: 'POST',
      body: 'sim cluster kubeadm\n',
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    });
    expect(r.status).toBe(200);
    const after = Number(await listRV());
    expect(after).toBeGreaterThan(before);
    // fetch's text() resolves only when the server ends the stream: the ERROR is the last event.
    const w = await watchLines(`/api/v1/nodes?watch=1&resourceVersion=${before}`);
    expect(w.status).toBe(200);
    expect(w.lines).toHaveLength(1);
    expect(w.lines[0].type).toBe('ERROR');
    expect(w.lines[0].object).toMatchObject({ code: 410, reason: 'Expired' });
    expect(w.lines[0].object.message).toBe(`too old resource version: ${before} (${after + 1})`);
    expect(api.hub.size).toBe(0);
  });

  it('starts from the version serve gives: an earlier run’s version is too old, a later one too large', async () => {
    await start({ startResourceVersion: 1_700_000_000_000_000 });
    const rv = Number(await listRV());
    expect(rv).toBe(1_700_000_000_000_000);
    await fetch(`${base}/api/v1/namespaces`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"metadata":{"name":"later"}}',
    });
    expect(Number(await listRV())).toBe(rv + 1);
    const old = await watchLines('/api/v1/nodes?watch=true&resourceVersion=1005');
    expect(old.lines.map((l) => `${l.type} ${l.object.code}`)).toEqual(['ERROR 410']);
    const future = await fetch(`${base}/api/v1/nodes?watch=true&resourceVersion=${rv + 100}`);
    expect(future.status).toBe(504);
    expect(await future.json()).toMatchObject({
      kind: 'Status',
      code: 504,
      reason: 'Timeout',
      message: `Too large resource version: ${rv + 100}, current: ${rv + 1}`,
    });
  });
});

describe('a watcher that never reads', () => {
  it('is closed once far behind, its buffer bounded; a reading watcher gets every event', async () => {
    await start();
    const rv = await listRV();
    // The never-reading client: a raw socket that sends the request and never reads a byte.
    const lazy = connect(port, '127.0.0.1');
    lazy.pause();
    await new Promise<void>((r) => lazy.once('connect', () => r()));
    lazy.write(
      `GET /api/v1/nodes?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Dnode-1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    );
    // The reading client, watching the same node.
    const ctrl = new AbortController();
    const res = await fetch(
      `${base}/api/v1/nodes?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Dnode-1`,
      { signal: ctrl.signal },
    );
    let received = 0;
    void (async () => {
      const reader = res.body!.getReader();
      const dec = new TextDecoder();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buf += dec.decode(value, { stream: true });
        const parts = buf.split('\n');
        buf = parts.pop()!;
        received += parts.length;
      }
    })();
    await until(() => expect(api.hub.size).toBe(2));
    const store = api.session.sim.store;
    const pad = 'x'.repeat(4000);
    let changes = 0;
    let eventBytes = 0;
    const change = () => {
      const node = store.get('Node', undefined, 'node-1') as KObject;
      const out = store.update({
        ...node,
        metadata: { ...node.metadata, annotations: { pad: `${pad}${changes++}` } },
      } as KObject);
      // the event's line ({"type":"MODIFIED","object":…}\n) and HTTP/1.1's chunk framing around it
      // (its length in hex, CRLF, the line, CRLF): ~9 bytes an event, 90 KB over the hard limit's events
      const line = JSON.stringify(out).length + 30;
      eventBytes += line + line.toString(16).length + 4;
    };
    // Changes in batches, with turns of the event loop between them (the reader reads there).
    const lazyOnServer = serverSockets.find((s) => s.remotePort === lazy.localPort)!;
    const buffered = () => lazyOnServer.writableLength;
    let maxBuffered = 0;
    const rss0 = process.memoryUsage().rss;
    while (api.watchersClosedBehind === 0 && changes < 2 * WATCH_QUEUE_HARD_LIMIT) {
      for (let i = 0; i < 200; i++) change();
      maxBuffered = Math.max(maxBuffered, buffered());
      await new Promise((r) => setImmediate(r));
      // the reading client shares this process's event loop: let it keep up (it reads as fast as it
      // can), so that only the lazy one falls behind, whatever the machine's speed
      await until(() => expect(received).toBeGreaterThanOrEqual(changes - 400));
    }
    expect(api.watchersClosedBehind).toBe(1);
    expect(api.hub.size).toBe(1);
    // What Node held for the lazy socket stayed under the hard limit's worth of events (the stream
    // got its last event when it fell that far behind).
    const perEvent = eventBytes / changes;
    // (and what Node takes before a write first says to wait: the events under its high-water mark,
    // which the queue does not count, as they are not behind)
    expect(maxBuffered).toBeLessThan(
      (WATCH_QUEUE_HARD_LIMIT + 1) * perEvent + lazyOnServer.writableHighWaterMark,
    );
    // Later changes no longer reach it: what it holds does not grow.
    // (as many more as it takes for the changes to outweigh twice what it holds: how far behind it was
    // when closed depends on the machine's speed, the soft limit's second or the hard limit)
    const held = buffered();
    const after = changes;
    while (eventBytes <= 2 * held || changes - after < 5000) change();
    expect(buffered()).toBeLessThanOrEqual(held);
    await until(() => expect(received).toBe(changes));
    console.log(
      `never-reading watcher: closed after falling behind; ${changes} changes of ${(eventBytes / 1024 / 1024).toFixed(0)} MiB; at most ${(maxBuffered / 1024 / 1024).toFixed(1)} MiB buffered for it; RSS ${((process.memoryUsage().rss - rss0) / 1024 / 1024).toFixed(0)} MiB up`,
    );
    ctrl.abort();
    lazy.destroy();
  }, 120_000);
});
