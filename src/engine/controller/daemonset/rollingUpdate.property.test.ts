// Property test of the rolling update invariants (issue 3): for random clusters, strategies and
// image changes, sampled every 500 ms of simulated time during the rollout.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Simulation } from '../../simulation';
import { addNode } from '../../cluster/presets';
import { isPodReady } from '../../api/podutil';
import type { DaemonSet } from '../../api/types';
import { scaledValue } from './util';

function daemonSet(strategy: { maxUnavailable: number | string; maxSurge: number | string }): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: strategy },
      template: {
        metadata: { labels: { app: 'agent' } },
        spec: { containers: [{ name: 'c', image: 'registry.example.com/agent:1' }] },
      },
    },
  } as unknown as DaemonSet;
}

/** Nodes (that should run a pod) without a ready pod, and whether every pod runs `image`. */
function sample(sim: Simulation, image: string) {
  const ready = new Set<string>();
  let allNew = true;
  let count = 0;
  sim.store.each('Pod', 'default', (p) => {
    count++;
    if (p.spec.containers[0].image !== image) allNew = false;
    if (p.spec.nodeName && isPodReady(p) && !p.metadata.deletionTimestamp) ready.add(p.spec.nodeName);
  });
  let without = 0;
  sim.store.each('Node', undefined, (n) => {
    if (!ready.has(n.metadata.name)) without++;
  });
  return { without, allNew, count };
}

const strategyArb = fc.oneof(
  fc.record({
    maxUnavailable: fc.oneof(
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 1, max: 100 }).map((p) => `${p}%`),
    ),
    maxSurge: fc.constant(0),
  }),
  fc.record({
    maxUnavailable: fc.constant(0),
    maxSurge: fc.oneof(
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 1, max: 100 }).map((p) => `${p}%`),
    ),
  }),
);

describe('rolling update invariants', () => {
  it('never exceeds maxUnavailable (or, with maxSurge, keeps every node ready) and always converges', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        strategyArb,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 1000 }),
        (nodes, strategy, changes, seed) => {
          const sim = new Simulation({ seed });
          for (let i = 0; i < nodes; i++) addNode(sim, `n${i}`);
          sim.store.create(daemonSet(strategy));
          expect(sim.settle()).toBe(true);
          const budget =
            strategy.maxSurge === 0 ? Math.max(1, scaledValue(strategy.maxUnavailable, nodes)) : 0;
          let image = 'registry.example.com/agent:1';
          for (let c = 0; c < changes; c++) {
            image = `registry.example.com/agent:${c + 2}`;
            const ds = sim.store.get('DaemonSet', 'default', 'agent')!;
            sim.store.update({
              ...ds,
              spec: {
                ...ds.spec,
                template: {
                  ...ds.spec.template,
                  spec: { ...ds.spec.template.spec, containers: [{ name: 'c', image }] },
                },
              },
            });
            let guard = 0;
            while (sim.nextAt() !== undefined) {
              sim.advance(500);
              const s = sample(sim, image);
              expect(s.without).toBeLessThanOrEqual(budget);
              if (++guard > 2000) throw new Error('rollout did not finish within 1000 s of simulated time');
            }
            const end = sample(sim, image);
            expect(end.allNew).toBe(true);
            expect(end.count).toBe(nodes);
            expect(end.without).toBe(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
