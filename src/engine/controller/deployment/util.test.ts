// Tables ported from pkg/controller/deployment/util/deployment_util_test.go.

import { describe, expect, it } from 'vitest';
import type { Deployment, ReplicaSet } from '../../api/types';
import {
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getActualReplicaCountForReplicaSets,
  getReplicaCountForReplicaSets,
  getReplicaSetProportion,
  maxUnavailable,
  newRSNewReplicas,
  resolveFenceposts,
  setNewReplicaSetAnnotations,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
} from './util';

function deployment(replicas: number, strategy: Deployment['spec']['strategy']): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'nginx',
      namespace: 'default',
      uid: 'd',
      resourceVersion: '1',
      creationTimestamp: '2026-01-01T00:00:00Z',
      generation: 1,
    },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'nginx' } },
      template: {
        metadata: { labels: { app: 'nginx' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
      },
      strategy,
      progressDeadlineSeconds: 600,
    },
    status: {},
  };
}

function rs(
  name: string,
  replicas: number,
  extra: Partial<ReplicaSet['metadata']> = {},
  available = 0,
): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: 'default',
      uid: name,
      resourceVersion: '1',
      creationTimestamp: '2026-01-01T00:00:00Z',
      ...extra,
    },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [] } },
    },
    status: { replicas, availableReplicas: available },
  };
}

describe('NewRSNewReplicas (TestNewRSNewReplicas)', () => {
  const cases: [string, 'RollingUpdate' | 'Recreate', number, number, number, number][] = [
    ['can not scale up - to newRSReplicas', 'RollingUpdate', 1, 5, 1, 5],
    ['scale up - to depReplicas', 'RollingUpdate', 6, 2, 10, 6],
    ['recreate - to depReplicas', 'Recreate', 3, 1, 1, 3],
  ];
  for (const [name, type, depReplicas, newRSReplicas, surge, expected] of cases) {
    it(name, () => {
      const d = deployment(depReplicas, { type, rollingUpdate: { maxUnavailable: 1, maxSurge: surge } });
      expect(newRSNewReplicas(d, [rs('rs5', 5)], rs('new', newRSReplicas))).toBe(expected);
    });
  }
  it('scales up by the default 25 % surge, rounded up, counting every ReplicaSet', () => {
    const d = deployment(10, {
      type: 'RollingUpdate',
      rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' },
    });
    // 10 old + 0 new; maxSurge ceil(2.5) = 3
    expect(newRSNewReplicas(d, [rs('old', 10), rs('new', 0)], rs('new', 0))).toBe(3);
  });
});

describe('MaxUnavailable (TestMaxUnavailable)', () => {
  const ru = (replicas: number, mu: number | string) =>
    deployment(replicas, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: mu, maxSurge: 1 } });
  const cases: [string, Deployment, number][] = [
    ['maxUnavailable less than replicas', ru(10, 5), 5],
    ['maxUnavailable equal replicas', ru(10, 10), 10],
    ['maxUnavailable greater than replicas', ru(5, 10), 5],
    ['maxUnavailable with replicas is 0', ru(0, 10), 0],
    ['maxUnavailable with Recreate deployment strategy', deployment(3, { type: 'Recreate' }), 0],
    ['maxUnavailable less than replicas with percents', ru(10, '50%'), 5],
    ['maxUnavailable equal replicas with percents', ru(10, '100%'), 10],
    ['maxUnavailable greater than replicas with percents', ru(5, '100%'), 5],
  ];
  for (const [name, d, expected] of cases) it(name, () => expect(maxUnavailable(d)).toBe(expected));
});

describe('ResolveFenceposts (TestResolveFenceposts)', () => {
  const cases: [string | undefined, string | undefined, number, number, number][] = [
    ['0%', '0%', 0, 0, 1],
    ['39%', '39%', 10, 4, 3],
    [undefined, '39%', 10, 0, 3],
    ['39%', undefined, 10, 4, 0],
    [undefined, undefined, 10, 0, 1],
  ];
  for (const [surge, unavailable, desired, es, eu] of cases) {
    it(`${surge}/${unavailable} of ${desired}`, () =>
      expect(resolveFenceposts(surge, unavailable, desired)).toEqual([es, eu]));
  }
});

describe('GetReplicaSetProportion (proportional scaling)', () => {
  const d = deployment(12, {
    type: 'RollingUpdate',
    rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' },
  });
  it('is zero for an empty ReplicaSet or nothing to add', () => {
    expect(getReplicaSetProportion(rs('a', 0), d, 5, 0)).toBe(0);
    expect(getReplicaSetProportion(rs('a', 4), d, 0, 0)).toBe(0);
    expect(getReplicaSetProportion(rs('a', 4), d, 5, 5)).toBe(0);
  });
  it('scales each ReplicaSet by the new max over the max it was sized for, rounded, capped by what is left', () => {
    // max-replicas 13 before (10 + 3 surge); now 12 + 3 = 15: 8 * 15 / 13 = 9.23 → 9, +1
    const a = rs('a', 8, { annotations: { [MAX_REPLICAS_ANNOTATION]: '13' } });
    expect(getReplicaSetProportion(a, d, 2, 0)).toBe(1);
    expect(getReplicaSetProportion(a, d, 2, 2)).toBe(0);
    // scaling down to zero: the whole ReplicaSet goes
    expect(getReplicaSetProportion(a, deployment(0, d.spec.strategy), -13, 0)).toBe(-8);
  });
});

describe('SetNewReplicaSetAnnotations (revision and revision-history)', () => {
  const d = deployment(3, {
    type: 'RollingUpdate',
    rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' },
  });
  d.metadata.annotations = {
    'kubernetes.io/change-cause': 'why',
    [REVISION_ANNOTATION]: '9',
    'kubectl.kubernetes.io/last-applied-configuration': '{}',
  };
  it('a new ReplicaSet: the revision, the replica annotations, the change-cause; never the last-applied or revision ones', () => {
    const a: Record<string, string> = {};
    expect(setNewReplicaSetAnnotations(d, a, '1', false)).toBe(true);
    expect(a).toEqual({
      'kubernetes.io/change-cause': 'why',
      [REVISION_ANNOTATION]: '1',
      'deployment.kubernetes.io/desired-replicas': '3',
      'deployment.kubernetes.io/max-replicas': '4',
    });
  });
  it('an old ReplicaSet made new again (undo): the next revision, the old one into revision-history', () => {
    const a: Record<string, string> = { [REVISION_ANNOTATION]: '1' };
    setNewReplicaSetAnnotations(d, a, '3', true);
    expect(a[REVISION_ANNOTATION]).toBe('3');
    expect(a[REVISION_HISTORY_ANNOTATION]).toBe('1');
    setNewReplicaSetAnnotations(d, a, '5', true);
    expect(a[REVISION_HISTORY_ANNOTATION]).toBe('1,3');
  });
  it('never lowers a revision', () => {
    const a: Record<string, string> = { [REVISION_ANNOTATION]: '7', 'kubernetes.io/change-cause': 'why' };
    expect(setNewReplicaSetAnnotations(d, a, '4', true)).toBe(false);
    expect(a[REVISION_ANNOTATION]).toBe('7');
  });
});

describe('DeploymentComplete / DeploymentProgressing / DeploymentTimedOut', () => {
  const d = deployment(3, {
    type: 'RollingUpdate',
    rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' },
  });
  it('complete: every replica updated, counted and available, generation observed', () => {
    expect(
      deploymentComplete(d, { replicas: 3, updatedReplicas: 3, availableReplicas: 3, observedGeneration: 1 }),
    ).toBe(true);
    expect(
      deploymentComplete(d, { replicas: 4, updatedReplicas: 3, availableReplicas: 3, observedGeneration: 1 }),
    ).toBe(false);
    expect(
      deploymentComplete(d, { replicas: 3, updatedReplicas: 3, availableReplicas: 3, observedGeneration: 0 }),
    ).toBe(false);
  });
  it('progressing: more updated, fewer old, more ready or more available than the last status', () => {
    const before = {
      ...d,
      status: { replicas: 4, updatedReplicas: 1, readyReplicas: 3, availableReplicas: 3 },
    };
    expect(
      deploymentProgressing(before, {
        replicas: 4,
        updatedReplicas: 2,
        readyReplicas: 3,
        availableReplicas: 3,
      }),
    ).toBe(true);
    expect(
      deploymentProgressing(before, {
        replicas: 3,
        updatedReplicas: 1,
        readyReplicas: 3,
        availableReplicas: 3,
      }),
    ).toBe(true);
    expect(
      deploymentProgressing(before, {
        replicas: 4,
        updatedReplicas: 1,
        readyReplicas: 3,
        availableReplicas: 3,
      }),
    ).toBe(false);
  });
  it('timed out: lastUpdateTime + progressDeadlineSeconds before now', () => {
    const cond = (reason: string) => ({
      conditions: [
        { type: 'Progressing', status: 'True' as const, reason, lastUpdateTime: '2026-01-01T00:00:00Z' },
      ],
    });
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    expect(deploymentTimedOut(d, cond('ReplicaSetUpdated'), t0 + 600_000)).toBe(false);
    expect(deploymentTimedOut(d, cond('ReplicaSetUpdated'), t0 + 600_001)).toBe(true);
    expect(deploymentTimedOut(d, cond('NewReplicaSetAvailable'), t0 + 9_999_999)).toBe(false);
    expect(deploymentTimedOut(d, cond('ProgressDeadlineExceeded'), t0)).toBe(true);
  });
});

describe('GetReplicaCountForReplicaSets / GetActualReplicaCountForReplicaSets (TestGetReplicaCountForReplicaSets)', () => {
  // rs1: spec 1, status 2; rs2: spec 2, status 3
  const withStatus = (name: string, spec: number, status: number): ReplicaSet => {
    const r = rs(name, spec);
    return { ...r, status: { ...r.status, replicas: status } };
  };
  const rs1 = withStatus('foo', 1, 2);
  const rs2 = withStatus('bar', 2, 3);
  const cases: [string, ReplicaSet[], number, number][] = [
    ['1:2 Replicas', [rs1], 1, 2],
    ['3:5 Replicas', [rs1, rs2], 3, 5],
  ];
  for (const [name, sets, count, actual] of cases)
    it(name, () => {
      expect(getReplicaCountForReplicaSets(sets)).toBe(count);
      expect(getActualReplicaCountForReplicaSets(sets)).toBe(actual);
    });
});
