import { describe, expect, it } from 'vitest';
import type { Change } from '../../api/objectStore';
import { controllerRef } from '../../api/podutil';
import { controllerOf } from './podsByNode';
import type { Pod } from '../../api/types';
import {
  DaemonSetInformer,
  podDelta,
  readySince,
  SCHEDULED,
  TOUCH_ALL,
  TOUCH_DELETION,
  TOUCH_MANAGE,
  TOUCH_PHASE,
  TOUCH_READY,
  TOUCH_STATUS,
  type PodListener,
} from './informer';

function pod(
  o: {
    name?: string;
    uid?: string;
    owner?: string;
    node?: string;
    pinned?: string;
    phase?: string;
    ready?: 'True' | 'False';
    since?: string;
    labels?: Record<string, string>;
  } = {},
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: o.name ?? 'p',
      namespace: 'default',
      uid: o.uid ?? 'u1',
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels: o.labels ?? { app: 'a' },
      ...(o.owner
        ? {
            ownerReferences: [
              { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'ds', uid: o.owner, controller: true },
            ],
          }
        : {}),
    },
    spec: {
      containers: [{ name: 'c', image: 'i' }],
      ...(o.node ? { nodeName: o.node } : {}),
      ...(o.pinned
        ? {
            affinity: {
              nodeAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: {
                  nodeSelectorTerms: [
                    { matchFields: [{ key: 'metadata.name', operator: 'In', values: [o.pinned] }] },
                  ],
                },
              },
            },
          }
        : {}),
    },
    status: {
      phase: o.phase ?? 'Running',
      ...(o.ready
        ? {
            conditions: [
              { type: 'Ready', status: o.ready, lastTransitionTime: o.since ?? '2026-01-01T00:00:01Z' },
            ],
          }
        : {}),
    },
  } as Pod;
}

/** A new version of `p` with `f` applied to a copy (the store's writes make new objects, sharing what did not change). */
function next(p: Pod, f: (q: Pod) => Pod): Pod {
  return f({
    ...p,
    metadata: { ...p.metadata, resourceVersion: String(Number(p.metadata.resourceVersion ?? 0) + 1) },
  });
}

class Recorder implements PodListener {
  constructor(
    private readonly owner: string,
    readonly log: string[],
  ) {}
  podTouched(node: string, bits: number): void {
    this.log.push(`${this.owner} ${node} ${bits}`);
  }
  podToCheck(uid: string): void {
    this.log.push(`check ${this.owner} ${uid}`);
  }
}

describe('podDelta', () => {
  const base = pod({ node: 'n1', ready: 'False' });
  it('ignores what no consumer reads (container statuses, IPs, a phase that is not terminal)', () => {
    expect(
      podDelta(
        base,
        next(base, (q) => ({ ...q, status: { ...q.status, podIP: '10.0.0.1' } })),
      ),
    ).toBe(0);
    const pending = pod({ node: 'n1', phase: 'Pending', ready: 'False' });
    expect(
      podDelta(
        pending,
        next(pending, (q) => ({ ...q, status: { ...q.status, phase: 'Running' } })),
      ),
    ).toBe(0);
    // Ready stays False: only its message changed
    expect(
      podDelta(
        base,
        next(base, (q) => ({
          ...q,
          status: {
            ...q.status,
            conditions: [
              { type: 'Ready', status: 'False', lastTransitionTime: '2026-01-01T00:00:01Z', message: 'x' },
            ],
          },
        })),
      ),
    ).toBe(0);
  });
  it('tells manage about terminal phases and the rolling update and status about readiness', () => {
    expect(
      podDelta(
        base,
        next(base, (q) => ({ ...q, status: { ...q.status, phase: 'Failed' } })),
      ),
    ).toBe(TOUCH_PHASE);
    expect(
      podDelta(
        base,
        next(base, (q) => ({
          ...q,
          status: {
            ...q.status,
            conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:05Z' }],
          },
        })),
      ),
    ).toBe(TOUCH_READY);
    const ready = pod({ node: 'n1', ready: 'True' });
    expect(
      podDelta(
        ready,
        next(ready, (q) => ({
          ...q,
          status: {
            ...q.status,
            conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:09Z' }],
          },
        })),
      ),
    ).toBe(TOUCH_READY);
  });
  it('keeps what it saw of readiness in `seen` (the informer keeps it per pod)', () => {
    const seen = { ready: readySince(base) };
    const ready = next(base, (q) => ({
      ...q,
      status: {
        ...q.status,
        conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:05Z' }],
      },
    }));
    expect(podDelta(base, ready, seen)).toBe(TOUCH_READY);
    expect(seen.ready).toBe('2026-01-01T00:00:05Z');
    const again = next(ready, (q) => ({
      ...q,
      status: {
        ...q.status,
        conditions: [
          { type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:05Z', message: 'm' },
        ],
      },
    }));
    expect(podDelta(ready, again, seen)).toBe(0);
  });
  it('tells everyone about labels, manage and the rolling update about deletion, and flags a pod that gets or loses its node', () => {
    expect(
      podDelta(
        base,
        next(base, (q) => ({ ...q, metadata: { ...q.metadata, labels: { app: 'b' } } })),
      ),
    ).toBe(TOUCH_ALL);
    expect(
      podDelta(
        base,
        next(base, (q) => ({ ...q, metadata: { ...q.metadata, deletionTimestamp: '2026-01-01T00:01:00Z' } })),
      ),
    ).toBe(TOUCH_DELETION);
    const pending = pod({ pinned: 'n1' });
    expect(
      podDelta(
        pending,
        next(pending, (q) => ({ ...q, spec: { ...q.spec, nodeName: 'n1' } })),
      ),
    ).toBe(SCHEDULED);
    expect(
      podDelta(
        base,
        next(base, (q) => ({ ...q, spec: { ...q.spec, terminationGracePeriodSeconds: 3 } })),
      ),
    ).toBe(0);
  });
});

describe('DaemonSetInformer.observePod', () => {
  function setup() {
    const inf = new DaemonSetInformer();
    inf.observeNode({
      type: 'ADDED',
      kind: 'Node',
      obj: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, spec: {}, status: {} },
    } as unknown as Change);
    const rec = new Recorder('ds1', []);
    inf.listen('ds1', rec);
    return {
      inf,
      rec,
      apply: (type: Change['type'], obj: Pod, old?: Pod) =>
        inf.observePod({ type, kind: 'Pod', obj, old } as Change),
    };
  }

  it('lists a new pod under the node it is pinned to, and replaces it in place on status writes', () => {
    const { inf, rec, apply } = setup();
    const p0 = pod({ owner: 'ds1', pinned: 'n1', phase: 'Pending' });
    apply('ADDED', p0);
    expect(rec.log).toEqual(['check ds1 u1', `ds1 n1 ${TOUCH_ALL}`]);
    const list = inf.owner('ds1')!.byNode.get('n1')!;
    const p1 = next(p0, (q) => ({ ...q, spec: { ...q.spec, nodeName: 'n1' } }));
    apply('MODIFIED', p1, p0);
    const p2 = next(p1, (q) => ({ ...q, status: { phase: 'Running' } }));
    apply('MODIFIED', p2, p1);
    // the only pod on an existing node was bound and started: nobody needs to look again
    expect(rec.log).toHaveLength(2);
    expect(inf.owner('ds1')!.byNode.get('n1')).toBe(list);
    expect(list).toEqual([p2]);
  });

  it('a second pod on the node makes binding matter; a relabel is checked; release makes an orphan', () => {
    const { inf, rec, apply } = setup();
    const a = pod({ owner: 'ds1', node: 'n1', uid: 'ua', name: 'a' });
    const b0 = pod({ owner: 'ds1', pinned: 'n1', uid: 'ub', name: 'b' });
    apply('ADDED', a);
    apply('ADDED', b0);
    rec.log.length = 0;
    const b1 = next(b0, (q) => ({ ...q, spec: { ...q.spec, nodeName: 'n1' } }));
    apply('MODIFIED', b1, b0);
    expect(rec.log).toEqual([`ds1 n1 ${TOUCH_MANAGE | TOUCH_STATUS}`]);
    rec.log.length = 0;
    const b2 = next(b1, (q) => ({ ...q, metadata: { ...q.metadata, labels: { app: 'other' } } }));
    apply('MODIFIED', b2, b1);
    expect(rec.log).toEqual(['check ds1 ub', `ds1 n1 ${TOUCH_ALL}`]);
    rec.log.length = 0;
    const b3 = next(b2, (q) => ({ ...q, metadata: { ...q.metadata, ownerReferences: [] } }));
    apply('MODIFIED', b3, b2);
    expect(rec.log).toEqual([`ds1 n1 ${TOUCH_ALL}`]);
    expect(
      inf
        .owner('ds1')!
        .byNode.get('n1')!
        .map((p) => p.metadata.name),
    ).toEqual(['a']);
    expect([...inf.orphans.get('default')!.values()]).toEqual([b3]);
    apply('DELETED', b3);
    expect(inf.orphans.get('default')!.size).toBe(0);
  });

  it('keeps store order when a pod comes back to a node, and forgets deleted pods', () => {
    const { inf, apply } = setup();
    const a = pod({ owner: 'ds1', node: 'n1', uid: 'ua', name: 'a' });
    const b = pod({ owner: 'ds1', node: 'n1', uid: 'ub', name: 'b' });
    apply('ADDED', a);
    apply('ADDED', b);
    const a1 = next(a, (q) => ({ ...q, metadata: { ...q.metadata, ownerReferences: [] } }));
    apply('MODIFIED', a1, a);
    const a2 = next(a1, (q) => ({
      ...q,
      metadata: { ...q.metadata, ownerReferences: a.metadata.ownerReferences },
    }));
    apply('MODIFIED', a2, a1);
    expect(
      inf
        .owner('ds1')!
        .byNode.get('n1')!
        .map((p) => p.metadata.name),
    ).toEqual(['a', 'b']);
    apply('DELETED', a2);
    apply('DELETED', b);
    expect(inf.owner('ds1')!.byNode.has('n1')).toBe(false);
    expect(inf.owner('ds1')!.pods.size).toBe(0);
  });
});

describe('controllerOf', () => {
  it('finds what controllerRef finds: the first owner reference with controller set', () => {
    const refs = [
      undefined,
      [],
      [{ apiVersion: 'v1', kind: 'X', name: 'a', uid: '1' }],
      [
        { apiVersion: 'v1', kind: 'X', name: 'a', uid: '1', controller: false },
        { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'b', uid: '2', controller: true },
      ],
      [
        { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'c', uid: '3', controller: true },
        { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'd', uid: '4', controller: true },
      ],
    ];
    for (const ownerReferences of refs) {
      const p = { metadata: { name: 'p', uid: 'u', ownerReferences } } as unknown as Pod;
      expect(controllerOf(p)).toBe(controllerRef(p));
    }
  });
});
