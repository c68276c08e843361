// Table-driven rolling-update decisions, after pkg/controller/daemon/update_test.go.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { addNode } from '../../cluster/presets';
import type { DaemonSet, Pod } from '../../api/types';

interface Case {
  name: string;
  nodes: number;
  maxUnavailable: number | string;
  maxSurge: number | string;
  /** how many old pods to mark not ready before the template changes */
  unready?: number;
  wantDeletes: number;
  wantCreates: number;
}

const cases: Case[] = [
  {
    name: 'maxUnavailable 1 deletes one old pod',
    nodes: 5,
    maxUnavailable: 1,
    maxSurge: 0,
    wantDeletes: 1,
    wantCreates: 0,
  },
  {
    name: 'maxUnavailable 2 deletes two',
    nodes: 5,
    maxUnavailable: 2,
    maxSurge: 0,
    wantDeletes: 2,
    wantCreates: 0,
  },
  {
    name: 'percent rounds up (10% of 5 = 1)',
    nodes: 5,
    maxUnavailable: '10%',
    maxSurge: 0,
    wantDeletes: 1,
    wantCreates: 0,
  },
  {
    name: 'percent rounds up (30% of 5 = 2)',
    nodes: 5,
    maxUnavailable: '30%',
    maxSurge: 0,
    wantDeletes: 2,
    wantCreates: 0,
  },
  {
    name: 'all old pods unready are replaced regardless of the budget (UpdatesAllOldPodsNotReady)',
    nodes: 5,
    maxUnavailable: 3,
    maxSurge: 0,
    unready: 5,
    wantDeletes: 5,
    wantCreates: 0,
  },
  {
    name: 'healthy old pods are kept while the budget is used up (SaveOldHealthyPods)',
    nodes: 5,
    maxUnavailable: 2,
    maxSurge: 0,
    unready: 3,
    wantDeletes: 3,
    wantCreates: 0,
  },
  {
    name: 'maxSurge 1 creates one new pod and deletes none',
    nodes: 4,
    maxUnavailable: 0,
    maxSurge: 1,
    wantDeletes: 0,
    wantCreates: 1,
  },
  {
    name: 'maxSurge 25% of 4 = 1',
    nodes: 4,
    maxUnavailable: 0,
    maxSurge: '25%',
    wantDeletes: 0,
    wantCreates: 1,
  },
  {
    name: 'maxSurge creates at once on nodes whose old pod is unready',
    nodes: 4,
    maxUnavailable: 0,
    maxSurge: 1,
    unready: 2,
    wantDeletes: 0,
    wantCreates: 3,
  },
  {
    name: 'maxSurge 100% creates everywhere',
    nodes: 4,
    maxUnavailable: 0,
    maxSurge: '100%',
    wantDeletes: 0,
    wantCreates: 4,
  },
];

function setup(c: Case) {
  const sim = new Simulation({ seed: 7 });
  for (let i = 0; i < c.nodes; i++) addNode(sim, `n${i}`);
  sim.store.create({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'ds', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'ds' } },
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxUnavailable: c.maxUnavailable, maxSurge: c.maxSurge },
      },
      template: {
        metadata: { labels: { app: 'ds' } },
        spec: { containers: [{ name: 'c', image: 'registry.example.com/v:1' }] },
      },
    },
  } as unknown as DaemonSet);
  sim.settle();
  const pods = sim.store.list('Pod', 'default');
  for (const p of pods.slice(0, c.unready ?? 0)) {
    sim.store.updateStatus({
      ...p,
      status: {
        ...p.status,
        conditions: (p.status.conditions ?? []).map((x) =>
          x.type === 'Ready' ? { ...x, status: 'False' as const } : x,
        ),
      },
    } as Pod);
  }
  const ds = sim.store.get('DaemonSet', 'default', 'ds')!;
  sim.store.update({
    ...ds,
    spec: {
      ...ds.spec,
      template: {
        ...ds.spec.template,
        spec: { containers: [{ name: 'c', image: 'registry.example.com/v:2' }] },
      },
    },
  });
  return sim;
}

describe('rollingUpdate', () => {
  for (const c of cases) {
    it(c.name, () => {
      const sim = setup(c);
      const before = new Set(sim.store.list('Pod', 'default').map((p) => p.metadata.name));
      sim.daemonsets.syncDaemonSet('default/ds');
      const after = sim.store.list('Pod', 'default');
      const deletes = after.filter((p) => p.metadata.deletionTimestamp).length;
      const creates = after.filter((p) => !before.has(p.metadata.name)).length;
      expect({ deletes, creates }).toEqual({ deletes: c.wantDeletes, creates: c.wantCreates });
    });
  }

  it('OnDelete makes a new revision and replaces nothing', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'a');
    sim.store.create({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'ds', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'ds' } },
        updateStrategy: { type: 'OnDelete' },
        template: {
          metadata: { labels: { app: 'ds' } },
          spec: { containers: [{ name: 'c', image: 'registry.example.com/v:1' }] },
        },
      },
    } as unknown as DaemonSet);
    sim.settle();
    const ds = sim.store.get('DaemonSet', 'default', 'ds')!;
    sim.store.update({
      ...ds,
      spec: {
        ...ds.spec,
        template: {
          ...ds.spec.template,
          spec: { containers: [{ name: 'c', image: 'registry.example.com/v:2' }] },
        },
      },
    });
    sim.settle();
    expect(
      sim.store
        .list('ControllerRevision', 'default')
        .map((r) => r.revision)
        .sort(),
    ).toEqual([1, 2]);
    expect(sim.store.list('Pod', 'default').map((p) => p.spec.containers[0].image)).toEqual([
      'registry.example.com/v:1',
    ]);
    expect(sim.store.get('DaemonSet', 'default', 'ds')!.status.updatedNumberScheduled).toBe(0);
  });
});
