// Status counters (updateDaemonSetStatus) and history bookkeeping over whole reconcile rounds.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { addNode } from '../../cluster/presets';
import type { DaemonSet } from '../../api/types';

function ds(
  name: string,
  extra: Record<string, unknown> = {},
  podSpec: Record<string, unknown> = {},
): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'c', image: 'registry.example.com/v:1' }], ...podSpec },
      },
      ...extra,
    },
  } as unknown as DaemonSet;
}

const status = (sim: Simulation, name = 'd') => {
  const s = sim.store.get('DaemonSet', 'default', name)!.status;
  return [
    s.desiredNumberScheduled,
    s.currentNumberScheduled,
    s.numberReady,
    s.updatedNumberScheduled,
    s.numberAvailable,
    s.numberMisscheduled,
  ];
};

describe('status', () => {
  it('counts per node: desired, current, ready, up-to-date, available, misscheduled', () => {
    const sim = new Simulation();
    addNode(sim, 'a');
    addNode(sim, 'b');
    addNode(sim, 'c');
    sim.store.create(ds('d'));
    sim.step(); // first sync creates three pods
    expect(status(sim)).toEqual([3, 3, 0, 3, 0, 0]);
    sim.settle();
    expect(status(sim)).toEqual([3, 3, 3, 3, 3, 0]);
    // An untolerated NoSchedule taint: the pod stays, the node leaves DESIRED and counts as misscheduled.
    const b = sim.store.get('Node', undefined, 'b')!;
    sim.store.update({ ...b, spec: { ...b.spec, taints: [{ key: 'k', effect: 'NoSchedule' }] } });
    sim.settle();
    expect(status(sim)).toEqual([2, 2, 2, 2, 2, 1]);
  });

  it('a pod that fits nowhere counts as current and up-to-date but never ready', () => {
    const sim = new Simulation();
    addNode(sim, 'small', { cpu: '500m' });
    sim.store.create(
      ds(
        'd',
        {},
        {
          containers: [
            { name: 'c', image: 'registry.example.com/v:1', resources: { requests: { cpu: '1' } } },
          ],
        },
      ),
    );
    sim.settle();
    expect(status(sim)).toEqual([1, 1, 0, 1, 0, 0]);
    expect(sim.store.list('Pod', 'default')[0].status.phase).toBe('Pending');
  });

  it('minReadySeconds: READY rises before AVAILABLE', () => {
    const sim = new Simulation();
    addNode(sim, 'a');
    sim.store.create(ds('d', { minReadySeconds: 10 }));
    sim.advance(5_000);
    expect(status(sim)).toEqual([1, 1, 1, 1, 0, 0]);
    sim.settle();
    expect(status(sim)).toEqual([1, 1, 1, 1, 1, 0]);
  });

  it('observedGeneration follows the sync', () => {
    const sim = new Simulation();
    addNode(sim, 'a');
    sim.store.create(ds('d'));
    sim.settle();
    const cur = sim.store.get('DaemonSet', 'default', 'd')!;
    sim.store.update({ ...cur, spec: { ...cur.spec, minReadySeconds: 1 } });
    expect(sim.store.get('DaemonSet', 'default', 'd')!.metadata.generation).toBe(2);
    expect(sim.store.get('DaemonSet', 'default', 'd')!.status.observedGeneration).toBe(1);
    sim.settle();
    expect(sim.store.get('DaemonSet', 'default', 'd')!.status.observedGeneration).toBe(2);
  });
});

describe('history', () => {
  const setImage = (sim: Simulation, image: string) => {
    const cur = sim.store.get('DaemonSet', 'default', 'd')!;
    sim.store.update({
      ...cur,
      spec: { ...cur.spec, template: { ...cur.spec.template, spec: { containers: [{ name: 'c', image }] } } },
    });
    sim.settle();
  };
  const revisions = (sim: Simulation) =>
    sim.store
      .list('ControllerRevision', 'default')
      .map(
        (r) =>
          [
            r.revision,
            (r.data as { spec: { template: { spec: { containers: { image: string }[] } } } }).spec.template
              .spec.containers[0].image,
          ] as const,
      )
      .sort((x, y) => x[0] - y[0]);

  it('returning to an earlier template reuses its revision and renumbers it to max+1', () => {
    const sim = new Simulation();
    addNode(sim, 'a');
    sim.store.create(ds('d'));
    sim.settle();
    setImage(sim, 'registry.example.com/v:2');
    expect(revisions(sim)).toEqual([
      [1, 'registry.example.com/v:1'],
      [2, 'registry.example.com/v:2'],
    ]);
    setImage(sim, 'registry.example.com/v:1');
    expect(revisions(sim)).toEqual([
      [2, 'registry.example.com/v:2'],
      [3, 'registry.example.com/v:1'],
    ]);
    expect(sim.store.count('ControllerRevision')).toBe(2);
  });

  it('keeps revisionHistoryLimit old revisions, never one a pod still uses', () => {
    const sim = new Simulation();
    addNode(sim, 'a');
    sim.store.create(ds('d', { revisionHistoryLimit: 1, updateStrategy: { type: 'OnDelete' } }));
    sim.settle();
    setImage(sim, 'registry.example.com/v:2');
    setImage(sim, 'registry.example.com/v:3');
    setImage(sim, 'registry.example.com/v:4');
    // OnDelete: the pod still runs revision 1, so it survives; the limit of 1 old then keeps only it.
    expect(revisions(sim)).toEqual([
      [1, 'registry.example.com/v:1'],
      [4, 'registry.example.com/v:4'],
    ]);
  });

  it('hash labels on pods and revisions match', () => {
    const sim = new Simulation();
    addNode(sim, 'a');
    sim.store.create(ds('d'));
    sim.settle();
    const cr = sim.store.list('ControllerRevision', 'default')[0];
    const pod = sim.store.list('Pod', 'default')[0];
    expect(cr.metadata.name).toBe(`d-${cr.metadata.labels!['controller-revision-hash']}`);
    expect(pod.metadata.labels!['controller-revision-hash']).toBe(
      cr.metadata.labels!['controller-revision-hash'],
    );
    expect(pod.metadata.labels!['pod-template-generation']).toBe('1');
  });
});
