// The page's mirror, fed by the worker host's batches (new objects whole, then patches, event rows),
// holds exactly the engine's objects, keeps unchanged objects and per-node pod lists by identity.

import { describe, expect, it } from 'vitest';
import { syncHost } from '../worker/hostHarness';
import { splitBatch } from '../worker/changeBatcher';
import type { ChangeBatch } from '../wire/protocol';
import { Mirror, placeOf, type Objects } from './clusterSlice';
import type { Pod, Session } from '../engine';
import { ARTICLE_MANIFEST } from '../engine/scripts';
import { changeBatch } from '../wire/testing/changeBatch';

function mirror() {
  const held = new Mirror();
  let objects: Objects = held.publish().objects;
  const batches: ChangeBatch[] = [];
  const { host, send } = syncHost((m) => {
    if ('type' in m && m.type === 'changes') {
      const b = structuredClone(m);
      batches.push(b);
      held.apply(b);
      objects = held.publish().objects;
    }
  });
  const session = () => (host as unknown as { session: Session }).session;
  return {
    send,
    objects: () => objects,
    podsByNode: () => Object.fromEntries(held.pods.arrays),
    mirror: held,
    batches,
    host,
    session,
  };
}

describe('mirror of the engine on the page', () => {
  it('holds the engine objects after patches, and the events as rows', () => {
    const m = mirror();
    m.send({ type: 'init', spec: { seed: 1, preset: 'large', nodes: 100, inputs: [] } });
    m.send({ type: 'exec', line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST });
    m.send({ type: 'advance', ms: 6000 });
    m.send({
      type: 'exec',
      line: 'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
    });
    for (let i = 0; i < 40; i++) m.send({ type: 'advance', ms: 500 });
    const sim = m.session().sim;
    const engine = Object.fromEntries(
      sim.store
        .all({ events: false })
        .map((o) => [`${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`, o]),
    );
    const page: Record<string, unknown> = {};
    const objs = m.objects();
    for (const kind of [
      'Namespace',
      'Node',
      'Pod',
      'DaemonSet',
      'ControllerRevision',
      'PriorityClass',
    ] as const) {
      for (const [k, o] of Object.entries(objs[kind])) page[`${kind}/${k}`] = o;
    }
    expect(JSON.parse(JSON.stringify(page))).toEqual(JSON.parse(JSON.stringify(engine)));
    const events = sim.store.list('Event');
    expect(Object.keys(objs.Event).sort()).toEqual(
      events.map((e) => `${e.metadata.namespace}/${e.metadata.name}`).sort(),
    );
    const anEvent = events[0];
    expect(objs.Event[`${anEvent.metadata.namespace}/${anEvent.metadata.name}`]).toMatchObject({
      reason: anEvent.reason,
      message: anEvent.message,
      count: anEvent.count,
    });
    // patches were used; the 100 nodes and the 100 new pods went as compact groups, much smaller than the objects
    const patches = m.batches.flatMap((b) => b.patches ?? []);
    expect(patches.length).toBeGreaterThan(20);
    const reset = m.batches.find((b) => b.reset)!;
    expect(reset.compact?.map((g) => g.kind)).toContain('Node');
    const nodes = Object.values(objs.Node);
    expect(JSON.stringify(reset.compact).length * 3).toBeLessThan(JSON.stringify(nodes).length);
    expect(m.batches.some((b) => !b.reset && b.compact?.some((g) => g.kind === 'Pod'))).toBe(true);
    // every node's pods are indexed
    for (const [node, pods] of Object.entries(m.podsByNode()))
      for (const p of pods) expect(placeOf(p).on).toBe(node);
    expect(Object.values(m.podsByNode()).flat().length).toBe(Object.keys(objs.Pod).length);
  });

  it('gives unchanged nodes the same pod list, and a changed node a new one', () => {
    const m = mirror();
    m.send({ type: 'init', spec: { seed: 1, preset: 'large', nodes: 5, inputs: [] } });
    m.send({ type: 'exec', line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST });
    m.send({ type: 'advance', ms: 30_000 });
    const before = m.podsByNode();
    const objsBefore = m.objects();
    m.send({
      type: 'exec',
      line: 'sim pod fail ' + before['node-0001'][0].metadata.name + ' -n kube-system',
    });
    m.send({ type: 'advance', ms: 5 });
    const after = m.podsByNode();
    expect(after['node-0002']).toBe(before['node-0002']);
    expect(after['node-0001']).not.toBe(before['node-0001']);
    expect(m.objects().Node).toBe(objsBefore.Node);
  });

  it('draws a pod not bound yet on the node it is pinned to, and an unschedulable one as waiting', () => {
    const pod = (name: string, spec: Partial<Pod['spec']>, unschedulable = false): Pod =>
      ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'ns', uid: name, resourceVersion: '1' },
        spec: { containers: [], ...spec },
        status: unschedulable
          ? { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] }
          : {},
      }) as unknown as Pod;
    const pinned = {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              { matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: ['n1'] }] },
            ],
          },
        },
      },
    };
    const held = new Mirror();
    held.apply(
      changeBatch({
        upserts: [pod('a', { nodeName: 'n1' }), pod('b', pinned), pod('c', pinned, true), pod('d', {})],
      }),
    );
    held.publish();
    expect(held.pods.arrays.get('n1')?.map((p) => p.metadata.name)).toEqual(['a', 'b']);
    expect(held.pods.arrays.get('')?.map((p) => p.metadata.name)).toEqual(['c', 'd']);
    expect(held.waiting.arrays.get('n1')?.map((p) => p.metadata.name)).toEqual(['c']);
    // binding moves it; the other node keeps its array
    const empty = held.pods.arrays.get('');
    held.apply(changeBatch({ deletes: [{ kind: 'Pod', namespace: 'ns', name: 'a' }] }));
    held.publish();
    expect(held.pods.arrays.get('n1')?.map((p) => p.metadata.name)).toEqual(['b']);
    expect(held.pods.arrays.get('')).toBe(empty);
  });

  it("makes a kind's record only when read after a change, and keeps it while the kind is unchanged", () => {
    const m = mirror();
    m.send({ type: 'init', spec: { seed: 1, preset: 'large', nodes: 50, inputs: [] } });
    m.send({ type: 'exec', line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST });
    m.send({ type: 'advance', ms: 30_000 });
    const a = m.objects();
    const nodes = a.Node;
    const pods = a.Pod;
    expect(a.Pod).toBe(pods);
    m.send({
      type: 'exec',
      line: 'sim pod fail ' + m.mirror.pods.arrays.get('node-0001')![0].metadata.name + ' -n kube-system',
    });
    m.send({ type: 'advance', ms: 5 });
    const b = m.objects();
    expect(b.Node).toBe(nodes);
    expect(b.Pod).not.toBe(pods);
    expect(Object.keys(b.Pod).length).toBe(Object.keys(pods).length);
  });

  it('ends with the same objects when each batch comes as several smaller messages', () => {
    const m = mirror();
    m.send({ type: 'init', spec: { seed: 1, preset: 'large', nodes: 40, inputs: [] } });
    m.send({ type: 'exec', line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST });
    m.send({ type: 'advance', ms: 6000 });
    m.send({
      type: 'exec',
      line: 'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
    });
    for (let i = 0; i < 10; i++) m.send({ type: 'advance', ms: 1000 });
    const split = new Mirror();
    let parts = 0;
    for (const b of m.batches) {
      const ps = splitBatch(b, 7);
      parts += ps.length;
      expect(ps.filter((p) => p.reset).length).toBe(b.reset ? 1 : 0);
      expect(ps.flatMap((p) => p.steps)).toEqual(b.steps);
      for (const p of ps) {
        const n =
          p.upserts.length +
          (p.patches?.length ?? 0) +
          p.deletes.length +
          (p.eventRows?.length ?? 0) +
          (p.eventDeletes?.length ?? 0);
        if (!p.compact?.length) expect(n).toBeLessThanOrEqual(7);
        split.apply(p);
      }
    }
    expect(parts).toBeGreaterThan(m.batches.length);
    split.publish();
    const whole = m.objects();
    for (const kind of ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'Event'] as const)
      expect(split.record(kind)).toEqual(whole[kind]);
    expect(Object.fromEntries(split.pods.arrays)).toEqual(m.podsByNode());
  });
});

describe("the engine's record of renumbered revisions on the page", () => {
  const SET =
    'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system';
  const UNDO = 'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system';

  it('comes back with a restored session (the inputs replayed: a reload, a share link)', () => {
    const m = mirror();
    m.send({
      type: 'init',
      spec: {
        seed: 1,
        preset: 'article',
        inputs: [
          { at: 0, line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST },
          { at: 60_000, line: SET },
          { at: 180_000, line: UNDO },
        ],
        until: 300_000,
      },
    });
    const got = m.batches.flatMap((b) => b.renumbered ?? []);
    expect(got.map((r) => [r.daemonSet.name, r.previous])).toEqual([['fluentd-elasticsearch', [1]]]);
    const cr = Object.values(m.objects().ControllerRevision).find((c) => c.metadata.uid === got[0].uid);
    expect((cr as unknown as { revision: number } | undefined)?.revision).toBe(3);
  });

  it('the store keeps the last list sent, replaces it on reset, and keeps its identity while equal', async () => {
    const { useStore } = await import('./store');
    const rec = {
      namespace: 'kube-system',
      daemonSet: { uid: 'd', name: 'ds' },
      revision: 'ds-1',
      uid: 'c',
      previous: [1],
    };
    const batch = (reset: boolean, renumbered?: (typeof rec)[]): ChangeBatch =>
      changeBatch({ reset, ...(renumbered ? { renumbered } : {}) });
    const s = useStore.getState();
    s.applyBatch(batch(true, [rec]));
    const first = useStore.getState().renumbered;
    expect(first).toEqual([rec]);
    s.applyBatch(batch(false));
    expect(useStore.getState().renumbered).toBe(first);
    s.applyBatch(batch(true, [structuredClone(rec)]));
    expect(useStore.getState().renumbered).toBe(first);
    s.applyBatch(batch(true));
    expect(useStore.getState().renumbered).toEqual([]);
  });
});
