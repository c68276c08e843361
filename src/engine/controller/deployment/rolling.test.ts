// Tables ported from pkg/controller/deployment/rolling_test.go: reconcileNewReplicaSet,
// reconcileOldReplicaSets, cleanupUnhealthyReplicas, scaleDownOldReplicaSetsForRollingUpdate. Where
// upstream reads the fake client's update action, the port reads the ReplicaSet back from the store.

import { describe, expect, it } from 'vitest';
import { harness, newDeployment } from '../../testing/deployments';
import {
  cleanupUnhealthyReplicas,
  reconcileNewReplicaSet,
  reconcileOldReplicaSets,
  scaleDownOldReplicaSetsForRollingUpdate,
} from './rolling';

describe('reconcileNewReplicaSet (TestDeploymentController_reconcileNewReplicaSet)', () => {
  // deploymentReplicas, maxSurge, oldReplicas, newReplicas, scaleExpected, expectedNewReplicas
  const cases: [number, number, number, number, boolean, number?][] = [
    [10, 0, 10, 0, false], // should not scale up
    [10, 2, 10, 0, true, 2],
    [10, 2, 5, 0, true, 7],
    [10, 2, 10, 2, false],
    [10, 2, 2, 11, true, 10], // should scale down
  ];
  for (const [dr, surge, oldR, newR, scaleExpected, expectedNew] of cases)
    it(`${dr} replicas, maxSurge ${surge}, old ${oldR}, new ${newR}: ${scaleExpected ? `new → ${expectedNew}` : 'no scaling'}`, () => {
      const h = harness(newDeployment(dr, { maxSurge: surge, maxUnavailable: 0 }), [
        { name: 'foo-v1', replicas: oldR },
        { name: 'foo-v2', replicas: newR },
      ]);
      const [oldRS, newRS] = h.rss;
      const scaled = reconcileNewReplicaSet(h.ctx, [newRS, oldRS], newRS);
      expect(scaled).toBe(scaleExpected);
      expect(h.size('foo-v2')).toBe(scaleExpected ? expectedNew : newR);
      expect(h.size('foo-v1')).toBe(oldR);
    });
});

describe('reconcileOldReplicaSets (TestDeploymentController_reconcileOldReplicaSets)', () => {
  // deploymentReplicas, maxUnavailable, oldReplicas, newReplicas, readyPodsFromOldRS, readyPodsFromNewRS, scaleExpected, expectedOldReplicas
  const cases: [string, number, number, number, number, number, number, boolean, number?][] = [
    ['maxUnavailable 0: one old pod at a time', 10, 0, 10, 0, 10, 0, true, 9],
    ['maxUnavailable 2: two old pods', 10, 2, 10, 0, 10, 0, true, 8],
    ['the unhealthy old replicas are cleaned up', 10, 2, 10, 0, 8, 0, true, 8],
    ['one unhealthy old replica cleaned up and one ready scaled down', 10, 2, 10, 0, 9, 0, true, 8],
    [
      'the new ReplicaSet’s unavailable pods stop the old ones scaling down further',
      10,
      2,
      8,
      2,
      8,
      0,
      false,
    ],
  ];
  for (const [name, dr, mu, oldR, newR, readyOld, readyNew, scaleExpected, expectedOld] of cases)
    it(name, () => {
      const h = harness(newDeployment(dr, { maxSurge: 0, maxUnavailable: mu, selector: { foo: 'new' } }), [
        { name: 'foo-old', replicas: oldR, statusReplicas: oldR, available: readyOld, hash: 'old' },
        { name: 'foo-new', replicas: newR, statusReplicas: newR, available: readyNew, hash: 'new' },
      ]);
      const [oldRS, newRS] = h.rss;
      const scaled = reconcileOldReplicaSets(h.ctx, [oldRS, newRS], [oldRS], newRS);
      expect(scaled).toBe(scaleExpected);
      // upstream checks only whether it scaled; the size it reached is the table's expectedOldReplicas
      expect(h.size('foo-old')).toBe(scaleExpected ? expectedOld : oldR);
    });
});

describe('cleanupUnhealthyReplicas (TestDeploymentController_cleanupUnhealthyReplicas)', () => {
  // oldReplicas, readyPods, unHealthyPods, maxCleanupCount, cleanupCountExpected
  const cases: [number, number, number, number, number][] = [
    [10, 8, 2, 1, 1],
    [10, 8, 2, 3, 2],
    [10, 8, 2, 0, 0],
    [10, 10, 0, 3, 0],
  ];
  for (const [oldR, ready, unhealthy, max, expected] of cases)
    it(`${oldR} old replicas, ${ready} ready (${unhealthy} unhealthy), at most ${max}: ${expected} cleaned up`, () => {
      const h = harness(newDeployment(10, { maxSurge: 2, maxUnavailable: 2 }), [
        { name: 'foo-v2', replicas: oldR, statusReplicas: oldR, available: ready },
      ]);
      const [cleaned, count] = cleanupUnhealthyReplicas(h.ctx, [h.rss[0]], max);
      expect(count).toBe(expected);
      expect(h.size('foo-v2')).toBe(oldR - expected);
      expect(cleaned[0].spec.replicas).toBe(oldR - expected);
    });
});

describe('scaleDownOldReplicaSetsForRollingUpdate (TestDeploymentController_scaleDownOldReplicaSetsForRollingUpdate)', () => {
  // deploymentReplicas, maxUnavailable, readyPods, oldReplicas, scaleExpected, expectedOldReplicas
  const cases: [number, number, number, number, boolean, number?][] = [
    [10, 0, 10, 10, true, 9],
    [10, 2, 10, 10, true, 8],
    [10, 2, 8, 10, false],
    [10, 2, 10, 0, false],
    [10, 2, 1, 10, false],
  ];
  for (const [dr, mu, ready, oldR, scaleExpected, expectedOld] of cases)
    it(`${dr} replicas, maxUnavailable ${mu}, ${ready} ready of ${oldR} old: ${scaleExpected ? `old → ${expectedOld}` : 'no scaling'}`, () => {
      const h = harness(newDeployment(dr, { maxSurge: 0, maxUnavailable: mu }), [
        { name: 'foo-v2', replicas: oldR, statusReplicas: oldR, available: ready },
      ]);
      const scaled = scaleDownOldReplicaSetsForRollingUpdate(h.ctx, [h.rss[0]], [h.rss[0]]);
      if (!scaleExpected) {
        expect(scaled).toBe(0);
        expect(h.size('foo-v2')).toBe(oldR);
      } else {
        expect(scaled).toBeGreaterThan(0);
        expect(h.size('foo-v2')).toBe(expectedOld);
      }
    });
});
