// getPodsToDelete's comparison on keys read once per pod (rankedPod, rankedPodCompare) against
// ActivePodsWithRanks.Less on the pods themselves, asked both ways (activePodsWithRanksLess, the
// oracle): random pods — assigned or not, phases, readiness and its time, deletion costs, ranks,
// restarts, creation times equal, close and far apart, uids shared — every pair compared the same,
// and the same sorted order.

import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types';
import { Random } from '../../random';
import { sameHiddenClass } from '../../testing/hiddenClass';
import { NO_TIME, activePodsWithRanksLess, rankedPod, rankedPodCompare } from './controllerUtils';

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

/** the oracle's answer as a comparison: Less(a, b), else Less(b, a), else neither */
function lessBothWays(a: { p: Pod; rank: number }, b: { p: Pod; rank: number }): number {
  return activePodsWithRanksLess(a.p, a.rank, b.p, b.rank, NOW)
    ? -1
    : activePodsWithRanksLess(b.p, b.rank, a.p, a.rank, NOW)
      ? 1
      : 0;
}

describe('rankedPodCompare', () => {
  it('compares as activePodsWithRanksLess both ways on random pods, and sorts them the same', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const r = new Random(seed);
      const pods = Array.from({ length: 40 }, (_, i) => ({ p: randomPod(r, i), rank: r.int(3) }));
      const keys = pods.map((x) => rankedPod(x.p, x.rank, NOW));
      for (let i = 0; i < pods.length; i++)
        for (let j = 0; j < pods.length; j++)
          expect(rankedPodCompare(keys[i], keys[j]), `seed ${seed} ${i} ${j}`).toBe(
            lessBothWays(pods[i], pods[j]),
          );
      const plain = [...pods].sort(lessBothWays);
      const fast = [...keys].sort(rankedPodCompare);
      expect(fast.map((k) => k.pod.metadata.name)).toEqual(plain.map((x) => x.p.metadata.name));
    }
  });
});

describe('rankedPod', () => {
  it('keeps its times numbers, an absent one NO_TIME (one field representation, one hidden class)', () => {
    const r = new Random(3);
    const keys = Array.from({ length: 200 }, (_, i) => rankedPod(randomPod(r, i), r.int(3), NOW));
    expect(keys.some((k) => k.readyTime === NO_TIME) && keys.some((k) => k.created === NO_TIME)).toBe(true);
    const other = keys.filter(
      (k) => typeof k.readyTime !== 'number' || typeof k.created !== 'number' || !sameHiddenClass(keys[0], k),
    );
    expect(other.map((k) => `${k.pod.metadata.name} ${k.readyTime} ${k.created}`)).toEqual([]);
  });
});
