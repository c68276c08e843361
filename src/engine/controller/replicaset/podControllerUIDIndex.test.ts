// The PodControllerUIDIndex (podControllerUIDIndex.ts) against its oracle, the namespace's pods in list
// order filtered to an owner's and the orphans: random pod changes (ControllerRefs given, moved,
// dropped; non-controller owners; deletes; two namespaces), queried as they go, built part-way; and
// the ReplicaSet controller reading it against listing its namespace (`listNamespacePods`): the same
// work items and results (claims, created and deleted pods) and ReplicaSet statuses through orphans
// adopted and released, a scale-up, a rolling update and a scale-down.

import { describe, expect, it } from 'vitest';
import { byNamespaceAndName } from '../../api/listOrder';
import type { Change } from '../../api/objectStore';
import { controllerRef } from '../../api/podutil';
import type { KObject, OwnerReference, Pod, ReplicaSet } from '../../api/types';
import { applyPreset } from '../../cluster/presets';
import { Random } from '../../random';
import { Simulation } from '../../simulation';
import { orphanPod, scaleRolloutScaleDown, settleSteps, webDeployment } from '../../testing/deployments';
import { PodControllerUIDIndex } from './podControllerUIDIndex';

const NAMESPACES = ['default', 'team-a'];
const UIDS = ['u1', 'u2', 'u3'];

function owner(uid: string, controller: boolean): OwnerReference {
  return { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `rs-${uid}`, uid, controller };
}

function randomPod(r: Random, namespace: string, name: string, uid: string): Pod {
  const refs: OwnerReference[] = [];
  if (r.int(3) > 0) refs.push(owner(UIDS[r.int(UIDS.length)], r.int(4) > 0));
  if (r.int(4) === 0) refs.push(owner(UIDS[r.int(UIDS.length)], false));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, uid, ownerReferences: refs.length ? refs : undefined },
    spec: { containers: [] },
    status: {},
  } as unknown as Pod;
}

/** FilterPodsByOwner over every pod: the namespace's, in list order, owned by `uid` or (orphans) by none. */
function oracle(pods: Iterable<Pod>, namespace: string, uid: string, orphans: boolean): string[] {
  return [...pods]
    .filter((p) => {
      if (p.metadata.namespace !== namespace) return false;
      const ref = controllerRef(p);
      return ref ? ref.uid === uid : orphans;
    })
    .sort(byNamespaceAndName)
    .map((p) => p.metadata.name);
}

describe('PodControllerUIDIndex', () => {
  it('gives FilterPodsByOwner’s pods in list order through random changes', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = new Random(seed);
      const pods = new Map<string, Pod>();
      const index = new PodControllerUIDIndex((fn) => pods.forEach(fn));
      const buildAt = r.int(60);
      for (let step = 0; step < 300; step++) {
        const ns = NAMESPACES[r.int(NAMESPACES.length)];
        const name = `p${r.int(30)}`;
        const id = `${ns}/${name}`;
        const old = pods.get(id);
        let c: Change;
        if (old && r.int(4) === 0) {
          pods.delete(id);
          c = { type: 'DELETED', kind: 'Pod', obj: old, old: undefined };
        } else {
          // a pod keeps its uid through updates; one made again under its name gets another
          const pod =
            old && r.int(3) === 0
              ? // another write keeping the owner references (the same array), e.g. a status write
                ({ ...old, metadata: { ...old.metadata }, status: { message: `v${step}` } } as Pod)
              : randomPod(r, ns, name, old ? old.metadata.uid! : `${id}#${step}`);
          pods.set(id, pod);
          c = old
            ? { type: 'MODIFIED', kind: 'Pod', obj: pod, old }
            : { type: 'ADDED', kind: 'Pod', obj: pod, old: undefined };
        }
        index.onPodChange(c);
        if (step < buildAt || r.int(3) > 0) continue;
        const qns = NAMESPACES[r.int(NAMESPACES.length)];
        const uid = UIDS[r.int(UIDS.length)];
        const orphans = r.int(2) === 0;
        expect(
          index.podsByOwner(qns, uid, orphans).map((p) => p.metadata.name),
          `seed ${seed} step ${step}`,
        ).toEqual(oracle(pods.values(), qns, uid, orphans));
        // the stored objects themselves, not older versions
        for (const p of index.podsByOwner(qns, uid, orphans))
          expect(p).toBe(pods.get(`${qns}/${p.metadata.name}`));
      }
    }
  });
});

/** Every ReplicaSet work item and status of the run, in order. */
function run(listNamespacePods: boolean): string[] {
  const sim = new Simulation({ seed: 7 });
  sim.replicaSets.listNamespacePods = listNamespacePods;
  applyPreset(sim, 'large', 8);
  const out: string[] = [];
  sim.stepListeners.push((s) => {
    if (s.controller === 'replicaset-controller') out.push(`${s.time} ${s.key} ${s.reason}: ${s.result}`);
  });
  sim.watch(
    (c) => {
      if (c.type !== 'DELETED')
        out.push(`${(c.obj as ReplicaSet).metadata.name} ${JSON.stringify(c.obj.status)}`);
    },
    ['ReplicaSet'],
  );
  sim.store.create(orphanPod('stray-1'));
  sim.store.create(orphanPod('stray-2'));
  settleSteps(sim);
  sim.store.create(webDeployment(6) as unknown as KObject);
  settleSteps(sim);
  // an owned pod relabelled (released), an orphan relabelled to match the ReplicaSet (adopted)
  const rs = sim.store.list('ReplicaSet', 'default')[0];
  const owned = sim.store.list('Pod', 'default').find((p) => p.metadata.ownerReferences?.length)!;
  sim.store.update({ ...owned, metadata: { ...owned.metadata, labels: { app: 'other' } } });
  const other = sim.store.create<'Pod'>(orphanPod('stray-3', 'other'));
  sim.store.update({
    ...other,
    metadata: { ...other.metadata, labels: { ...rs.spec.selector.matchLabels } },
  });
  settleSteps(sim);
  scaleRolloutScaleDown(sim);
  return out;
}

describe('the ReplicaSet controller on the PodControllerUIDIndex', () => {
  it('does what it does listing its namespace: the same work items, results and statuses', () => {
    const listed = run(true);
    expect(listed.some((l) => l.includes('adopted pod stray-3'))).toBe(true);
    expect(listed.some((l) => l.includes('released pod '))).toBe(true);
    expect(listed.some((l) => l.includes('deleted '))).toBe(true);
    expect(run(false)).toEqual(listed);
  });
});
