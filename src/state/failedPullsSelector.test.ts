// selectFailedPulls against the store's cluster slice: it reads the mirror's Event Map once per
// `eventsVersion`, never the record of every Event (a share link's 1,000-node cluster has thousands of
// Events: that record was made whole each time an Event changed, only for this list).

import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { EventRow, KObject } from '../engine';
import { createClusterSlice } from './clusterSlice';
import { selectFailedPulls } from './selectors';
import type { AppState } from './store';
import { changeBatch } from '../wire/testing/changeBatch';

const row = (name: string, message: string, rv: string): EventRow => ({
  namespace: 'kube-system',
  name,
  kind: 'Pod',
  object: 'fluentd-abc',
  objectNamespace: 'kube-system',
  reason: 'Failed',
  message,
  type: 'Warning',
  component: 'kubelet',
  first: '2026-01-01T00:00:00Z',
  last: '2026-01-01T00:00:00Z',
  count: 1,
  resourceVersion: rv,
});

const node = (name: string, rv: string) =>
  ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, uid: `uid-${name}`, resourceVersion: rv },
    spec: {},
    status: {},
  }) as unknown as KObject;

const batch = changeBatch;

describe('selectFailedPulls', () => {
  const store = () => createStore<AppState>()((...a) => createClusterSlice(...a) as unknown as AppState);

  it('reads the Events from the mirror once per eventsVersion, never as a record of them all', () => {
    const s = store();
    const record = vi.spyOn(s.getState().mirror, 'record');
    const values = vi.spyOn(s.getState().mirror.maps.get('Event')!, 'values');
    s.getState().applyBatches([
      batch({
        reset: true,
        upserts: [node('n1', '1')],
        eventRows: [row('e1', 'Failed to pull image "nginx:nope": rpc error: code = NotFound', '2')],
      }),
    ]);
    const one = selectFailedPulls(s.getState());
    expect(one).toEqual(['kube-system/nginx:nope']);
    expect(selectFailedPulls(s.getState())).toBe(one);
    expect(values).toHaveBeenCalledTimes(1);
    // a publish that changed no Event: nothing read
    s.getState().applyBatches([batch({ upserts: [node('n2', '3')] })]);
    expect(selectFailedPulls(s.getState())).toBe(one);
    expect(values).toHaveBeenCalledTimes(1);
    // a new Event: read again, a new list
    s.getState().applyBatches([
      batch({ eventRows: [row('e2', 'Failed to pull image "busybox:typo": rpc error', '4')] }),
    ]);
    expect(selectFailedPulls(s.getState())).toEqual(['kube-system/busybox:typo', 'kube-system/nginx:nope']);
    expect(values).toHaveBeenCalledTimes(2);
    expect(record.mock.calls.filter(([k]) => k === 'Event')).toEqual([]);
  });

  it('follows a second store (its own mirror) even at the same eventsVersion', () => {
    const a = store();
    const b = store();
    a.getState().applyBatches([
      batch({ reset: true, eventRows: [row('e1', 'Failed to pull image "a:1": x', '1')] }),
    ]);
    b.getState().applyBatches([
      batch({ reset: true, eventRows: [row('e1', 'Failed to pull image "b:1": x', '1')] }),
    ]);
    expect(a.getState().eventsVersion).toBe(b.getState().eventsVersion);
    expect(selectFailedPulls(a.getState())).toEqual(['kube-system/a:1']);
    expect(selectFailedPulls(b.getState())).toEqual(['kube-system/b:1']);
  });
});
