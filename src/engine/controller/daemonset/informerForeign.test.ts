// The DaemonSet informer leaves pods that another kind of controller owns (a ReplicaSet's) out of its
// indexes; the informer that indexes every owner is the oracle: on a random feed of pods whose
// controller moves between DaemonSets, a ReplicaSet and none, the DaemonSets' indexes, the orphans,
// what the listeners hear and what observePod returns are the same.

import { describe, expect, it } from 'vitest';
import type { Change } from '../../api/objectStore';
import type { Pod } from '../../api/types';
import { Random } from '../../random';
import { DaemonSetInformer, type OwnerIndex, type PodListener } from './informer';

const OWNERS = [
  { kind: 'DaemonSet', uid: 'ds1' },
  { kind: 'DaemonSet', uid: 'ds2' },
  { kind: 'ReplicaSet', uid: 'rs1' },
  undefined,
] as const;

function randomPod(r: Random, name: string, created: number): Pod {
  const owner = OWNERS[r.int(OWNERS.length)];
  const node = ['n1', 'n2', undefined][r.int(3)];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      creationTimestamp: `2026-01-01T00:00:${String(created).padStart(2, '0')}Z`,
      labels: { app: 'a', 'controller-revision-hash': `h${r.int(2)}` },
      ...(owner
        ? {
            ownerReferences: [
              { apiVersion: 'apps/v1', kind: owner.kind, name: owner.uid, uid: owner.uid, controller: true },
            ],
          }
        : {}),
      ...(r.int(8) === 0 ? { deletionTimestamp: '2026-01-01T00:01:00Z' } : {}),
    },
    spec: { containers: [{ name: 'c', image: 'i' }], ...(node ? { nodeName: node } : {}) },
    status: {
      phase: r.int(6) === 0 ? 'Failed' : 'Running',
      conditions: [
        { type: 'Ready', status: r.int(2) ? 'True' : 'False', lastTransitionTime: '2026-01-01T00:00:01Z' },
      ],
    },
  } as unknown as Pod;
}

/** What a DaemonSet's sync reads of an owner's index. */
function view(o: OwnerIndex | undefined): unknown {
  if (!o) return undefined;
  return {
    byNode: [...o.byNode].map(([n, pods]) => [n, pods.map((p) => p.metadata.name)]).sort(),
    hashes: [...o.hashes].sort(),
    pods: [...o.pods.keys()].sort(),
  };
}

function informer(indexEveryOwner: boolean, log: string[]): DaemonSetInformer {
  const inf = new DaemonSetInformer(indexEveryOwner);
  for (const n of ['n1', 'n2'])
    inf.observeNode({ type: 'ADDED', kind: 'Node', obj: { metadata: { name: n } } } as unknown as Change);
  for (const ds of ['ds1', 'ds2']) {
    const l: PodListener = {
      podTouched: (node, bits) => log.push(`${ds} ${node} ${bits}`),
      podToCheck: (uid) => log.push(`check ${ds} ${uid}`),
    };
    inf.listen(ds, l);
  }
  return inf;
}

describe('DaemonSetInformer: pods of other controllers', () => {
  it('are indexed nowhere, and the DaemonSets see what the informer indexing every owner gives', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const r = new Random(seed);
      const [logA, logB] = [[] as string[], [] as string[]];
      const a = informer(false, logA);
      const b = informer(true, logB);
      const pods = new Map<string, Pod>();
      for (let step = 0; step < 200; step++) {
        const name = `p${r.int(8)}`;
        const old = pods.get(name);
        let c: Change;
        if (old && r.int(5) === 0) {
          pods.delete(name);
          c = { type: 'DELETED', kind: 'Pod', obj: old, old: undefined } as unknown as Change;
        } else {
          const made = randomPod(r, name, step % 60);
          // a new version keeps what it does not change (owner references too, sometimes)
          const next =
            old && r.int(2) === 0
              ? { ...made, metadata: { ...made.metadata, ownerReferences: old.metadata.ownerReferences } }
              : made;
          pods.set(name, next);
          c = (old
            ? { type: 'MODIFIED', kind: 'Pod', obj: next, old }
            : { type: 'ADDED', kind: 'Pod', obj: next }) as unknown as Change;
        }
        const at = `seed ${seed} step ${step}`;
        expect(a.observePod(c), at).toBe(b.observePod(c));
        for (const ds of ['ds1', 'ds2']) expect(view(a.owner(ds)), at).toEqual(view(b.owner(ds)));
        expect([...(a.orphans.get('default') ?? new Map()).keys()].sort(), at).toEqual(
          [...(b.orphans.get('default') ?? new Map()).keys()].sort(),
        );
        expect(logA, at).toEqual(logB);
        // the ReplicaSet's pods are in no index of the default informer
        expect(a.owner('rs1')?.pods.size ?? 0, at).toBe(0);
      }
    }
  });
});
