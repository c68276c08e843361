// The kubelet's statuses for a stored (frozen) pod, whose per-template parts are made once and
// shared, are the same bytes as for an unfrozen copy of it (made afresh each time).

import { describe, expect, it } from 'vitest';
import { clone, deepFreeze } from '../api/objects';
import type { Pod } from '../api/types';
import {
  failedStatus,
  notReadyStatus,
  pendingStatus,
  readyStatus,
  runningStatus,
  unreadyMessage,
} from './podStatus';

function pod(uid: string): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `p-${uid}`, namespace: 'default', uid },
    spec: {
      containers: [
        { name: 'a', image: 'nginx:1.27' },
        { name: 'b', image: 'quay.io/x/y' },
      ],
    },
    status: {
      phase: 'Pending',
      qosClass: 'BestEffort',
      conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: 't0' }],
    },
  } as unknown as Pod;
}

function lifecycle(p: Pod): string[] {
  const out: string[] = [];
  let cur = p;
  const step = (s: Pod['status']) => {
    out.push(JSON.stringify(s));
    cur = { ...cur, status: s };
  };
  step(pendingStatus(cur, '10.0.0.1', 't1', false));
  step(pendingStatus(cur, '10.0.0.1', 't2', true));
  step(runningStatus(cur, '10.1.0.5', 't3', { a: 't2' }));
  step(readyStatus(cur, 't4'));
  step(notReadyStatus(cur, 't5'));
  step(failedStatus(cur, 't6'));
  out.push(unreadyMessage(cur));
  return out;
}

describe('pod statuses', () => {
  it('are the same for a frozen pod (shared parts) as for an unfrozen copy', () => {
    const frozen = deepFreeze(pod('u1'));
    const first = lifecycle(frozen);
    expect(lifecycle(frozen)).toEqual(first);
    expect(lifecycle(clone(frozen))).toEqual(first);
    const other = deepFreeze({ ...pod('u2'), spec: frozen.spec });
    expect(lifecycle(other)).toEqual(lifecycle(clone(other)));
    expect(first[6]).toBe('containers with unready status: [a b]');
  });
});
