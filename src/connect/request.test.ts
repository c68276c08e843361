import { describe, expect, it } from 'vitest';
import type { KObject } from '../engine';
import { requestFor } from './request';

const ds = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'a b', namespace: 'kube-system' },
} as unknown as KObject;

describe('requestFor', () => {
  it('posts a create to the collection of its namespace', () => {
    const r = requestFor({
      op: 'create',
      kind: 'DaemonSet',
      namespace: 'kube-system',
      name: 'a b',
      body: ds,
      dryRun: false,
    });
    expect(r.path).toBe('/apis/apps/v1/namespaces/kube-system/daemonsets');
    expect(r.init.method).toBe('POST');
    expect(JSON.parse(r.init.body as string)).toEqual(ds);
  });
  it('puts an update to the object (names escaped), a status update to /status, with dryRun=All when asked', () => {
    expect(
      requestFor({
        op: 'update',
        kind: 'DaemonSet',
        namespace: 'kube-system',
        name: 'a b',
        body: ds,
        dryRun: false,
      }).path,
    ).toBe('/apis/apps/v1/namespaces/kube-system/daemonsets/a%20b');
    expect(requestFor({ op: 'updateStatus', kind: 'Node', name: 'n1', body: ds, dryRun: true }).path).toBe(
      '/api/v1/nodes/n1/status?dryRun=All',
    );
  });
  it('sends a delete with its DeleteOptions', () => {
    const r = requestFor({
      op: 'delete',
      kind: 'Pod',
      namespace: 'default',
      name: 'p',
      options: { propagationPolicy: 'Orphan', gracePeriodSeconds: 0 },
      dryRun: false,
    });
    expect(r.path).toBe('/api/v1/namespaces/default/pods/p');
    expect(r.init.method).toBe('DELETE');
    expect(JSON.parse(r.init.body as string)).toEqual({
      kind: 'DeleteOptions',
      apiVersion: 'v1',
      propagationPolicy: 'Orphan',
      gracePeriodSeconds: 0,
    });
  });
});
