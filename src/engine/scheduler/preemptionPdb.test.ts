// DefaultPreemption and PodDisruptionBudgets (preemption.go filterPodsWithPDBViolation,
// SelectVictimsOnNode's reprieve order, pickOneNodeForPreemption's first criterion).

import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import type { Pod, PodDisruptionBudget, PodSpec } from '../api/types';
import { filterPodsWithPDBViolation, pickOneNodeForPreemption, selectVictimsOnNode } from './preemption';

function pod(
  name: string,
  priority: number,
  cpu: string,
  labels?: Record<string, string>,
  start = '2026-01-01T00:00:01Z',
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, ...(labels ? { labels } : {}) },
    spec: {
      priority,
      nodeName: 'n1',
      containers: [{ name: 'c', image: 'nginx:1.27', resources: { requests: { cpu } } }],
    } as PodSpec,
    status: { phase: 'Running', startTime: start },
  } as Pod;
}

function pdb(app: string, allowed: number, disruptedPods?: Record<string, string>): PodDisruptionBudget {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: app, namespace: 'default' },
    spec: { minAvailable: 1, selector: { matchLabels: { app } } },
    status: {
      disruptionsAllowed: allowed,
      currentHealthy: 0,
      desiredHealthy: 0,
      expectedPods: 0,
      ...(disruptedPods ? { disruptedPods } : {}),
    },
  } as unknown as PodDisruptionBudget;
}

const names = (pods: readonly Pod[]) => pods.map((p) => p.metadata.name);

describe('filterPodsWithPDBViolation', () => {
  it('takes one disruption per selected pod; past zero they violate; unlabelled or already disrupted pods do not count', () => {
    const pods = [pod('a', 1, '1', { app: 'web' }), pod('b', 1, '1', { app: 'web' }), pod('c', 1, '1')];
    const r = filterPodsWithPDBViolation(pods, [pdb('web', 1)]);
    expect([names(r.violating), names(r.nonViolating)]).toEqual([['b'], ['a', 'c']]);
    const again = filterPodsWithPDBViolation(pods, [pdb('web', 1, { a: '2026-01-01T00:00:00Z' })]);
    expect(names(again.violating)).toEqual([]);
    // an empty selector matches nothing here
    const empty = { ...pdb('web', 0), spec: { minAvailable: 1, selector: {} } } as PodDisruptionBudget;
    expect(names(filterPodsWithPDBViolation(pods, [empty]).violating)).toEqual([]);
  });
});

describe('SelectVictimsOnNode with budgets', () => {
  const n = newNode('n1', { index: 0, now: '2026-01-01T00:00:00Z', cpu: '2' });

  it('reprieves the pods a budget protects first, and counts the violations it cannot avoid', () => {
    // the guarded pod started later: less important, the one to go were it not for its budget
    const bound = [pod('guarded', 1, '1', { app: 'web' }, '2026-01-01T00:00:09Z'), pod('free', 1, '1')];
    // one cpu needed: the guarded pod is put back first, the free one is the victim
    const one = selectVictimsOnNode(pod('p', 10, '1'), n, bound, [pdb('web', 0)]);
    expect(one).toMatchObject({ numPDBViolations: 0 });
    expect(names((one as { victims: Pod[] }).victims)).toEqual(['free']);
    // without the budget the usual order holds: the later start goes
    expect(names((selectVictimsOnNode(pod('p', 10, '1'), n, bound) as { victims: Pod[] }).victims)).toEqual([
      'guarded',
    ]);
    // two cpus needed: both go, one of them against its budget
    const two = selectVictimsOnNode(pod('p', 10, '2'), n, bound, [pdb('web', 0)]);
    expect(two).toMatchObject({ numPDBViolations: 1 });
    expect(names((two as { victims: Pod[] }).victims).sort()).toEqual(['free', 'guarded']);
  });
});

describe('pickOneNodeForPreemption with budgets', () => {
  it('prefers the node with fewer budget violations over one with lower-priority victims', () => {
    const best = pickOneNodeForPreemption([
      { node: 'a', victims: [pod('x', 1, '1')], numPDBViolations: 1 },
      { node: 'b', victims: [pod('y', 5, '1'), pod('z', 5, '1')], numPDBViolations: 0 },
    ]);
    expect(best?.node).toBe('b');
  });
});

describe('TestDryRunPreemption’s budget cases (default_preemption_test.go)', () => {
  // node1 of 500m (veryLargeRes); the preemptor asks 500m, so every pod on the node must go
  const n1 = newNode('n1', { index: 0, now: '2026-01-01T00:00:00Z', cpu: '500m' });
  const foo = (name: string) => pod(name, 100, '200m', { app: 'foo' });
  const run = (pods: Pod[], budget: PodDisruptionBudget) => {
    const r = selectVictimsOnNode(pod('p', 1000, '500m'), n1, pods, [budget]) as {
      victims: Pod[];
      numPDBViolations: number;
    };
    // the upstream test sorts each candidate's victims by name before comparing
    return [names(r.victims).sort(), r.numPDBViolations];
  };
  it('preemption with violation of same pdb: both go, one violation', () => {
    expect(run([foo('p1.1'), foo('p1.2')], pdb('foo', 1))).toEqual([['p1.1', 'p1.2'], 1]);
  });
  it('… with a pod whose eviction was processed, the victim not in DisruptedPods: still one violation', () => {
    expect(run([foo('p1.1'), foo('p1.2')], pdb('foo', 1, { p2: '2026-01-01T00:00:00Z' }))).toEqual([
      ['p1.1', 'p1.2'],
      1,
    ]);
  });
  it('… the victim in DisruptedPods: no violation', () => {
    expect(run([foo('p1.1'), foo('p1.2')], pdb('foo', 1, { 'p1.2': '2026-01-01T00:00:00Z' }))).toEqual([
      ['p1.1', 'p1.2'],
      0,
    ]);
  });
  it('… the victim in DisruptedPods is treated as non-violating, the other two take the budget below zero once', () => {
    const threeNode = newNode('n1', { index: 0, now: '2026-01-01T00:00:00Z', cpu: '600m' });
    const r = selectVictimsOnNode(
      pod('p', 1000, '600m'),
      threeNode,
      [foo('p1.1'), foo('p1.2'), foo('p1.3')],
      [pdb('foo', 1, { 'p1.3': '2026-01-01T00:00:00Z' })],
    ) as { victims: Pod[]; numPDBViolations: number };
    expect([names(r.victims).sort(), r.numPDBViolations]).toEqual([['p1.1', 'p1.2', 'p1.3'], 1]);
  });
});
