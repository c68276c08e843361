// TestOldPodsRunning, ported from pkg/controller/deployment/recreate_test.go: whether Recreate must
// still wait before it creates the new ReplicaSet.

import { describe, expect, it } from 'vitest';
import type { Pod, ReplicaSet } from '../../api/types';
import { oldPodsRunning } from './recreate';

/** rsWithUID / newRSWithStatus: only what oldPodsRunning reads */
function rs(uid: string, specReplicas = 0, statusReplicas = 0): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: `foo-${uid}`, namespace: 'default', uid },
    spec: { replicas: specReplicas, selector: { matchLabels: { foo: 'bar' } }, template: {} },
    status: { replicas: statusReplicas },
  } as unknown as ReplicaSet;
}

const pod = (phase?: string) => ({ status: phase ? { phase } : undefined }) as unknown as Pod;
const podMap = (m: Record<string, (string | undefined)[]>) =>
  new Map(Object.entries(m).map(([uid, phases]) => [uid, phases.map(pod)]));

describe('oldPodsRunning (TestOldPodsRunning)', () => {
  const cases: [string, ReplicaSet[], Map<string, Pod[]>, boolean][] = [
    ['no old RSs', [], new Map(), false],
    [
      'old RSs with running pods',
      [rs('some-uid'), rs('other-uid')],
      podMap({ 'some-uid': [undefined, undefined], 'other-uid': [undefined, undefined] }),
      true,
    ],
    ['old RSs without pods but with non-zero status replicas', [rs('rs-1', 0, 1)], new Map(), true],
    ['old RSs without pods or non-zero status replicas', [rs('rs-1', 0, 0)], new Map(), false],
    [
      'old RSs with zero status replicas but pods in terminal state are present',
      [rs('rs-1')],
      podMap({ 'uid-1': ['Failed', 'Succeeded'] }),
      false,
    ],
    [
      'old RSs with zero status replicas but pod in unknown phase present',
      [rs('rs-1')],
      podMap({ 'uid-1': ['Unknown'] }),
      true,
    ],
    [
      'old RSs with zero status replicas with pending pod present',
      [rs('rs-1')],
      podMap({ 'uid-1': ['Pending'] }),
      true,
    ],
    [
      'old RSs with zero status replicas with running pod present',
      [rs('rs-1')],
      podMap({ 'uid-1': ['Running'] }),
      true,
    ],
    [
      'old RSs with zero status replicas but pods in terminal state and pending are present',
      [rs('rs-1')],
      podMap({ 'uid-1': ['Failed', 'Succeeded'], 'uid-2': [], 'uid-3': ['Pending'] }),
      true,
    ],
  ];
  for (const [name, oldRSs, pods, expected] of cases)
    it(name, () => expect(oldPodsRunning(undefined, oldRSs, pods)).toBe(expected));

  it("the new ReplicaSet's own pods do not count", () => {
    const newRS = rs('new-uid', 1, 1);
    expect(oldPodsRunning(newRS, [rs('rs-1')], podMap({ 'new-uid': ['Running'] }))).toBe(false);
  });
});
