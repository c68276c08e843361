import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../testing/until';
import type { ChangeBatch, Message } from '../wire/protocol';
import { RemotePort } from './remotePort';
import { useConnection } from './status';
import type { Fetch } from './listWatch';

const node = (name: string, rv: string, spec: Record<string, unknown> = {}) => ({
  metadata: {
    name,
    resourceVersion: rv,
    uid: `u-${name}`,
    creationTimestamp: '2026-01-01T00:00:00Z',
    labels: {},
  },
  spec,
  status: { conditions: [{ type: 'Ready', status: 'True' }] },
});

/** A fake API server: lists from `lists`, watches that stay open until `push` writes to them. */
function fakeServer() {
  const lists = new Map<string, unknown[]>([['/api/v1/nodes', [node('n1', '5')]]]);
  const watches = new Map<string, ReadableStreamDefaultController<Uint8Array>>();
  const requests: { method: string; url: string; body?: string }[] = [];
  let answer: (method: string, path: string) => Response | undefined = () => undefined;
  const fetch: Fetch = async (url, init) => {
    const u = new URL(url);
    const method = init?.method ?? 'GET';
    requests.push({
      method,
      url: u.pathname + u.search,
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const custom = answer(method, u.pathname);
    if (custom) return custom;
    if (u.pathname === '/version') return Response.json({ gitVersion: 'v1.35.0' });
    if (u.pathname === '/playground/v1/sim') {
      // serve takes only its own media type there (src/server/guard.ts: no cross-origin simple request)
      const type = new Headers(init?.headers).get('Content-Type');
      if (type !== 'text/x-playground-sim')
        return new Response('{"kind":"Status","code":415}', {
          status: 415,
          headers: { 'Content-Type': 'application/json' },
        });
      return new Response('', {
        status: 200,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Exit-Code': '0' },
      });
    }
    if (u.searchParams.get('watch') === '1') {
      const body = new ReadableStream<Uint8Array>({ start: (c) => void watches.set(u.pathname, c) });
      return new Response(body, { status: 200 });
    }
    if (method === 'GET' && u.pathname.includes('/leases/')) return new Response('{}', { status: 404 });
    return Response.json({ metadata: { resourceVersion: '5' }, items: lists.get(u.pathname) ?? [] });
  };
  const push = (path: string, ev: object) =>
    watches.get(path)!.enqueue(new TextEncoder().encode(`${JSON.stringify(ev)}\n`));
  return { fetch, push, requests, lists, setAnswer: (f: typeof answer) => (answer = f) };
}

let port: RemotePort | null = null;
afterEach(() => port?.terminate());

function open() {
  const srv = fakeServer();
  port = new RemotePort({ base: 'http://127.0.0.1:1', fetch: srv.fetch, flushMs: 0, clockMs: 60_000 });
  const got: Message[] = [];
  port.onmessage = (e) => got.push(e.data);
  port.postMessage({ id: 1, type: 'init', spec: { seed: 1, preset: 'empty', inputs: [] } });
  const batches = () => got.filter((m): m is ChangeBatch => m.type === 'changes');
  /** The first whole picture has come (every kind listed). */
  const synced = () => until(() => expect(batches()[0]?.reset).toBe(true));
  /** The answer to exec `id`. */
  const reply = async (id: number) => {
    await until(() => expect(got.find((m) => m.type === 'exec' && m.id === id)).toBeDefined());
    return got.find((m) => m.type === 'exec' && m.id === id)!;
  };
  return { srv, got, batches, synced, reply };
}

describe('RemotePort', () => {
  it('sends one whole picture once every kind is listed, then the watched changes', async () => {
    const { srv, batches, synced } = open();
    await synced();
    const first = batches()[0];
    expect(first.upserts.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Node/n1']);
    await until(() =>
      expect(useConnection.getState()).toMatchObject({
        state: 'connected',
        served: true,
        version: 'v1.35.0',
      }),
    );
    srv.push('/api/v1/nodes', { type: 'ADDED', object: node('n2', '6') });
    srv.push('/api/v1/nodes', { type: 'DELETED', object: node('n1', '7') });
    const later = () =>
      batches()
        .slice(1)
        .filter((b) => b.upserts.length || b.deletes.length);
    await until(() => expect(later().flatMap((b) => b.deletes)).toEqual([{ kind: 'Node', name: 'n1' }]));
    expect(later().flatMap((b) => b.upserts.map((o) => o.metadata.name))).toEqual(['n2']);
  });

  it('a write runs on the copy, goes to the server as a request, and prints the copy’s words', async () => {
    const { srv, synced, reply } = open();
    await synced();
    port!.postMessage({ id: 2, type: 'exec', line: 'kubectl cordon n1' });
    expect(await reply(2)).toMatchObject({
      exitCode: 0,
      chunks: [{ stream: 'stdout', text: 'node/n1 cordoned\n' }],
    });
    const put = srv.requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/nodes/n1');
    expect(JSON.parse(put.body!)).toMatchObject({
      metadata: { name: 'n1', resourceVersion: '5' },
      spec: { unschedulable: true },
    });
  });

  it('set-context --current --namespace holds for the later commands (each on a new copy)', async () => {
    const { srv, synced, reply } = open();
    srv.lists.set('/api/v1/namespaces', [{ metadata: { name: 'kube-system', resourceVersion: '1' } }]);
    await synced();
    port!.postMessage({
      id: 2,
      type: 'exec',
      line: 'kubectl config set-context --current --namespace=kube-system',
    });
    expect(await reply(2)).toMatchObject({
      exitCode: 0,
      chunks: [{ text: 'Context "playground" modified.\n' }],
    });
    port!.postMessage({ id: 3, type: 'exec', line: 'kubectl run web --image=nginx:1.27 --restart=Never' });
    expect(await reply(3)).toMatchObject({ exitCode: 0 });
    expect(
      srv.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/pods')).map((r) => r.url),
    ).toEqual(['/api/v1/namespaces/kube-system/pods']);
  });

  it('a write the server refuses prints its Status word for word, as kubectl does', async () => {
    const { srv, synced, reply } = open();
    await synced();
    srv.setAnswer((method) =>
      method === 'PUT'
        ? Response.json(
            {
              kind: 'Status',
              status: 'Failure',
              reason: 'Conflict',
              code: 409,
              message:
                'Operation cannot be fulfilled on nodes "n1": the object has been modified; please apply your changes to the latest version and try again',
            },
            { status: 409 },
          )
        : undefined,
    );
    port!.postMessage({ id: 3, type: 'exec', line: 'kubectl cordon n1' });
    expect(await reply(3)).toMatchObject({
      exitCode: 1,
      chunks: [
        {
          stream: 'stderr',
          text: 'Error from server (Conflict): Operation cannot be fulfilled on nodes "n1": the object has been modified; please apply your changes to the latest version and try again\n',
        },
      ],
    });
  });

  it('refuses commands that follow the cluster over time, and sim lines on a server without the sim endpoint', async () => {
    const { srv, synced, reply } = open();
    srv.setAnswer((_method, path) =>
      path === '/playground/v1/sim' ? new Response('404 page not found', { status: 404 }) : undefined,
    );
    await synced();
    port!.postMessage({ id: 4, type: 'exec', line: 'kubectl get pods -w' });
    port!.postMessage({ id: 5, type: 'exec', line: 'sim node add x' });
    port!.postMessage({ id: 6, type: 'exec', line: 'kubectl -n kube-system cp web:/etc/hosts hosts' });
    const text = async (id: number) => ((await reply(id)) as { chunks: { text: string }[] }).chunks[0].text;
    expect(await text(4)).toContain('run it with your own kubectl in a terminal');
    expect(await text(5)).toContain("sim commands need the playground's own server");
    expect(await text(6)).toBe(
      'error: kubectl cp opens a stream to a container, which this console does not do against http://127.0.0.1:1: run it with your own kubectl in a terminal\n',
    );
    expect(useConnection.getState().served).toBe(false);
  });
});

describe('RemotePort on a conflict', () => {
  it('reads the object again and runs the command again on the fresh copy', async () => {
    const { srv, synced, reply } = open();
    await synced();
    let puts = 0;
    srv.setAnswer((method, path) => {
      if (method === 'PUT') {
        puts++;
        if (puts === 1)
          return Response.json(
            { kind: 'Status', reason: 'Conflict', code: 409, message: 'the object has been modified' },
            { status: 409 },
          );
        return Response.json({});
      }
      if (method === 'GET' && path === '/api/v1/nodes/n1') return Response.json(node('n1', '9'));
      return undefined;
    });
    port!.postMessage({ id: 6, type: 'exec', line: 'kubectl cordon n1' });
    expect(await reply(6)).toMatchObject({ exitCode: 0 });
    const bodies = srv.requests
      .filter((r) => r.method === 'PUT')
      .map((r) => JSON.parse(r.body!).metadata.resourceVersion);
    expect(bodies).toEqual(['5', '9']);
  });
});

describe('RemotePort and a namespace made a moment ago', () => {
  it('lists the namespaces again when the copy does not know the one a command names, then runs it', async () => {
    const { srv, synced, reply } = open();
    srv.lists.set('/api/v1/namespaces', [{ metadata: { name: 'default', resourceVersion: '1' } }]);
    await synced();
    srv.lists.set('/api/v1/namespaces', [
      { metadata: { name: 'default', resourceVersion: '1' } },
      { metadata: { name: 'demo', resourceVersion: '6' } },
    ]);
    port!.postMessage({
      id: 7,
      type: 'exec',
      line: 'kubectl run web --image=nginx -n demo --dry-run=server',
    });
    expect(await reply(7)).toMatchObject({ exitCode: 0 });
    const post = srv.requests.find(
      (r) => r.method === 'POST' && r.url.startsWith('/api/v1/namespaces/demo/pods'),
    );
    expect(post?.url).toBe('/api/v1/namespaces/demo/pods?dryRun=All');
  });
});
