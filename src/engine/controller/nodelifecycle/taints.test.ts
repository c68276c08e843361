import { describe, expect, it } from 'vitest';
import { newNode } from '../../cluster/nodeFactory';
import type { Node, NodeCondition, Taint } from '../../api/types';
import { nodeConditionTaints, reconcileConditionTaints } from './taints';

const NOW = '2026-01-01T00:00:00Z';

function node(
  conds: Record<string, NodeCondition['status']>,
  o: { unschedulable?: boolean; taints?: Taint[]; noNetwork?: boolean } = {},
): Node {
  const n = newNode('n1', { index: 0, now: NOW, taints: o.taints, noNetwork: o.noNetwork });
  const conditions = n.status.conditions!.map((c) => (conds[c.type] ? { ...c, status: conds[c.type] } : c));
  for (const [type, status] of Object.entries(conds)) {
    if (!conditions.some((c) => c.type === type)) conditions.unshift({ type, status });
  }
  return {
    ...n,
    spec: { ...n.spec, ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: { ...n.status, conditions },
  };
}

const s = (ts: Taint[]) => ts.map((t) => `${t.key}:${t.effect}`);

describe('nodeConditionTaints', () => {
  it.each([
    { name: 'healthy', conds: {}, want: [] },
    {
      name: 'Ready=False',
      conds: { Ready: 'False' },
      want: ['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute'],
    },
    {
      name: 'Ready=Unknown',
      conds: { Ready: 'Unknown' },
      want: ['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute'],
    },
    {
      name: 'MemoryPressure',
      conds: { MemoryPressure: 'True' },
      want: ['node.kubernetes.io/memory-pressure:NoSchedule'],
    },
    {
      name: 'DiskPressure',
      conds: { DiskPressure: 'True' },
      want: ['node.kubernetes.io/disk-pressure:NoSchedule'],
    },
    {
      name: 'PIDPressure',
      conds: { PIDPressure: 'True' },
      want: ['node.kubernetes.io/pid-pressure:NoSchedule'],
    },
    {
      name: 'NetworkUnavailable',
      conds: { NetworkUnavailable: 'True' },
      want: ['node.kubernetes.io/network-unavailable:NoSchedule'],
    },
    { name: 'NetworkUnavailable=False', conds: { NetworkUnavailable: 'False' }, want: [] },
    { name: 'MemoryPressure=Unknown adds nothing', conds: { MemoryPressure: 'Unknown' }, want: [] },
    {
      name: 'cordoned',
      conds: {},
      unschedulable: true,
      want: ['node.kubernetes.io/unschedulable:NoSchedule'],
    },
    {
      name: 'several, in condition order, unschedulable then NoExecute last',
      conds: { DiskPressure: 'True', Ready: 'False', MemoryPressure: 'True' },
      unschedulable: true,
      want: [
        'node.kubernetes.io/memory-pressure:NoSchedule',
        'node.kubernetes.io/disk-pressure:NoSchedule',
        'node.kubernetes.io/not-ready:NoSchedule',
        'node.kubernetes.io/unschedulable:NoSchedule',
        'node.kubernetes.io/not-ready:NoExecute',
      ],
    },
  ] as {
    name: string;
    conds: Record<string, NodeCondition['status']>;
    unschedulable?: boolean;
    want: string[];
  }[])('$name', ({ conds, unschedulable, want }) => {
    expect(s(nodeConditionTaints(node(conds, { unschedulable })))).toEqual(want);
  });
});

describe('reconcileConditionTaints', () => {
  it('appends missing taints after user taints, stamping only NoExecute ones', () => {
    const user: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
    const got = reconcileConditionTaints(node({ Ready: 'False' }, { taints: [user] }), NOW)!;
    expect(got).toEqual([
      user,
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: NOW },
    ]);
  });

  it('removes stale condition taints, keeps user ones and existing timeAdded', () => {
    const existing: Taint[] = [
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
      { key: 'mine', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: '2025-12-31T00:00:00Z' },
    ];
    const got = reconcileConditionTaints(node({ Ready: 'Unknown' }, { taints: existing }), NOW)!;
    expect(got).toEqual([
      { key: 'mine', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: NOW },
    ]);
    const kept = reconcileConditionTaints(
      node({ Ready: 'False', MemoryPressure: 'True' }, { taints: existing }),
      NOW,
    )!;
    expect(kept[2]).toEqual({
      key: 'node.kubernetes.io/not-ready',
      effect: 'NoExecute',
      timeAdded: '2025-12-31T00:00:00Z',
    });
    expect(s(kept)).toEqual([
      'node.kubernetes.io/not-ready:NoSchedule',
      'mine:NoExecute',
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/memory-pressure:NoSchedule',
    ]);
  });

  it('returns undefined when nothing changes, and removes everything on recovery', () => {
    expect(reconcileConditionTaints(node({}), NOW)).toBeUndefined();
    const tainted = node({}, { taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] });
    expect(reconcileConditionTaints(tainted, NOW)).toEqual([]);
    const cordoned = node(
      {},
      { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] },
    );
    expect(reconcileConditionTaints(cordoned, NOW)).toBeUndefined();
  });
});
