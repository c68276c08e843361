// slowStartBatch (TestSlowStartBatch in replica_set_test.go) and the scale-down ranking
// (ActivePodsWithRanks, TestSortingActivePodsWithRanks in controller_utils_test.go; getPodsToDelete).

import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types';
import { activePodsWithRanksLess, logarithmicRankDiff, slowStartBatch } from './controllerUtils';
import { getPodsToDelete } from './controller';

describe('slowStartBatch (TestSlowStartBatch)', () => {
  const cases: [string, number, number, number, boolean, number][] = [
    ['callLimit = 0 (all fail)', 10, 0, 0, true, 1],
    ['callLimit = count (all succeed)', 10, 10, 10, false, 10],
    ['callLimit < count (some succeed)', 10, 5, 5, true, 7],
  ];
  for (const [name, count, limit, successes, failed, calls] of cases) {
    it(name, () => {
      let n = 0;
      const r = slowStartBatch(count, 1, () => {
        n++;
        if (n > limit) throw new Error('fake error');
      });
      expect(r.successes).toBe(successes);
      expect(r.error !== undefined).toBe(failed);
      expect(n).toBe(calls);
    });
  }
  it('batches of 1, 2, 4, … and the rest', () => {
    expect(slowStartBatch(10, 1, () => undefined).batches).toEqual([1, 2, 4, 3]);
    expect(slowStartBatch(0, 1, () => undefined).batches).toEqual([]);
  });
});

const T0 = Date.parse('2026-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function pod(
  name: string,
  o: {
    node?: string;
    phase?: Pod['status']['phase'];
    ready?: number;
    restarts?: number;
    created?: number;
    cost?: string;
  } = {},
): Pod {
  const conditions =
    o.ready !== undefined
      ? [{ type: 'Ready', status: 'True' as const, lastTransitionTime: iso(o.ready) }]
      : [{ type: 'Ready', status: 'False' as const }];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      uid: `uid-${name}`,
      namespace: 'default',
      resourceVersion: '1',
      creationTimestamp: iso(o.created ?? T0),
      ...(o.cost ? { annotations: { 'controller.kubernetes.io/pod-deletion-cost': o.cost } } : {}),
    },
    spec: { containers: [{ name: 'c' }], ...(o.node ? { nodeName: o.node } : {}) },
    status: {
      phase: o.phase ?? 'Running',
      conditions,
      containerStatuses: [
        {
          name: 'c',
          image: '',
          imageID: '',
          ready: o.ready !== undefined,
          restartCount: o.restarts ?? 0,
          state: {},
        },
      ],
    },
  };
}

describe('ActivePodsWithRanks.Less', () => {
  const now = T0 + 3_600_000;
  const less = (a: Pod, b: Pod, ra = 0, rb = 0) => activePodsWithRanksLess(a, ra, b, rb, now);
  it('1. unassigned before assigned', () => {
    expect(less(pod('a', { phase: 'Pending' }), pod('b', { node: 'n', phase: 'Pending' }))).toBe(true);
    expect(less(pod('b', { node: 'n', phase: 'Pending' }), pod('a', { phase: 'Pending' }))).toBe(false);
  });
  it('2. Pending before Unknown before Running', () => {
    expect(less(pod('a', { node: 'n', phase: 'Pending' }), pod('b', { node: 'n', phase: 'Unknown' }))).toBe(
      true,
    );
    expect(less(pod('a', { node: 'n', phase: 'Unknown' }), pod('b', { node: 'n', phase: 'Running' }))).toBe(
      true,
    );
  });
  it('3. not ready before ready', () => {
    expect(less(pod('a', { node: 'n' }), pod('b', { node: 'n', ready: T0 }))).toBe(true);
  });
  it('4. lower pod-deletion-cost first', () => {
    expect(less(pod('a', { node: 'n', ready: T0, cost: '-10' }), pod('b', { node: 'n', ready: T0 }))).toBe(
      true,
    );
    expect(less(pod('a', { node: 'n', ready: T0, cost: '10' }), pod('b', { node: 'n', ready: T0 }))).toBe(
      false,
    );
  });
  it('5. doubled up (more related pods on its node) first', () => {
    expect(less(pod('a', { node: 'n', ready: T0 }), pod('b', { node: 'm', ready: T0 }), 3, 1)).toBe(true);
  });
  it('6. ready for less time first, compared on a log2 scale (same bucket: by uid)', () => {
    expect(
      less(pod('a', { node: 'n', ready: now - 60_000 }), pod('b', { node: 'n', ready: now - 3_000_000 })),
    ).toBe(true);
    // 61 s and 62 s ago fall in the same power of two of nanoseconds: the uid decides
    expect(logarithmicRankDiff(now - 61_000, now - 62_000, now)).toBe(0);
    expect(
      less(pod('b', { node: 'n', ready: now - 61_000 }), pod('a', { node: 'n', ready: now - 62_000 })),
    ).toBe(false);
  });
  it('7. more container restarts first', () => {
    expect(less(pod('a', { node: 'n', ready: T0, restarts: 3 }), pod('b', { node: 'n', ready: T0 }))).toBe(
      true,
    );
  });
  it('8. newer pods first', () => {
    expect(
      less(
        pod('a', { node: 'n', ready: T0, created: T0 }),
        pod('b', { node: 'n', ready: T0, created: T0 - 3_000_000 }),
      ),
    ).toBe(true);
  });
});

describe('getPodsToDelete', () => {
  const now = T0 + 3_600_000;
  it('takes all when asked for all, else the lowest ranked', () => {
    const pods = [
      pod('ready-old', { node: 'n1', ready: T0 }),
      pod('pending', { phase: 'Pending' }),
      pod('not-ready', { node: 'n1' }),
    ];
    expect(getPodsToDelete(pods, pods, 3, now).map((p) => p.metadata.name)).toEqual([
      'ready-old',
      'pending',
      'not-ready',
    ]);
    expect(getPodsToDelete(pods, pods, 2, now).map((p) => p.metadata.name)).toEqual(['pending', 'not-ready']);
  });
  it("a pod sharing its node with more of the owner's pods goes first", () => {
    const mine = [pod('alone', { node: 'n1', ready: T0 }), pod('crowded', { node: 'n2', ready: T0 })];
    const related = [
      ...mine,
      pod('other-rs-1', { node: 'n2', ready: T0 }),
      pod('other-rs-2', { node: 'n2', ready: T0 }),
    ];
    expect(getPodsToDelete(mine, related, 1, now).map((p) => p.metadata.name)).toEqual(['crowded']);
  });
});
