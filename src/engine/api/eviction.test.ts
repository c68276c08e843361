// The eviction subresource against its budget (eviction.go): delete when allowed and take the
// disruption, 429 with the API server's words when not.

import { describe, expect, it } from 'vitest';
import { createDeploymentCommand } from '../kubectl/commands/createDeployment';
import type { Simulation } from '../simulation';
import { runDef, simWithNodes } from '../testing/kubectl';
import { StatusError } from './errors';
import { EVICTION_REFUSED_MESSAGE, evictPod } from './eviction';
import type { Pod, PodDisruptionBudget } from './types';

function cluster(minAvailable: number | string, extra: Partial<PodDisruptionBudget['spec']> = {}) {
  const sim = simWithNodes(['node-1']);
  runDef(sim, createDeploymentCommand, 'web --image=nginx:1.27 --replicas=2');
  sim.settle();
  sim.store.create({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web', namespace: 'default' },
    spec: { minAvailable, selector: { matchLabels: { app: 'web' } }, ...extra },
  } as PodDisruptionBudget);
  sim.settle();
  const pods = sim.store.list('Pod', 'default');
  return { sim, pods };
}

const budget = (sim: Simulation) => sim.store.get('PodDisruptionBudget', 'default', 'web')!;

function refusal(f: () => void): StatusError {
  try {
    f();
  } catch (e) {
    if (e instanceof StatusError) return e;
    throw e;
  }
  throw new Error('the eviction was not refused');
}

describe('evictPod', () => {
  it('takes an allowed disruption: the pod goes, the budget records it (disruptedPods, 0 left)', () => {
    const { sim, pods } = cluster(1);
    expect(budget(sim).status.disruptionsAllowed).toBe(1);
    evictPod(sim.store, 'default', pods[0].metadata.name, {}, sim.now());
    const pod = sim.store.get('Pod', 'default', pods[0].metadata.name)!;
    expect(pod.metadata.deletionTimestamp).toBeDefined();
    expect(pod.status.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'EvictionByEvictionAPI',
      message: 'Eviction API: evicting',
    });
    const s = budget(sim).status;
    expect(s.disruptionsAllowed).toBe(0);
    expect(s.disruptedPods).toEqual({ [pods[0].metadata.name]: sim.iso() });
    expect(s.conditions![0]).toMatchObject({ status: 'False', reason: 'InsufficientPods' });
    // the second pod is protected until the controller sees a replacement healthy
    const e = refusal(() => evictPod(sim.store, 'default', pods[1].metadata.name, {}, sim.now()));
    expect([e.code, e.reason, e.message]).toEqual([429, 'TooManyRequests', EVICTION_REFUSED_MESSAGE]);
  });

  it('refuses with 429 and the DisruptionBudget cause when no disruption is allowed', () => {
    const { sim, pods } = cluster(2);
    const e = refusal(() => evictPod(sim.store, 'default', pods[0].metadata.name, {}, sim.now()));
    expect(e.code).toBe(429);
    expect(e.message).toBe("Cannot evict pod as it would violate the pod's disruption budget.");
    expect(e.causes).toEqual([
      {
        reason: 'DisruptionBudget',
        message: 'The disruption budget web needs 2 healthy pods and has 2 currently',
      },
    ]);
    expect(e.retryAfterSeconds).toBe(0);
    expect(
      sim.store.get('Pod', 'default', pods[0].metadata.name)!.metadata.deletionTimestamp,
    ).toBeUndefined();
  });

  it('refuses (retry after 10 s) while the controller has not seen the budget’s generation', () => {
    const { sim, pods } = cluster(1);
    const b = budget(sim);
    sim.store.update({ ...b, spec: { ...b.spec, minAvailable: 0 } });
    const e = refusal(() => evictPod(sim.store, 'default', pods[0].metadata.name, {}, sim.now()));
    expect(e.causes![0].message).toBe('The disruption budget web is still being processed by the server.');
    expect(e.retryAfterSeconds).toBe(10);
  });

  it('a dry run decides the same and changes nothing', () => {
    const { sim, pods } = cluster(1);
    evictPod(sim.store, 'default', pods[0].metadata.name, { dryRun: true }, sim.now());
    expect(budget(sim).status.disruptionsAllowed).toBe(1);
    expect(
      sim.store.get('Pod', 'default', pods[0].metadata.name)!.metadata.deletionTimestamp,
    ).toBeUndefined();
  });

  it('500 for a pod under two budgets; 404 for a missing pod', () => {
    const { sim, pods } = cluster(1);
    sim.store.create({ ...budget(sim), metadata: { name: 'web-2', namespace: 'default' } } as never);
    const e = refusal(() => evictPod(sim.store, 'default', pods[0].metadata.name, {}, sim.now()));
    expect([e.code, e.message]).toEqual([
      500,
      'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
    ]);
    expect(refusal(() => evictPod(sim.store, 'default', 'nope', {}, sim.now())).message).toBe(
      'pods "nope" not found',
    );
  });

  it('an unready pod: evicted without taking from the budget under AlwaysAllow, refused otherwise when the budget is short', () => {
    for (const policy of ['AlwaysAllow', 'IfHealthyBudget']) {
      const { sim, pods } = cluster(2, { unhealthyPodEvictionPolicy: policy });
      const p = sim.store.get('Pod', 'default', pods[0].metadata.name)!;
      sim.store.updateStatus<'Pod'>({
        ...p,
        status: { ...p.status, conditions: [{ type: 'Ready', status: 'False' }] },
      } as unknown as Pod);
      // the controller's next sync (the kubelet would set Ready back later: a short step only)
      sim.advance(100);
      expect(budget(sim).status.currentHealthy).toBe(1);
      const evict = () => evictPod(sim.store, 'default', p.metadata.name, {}, sim.now());
      if (policy === 'AlwaysAllow') {
        evict();
        expect(sim.store.get('Pod', 'default', p.metadata.name)?.metadata.deletionTimestamp).toBeDefined();
        expect(budget(sim).status.disruptedPods).toBeUndefined();
      } else expect(refusal(evict).code).toBe(429);
    }
  });

  it('a Pending pod costs no disruption (canIgnorePDB)', () => {
    const { sim } = cluster(5);
    const pending = sim.store.create<'Pod'>({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'late', namespace: 'default', labels: { app: 'web' } },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    } as unknown as Pod);
    expect(pending.status.phase).toBe('Pending');
    evictPod(sim.store, 'default', 'late', { gracePeriodSeconds: 0 }, sim.now());
    expect(sim.store.get('Pod', 'default', 'late')).toBeUndefined();
  });
});
