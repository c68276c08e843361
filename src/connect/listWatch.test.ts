import { describe, expect, it } from 'vitest';
import { until } from '../testing/until';
import { ListWatch, type Fetch } from './listWatch';

type Obj = { kind?: string; metadata: { name: string; resourceVersion?: string } };

/** A scripted server: each request takes the next answer; what was asked is kept. */
function server(answers: ((url: string) => Response | Promise<Response>)[]) {
  const urls: string[] = [];
  let waiting = false;
  const fetch: Fetch = async (url) => {
    urls.push(url);
    const a = answers.shift();
    if (!a) {
      waiting = true;
      return new Promise<Response>(() => undefined); // the last watch stays open
    }
    return a(url);
  };
  /** Resolves once every answer is used and the client waits on the request after them: what the answers made it do is done. */
  const drained = () => until(() => expect(waiting).toBe(true));
  return { urls, fetch, drained };
}

const list = (rv: string, names: string[]) => () =>
  new Response(
    JSON.stringify({
      kind: 'NodeList',
      metadata: { resourceVersion: rv },
      items: names.map((n) => ({ metadata: { name: n, resourceVersion: rv } })),
    }),
    { status: 200 },
  );
const stream =
  (...lines: object[]) =>
  () =>
    new Response(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { status: 200 });
const down = () => () => Promise.reject(new TypeError('Failed to fetch'));
const node = (name: string, rv: string) => ({ metadata: { name, resourceVersion: rv } });

function run(answers: Parameters<typeof server>[0]) {
  const s = server(answers);
  const log: string[] = [];
  const lw = new ListWatch<Obj>(
    { base: 'http://127.0.0.1:1', path: '/api/v1/nodes', kind: 'Node', apiVersion: 'v1', backoff: () => 0 },
    {
      replace: (items, rv) =>
        log.push(`replace@${rv}:${items.map((i) => `${i.kind}/${i.metadata.name}`).join(',')}`),
      event: (t, o) => log.push(`${t}:${o.metadata.name}@${o.metadata.resourceVersion}`),
      state: (up, err) => log.push(up ? 'up' : `down:${err}`),
    },
    { fetch: s.fetch, sleep: () => Promise.resolve() },
  );
  void lw.start();
  return { lw, log, urls: s.urls, drained: s.drained };
}

describe('ListWatch', () => {
  it('lists, then watches from the list resourceVersion and resumes from the last one seen', async () => {
    const { lw, log, urls, drained } = run([
      list('10', ['a']),
      stream(
        { type: 'ADDED', object: node('b', '11') },
        { type: 'BOOKMARK', object: { metadata: { resourceVersion: '15' } } },
      ),
      // the stream ended (server time-out): watch again from 15, no new list
      stream({ type: 'MODIFIED', object: node('b', '16') }),
    ]);
    await drained();
    lw.stop();
    expect(urls).toEqual([
      'http://127.0.0.1:1/api/v1/nodes',
      'http://127.0.0.1:1/api/v1/nodes?watch=1&allowWatchBookmarks=true&resourceVersion=10',
      'http://127.0.0.1:1/api/v1/nodes?watch=1&allowWatchBookmarks=true&resourceVersion=15',
      'http://127.0.0.1:1/api/v1/nodes?watch=1&allowWatchBookmarks=true&resourceVersion=16',
    ]);
    expect(log.filter((l) => l !== 'up')).toEqual(['replace@10:Node/a', 'ADDED:b@11', 'MODIFIED:b@16']);
    expect(lw.lists).toBe(1);
  });

  it('after a dropped connection says so, then resumes the watch without a new list', async () => {
    const { lw, log, urls, drained } = run([
      list('10', ['a']),
      down(),
      down(),
      list('11', ['a']),
      stream({ type: 'DELETED', object: node('a', '12') }),
    ]);
    await drained();
    lw.stop();
    expect(log.filter((l) => l.startsWith('down'))).toEqual([
      'down:cannot reach http://127.0.0.1:1 (Failed to fetch)',
      'down:cannot reach http://127.0.0.1:1 (Failed to fetch)',
    ]);
    // back: the server's resourceVersion (11) is not older than the last seen (10), so the watch resumes
    expect(urls.slice(1)).toEqual([
      'http://127.0.0.1:1/api/v1/nodes?watch=1&allowWatchBookmarks=true&resourceVersion=10',
      'http://127.0.0.1:1/api/v1/nodes?limit=1',
      'http://127.0.0.1:1/api/v1/nodes?limit=1',
      'http://127.0.0.1:1/api/v1/nodes?watch=1&allowWatchBookmarks=true&resourceVersion=10',
      'http://127.0.0.1:1/api/v1/nodes?watch=1&allowWatchBookmarks=true&resourceVersion=12',
    ]);
    expect(urls.at(-1)).toMatch(/resourceVersion=12$/);
    expect(log).toContain('DELETED:a@12');
    expect(lw.lists).toBe(1);
  });

  it('lists again after a lost connection when the server history is older than the last version seen (a restarted server)', async () => {
    const { lw, log, urls, drained } = run([
      list('50', ['a', 'gone']),
      down(),
      list('12', ['a']),
      list('12', ['a']),
    ]);
    await drained();
    lw.stop();
    expect(log.filter((l) => l.startsWith('replace'))).toEqual([
      'replace@50:Node/a,Node/gone',
      'replace@12:Node/a',
    ]);
    expect(urls).toContain('http://127.0.0.1:1/api/v1/nodes?limit=1');
    expect(urls.at(-1)).toBe(
      'http://127.0.0.1:1/api/v1/nodes?watch=1&allowWatchBookmarks=true&resourceVersion=12',
    );
  });

  it('lists again on 410 Gone, as an ERROR event or as the HTTP status', async () => {
    const { lw, log, urls, drained } = run([
      list('10', ['a']),
      stream({
        type: 'ERROR',
        object: {
          kind: 'Status',
          code: 410,
          reason: 'Expired',
          message: 'too old resource version: 10 (20)',
        },
      }),
      list('30', ['a', 'c']),
      () => new Response('{"kind":"Status","code":410}', { status: 410 }),
      list('40', ['c']),
    ]);
    await drained();
    lw.stop();
    expect(log.filter((l) => l.startsWith('replace'))).toEqual([
      'replace@10:Node/a',
      'replace@30:Node/a,Node/c',
      'replace@40:Node/c',
    ]);
    expect(urls.at(-1)).toBe(
      'http://127.0.0.1:1/api/v1/nodes?watch=1&allowWatchBookmarks=true&resourceVersion=40',
    );
    expect(lw.lists).toBe(3);
  });

  it('shows the Status message of a refused list word for word and keeps trying', async () => {
    const forbidden = () =>
      new Response(
        JSON.stringify({
          kind: 'Status',
          code: 403,
          message: 'nodes is forbidden: User "x" cannot list resource "nodes"',
        }),
        { status: 403 },
      );
    const { lw, log, drained } = run([forbidden, list('5', [])]);
    await drained();
    lw.stop();
    expect(log[0]).toBe('down:nodes is forbidden: User "x" cannot list resource "nodes"');
    expect(log).toContain('replace@5:');
  });
});

describe('ListWatch with poll', () => {
  it('lists again and again instead of watching', async () => {
    const s = server([list('1', ['a']), list('2', ['a', 'b']), list('3', ['b'])]);
    const got: string[] = [];
    const lw = new ListWatch<Obj>(
      { base: 'http://h', path: '/api/v1/events', kind: 'Event', apiVersion: 'v1', poll: 0 },
      {
        replace: (items, rv) => got.push(`${rv}:${items.map((i) => i.metadata.name).join(',')}`),
        event: () => undefined,
        state: () => undefined,
      },
      { fetch: s.fetch, sleep: () => Promise.resolve() },
    );
    void lw.start();
    await s.drained();
    lw.stop();
    expect(got).toEqual(['1:a', '2:a,b', '3:b']);
    expect(s.urls.every((u) => !u.includes('watch'))).toBe(true);
  });
});
