// The official JavaScript client against the API server: list, watch with resume, patch, and the
// conflict a stale resourceVersion gets — what an operator or a script written for a real cluster
// does.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as k8s from '@kubernetes/client-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { ApiServer } from './apiServer';
import { until } from '../testing/until';

let server: Server;
let api: ApiServer;
let kc: k8s.KubeConfig;

beforeEach(async () => {
  api = new ApiServer(new Session({ seed: 1 }));
  server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  kc = new k8s.KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: 'playground',
        server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        skipTLSVerify: true,
      },
    ],
    users: [{ name: 'playground' }],
    contexts: [{ name: 'playground', cluster: 'playground', user: 'playground' }],
    currentContext: 'playground',
  });
});

afterEach(async () => {
  api.closeStreams();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('@kubernetes/client-node', () => {
  it('lists nodes and namespaces', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const nodes = await core.listNode();
    expect(nodes.items.map((n) => n.metadata?.name)).toEqual(['master', 'node-1']);
    const ns = await core.listNamespace({ labelSelector: '' });
    expect(ns.items.map((n) => n.metadata?.name)).toContain('kube-system');
  });

  it('patches a node (merge patch) and gets a conflict on a stale resourceVersion', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const before = await core.readNode({ name: 'node-1' });
    const patched = await core.patchNode(
      { name: 'node-1', body: { metadata: { labels: { team: 'blue' } } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );
    expect(patched.metadata?.labels?.team).toBe('blue');
    const stale = { ...before, metadata: { ...before.metadata, labels: { team: 'red' } } };
    const err = await core.replaceNode({ name: 'node-1', body: stale }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(k8s.ApiException);
    expect((err as k8s.ApiException<unknown>).code).toBe(409);
    expect(String((err as k8s.ApiException<string>).body)).toContain('the object has been modified');
  });

  it('watches with resume: events after the list resourceVersion only', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const list = await core.listNode();
    await core.createNode({ body: { metadata: { name: 'late' } } });
    const seen: string[] = [];
    const watch = new k8s.Watch(kc);
    let request: AbortController | undefined;
    const done = new Promise<void>((resolve, reject) => {
      void watch
        .watch(
          '/api/v1/nodes',
          { resourceVersion: list.metadata?.resourceVersion },
          (type: string, obj: k8s.V1Node) => {
            seen.push(`${type} ${obj.metadata?.name}`);
            if (seen.length === 2) resolve();
          },
          (err: unknown) => (err ? reject(err) : undefined),
        )
        .then((req) => (request = req), reject);
    });
    // The first event, then a change (waited for, not slept for: how long it takes depends on the machine).
    await until(() => expect(seen).toEqual(['ADDED late']));
    await core.deleteNode({ name: 'late' });
    await done;
    request?.abort();
    expect(seen).toEqual(['ADDED late', 'DELETED late']);
  });

  it('creates a DaemonSet through AppsV1Api and reads it back with defaults', async () => {
    const apps = kc.makeApiClient(k8s.AppsV1Api);
    await apps.createNamespacedDaemonSet({
      namespace: 'default',
      body: {
        metadata: { name: 'agent' },
        spec: {
          selector: { matchLabels: { app: 'agent' } },
          template: {
            metadata: { labels: { app: 'agent' } },
            spec: { containers: [{ name: 'a', image: 'busybox' }] },
          },
        },
      },
    });
    const ds = await apps.readNamespacedDaemonSet({ name: 'agent', namespace: 'default' });
    expect(ds.spec?.updateStrategy?.type).toBe('RollingUpdate');
    expect(ds.spec?.revisionHistoryLimit).toBe(10);
  });
});
