// The pods a ReplicaSet sync's status counts after it wrote: the first claim's with its own creates
// added and deletes dropped (when no other pod changed), against the plain computation, listing and
// claiming the pods again (`relistForStatus`, the oracle): the same ReplicaSet statuses, in the same
// order, through orphans adopted, a scale-up, a rolling update and a scale-down — and when something
// else changes a pod while the sync writes, the fast path stands aside.

import { describe, expect, it } from 'vitest';
import type { Deployment, KObject, Pod, ReplicaSet } from '../../api/types';
import { applyPreset } from '../../cluster/presets';
import { Simulation } from '../../simulation';
import { orphanPod, scaleRolloutScaleDown, settleSteps } from '../../testing/deployments';

function deployment(replicas: number): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
      },
    },
  } as unknown as KObject;
}

/**
 * Every ReplicaSet status the run writes, in order, and the pods at the end. `meddle`: a listener
 * that, when a ReplicaSet creates a pod, marks another of its running pods Failed at once (a pod
 * change that is not the sync's own, made while it writes).
 */
function run(relist: boolean, meddle: boolean): { statuses: string[]; pods: string[] } {
  const sim = new Simulation({ seed: 11 });
  sim.replicaSets.relistForStatus = relist;
  applyPreset(sim, 'large', 8);
  const statuses: string[] = [];
  sim.watch(
    (c) => {
      if (c.type === 'DELETED') return;
      const rs = c.obj as ReplicaSet;
      statuses.push(`${rs.metadata.name} ${JSON.stringify(rs.status)}`);
    },
    ['ReplicaSet'],
  );
  let meddled = 0;
  if (meddle)
    sim.watch(
      (c) => {
        const p = c.obj as Pod;
        if (c.type !== 'ADDED' || !p.metadata.ownerReferences?.length || meddled >= 3) return;
        const victim = sim.store
          .list('Pod', 'default')
          .find((o) => o.status?.phase === 'Running' && o.metadata.name !== p.metadata.name);
        if (!victim) return;
        meddled++;
        sim.store.updateStatus<'Pod'>({ ...victim, status: { ...victim.status, phase: 'Failed' } });
      },
      ['Pod'],
    );
  sim.store.create(orphanPod('stray-1'));
  sim.store.create(orphanPod('stray-2'));
  settleSteps(sim);
  sim.store.create(deployment(6));
  settleSteps(sim);
  scaleRolloutScaleDown(sim);
  if (meddle) expect(meddled).toBe(3);
  const pods = sim.store
    .list('Pod', 'default')
    .map((p) => `${p.metadata.name} ${p.status?.phase} ${p.metadata.deletionTimestamp ?? ''}`);
  return { statuses, pods };
}

describe('the pods a ReplicaSet sync counts after its own writes', () => {
  it('are those a second listing and claim gives: the same statuses through adoption, scale-up, rollout and scale-down', () => {
    const kept = run(false, false);
    const relisted = run(true, false);
    expect(kept.statuses.length).toBeGreaterThan(20);
    expect(kept.statuses).toEqual(relisted.statuses);
    expect(kept.pods).toEqual(relisted.pods);
  });

  it('are listed again when another pod changed while the sync wrote', () => {
    const kept = run(false, true);
    const relisted = run(true, true);
    expect(kept.statuses).toEqual(relisted.statuses);
    expect(kept.pods).toEqual(relisted.pods);
  });
});

describe('a ReplicaSet’s pods made from its frozen template', () => {
  function pods(memo: boolean): Pod[] {
    const sim = new Simulation({ seed: 4 });
    if (!memo) sim.store.podCreateMemo = undefined;
    applyPreset(sim, 'large', 6);
    sim.store.create(deployment(12));
    settleSteps(sim);
    const d = structuredClone(sim.store.get('Deployment', 'default', 'web')!) as Deployment;
    d.spec.template.spec.containers[0].image = 'nginx:1.28';
    sim.store.update(d);
    settleSteps(sim);
    return sim.store.list('Pod', 'default');
  }

  it('share the template’s spec through the create memo, and are the pods the simple path makes', () => {
    const memo = pods(true);
    const simple = pods(false);
    // the same bytes, key order included
    expect(memo.map((p) => JSON.stringify(p))).toEqual(simple.map((p) => JSON.stringify(p)));
    // the memo took them: the pods made from one stored template hold one (frozen) list of
    // containers, not a copy each (the rollout scales the new ReplicaSet up in steps, and each update
    // of it stores its template anew: a few lists, against one per pod on the simple path)
    expect(memo.length).toBe(12);
    expect(new Set(memo.map((p) => p.spec.containers)).size).toBeLessThanOrEqual(4);
    expect(new Set(simple.map((p) => p.spec.containers)).size).toBe(12);
  });
});
