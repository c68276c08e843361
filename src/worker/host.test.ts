// The worker host, driven over a real MessageChannel in Node, as the page drives it in a worker.

import { afterEach, describe, expect, it } from 'vitest';
import { channelClient, closeChannels } from './hostHarness';
import type { ChangeBatch, Response } from '../wire/protocol';
import { until } from '../testing/until';

afterEach(closeChannels);

const connect = () => channelClient();

const manifest = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: c
        image: registry.k8s.io/pause:3.10
`;

describe('worker host', () => {
  it('starts a session, runs commands, streams chunks and pushes batched changes', async () => {
    const { client, batches } = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    const first = batches.at(-1)!;
    expect(first.reset).toBe(true);
    expect(first.upserts.filter((o) => o.kind === 'Node').map((n) => n.metadata.name)).toEqual([
      'master',
      'node-1',
    ]);

    const chunks: string[] = [];
    const res = await client.request<Extract<Response, { type: 'exec' }>>(
      { type: 'exec', line: 'kubectl apply -f -', stdin: manifest },
      { onChunk: (c) => chunks.push(c.text) },
    );
    expect(res.exitCode).toBe(0);
    expect(chunks.join('')).toBe('daemonset.apps/agent created\n');
    await client.request({ type: 'advance', ms: 5000 });
    const pods = batches.flatMap((b) => b.upserts).filter((o) => o.kind === 'Pod');
    expect(pods.length).toBeGreaterThan(0);
    expect(batches.at(-1)!.inputs.map((i) => i.line)).toEqual(['kubectl apply -f -']);

    const bad = await client.request<Extract<Response, { type: 'exec' }>>({
      type: 'exec',
      line: 'kubectl apply -f -',
      stdin: manifest.replace('image: registry.k8s.io/pause:3.10', 'image: ""'),
    });
    expect(bad.exitCode).toBe(1);
    expect(bad.diagnostics[0]).toMatchObject({
      document: 0,
      field: 'spec.template.spec.containers[0].image',
    });
  });

  it('replays inputs to the same state (restore after a crash, share links)', async () => {
    const a = connect();
    await a.client.request({ type: 'init', spec: { seed: 3, preset: 'article', inputs: [] } });
    await a.client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: manifest });
    await a.client.request({ type: 'advance', ms: 4000 });
    await a.client.request({ type: 'exec', line: 'sim node add node-2' });
    await a.client.request({ type: 'advance', ms: 4000 });
    const last = a.batches.at(-1)!;
    const podNames = (bs: ChangeBatch[]) => {
      const m = new Map<string, boolean>();
      for (const b of bs) {
        if (b.reset) m.clear();
        for (const o of b.upserts) if (o.kind === 'Pod') m.set(o.metadata.name, true);
        for (const d of b.deletes) if (d.kind === 'Pod') m.delete(d.name);
      }
      return [...m.keys()].sort();
    };
    const b = connect();
    await b.client.request({
      type: 'init',
      spec: { seed: 3, preset: 'article', inputs: last.inputs, until: last.now - last.start },
    });
    expect(podNames(b.batches)).toEqual(podNames(a.batches));
    expect(b.batches.at(-1)!.now).toBe(last.now);
  });

  it('answers what each replayed input printed when asked (a restored share link shows it)', async () => {
    const inputs = [
      { at: 0, line: 'kubectl apply -f -', stdin: manifest },
      { at: 3000, line: 'kubectl get ds agent' },
    ];
    const { client } = connect();
    const res = await client.request<Extract<Response, { type: 'ok' }>>({
      type: 'init',
      spec: { seed: 1, preset: 'article', inputs },
      transcript: true,
    });
    expect(res.replayed?.map((r) => r.line)).toEqual(['kubectl apply -f -', 'kubectl get ds agent']);
    expect(res.replayed?.[0].stdin).toBe(manifest);
    expect(res.replayed?.[0].chunks.map((c) => c.text).join('')).toBe('daemonset.apps/agent created\n');
    expect(res.replayed?.[1].chunks.map((c) => c.text).join('')).toMatch(
      /^NAME\s+DESIRED\s+CURRENT[^\n]*\nagent\s+1\s+1\s/,
    );
    // without the flag the answer stays small (crash recovery replays everything and prints nothing)
    const quiet = await connect().client.request<Extract<Response, { type: 'ok' }>>({
      type: 'init',
      spec: { seed: 1, preset: 'article', inputs },
    });
    expect(quiet.replayed).toBeUndefined();
  });

  it('answers why requests with data', async () => {
    const { client } = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: manifest });
    const r = await client.request<Extract<Response, { type: 'why' }>>({ type: 'why', node: 'master' });
    expect(r.reports[0]).toMatchObject({ node: 'master', shouldRun: false, shouldContinueRunning: true });
    expect(r.reports[0].checks.some((c) => !c.passed && c.check === 'taint')).toBe(true);
  });

  it('reports a request the engine cannot answer as an error, not a crash', async () => {
    const { client } = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await expect(client.request({ type: 'why', node: 'nope' })).rejects.toThrow(/nodes "nope" not found/);
    const ok = await client.request({ type: 'ping' });
    expect(ok.type).toBe('ok');
  });

  it('tells the owner when the engine stops answering', async () => {
    const { client } = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    let fatal = '';
    client.onFatal = (m) => (fatal = m);
    await client.request({ type: 'crash' }, { timeoutMs: 50 }).catch(() => undefined);
    expect(fatal).toMatch(/did not answer/);
  });
});

describe('live rollout status', () => {
  it('prints a line per DaemonSet change while the clock runs, then answers', async () => {
    const { client } = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: manifest });
    await client.request({ type: 'advance', ms: 5000 });
    await client.request({ type: 'exec', line: 'kubectl set image ds/agent c=registry.k8s.io/pause:3.10.1' });
    const lines: string[] = [];
    const done = client.request<Extract<Response, { type: 'exec' }>>(
      { type: 'exec', line: 'kubectl rollout status ds/agent' },
      { onChunk: (c) => lines.push(c.text) },
    );
    // The first line comes at once; the rest only as time passes.
    await until(() => expect(lines.length).toBeGreaterThan(0));
    expect(lines).toEqual(['Waiting for daemon set spec update to be observed...\n']);
    await client.request({ type: 'advance', ms: 30_000 });
    const res = await done;
    expect(res.exitCode).toBe(0);
    expect(lines.at(-1)).toBe('daemon set "agent" successfully rolled out\n');
    expect(lines.length).toBeGreaterThan(2);
  });

  it('can be cancelled like Ctrl+C, and is recorded so that a replay does not run the clock', async () => {
    const { client, batches } = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: manifest });
    await client.request({ type: 'advance', ms: 5000 });
    await client.request({ type: 'exec', line: 'kubectl set image ds/agent c=registry.k8s.io/pause:3.10.1' });
    const id = client.peekNextId();
    const done = client.request<Extract<Response, { type: 'exec' }>>({
      type: 'exec',
      line: 'kubectl rollout status ds/agent',
    });
    await client.request({ type: 'cancel', target: id });
    expect((await done).exitCode).toBe(130);
    expect(batches.at(-1)!.inputs.at(-1)!.line).toBe('kubectl rollout status ds/agent --watch=false');
  });

  it('a second init on the same engine starts over: a fresh cluster, the clock stopped, watches ended', async () => {
    const { client, batches } = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: manifest });
    await client.request({ type: 'play', speed: 1 });
    expect(batches.at(-1)!.playing).toBe(true);
    let watchDone = false;
    void client
      .request({ type: 'exec', line: 'kubectl get pods -w' }, { timeoutMs: Infinity })
      .then(() => (watchDone = true));
    await client.request({ type: 'ping' });
    expect(watchDone).toBe(false);
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    const fresh = batches.at(-1)!;
    expect(fresh.reset).toBe(true);
    expect(fresh.playing).toBe(false);
    expect(fresh.inputs).toEqual([]);
    expect(fresh.upserts.filter((o) => o.kind === 'DaemonSet')).toEqual([]);
    await until(() => expect(watchDone).toBe(true), 5000);
    // nothing of the old session's clock comes after the fresh start
    const n = batches.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(batches.slice(n).filter((b) => b.upserts.length > 0 || b.reset)).toEqual([]);
  });
});
