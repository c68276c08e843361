import { describe, expect, it } from 'vitest';
import { newNode } from '../../cluster/nodeFactory';
import { FOREGROUND_DELETION_FINALIZER } from '../../api/objectStore';
import { StatusError } from '../../api/errors';
import type { DaemonSet, KObject, OwnerReference, Pod } from '../../api/types';
import { Simulation } from '../../simulation';

function daemonSet(name: string, finalizers?: string[]): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: 'default', ...(finalizers ? { finalizers } : {}) },
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
  sim.store.create(newNode('n2', { index: 1, now: sim.iso() }));
  const ds = sim.store.create<'DaemonSet'>(daemonSet('owner'));
  sim.settle();
  return { sim, ds };
}

const podsOf = (sim: Simulation, uid: string) =>
  sim.store.list('Pod').filter((p) => p.metadata.ownerReferences?.some((o) => o.uid === uid));

describe('foreground cascading deletion', () => {
  it('keeps the owner with a deletionTimestamp and the finalizer until its pods are gone', () => {
    const { sim, ds } = setup();
    expect(podsOf(sim, ds.metadata.uid)).toHaveLength(2);
    const marked = sim.store.delete('DaemonSet', 'default', 'owner', { propagationPolicy: 'Foreground' });
    expect(marked.metadata.deletionTimestamp).toBe(sim.iso());
    expect(marked.metadata.finalizers).toEqual([FOREGROUND_DELETION_FINALIZER]);
    sim.advance(200);
    // the pods are terminating (graceful), the owner is still there
    expect(podsOf(sim, ds.metadata.uid).every((p) => p.metadata.deletionTimestamp)).toBe(true);
    expect(sim.store.get('DaemonSet', 'default', 'owner')).toBeDefined();
    expect(sim.store.list('ControllerRevision')).toHaveLength(0);
    sim.settle();
    expect(podsOf(sim, ds.metadata.uid)).toHaveLength(0);
    expect(sim.store.get('DaemonSet', 'default', 'owner')).toBeUndefined();
  });

  it('does not wait for a dependent that does not block its owner', () => {
    const sim = new Simulation({ seed: 1 });
    sim.store.create(newNode('n1', { index: 0, now: sim.iso() }));
    const spec = daemonSet('owner') as DaemonSet;
    const ds = sim.store.create<'DaemonSet'>({
      ...spec,
      spec: {
        ...spec.spec,
        template: {
          ...spec.spec.template,
          spec: { ...spec.spec.template.spec, nodeSelector: { nowhere: 'true' } },
        },
      },
    } as DaemonSet);
    const ref: OwnerReference = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      name: 'owner',
      uid: ds.metadata.uid,
    };
    sim.store.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'loose', namespace: 'default', ownerReferences: [ref], labels: { other: 'x' } },
      spec: {
        containers: [{ name: 'c', image: 'nginx:1.27' }],
        nodeName: 'n1',
        terminationGracePeriodSeconds: 600,
      },
    } as unknown as Pod);
    sim.settle();
    sim.store.delete('DaemonSet', 'default', 'owner', { propagationPolicy: 'Foreground' });
    sim.advance(300);
    expect(sim.store.get('DaemonSet', 'default', 'owner')).toBeUndefined();
    expect(sim.store.get('Pod', 'default', 'loose')?.metadata.deletionTimestamp).toBeDefined();
  });

  it('removes an owner without dependents at once (the collector drops the finalizer)', () => {
    const sim = new Simulation({ seed: 1 });
    sim.store.create<'DaemonSet'>(daemonSet('lonely'));
    sim.settle();
    // its ControllerRevision is its only dependent
    sim.store.delete('DaemonSet', 'default', 'lonely', { propagationPolicy: 'Foreground' });
    sim.settle();
    expect(sim.store.get('DaemonSet', 'default', 'lonely')).toBeUndefined();
    expect(sim.store.list('ControllerRevision')).toHaveLength(0);
  });
});

describe('finalizers', () => {
  it('block deletion until removed; then the dependents are collected', () => {
    const sim = new Simulation({ seed: 1 });
    sim.store.create(newNode('n1', { index: 0, now: sim.iso() }));
    const ds = sim.store.create<'DaemonSet'>(daemonSet('held', ['example.com/hold']));
    sim.settle();
    sim.store.delete('DaemonSet', 'default', 'held');
    sim.settle();
    const held = sim.store.get('DaemonSet', 'default', 'held')!;
    expect(held.metadata.deletionTimestamp).toBeDefined();
    expect(podsOf(sim, ds.metadata.uid)).toHaveLength(1);
    expect(() =>
      sim.store.update({ ...held, metadata: { ...held.metadata, finalizers: ['example.com/hold', 'new'] } }),
    ).toThrow(StatusError);
    sim.store.update({ ...held, metadata: { ...held.metadata, finalizers: [] } } as DaemonSet);
    expect(sim.store.get('DaemonSet', 'default', 'held')).toBeUndefined();
    sim.settle();
    expect(podsOf(sim, ds.metadata.uid)).toHaveLength(0);
  });
});
