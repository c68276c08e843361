// The API server over real HTTP on loopback: discovery, CRUD, conflicts, selectors, paging, watch
// with resume and expiry, tables, patches and Status bodies.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { FLUENTD_YAML } from '../engine/testing';
import { ApiServer, parseTarget } from './apiServer';
import { SIM_MEDIA_TYPE } from './guard';

let server: Server;
let api: ApiServer;
let session: Session;
let base: string;

beforeEach(async () => {
  session = new Session({ seed: 1 });
  api = new ApiServer(session);
  server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  api.closeStreams();
  await new Promise<void>((r) => server.close(() => r()));
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

const node = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { role: name.startsWith('gpu') ? 'gpu' : 'worker' } },
});

describe('paths', () => {
  it('parses core, grouped, namespaced and cluster-scoped targets', () => {
    expect(parseTarget('/api/v1/nodes/n1')).toMatchObject({ resource: { kind: 'Node' }, name: 'n1' });
    expect(parseTarget('/api/v1/namespaces/kube-system/pods/p/status')).toMatchObject({
      resource: { kind: 'Pod' },
      namespace: 'kube-system',
      name: 'p',
      subresource: 'status',
    });
    expect(parseTarget('/apis/apps/v1/namespaces/a/daemonsets')).toMatchObject({
      resource: { kind: 'DaemonSet' },
      namespace: 'a',
      name: undefined,
    });
    expect(parseTarget('/api/v1/namespaces/kube-system')).toMatchObject({
      resource: { kind: 'Namespace' },
      name: 'kube-system',
    });
    expect(parseTarget('/apis/apps/v1/pods')).toBeUndefined();
    expect(parseTarget('/api/v1/constructor')).toBeUndefined();
    expect(parseTarget('/api/v1/__proto__/x')).toBeUndefined();
  });
});

describe('discovery', () => {
  it('serves /api, /apis, resource lists and /version', async () => {
    expect((await call('GET', '/api')).json.versions).toEqual(['v1']);
    const groups = (await call('GET', '/apis')).json;
    expect(groups.groups.map((g: { name: string }) => g.name)).toEqual([
      'apps',
      'policy',
      'scheduling.k8s.io',
    ]);
    const core = (await call('GET', '/api/v1')).json;
    const pods = core.resources.find((r: { name: string }) => r.name === 'pods');
    expect(pods).toMatchObject({ kind: 'Pod', namespaced: true, shortNames: ['po'], categories: ['all'] });
    expect(core.resources.find((r: { name: string }) => r.name === 'pods/eviction')).toMatchObject({
      group: 'policy',
      version: 'v1',
      kind: 'Eviction',
    });
    expect(
      (await call('GET', '/apis/apps/v1')).json.resources.map((r: { name: string }) => r.name),
    ).toContain('daemonsets');
    expect((await call('GET', '/version')).json.gitVersion).toBe('v1.35.0');
    expect((await call('GET', '/apis/batch/v1')).status).toBe(404);
  });

  it("sends the bytes the emulator's kubectl get --raw shows (one discovery source)", async () => {
    const nodeName = session.sim.store.list('Node')[0].metadata.name;
    for (const path of [
      '/api',
      '/apis',
      '/api/v1',
      '/apis/apps',
      '/apis/apps/v1',
      '/version',
      '/healthz',
      '/api/v1/nodes',
      `/api/v1/nodes/${nodeName}`,
    ]) {
      const served = await (await fetch(base + path)).text();
      const r = session.exec(`kubectl get --raw ${path}`);
      expect(r.exitCode, path).toBe(0);
      expect(r.chunks.map((c) => c.text).join(''), path).toBe(served);
    }
    // a typed list's items carry no kind/apiVersion; an object starts with them
    const list = (await call('GET', '/api/v1/nodes')).json;
    expect(Object.keys(list.items[0]).slice(0, 2)).toEqual(['metadata', 'spec']);
    expect(Object.keys((await call('GET', `/api/v1/nodes/${nodeName}`)).json).slice(0, 3)).toEqual([
      'kind',
      'apiVersion',
      'metadata',
    ]);
    // the API server's JSON encoder ends a body with a newline; /version is written indented, without one
    expect(await (await fetch(`${base}/api`)).text()).toMatch(
      /"serverAddress":"10\.0\.0\.\d+:6443"\}\]\}\n$/,
    );
    expect(await (await fetch(`${base}/version`)).text()).toMatch(/"platform": "linux\/amd64"\n\}$/);
  });

  it('allows every SelfSubjectAccessReview (no RBAC), in JSON and in the protobuf client-go sends', async () => {
    const review = {
      kind: 'SelfSubjectAccessReview',
      apiVersion: 'authorization.k8s.io/v1',
      spec: { nonResourceAttributes: { path: '/healthz', verb: 'get' } },
    };
    const r = await call('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', review);
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      kind: 'SelfSubjectAccessReview',
      spec: review.spec,
      status: { allowed: true },
    });
    // protobuf: k8s\0 + runtime.Unknown{2: raw SelfSubjectAccessReview{2: spec{1: resourceAttributes{2: verb, 5: resource}}}}
    const field = (n: number, b: Uint8Array) => new Uint8Array([(n << 3) | 2, b.length, ...b]);
    const str = (n: number, s: string) => field(n, new TextEncoder().encode(s));
    const attrs = new Uint8Array([...str(2, 'create'), ...str(3, 'apps'), ...str(5, 'daemonsets')]);
    const body = new Uint8Array([
      ...new TextEncoder().encode('k8s\u0000'),
      ...field(2, field(2, field(1, attrs))),
    ]);
    const res = await fetch(`${base}/apis/authorization.k8s.io/v1/selfsubjectaccessreviews`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf' },
      body,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      spec: { resourceAttributes: { verb: 'create', group: 'apps', resource: 'daemonsets' } },
      status: { allowed: true },
    });
    expect((await call('GET', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews')).status).toBe(405);
    expect(
      (await call('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', '{"kind":"Pod"}')).status,
    ).toBe(400);
  });

  it('answers unknown paths and methods with a Status', async () => {
    const r = await call('GET', '/api/v1/widgets');
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404 });
    expect((await call('PUT', '/api/v1/nodes')).status).toBe(405);
  });
});

describe('objects', () => {
  it('creates, gets, updates with conflicts and deletes', async () => {
    const created = await call('POST', '/api/v1/nodes', node('worker-9'));
    expect(created.status).toBe(201);
    expect(created.json.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    const rv = created.json.metadata.resourceVersion;
    const again = await call('POST', '/api/v1/nodes', node('worker-9'));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ reason: 'AlreadyExists', message: 'nodes "worker-9" already exists' });

    const got = (await call('GET', '/api/v1/nodes/worker-9')).json;
    const updated = await call('PUT', '/api/v1/nodes/worker-9', {
      ...got,
      metadata: { ...got.metadata, labels: { a: 'b' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.metadata.resourceVersion).not.toBe(rv);
    const stale = await call('PUT', '/api/v1/nodes/worker-9', {
      ...got,
      metadata: { ...got.metadata, resourceVersion: rv, labels: { a: 'c' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(
      'Operation cannot be fulfilled on nodes "worker-9": the object has been modified; please apply your changes to the latest version and try again',
    );

    const gone = await call('DELETE', '/api/v1/nodes/worker-9');
    expect(gone.json).toMatchObject({
      kind: 'Status',
      status: 'Success',
      details: { name: 'worker-9', kind: 'nodes' },
    });
    expect((await call('GET', '/api/v1/nodes/worker-9')).json.message).toBe('nodes "worker-9" not found');
  });

  it('dry runs change nothing', async () => {
    const r = await call('POST', '/api/v1/nodes?dryRun=All', node('dry'));
    expect(r.status).toBe(201);
    expect((await call('GET', '/api/v1/nodes/dry')).status).toBe(404);
  });

  it('rejects invalid objects with the validation causes', async () => {
    const r = await call('POST', '/api/v1/nodes', {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'Bad_Name' },
    });
    expect(r.status).toBe(422);
    expect(r.json.reason).toBe('Invalid');
    expect(r.json.details.causes[0]).toMatchObject({ reason: 'FieldValueInvalid', field: 'metadata.name' });
  });

  it('checks the namespace and kind of a body against the path', async () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    };
    expect((await call('POST', '/api/v1/namespaces/kube-system/pods', pod)).json.message).toBe(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
    expect((await call('POST', '/api/v1/namespaces/default/pods', { ...pod, kind: 'Node' })).status).toBe(
      400,
    );
    expect((await call('POST', '/api/v1/namespaces/default/pods', '{not json')).status).toBe(400);
  });

  it('patches with merge and JSON patch, and refuses unknown patch types', async () => {
    await call('POST', '/api/v1/nodes', node('w'));
    const merged = await call(
      'PATCH',
      '/api/v1/nodes/w',
      { metadata: { labels: { role: null, x: 'y' } } },
      { 'Content-Type': 'application/merge-patch+json' },
    );
    expect(merged.json.metadata.labels).toEqual({ x: 'y' });
    const jp = await call(
      'PATCH',
      '/api/v1/nodes/w',
      [{ op: 'add', path: '/spec/unschedulable', value: true }],
      { 'Content-Type': 'application/json-patch+json' },
    );
    expect(jp.json.spec.unschedulable).toBe(true);
    const bad = await call('PATCH', '/api/v1/nodes/w', [{ op: 'remove', path: '/spec/nope' }], {
      'Content-Type': 'application/json-patch+json',
    });
    expect(bad.status).toBe(422);
    expect((await call('PATCH', '/api/v1/nodes/w', {}, { 'Content-Type': 'text/plain' })).status).toBe(415);
  });
});

describe('lists', () => {
  it('filters by label and field selectors and pages with continue', async () => {
    for (const n of ['gpu-1', 'gpu-2', 'w-1']) await call('POST', '/api/v1/nodes', node(n));
    const gpus = (await call('GET', '/api/v1/nodes?labelSelector=role%3Dgpu')).json;
    expect(gpus.kind).toBe('NodeList');
    expect(gpus.items.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual([
      'gpu-1',
      'gpu-2',
    ]);
    const one = (await call('GET', '/api/v1/nodes?fieldSelector=metadata.name%3Dw-1')).json;
    expect(one.items).toHaveLength(1);
    expect((await call('GET', '/api/v1/nodes?fieldSelector=spec.bogus%3D1')).json.message).toBe(
      'field label not supported: spec.bogus',
    );

    const page1 = (await call('GET', '/api/v1/nodes?limit=2')).json;
    expect(page1.items).toHaveLength(2);
    expect(page1.metadata.remainingItemCount).toBe(3);
    const page2 = (await call('GET', `/api/v1/nodes?limit=2&continue=${page1.metadata.continue}`)).json;
    expect(page2.items.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual([
      'master',
      'node-1',
    ]);
  });

  it('prints tables with the emulator columns when asked', async () => {
    const r = await call('GET', '/api/v1/nodes', undefined, {
      Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json',
    });
    expect(r.headers.get('content-type')).toBe('application/json;as=Table;v=v1;g=meta.k8s.io');
    expect(r.json.kind).toBe('Table');
    expect(
      r.json.columnDefinitions
        .map((c: { name: string; priority: number }) => `${c.name}:${c.priority}`)
        .slice(0, 6),
    ).toEqual(['Name:0', 'Status:0', 'Roles:0', 'Age:0', 'Version:0', 'Internal-IP:1']);
    expect(r.json.rows[0].cells.slice(0, 3)).toEqual(['master', 'Ready', 'master']);
    expect(r.json.rows[0].object.kind).toBe('PartialObjectMetadata');
  });
});

/** Reads watch events until `n` arrived (or the stream ends). */
async function watchEvents(
  path: string,
  n: number,
  act?: () => Promise<void>,
): Promise<{ type: string; object: any }[]> {
  const ctrl = new AbortController();
  const res = await fetch(base + path, { signal: ctrl.signal });
  const reader = res.body!.getReader();
  const out: { type: string; object: any }[] = [];
  let buf = '';
  const acting = act?.();
  while (out.length < n) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += new TextDecoder().decode(value);
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      out.push(JSON.parse(buf.slice(0, i)));
      buf = buf.slice(i + 1);
    }
  }
  await acting;
  ctrl.abort();
  return out;
}

describe('watch', () => {
  it('sends the current objects, then changes; resumes from a resourceVersion', async () => {
    const list = (await call('GET', '/api/v1/nodes')).json;
    const events = await watchEvents('/api/v1/nodes?watch=true', 3, async () => {
      await call('POST', '/api/v1/nodes', node('late'));
    });
    expect(events.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual([
      'ADDED master',
      'ADDED node-1',
      'ADDED late',
    ]);

    const resumed = await watchEvents(
      `/api/v1/nodes?watch=true&resourceVersion=${list.metadata.resourceVersion}`,
      1,
    );
    expect(resumed.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED late']);

    const deleted = await watchEvents(
      `/api/v1/nodes?watch=1&resourceVersion=${resumed[0].object.metadata.resourceVersion}`,
      1,
      async () => {
        await call('DELETE', '/api/v1/nodes/late');
      },
    );
    expect(deleted[0].type).toBe('DELETED');
    expect(Number(deleted[0].object.metadata.resourceVersion)).toBeGreaterThan(
      Number(resumed[0].object.metadata.resourceVersion),
    );
  });

  it('follows a label selector: an object that stops matching is DELETED for the watcher', async () => {
    await call('POST', '/api/v1/nodes', node('gpu-1'));
    const events = await watchEvents('/api/v1/nodes?watch=true&labelSelector=role%3Dgpu', 2, async () => {
      await call(
        'PATCH',
        '/api/v1/nodes/gpu-1',
        { metadata: { labels: { role: 'cpu' } } },
        { 'Content-Type': 'application/merge-patch+json' },
      );
    });
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'DELETED']);
  });

  it('delivers Events as they are written: by a client (ADDED, MODIFIED) and by the cluster', async () => {
    const ev = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'e1' },
      involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' },
      reason: 'Test',
      message: 'hi',
      type: 'Normal',
      count: 1,
    };
    const mine = await watchEvents('/api/v1/namespaces/default/events?watch=true', 2, async () => {
      expect((await call('POST', '/api/v1/namespaces/default/events', ev)).status).toBe(201);
      await call(
        'PATCH',
        '/api/v1/namespaces/default/events/e1',
        { count: 2 },
        { 'Content-Type': 'application/merge-patch+json' },
      );
    });
    expect(mine.map((e) => `${e.type} ${e.object.metadata.name} ${e.object.count}`)).toEqual([
      'ADDED e1 1',
      'MODIFIED e1 2',
    ]);
    const { parseAllDocuments } = await import('yaml');
    const ds = parseAllDocuments(FLUENTD_YAML)[0].toJSON();
    const cluster = await watchEvents(
      '/api/v1/namespaces/kube-system/events?watch=true&fieldSelector=involvedObject.kind%3DDaemonSet',
      2,
      async () => {
        await call('POST', '/apis/apps/v1/namespaces/kube-system/daemonsets', ds);
        await fetch(`${base}/playground/v1/sim`, {
          method: 'POST',
          body: 'sim settle\n',
          headers: { 'Content-Type': SIM_MEDIA_TYPE },
        });
      },
    );
    expect(cluster.map((e) => `${e.type} ${e.object.reason}`)).toEqual([
      'ADDED SuccessfulCreate',
      'ADDED SuccessfulCreate',
    ]);
  });

  it('answers a too old resourceVersion with an Expired ERROR event', async () => {
    const small = new ApiServer(new Session({ seed: 1 }));
    (small.hub as unknown as { capacity: number }).capacity = 2;
    api.closeStreams();
    await new Promise<void>((r) => server.close(() => r()));
    api = small;
    server = createServer(api.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const rv = (await call('GET', '/api/v1/nodes')).json.metadata.resourceVersion;
    for (const n of ['a', 'b', 'c', 'd']) await call('POST', '/api/v1/nodes', node(n));
    const events = await watchEvents(`/api/v1/nodes?watch=true&resourceVersion=${rv}`, 1);
    expect(events[0].type).toBe('ERROR');
    expect(events[0].object).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });
  });
});

describe('the cluster behind it', () => {
  it('runs the controllers: a DaemonSet created over HTTP gets its pods once time passes', async () => {
    const { parseAllDocuments } = await import('yaml');
    const ds = parseAllDocuments(FLUENTD_YAML)[0].toJSON();
    expect((await call('POST', '/apis/apps/v1/namespaces/kube-system/daemonsets', ds)).status).toBe(201);
    const sim = await fetch(`${base}/playground/v1/sim`, {
      method: 'POST',
      body: 'sim settle\nsim node add gpu-1\nsim settle\n',
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    });
    expect(sim.status).toBe(200);
    expect(sim.headers.get('x-exit-code')).toBe('0');
    const pods = (
      await call('GET', '/api/v1/namespaces/kube-system/pods?fieldSelector=status.phase%3DRunning')
    ).json;
    expect(pods.items).toHaveLength(3);
    const onGpu = (
      await call('GET', '/api/v1/namespaces/kube-system/pods?fieldSelector=spec.nodeName%3Dgpu-1')
    ).json;
    expect(onGpu.items).toHaveLength(1);
  });

  it('evicts pods and reports sim errors with their exit status', async () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web' },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    };
    await call('POST', '/api/v1/namespaces/default/pods', pod);
    await fetch(`${base}/playground/v1/sim`, {
      method: 'POST',
      body: 'sim settle',
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    });
    const ev = await call('POST', '/api/v1/namespaces/default/pods/web/eviction', {
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name: 'web', namespace: 'default' },
    });
    expect(ev.status).toBe(201);
    expect(
      (await call('GET', '/api/v1/namespaces/default/pods/web')).json.metadata.deletionTimestamp,
    ).toBeDefined();
    const bad = await fetch(`${base}/playground/v1/sim`, {
      method: 'POST',
      body: 'sim node condition nope Ready=False\nkubectl get pods',
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    });
    expect(bad.headers.get('x-exit-code')).toBe('1');
    expect(await bad.text()).toContain('only sim commands run here');
  });
});

describe('policy/v1 PodDisruptionBudgets and the eviction 429', () => {
  const sim = (body: string) =>
    fetch(`${base}/playground/v1/sim`, { method: 'POST', body, headers: { 'Content-Type': SIM_MEDIA_TYPE } });
  const PDBS = '/apis/policy/v1/namespaces/default/poddisruptionbudgets';

  it('serves the resource, keeps its status, and refuses an eviction the budget does not allow', async () => {
    const policy = (await call('GET', '/apis/policy/v1')).json;
    expect(policy.resources.map((r: { name: string }) => r.name)).toEqual([
      'poddisruptionbudgets',
      'poddisruptionbudgets/status',
    ]);
    expect(policy.resources[0]).toMatchObject({
      kind: 'PodDisruptionBudget',
      shortNames: ['pdb'],
      namespaced: true,
    });
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    };
    await call('POST', '/api/v1/namespaces/default/pods', pod);
    const created = await call('POST', PDBS, {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'web' },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
    });
    expect(created.status).toBe(201);
    expect(created.json.status).toEqual({
      disruptionsAllowed: 0,
      currentHealthy: 0,
      desiredHealthy: 0,
      expectedPods: 0,
    });
    await sim('sim settle');
    const got = (await call('GET', `${PDBS}/web`)).json;
    expect(got.status).toMatchObject({
      observedGeneration: 1,
      currentHealthy: 1,
      desiredHealthy: 1,
      expectedPods: 1,
    });
    const ev = await call('POST', '/api/v1/namespaces/default/pods/web/eviction', {
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name: 'web', namespace: 'default' },
    });
    expect(ev.status).toBe(429);
    expect(ev.headers.get('retry-after')).toBeNull();
    expect(ev.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
      reason: 'TooManyRequests',
      details: {
        causes: [
          {
            reason: 'DisruptionBudget',
            message: 'The disruption budget web needs 1 healthy pods and has 1 currently',
          },
        ],
      },
      code: 429,
    });
    expect(
      (await call('GET', '/api/v1/namespaces/default/pods/web')).json.metadata.deletionTimestamp,
    ).toBeUndefined();
    // a wrong name in the body is refused as the API server refuses it
    const wrong = await call('POST', '/api/v1/namespaces/default/pods/web/eviction', {
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name: 'other' },
    });
    expect([wrong.status, wrong.json.message]).toEqual([
      400,
      'name in URL does not match name in Eviction object',
    ]);
    // the budget's spec is mutable; the controller then observes the new generation
    const patched = await call(
      'PATCH',
      `${PDBS}/web`,
      { spec: { minAvailable: 0 } },
      {
        'Content-Type': 'application/merge-patch+json',
      },
    );
    expect(patched.json.metadata.generation).toBe(2);
    await sim('sim settle');
    const after = (await call('GET', `${PDBS}/web`)).json.status;
    expect([after.observedGeneration, after.disruptionsAllowed]).toEqual([2, 1]);
    const ok = await call('POST', '/api/v1/namespaces/default/pods/web/eviction', {
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name: 'web', namespace: 'default' },
    });
    expect(ok.status).toBe(201);
    expect(Object.keys((await call('GET', `${PDBS}/web`)).json.status.disruptedPods)).toEqual(['web']);
  });
});

describe('server-side apply (PATCH application/apply-patch+yaml)', () => {
  const APPLY = { 'Content-Type': 'application/apply-patch+yaml' };
  const manifest = (image: string) =>
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: web',
      'spec:',
      '  selector:',
      '    matchLabels: {app: web}',
      '  template:',
      '    metadata:',
      '      labels: {app: web}',
      '    spec:',
      '      containers:',
      `      - {name: nginx, image: "${image}"}`,
      '',
    ].join('\n');
  const path = '/apis/apps/v1/namespaces/default/deployments/web';

  it('creates (201), records managers, answers a conflict with the 409 Status and its causes, and forces', async () => {
    const created = await call('PATCH', `${path}?fieldManager=kubectl`, manifest('nginx:1.27'), APPLY);
    expect(created.status).toBe(201);
    expect(created.json.metadata.managedFields.map((e: any) => `${e.manager} ${e.operation}`)).toEqual([
      'kubectl Apply',
    ]);
    const set = await call(
      'PATCH',
      `${path}?fieldManager=kubectl-set`,
      { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.28' }] } } } },
      { 'Content-Type': 'application/strategic-merge-patch+json' },
    );
    expect(set.json.metadata.managedFields.map((e: any) => e.manager)).toEqual(['kubectl', 'kubectl-set']);
    const conflict = await call(
      'PATCH',
      `${path}?fieldManager=kubectl&force=false`,
      manifest('nginx:1.27'),
      APPLY,
    );
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Conflict',
      code: 409,
      message: expect.stringMatching(
        /^Apply failed with 1 conflict: conflict with "kubectl-set" using apps\/v1 at .+Z: \.spec\.template\.spec\.containers\[name="nginx"\]\.image$/,
      ),
      details: {
        causes: [
          {
            reason: 'FieldManagerConflict',
            field: '.spec.template.spec.containers[name="nginx"].image',
          },
        ],
      },
    });
    const forced = await call(
      'PATCH',
      `${path}?fieldManager=kubectl&force=true`,
      manifest('nginx:1.27'),
      APPLY,
    );
    expect(forced.status).toBe(200);
    expect(forced.json.spec.template.spec.containers[0].image).toBe('nginx:1.27');
    expect(forced.json.metadata.managedFields.map((e: any) => e.manager)).toEqual(['kubectl']);
  });

  it('refuses an apply without a fieldManager, and force on another patch type', async () => {
    const r = await call('PATCH', path, manifest('nginx:1.27'), APPLY);
    expect(r.status).toBe(422);
    expect(r.json.message).toBe(
      'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
    );
    await call('PATCH', `${path}?fieldManager=kubectl`, manifest('nginx:1.27'), APPLY);
    const f = await call(
      'PATCH',
      `${path}?force=true`,
      { metadata: { labels: { a: 'b' } } },
      {
        'Content-Type': 'application/merge-patch+json',
      },
    );
    expect(f.status).toBe(422);
  });
});

describe('pods/ephemeralcontainers', () => {
  const path = '/api/v1/namespaces/default/pods/web/ephemeralcontainers';
  const SMP = { 'Content-Type': 'application/strategic-merge-patch+json' };
  beforeEach(async () => {
    await call('POST', '/api/v1/namespaces/default/pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web' },
      spec: { containers: [{ name: 'web', image: 'nginx' }] },
    });
  });

  it("takes kubectl debug's strategic merge patch: only spec.ephemeralContainers, defaulted, the whole pod back", async () => {
    const before = (await call('GET', path)).json;
    expect(before.kind).toBe('Pod');
    const r = await call(
      'PATCH',
      path,
      {
        metadata: { labels: { sneaky: 'yes' } },
        spec: {
          containers: [{ name: 'web', image: 'evil' }],
          ephemeralContainers: [
            {
              name: 'dbg',
              image: 'busybox',
              resources: {},
              targetContainerName: 'web',
              terminationMessagePolicy: 'File',
            },
          ],
        },
      },
      SMP,
    );
    expect(r.status).toBe(200);
    expect(r.json.spec.ephemeralContainers).toEqual([
      {
        name: 'dbg',
        image: 'busybox',
        resources: {},
        targetContainerName: 'web',
        terminationMessagePolicy: 'File',
        terminationMessagePath: '/dev/termination-log',
        imagePullPolicy: 'Always',
      },
    ]);
    expect(r.json.spec.containers[0].image).toBe('nginx');
    expect(r.json.metadata.labels).toBeUndefined();
    expect(Number(r.json.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));
  });

  it('PUT and JSON patch write it too; changes and removals are the 422 of the API server', async () => {
    const pod = (await call('GET', '/api/v1/namespaces/default/pods/web')).json;
    pod.spec.ephemeralContainers = [{ name: 'a', image: 'busybox' }];
    expect((await call('PUT', path, pod)).status).toBe(200);
    const j = await call(
      'PATCH',
      path,
      [{ op: 'add', path: '/spec/ephemeralContainers/-', value: { name: 'b', image: 'busybox' } }],
      { 'Content-Type': 'application/json-patch+json' },
    );
    expect(j.status).toBe(200);
    expect(j.json.spec.ephemeralContainers.map((c: { name: string }) => c.name)).toEqual(['a', 'b']);
    const removed = await call('PATCH', path, [{ op: 'remove', path: '/spec/ephemeralContainers/0' }], {
      'Content-Type': 'application/json-patch+json',
    });
    expect(removed.status).toBe(422);
    expect(removed.json).toMatchObject({
      reason: 'Invalid',
      message:
        'Pod "web" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "a" may not be removed\n',
    });
    const ports = await call(
      'PATCH',
      path,
      { spec: { ephemeralContainers: [{ name: 'c', image: 'busybox', ports: [{ containerPort: 80 }] }] } },
      SMP,
    );
    expect(ports.status).toBe(422);
    // a patch without $setElementOrder puts its own items first, as upstream's strategic merge does
    expect(ports.json.message).toBe(
      'Pod "web" is invalid: spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container',
    );
  });

  it('refuses bodies a browser sends without asking, and a pod that is not there', async () => {
    const before = (await call('GET', path)).json;
    const r = await call('PATCH', path, '{"spec":{}}', { 'Content-Type': 'text/plain' });
    expect(r.status).toBe(415);
    expect((await call('GET', path)).json.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    const missing = await call('GET', '/api/v1/namespaces/default/pods/nosuch/ephemeralcontainers');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('pods "nosuch" not found');
  });
});
