// A ReplicaSet's pod events skip making their sync's reason when a sync of it already waits for the
// same time or earlier (the work queue would keep that one); against the plain path
// (`enqueueEvery`, the oracle), the same work items run, at the same times, for the same reasons and
// with the same results, through adoption, a scale-up, a rolling update with minReadySeconds (syncs
// queued later than a pod event's) and a scale-down, and the queue holds the same items throughout.

import { describe, expect, it } from 'vitest';
import type { Deployment, KObject } from '../../api/types';
import { applyPreset } from '../../cluster/presets';
import { Simulation } from '../../simulation';
import { orphanPod, settleSteps } from '../../testing/deployments';

function deployment(replicas: number, minReadySeconds: number): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas,
      minReadySeconds,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
      },
    },
  } as unknown as KObject;
}

/** Every work item run (time, controller, key, reason, result) and the waiting items after each. */
function run(every: boolean, minReadySeconds: number): string[] {
  const sim = new Simulation({ seed: 21 });
  sim.replicaSets.enqueueEvery = every;
  applyPreset(sim, 'large', 6);
  const trace: string[] = [];
  sim.stepListeners.push((r) => {
    trace.push(`${r.time} ${r.controller} ${r.key} ${r.reason} → ${r.result}`);
    trace.push(
      sim.queue
        .pending()
        .map((w) => `${w.at} ${w.controller} ${w.key} ${w.reason}`)
        .join(' | '),
    );
  });
  sim.store.create(orphanPod('stray-1'));
  settleSteps(sim);
  sim.store.create(deployment(8, minReadySeconds));
  // with minReadySeconds, a sync waits later than a pod event's would run: an annotated pod then
  // moves it earlier (a pod event that must reach the queue although a sync of its owner waits)
  const waitsLater = () =>
    sim.queue
      .pending()
      .some((w) => w.controller === 'replicaset-controller' && w.reason.includes('minReady'));
  for (let i = 0; i < 100_000 && sim.nextAt() !== undefined && !waitsLater(); i++) sim.step();
  if (minReadySeconds > 0) {
    expect(waitsLater()).toBe(true);
    const pod = sim.store.list('Pod', 'default').find((p) => p.metadata.ownerReferences?.length)!;
    sim.store.update({ ...pod, metadata: { ...pod.metadata, annotations: { touched: 'yes' } } });
  }
  settleSteps(sim);
  const update = (f: (d: Deployment) => void) => {
    const d = structuredClone(sim.store.get('Deployment', 'default', 'web')!) as Deployment;
    f(d);
    sim.store.update(d);
    settleSteps(sim);
  };
  update((d) => (d.spec.replicas = 15));
  sim.store.create(orphanPod('stray-2'));
  update((d) => (d.spec.template.spec.containers[0].image = 'nginx:1.28'));
  update((d) => (d.spec.replicas = 4));
  // a ReplicaSet deleted and made again under its name while a sync of the old one may wait
  const rs = sim.store.list('ReplicaSet', 'default')[0];
  sim.store.delete('ReplicaSet', 'default', rs.metadata.name);
  settleSteps(sim);
  return trace;
}

describe('a ReplicaSet’s pod events while its sync waits', () => {
  for (const min of [0, 5]) {
    it(`run the same work items as handing every event to the queue (minReadySeconds ${min})`, () => {
      const skipped = run(false, min);
      const every = run(true, min);
      expect(skipped.length).toBeGreaterThan(200);
      expect(skipped).toEqual(every);
    });
  }
});
