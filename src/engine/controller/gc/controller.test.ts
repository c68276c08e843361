import { describe, expect, it } from 'vitest';
import { newNode } from '../../cluster/nodeFactory';
import type { DaemonSet, KObject, OwnerReference, Pod } from '../../api/types';
import { Simulation } from '../../simulation';
import { TIMINGS } from '../../timings';

function daemonSet(name: string): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        // matches no node: the DaemonSet controller creates no pods of its own
        spec: { nodeSelector: { nowhere: 'true' }, containers: [{ name: 'c', image: 'nginx:1.27' }] },
      },
    },
  } as unknown as KObject;
}

function ref(ds: DaemonSet): OwnerReference {
  return { apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata.name, uid: ds.metadata.uid };
}

function setup() {
  const sim = new Simulation({ seed: 1 });
  sim.store.create(newNode('n1', { index: 0, now: sim.iso() }));
  const ds = sim.store.create<'DaemonSet'>(daemonSet('owner'));
  const other = sim.store.create<'DaemonSet'>(daemonSet('other'));
  const pod = (name: string, owners: OwnerReference[]) =>
    sim.store.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', ownerReferences: owners },
      spec: { containers: [{ name: 'c', image: 'nginx:1.27' }], nodeName: 'n1' },
    } as unknown as Pod);
  pod('only', [ref(ds)]);
  pod('shared', [ref(ds), ref(other)]);
  pod('unrelated', [ref(other)]);
  sim.settle();
  return { sim, ds };
}

const get = (sim: Simulation, name: string) => sim.store.get('Pod', 'default', name);
const revisionsOf = (sim: Simulation, uid: string) =>
  sim.store.list('ControllerRevision').filter((r) => r.metadata.ownerReferences?.some((o) => o.uid === uid));

describe('GarbageCollector', () => {
  it('Background: deletes dependents (pods gracefully) after garbageCollectorDelayMs', () => {
    const { sim, ds } = setup();
    const revisions = sim.store
      .list('ControllerRevision')
      .filter((r) => r.metadata.ownerReferences?.some((o) => o.uid === ds.metadata.uid));
    expect(revisions.length).toBeGreaterThan(0);
    sim.store.delete('DaemonSet', 'default', 'owner');
    sim.advance(TIMINGS.garbageCollectorDelayMs - 1);
    expect(get(sim, 'only')!.metadata.deletionTimestamp).toBeUndefined();
    sim.advance(1);
    expect(get(sim, 'only')!.metadata.deletionTimestamp).toBeDefined();
    expect(revisionsOf(sim, ds.metadata.uid)).toEqual([]);
    expect(
      sim.store.list('ControllerRevision').some((r) => r.metadata.name === revisions[0].metadata.name),
    ).toBe(false);
    // a dependent with another live owner only loses the dangling reference
    expect(get(sim, 'shared')!.metadata.deletionTimestamp).toBeUndefined();
    expect(get(sim, 'shared')!.metadata.ownerReferences!.map((r) => r.name)).toEqual(['other']);
    sim.settle();
    expect(get(sim, 'only')).toBeUndefined();
    expect(get(sim, 'unrelated')).toBeDefined();
  });

  it('Orphan: removes the owner reference and keeps the dependents', () => {
    const { sim, ds } = setup();
    const revision = revisionsOf(sim, ds.metadata.uid)[0];
    sim.store.delete('DaemonSet', 'default', 'owner', { propagationPolicy: 'Orphan' });
    sim.settle();
    const only = get(sim, 'only')!;
    expect(only.metadata.deletionTimestamp).toBeUndefined();
    expect(only.metadata.ownerReferences).toBeUndefined();
    expect(get(sim, 'shared')!.metadata.ownerReferences!.map((r) => r.name)).toEqual(['other']);
    const kept = sim.store.get('ControllerRevision', 'default', revision.metadata.name)!;
    expect(kept.metadata.ownerReferences).toBeUndefined();
  });

  it('queues work only for owners that have dependents', () => {
    const { sim } = setup();
    const gcItems = () => sim.queue.pending().filter((i) => i.controller === 'garbage-collector');
    sim.store.delete('Node', undefined, 'n1');
    expect(gcItems()).toEqual([]);
    sim.store.delete('DaemonSet', 'default', 'other');
    expect(gcItems().map((i) => i.key)).toEqual(['daemonset/default/other']);
  });
});
