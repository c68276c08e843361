import { describe, expect, it } from 'vitest';
import { newNode } from '../../cluster/nodeFactory';
import type { ControllerRevision, DaemonSet, KObject } from '../../api/types';
import { Simulation } from '../../simulation';

function daemonSet(name: string): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] },
      },
    },
  } as unknown as KObject;
}

function setup() {
  const sim = new Simulation({ seed: 1 });
  sim.store.create(newNode('n1', { index: 0, now: sim.iso() }));
  const ds = sim.store.create<'DaemonSet'>(daemonSet('web'));
  sim.settle();
  return { sim, ds };
}

const owned = (sim: Simulation, ds: DaemonSet) =>
  sim.store
    .list('ControllerRevision')
    .filter((r) => r.metadata.ownerReferences?.some((o) => o.uid === ds.metadata.uid && o.controller));

describe('ControllerRevision event handlers', () => {
  it('deleteHistory: a deleted current revision is recreated by the next sync', () => {
    const { sim, ds } = setup();
    const [cur] = owned(sim, ds);
    sim.store.delete('ControllerRevision', 'default', cur.metadata.name);
    expect(owned(sim, ds)).toHaveLength(0);
    sim.settle();
    const again = owned(sim, ds);
    expect(again.map((r) => [r.metadata.name, r.revision])).toEqual([[cur.metadata.name, 1]]);
    expect(again[0].metadata.uid).not.toBe(cur.metadata.uid);
  });

  it('addHistory: an orphan whose labels match the selector is adopted', () => {
    const { sim, ds } = setup();
    sim.store.create({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: { name: 'stray', namespace: 'default', labels: { app: 'web' } },
      data: {
        spec: {
          template: {
            metadata: { labels: { app: 'web' } },
            spec: { containers: [{ name: 'c', image: 'nginx:1.26' }] },
          },
        },
      },
      revision: 5,
    } as unknown as ControllerRevision);
    sim.settle();
    expect(owned(sim, ds).map((r) => r.metadata.name)).toContain('stray');
  });

  it('addHistory: an orphan that matches no selector stays an orphan', () => {
    const { sim, ds } = setup();
    sim.store.create({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: { name: 'other', namespace: 'default', labels: { app: 'db' } },
      data: {},
      revision: 1,
    } as unknown as ControllerRevision);
    sim.settle();
    expect(owned(sim, ds).map((r) => r.metadata.name)).not.toContain('other');
    expect(sim.store.get('ControllerRevision', 'default', 'other')!.metadata.ownerReferences).toBeUndefined();
  });

  it('updateHistory: an orphan relabelled to match is adopted', () => {
    const { sim, ds } = setup();
    const cr = sim.store.create<'ControllerRevision'>({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: { name: 'late', namespace: 'default', labels: { app: 'db' } },
      data: {},
      revision: 1,
    } as unknown as ControllerRevision);
    sim.settle();
    sim.store.update({ ...cr, metadata: { ...cr.metadata, labels: { app: 'web' } } });
    sim.settle();
    expect(owned(sim, ds).map((r) => r.metadata.name)).toContain('late');
  });
});
