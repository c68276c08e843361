// Property test of the rolling update under a bad release (issue 19): for random clusters, strategies
// and failures of the new image — an image that does not pull, a container that never turns ready, one
// that crashes or is OOM-killed before minReadySeconds have passed — the controller never takes more
// than maxUnavailable nodes' pods away (with maxSurge, every node keeps a ready pod), the rollout stalls
// with exactly the budget's worth of new pods, and `rollout undo` (the old template back) converges.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Simulation } from '../../simulation';
import { addNode } from '../../cluster/presets';
import { isPodReady } from '../../api/podutil';
import type { DaemonSet } from '../../api/types';
import type { RunBehaviour } from '../../registry/registry';
import { scaledValue } from './util';

const OLD = 'registry.example.com/agent:1';
const NEW = 'registry.example.com/agent:2';

function template(image: string) {
  return {
    metadata: { labels: { app: 'agent' } },
    spec: {
      containers: [
        { name: 'c', image, readinessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 5 } },
      ],
    },
  };
}

function daemonSet(
  strategy: { maxUnavailable: number | string; maxSurge: number | string },
  minReadySeconds: number,
): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      minReadySeconds,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: strategy },
      template: template(OLD),
    },
  } as unknown as DaemonSet;
}

function setImage(sim: Simulation, image: string): void {
  const ds = sim.store.get('DaemonSet', 'default', 'agent')!;
  sim.store.update({ ...ds, spec: { ...ds.spec, template: template(image) } } as DaemonSet);
}

/** Nodes without a ready pod (not being deleted), and how many pods run each image. */
function sample(sim: Simulation) {
  const ready = new Set<string>();
  let newPods = 0;
  let oldPods = 0;
  sim.store.each('Pod', 'default', (p) => {
    if (p.spec.containers[0].image === NEW) newPods++;
    else oldPods++;
    if (p.spec.nodeName && isPodReady(p) && !p.metadata.deletionTimestamp) ready.add(p.spec.nodeName);
  });
  let without = 0;
  sim.store.each('Node', undefined, (n) => {
    if (!ready.has(n.metadata.name)) without++;
  });
  return { without, newPods, oldPods };
}

type Failure = { kind: 'missing' } | { kind: 'run'; run: RunBehaviour };

/** Failures that keep a new pod from ever being available (given minReadySeconds ≥ 10). */
const failureArb: fc.Arbitrary<Failure> = fc.oneof(
  fc.constant<Failure>({ kind: 'missing' }),
  fc.constant<Failure>({ kind: 'run', run: { kind: 'unready' } }),
  fc
    .record({ afterMs: fc.integer({ min: 0, max: 8_000 }), exitCode: fc.integer({ min: 1, max: 255 }) })
    .map<Failure>(({ afterMs, exitCode }) => ({ kind: 'run', run: { kind: 'crash', afterMs, exitCode } })),
  fc
    .integer({ min: 0, max: 8_000 })
    .map<Failure>((afterMs) => ({ kind: 'run', run: { kind: 'oom', afterMs } })),
);

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

describe('a bad release under a rolling update', () => {
  it('never exceeds maxUnavailable (with maxSurge keeps every node ready), stalls at the budget, and recovers on undo', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        strategyArb,
        failureArb,
        fc.integer({ min: 10, max: 30 }),
        fc.integer({ min: 0, max: 1000 }),
        (nodes, strategy, failure, minReadySeconds, seed) => {
          const sim = new Simulation({ seed });
          for (let i = 0; i < nodes; i++) addNode(sim, `n${i}`);
          sim.store.create(daemonSet(strategy, minReadySeconds));
          expect(sim.settle()).toBe(true);
          expect(sample(sim)).toEqual({ without: 0, newPods: 0, oldPods: nodes });

          if (failure.kind === 'missing') sim.registry.missing(NEW);
          else sim.registry.runAs(NEW, failure.run);
          setImage(sim, NEW);
          const surge = strategy.maxSurge !== 0;
          const budget = surge
            ? Math.max(1, scaledValue(strategy.maxSurge, nodes))
            : Math.max(1, scaledValue(strategy.maxUnavailable, nodes));
          // three minutes of the bad release, sampled every 500 ms
          for (let t = 0; t < 360; t++) {
            sim.advance(500);
            const s = sample(sim);
            expect(s.without).toBeLessThanOrEqual(surge ? 0 : budget);
            expect(s.newPods).toBeLessThanOrEqual(Math.min(budget, nodes));
          }
          // stalled: the budget's worth of new pods, never available; the rest keep the old one
          const stalled = sample(sim);
          expect(stalled.newPods).toBe(Math.min(budget, nodes));
          expect(stalled.oldPods).toBe(surge ? nodes : nodes - Math.min(budget, nodes));
          const ds = sim.store.get('DaemonSet', 'default', 'agent')!;
          expect(ds.status?.numberUnavailable ?? 0).toBe(surge ? 0 : Math.min(budget, nodes));

          // rollout undo: the old template again; the failing pods go and every node is ready
          setImage(sim, OLD);
          expect(sim.settle()).toBe(true);
          expect(sample(sim)).toEqual({ without: 0, newPods: 0, oldPods: nodes });
        },
      ),
      { numRuns: 40 },
    );
  }, 180_000);
});
