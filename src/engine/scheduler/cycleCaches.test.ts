// What a scheduling cycle keeps or skips for speed, against the plain computation it replaces (the
// oracle): the scheduler's node list against the store's, ImageLocality's image summary against one
// made afresh, and the totals of a cycle's prioritizeNodes (no per-plugin parts) against the detailed
// one `sim why` shows — through node changes, a Deployment's scale-ups and a rolling update.

import { describe, expect, it } from 'vitest';
import type { KObject, Node, Pod } from '../api/types';
import { applyPreset } from '../cluster/presets';
import { Simulation } from '../simulation';
import { computeImageStates, imageStatesOf, prioritizeNodes } from './scoring';

function deployment(replicas: number, image = 'nginx:1.27'): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [{ name: 'nginx', image, resources: { requests: { cpu: '50m', memory: '64Mi' } } }],
        },
      },
    },
  } as unknown as KObject;
}

function settle(sim: Simulation): void {
  for (let i = 0; i < 100_000 && sim.nextAt() !== undefined; i++) sim.step();
}

/** The node list, image summary and totals a cycle would use now, each against its oracle. */
function check(sim: Simulation): void {
  const nodes = sim.scheduler.nodes();
  expect(nodes).toEqual(sim.store.list('Node'));
  expect(imageStatesOf(nodes)).toEqual(computeImageStates(sim.store.list('Node')));
  const pending = {
    ...sim.store.list('Pod', 'default')[0],
    spec: { ...sim.store.list('Pod', 'default')[0].spec, nodeName: undefined },
  } as Pod;
  const snap = sim.scheduler.snapshot();
  const feasible = nodes.slice(0, 60);
  const detailed = prioritizeNodes(pending, feasible, snap);
  const totals = prioritizeNodes(pending, feasible, snap, undefined, false);
  expect(totals.nodes.map((n) => [n.name, n.totalScore])).toEqual(
    detailed.nodes.map((n) => [n.name, n.scores.reduce((s, p) => s + p.weighted, 0)]),
  );
  expect(totals.skipped).toEqual(detailed.skipped);
}

describe('a scheduling cycle’s kept and skipped work', () => {
  it('matches the plain computation through node changes, scale-ups and a rolling update', () => {
    const sim = new Simulation({ seed: 3 });
    applyPreset(sim, 'large', 120);
    sim.store.create(deployment(40));
    settle(sim);
    check(sim);
    // the same list while no node changed (what keeps ImageLocality's summary)
    expect(sim.scheduler.nodes()).toBe(sim.scheduler.nodes());
    const before = sim.scheduler.nodes();
    // a node gets images (ImageLocality now has something to score), another a label, a third goes
    const [a, b, c] = sim.store.list('Node');
    sim.store.updateStatus<'Node'>({
      ...a,
      status: {
        ...a.status,
        images: [{ names: ['docker.io/library/nginx:1.27', 'nginx:1.27'], sizeBytes: 200 * 1024 * 1024 }],
      },
    } as Node);
    sim.store.update({ ...b, metadata: { ...b.metadata, labels: { ...b.metadata.labels, tier: 'edge' } } });
    sim.store.delete('Node', undefined, c.metadata.name);
    expect(sim.scheduler.nodes()).not.toBe(before);
    check(sim);
    const withImages = imageStatesOf(sim.scheduler.nodes());
    expect(withImages.byNode.get(a.metadata.name)?.get('nginx:1.27')).toBe(200 * 1024 * 1024);
    // scale up, then roll to a new image
    const d = sim.store.get('Deployment', 'default', 'web')!;
    sim.store.update({ ...d, spec: { ...d.spec, replicas: 90 } });
    settle(sim);
    check(sim);
    const d2 = structuredClone(sim.store.get('Deployment', 'default', 'web')!);
    d2.spec.template.spec.containers[0].image = 'nginx:1.28';
    sim.store.update(d2);
    settle(sim);
    check(sim);
  });
});
