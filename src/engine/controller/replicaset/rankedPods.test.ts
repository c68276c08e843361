// getPodsToDelete's comparison on keys read once per pod (rankedPod, rankedPodLess) against
// ActivePodsWithRanks.Less on the pods themselves (activePodsWithRanksLess, the oracle): random pods
// — assigned or not, phases, readiness and its time, deletion costs, ranks, restarts, creation times
// equal, close and far apart — every pair compared the same, and the same sorted order.

import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types';
import { Random } from '../../random';
import { sameHiddenClass } from '../../testing/hiddenClass';
import { NO_TIME, activePodsWithRanksLess, rankedPod, rankedPodLess } from './controllerUtils';

const NOW = Date.parse('2026-01-01T12:00:00Z');

function iso(r: Random): string | undefined {
  if (r.int(8) === 0) return undefined;
  const back = [0, 1, 999, 1000, 60_000, 3_600_000, 7_200_000][r.int(7)] + r.int(3);
  return new Date(NOW - back).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function randomPod(r: Random, i: number): Pod {
  const ready = r.int(3);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `p${i}`,
      uid: `u${r.int(50)}`,
      creationTimestamp: iso(r),
      ...(r.int(4) === 0
        ? { annotations: { 'controller.kubernetes.io/pod-deletion-cost': ['1', '-2', 'x', '0'][r.int(4)] } }
        : {}),
    },
    spec: { containers: [{ name: 'c', image: 'i' }], ...(r.int(4) ? { nodeName: `n${r.int(3)}` } : {}) },
    status: {
      phase: ['Pending', 'Running', 'Unknown', undefined][r.int(4)],
      ...(ready
        ? {
            conditions: [
              { type: 'Ready', status: ready === 1 ? 'True' : 'False', lastTransitionTime: iso(r) },
            ],
          }
        : {}),
      containerStatuses: [{ name: 'c', restartCount: r.int(3) }],
    },
  } as unknown as Pod;
}

describe('rankedPodLess', () => {
  it('compares as activePodsWithRanksLess on random pods, and sorts them the same', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const r = new Random(seed);
      const pods = Array.from({ length: 40 }, (_, i) => ({ p: randomPod(r, i), rank: r.int(3) }));
      const keys = pods.map((x) => rankedPod(x.p, x.rank));
      for (let i = 0; i < pods.length; i++)
        for (let j = 0; j < pods.length; j++)
          expect(rankedPodLess(keys[i], keys[j], NOW), `seed ${seed} ${i} ${j}`).toBe(
            activePodsWithRanksLess(pods[i].p, pods[i].rank, pods[j].p, pods[j].rank, NOW),
          );
      const plain = [...pods].sort((x, y) =>
        activePodsWithRanksLess(x.p, x.rank, y.p, y.rank, NOW)
          ? -1
          : activePodsWithRanksLess(y.p, y.rank, x.p, x.rank, NOW)
            ? 1
            : 0,
      );
      const fast = [...keys].sort((x, y) =>
        rankedPodLess(x, y, NOW) ? -1 : rankedPodLess(y, x, NOW) ? 1 : 0,
      );
      expect(fast.map((k) => k.pod.metadata.name)).toEqual(plain.map((x) => x.p.metadata.name));
    }
  });
});

describe('rankedPod', () => {
  it('keeps its times numbers, an absent one NO_TIME (one field representation, one hidden class)', () => {
    const r = new Random(3);
    const keys = Array.from({ length: 200 }, (_, i) => rankedPod(randomPod(r, i), r.int(3)));
    expect(keys.some((k) => k.readyTime === NO_TIME) && keys.some((k) => k.created === NO_TIME)).toBe(true);
    const other = keys.filter(
      (k) => typeof k.readyTime !== 'number' || typeof k.created !== 'number' || !sameHiddenClass(keys[0], k),
    );
    expect(other.map((k) => `${k.pod.metadata.name} ${k.readyTime} ${k.created}`)).toEqual([]);
  });
});
