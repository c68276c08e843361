// A whole simulation with the pod-create memo and without it (the simple path): apply, settle and a
// rolling update give the same stored objects, byte for byte, and the same step transcript.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Simulation } from '../simulation';
import { applyPreset } from '../cluster/presets';
import { FLUENTD_YAML } from '../testing/builders';
import type { DaemonSet, KObject } from './types';

function run(memo: boolean): { objects: string; steps: string[] } {
  const sim = new Simulation({ seed: 3 });
  if (!memo) sim.store.podCreateMemo = undefined;
  const steps: string[] = [];
  sim.stepListeners.push((r) => steps.push(JSON.stringify(r)));
  applyPreset(sim, 'large', 40);
  sim.store.create(parse(FLUENTD_YAML) as KObject);
  sim.settle();
  const ds = structuredClone(
    sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!,
  ) as DaemonSet;
  ds.spec.template.spec.containers[0].image = 'k8s.gcr.io/fluentd-elasticsearch:v2.2.0';
  ds.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: 0 } };
  sim.store.update(ds);
  sim.settle();
  const updated = sim.store
    .list('Pod', 'kube-system')
    .filter((p) => (p.spec.containers[0].image ?? '').endsWith(':v2.2.0') && !p.metadata.deletionTimestamp);
  expect(updated.length).toBe(40);
  return { objects: JSON.stringify(sim.store.all()), steps };
}

describe('pod-create memo in a simulation', () => {
  it('stores the same objects and runs the same steps as the simple path', () => {
    const fast = run(true);
    const slow = run(false);
    expect(fast.objects.length).toBeGreaterThan(10_000);
    expect(fast.objects).toBe(slow.objects);
    expect(fast.steps).toEqual(slow.steps);
  });
});
