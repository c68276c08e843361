// pkg/controller/replicaset/replica_set_test.go, the cases the playground can express, against the
// real ReplicaSetController over an API server with no other controllers (testing/replicaSets.ts:
// FakePodControl's counts, the queue kept instead of run). Not ported: the expectations tests
// (TestSyncReplicaSetDormancy, TestRSSyncExpectations, TestDeleteControllerAndExpectations,
// TestExpectationsOnRecreate, TestDeletionTimestamp, the expectation steps of
// TestControllerBurstReplicas) — the simulation's controllers read the store itself, never a cache
// that lags their own writes, so there is nothing for expectations to wait for; and the tests of a
// failing API call (TestControllerUpdateRequeue, TestControllerUpdateStatusWithFailure,
// TestPatchPodFails), which need a client that fails on purpose.

import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types';
import { rsHarness } from '../../testing/replicaSets';
import { BURST_REPLICAS, getPodsToDelete } from './controller';

describe('syncReplicaSet (replica_set_test.go)', () => {
  it('TestSyncReplicaSetDoesNothing: 2 running pods and 2 replicas: no create, delete or patch', () => {
    const h = rsHarness();
    const rs = h.newReplicaSet(2, { foo: 'bar' });
    h.newPod('pod0', rs);
    h.newPod('pod1', rs);
    h.clear();
    h.controller.syncReplicaSet('default/foobar');
    expect(h.counts).toEqual({ creates: 0, createCalls: 0, deletes: 0, patches: 0 });
  });

  it('the status counts the pods the sync made or adopted (listed again after a write), and a sync that wrote nothing writes the same status', () => {
    const h = rsHarness();
    const rs = h.newReplicaSet(3, { foo: 'bar' });
    h.newPod('orphan', rs, { owned: false });
    h.controller.syncReplicaSet('default/foobar');
    // one adopted, two created: the status is read from the pods as they are after those writes
    expect(h.counts).toMatchObject({ creates: 2, patches: 1 });
    const after = h.store.get('ReplicaSet', 'default', 'foobar')!;
    expect(after.status?.replicas).toBe(3);
    // nothing to write now: the status from the one listing is the one a second listing gives
    const rv = h.store.resourceVersion();
    h.controller.syncReplicaSet('default/foobar');
    expect(h.store.resourceVersion()).toBe(rv);
    expect(h.store.get('ReplicaSet', 'default', 'foobar')).toBe(after);
  });

  it('TestSyncReplicaSetCreateFailures: 100 wanted, creates refused past 10: 10 made, no more than the slow-start batches call', () => {
    const h = rsHarness({ createLimit: 10 });
    h.newReplicaSet(100, { foo: 'bar' });
    h.clear();
    h.controller.syncReplicaSet('default/foobar');
    expect(h.counts.creates).toBe(10);
    expect(h.counts.deletes).toBe(0);
    expect(h.counts.patches).toBe(0);
    // batches of 1, 2, 4, 8: the one that fails is the last one tried
    let expectedLimit = 0;
    for (let pass = 0; expectedLimit <= 10; pass++) expectedLimit += 1 << pass;
    expect(h.counts.createCalls).toBeLessThanOrEqual(expectedLimit);
    expect(h.counts.createCalls).toBe(15);
    // the failure is retried (upstream returns the error and the queue rate-limits the key)
    expect(h.take()).toContain('default/foobar');
    const rsNow = h.store.get('ReplicaSet', 'default', 'foobar')!;
    expect(rsNow.status?.conditions?.find((c) => c.type === 'ReplicaFailure')?.reason).toBe('FailedCreate');
  });

  it('TestControllerBurstReplicas (without expectations): at most burstReplicas creates, then deletes, per sync', () => {
    const replicas = BURST_REPLICAS + 30;
    const h = rsHarness();
    h.newReplicaSet(replicas, { foo: 'bar' });
    h.clear();
    h.controller.syncReplicaSet('default/foobar');
    expect(h.counts.creates).toBe(BURST_REPLICAS);
    h.controller.syncReplicaSet('default/foobar');
    expect(h.counts.creates).toBe(replicas);
    expect(h.store.list('Pod', 'default')).toHaveLength(replicas);
    // size it down to 0: burstReplicas deletes per sync
    const rs = h.store.get('ReplicaSet', 'default', 'foobar')!;
    h.store.update({ ...rs, spec: { ...rs.spec, replicas: 0 } });
    h.clear();
    h.controller.syncReplicaSet('default/foobar');
    expect(h.counts).toMatchObject({ creates: 0, deletes: BURST_REPLICAS });
    h.controller.syncReplicaSet('default/foobar');
    expect(h.counts.deletes).toBe(replicas);
  });

  it('TestDoNotPatchPodWithOtherControlRef: a matching pod of another controller is left alone, 2 created', () => {
    const h = rsHarness();
    const rs = h.newReplicaSet(2, { foo: 'bar' });
    h.newPod('pod', rs, {
      owner: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'AnotherRS', uid: 'other', controller: true },
    });
    h.clear();
    h.controller.syncReplicaSet('default/foobar');
    expect(h.counts).toMatchObject({ creates: 2, deletes: 0, patches: 0 });
  });

  it('adopts matching orphans (TestPatchPodFails’ two patches, here succeeding): 2 patches, nothing created', () => {
    const h = rsHarness();
    const rs = h.newReplicaSet(2, { foo: 'bar' });
    h.newPod('pod1', rs, { owned: false });
    h.newPod('pod2', rs, { owned: false });
    h.clear();
    h.controller.syncReplicaSet('default/foobar');
    expect(h.counts).toMatchObject({ creates: 0, deletes: 0, patches: 2 });
    const owners = h.store
      .list('Pod', 'default')
      .map((p) => p.metadata.ownerReferences?.find((r) => r.controller)?.uid);
    expect(owners).toEqual([rs.metadata.uid, rs.metadata.uid]);
  });

  it('TestDoNotAdoptOrCreateIfBeingDeleted: a ReplicaSet being deleted adopts nothing and creates nothing', () => {
    const h = rsHarness();
    const rs = h.newReplicaSet(2, { foo: 'bar' }, { deleting: true });
    expect(rs.metadata.deletionTimestamp).toBeDefined();
    h.newPod('pod1', rs, { owned: false });
    h.clear();
    h.controller.syncReplicaSet('default/foobar');
    expect(h.counts).toMatchObject({ creates: 0, deletes: 0, patches: 0 });
  });
});

describe('event handlers: which ReplicaSets a pod change queues', () => {
  it('TestPodControllerLookup: an orphan queues the ReplicaSets of its namespace whose selector matches it', () => {
    const h = rsHarness();
    const basic = h.newReplicaSet(1, { foo: 'bar' }, { name: 'foo' });
    h.newReplicaSet(1, { foo: 'bar' }, { name: 'bar', namespace: 'ns' });
    h.clear();
    // no labels: matches nothing
    h.newPod('foo1', basic, { owned: false, labels: {} });
    expect(h.take()).toEqual([]);
    // matching labels in another namespace: only that namespace's ReplicaSet
    h.newPod('foo3', h.store.get('ReplicaSet', 'ns', 'bar')!, { owned: false });
    expect(h.take()).toEqual(['ns/bar']);
  });

  it('TestOverlappingRSs: a pod with a ControllerRef queues its owner only, among nine with the same selector', () => {
    const h = rsHarness();
    const rss = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((j) =>
      h.newReplicaSet(1, { foo: 'bar' }, { name: `rs${j}` }),
    );
    h.clear();
    h.newPod('pod0', rss[3], { phase: 'Pending' });
    expect(h.take()).toEqual(['default/rs4']);
  });

  it('TestUpdatePods: label and ControllerRef changes queue the old owner, the new one, or the matching ReplicaSets', () => {
    const h = rsHarness();
    const labels1 = { foo: 'bar' };
    const labels2 = { bar: 'foo' };
    const rs1 = h.newReplicaSet(1, labels1, { name: 'foobar' });
    const rs2 = h.newReplicaSet(1, labels2, { name: 'barfoo' });
    const ref = (rs: typeof rs1) => h.store.get('ReplicaSet', 'default', rs.metadata.name)!;
    const update = (p: Pod, md: Partial<Pod['metadata']>) => {
      h.clear();
      h.store.update({ ...p, metadata: { ...p.metadata, ...md } });
      return h.take().sort();
    };
    const ownerRef = (rs: typeof rs1) => ({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      name: rs.metadata.name,
      uid: rs.metadata.uid,
      controller: true,
    });
    // case 1: a pod with a ControllerRef changes labels: its owner
    let p = h.newPod('pod-1', ref(rs1), { labels: labels1 });
    expect(update(p, { labels: labels2 })).toEqual(['default/foobar']);
    // case 2: ControllerRef to rs2 removed (orphan) with rs2's labels: rs2 (the old owner and the match)
    p = h.newPod('pod-2', ref(rs1), { labels: labels2, owner: ownerRef(rs2) });
    expect(update(p, { ownerReferences: [] })).toEqual(['default/barfoo']);
    // case 3: ControllerRef to rs1 removed, rs2's labels: the former owner rs1 and the matching rs2
    p = h.newPod('pod-3', ref(rs1), { labels: labels2, owner: ownerRef(rs1) });
    expect(update(p, { ownerReferences: [] })).toEqual(['default/barfoo', 'default/foobar']);
    // case 4: keeps its ControllerRef to rs2, changes labels: rs2
    p = h.newPod('pod-4', ref(rs1), { labels: labels1, owner: ownerRef(rs2) });
    expect(update(p, { labels: labels2 })).toEqual(['default/barfoo']);
  });

  it('TestRelatedPodsLookup / TestGetReplicaSetsWithSameController: own pods and those of ReplicaSets with the same owner', () => {
    const h = rsHarness();
    const some = h.newReplicaSet(1, { foo: 'bar' }, { name: 'foo1' });
    const related = h.newReplicaSet(1, { foo: 'baz' }, { name: 'foo2' });
    const unrelated = h.newReplicaSet(1, { foo: 'quux' }, { name: 'bar1', ownerUid: '456' });
    const pending = h.newReplicaSet(1, { foo: 'xyzzy' }, { name: 'foo3', ownerUid: '789', deleting: true });
    h.newPod('pod1', some);
    h.newPod('pod2', some);
    h.newPod('pod3', related);
    h.newPod('pod4', unrelated);
    h.newPod('pod', pending);
    const names = (rs: typeof some) =>
      h.controller
        .getIndirectlyRelatedPods(h.store.get('ReplicaSet', 'default', rs.metadata.name)!)
        .map((p) => p.metadata.name)
        .sort();
    // from the PodControllerUIDIndex, then from the namespace's pods (the oracle)
    for (const listed of [false, true]) {
      h.controller.listNamespacePods = listed;
      expect(names(pending)).toEqual(['pod']);
      expect(names(some)).toEqual(['pod1', 'pod2', 'pod3']);
      expect(names(unrelated)).toEqual(['pod4']);
    }
  });
});

describe('TestGetPodsToDelete', () => {
  const h = rsHarness();
  const rs = h.newReplicaSet(1, { name: 'foo' });
  const unscheduledPending = h.newPod('unscheduled-pending-pod', rs, { phase: 'Pending' });
  const scheduledPending = h.newPod('scheduled-pending-pod', rs, { phase: 'Pending', node: 'fake-node' });
  const notReady = (() => {
    const p = h.newPod('scheduled-running-not-ready-pod', rs, { node: 'fake-node' });
    return h.store.updateStatus<'Pod'>({
      ...p,
      status: { ...p.status, conditions: [{ type: 'Ready', status: 'False' }] },
    });
  })();
  const readyOn1 = h.newPod('scheduled-running-ready-pod-on-node-1', rs, { node: 'fake-node-1' });
  const readyOn2 = h.newPod('scheduled-running-ready-pod-on-node-2', rs, { node: 'fake-node-2' });
  const now = Date.parse(readyOn2.metadata.creationTimestamp!) + 60_000;
  const cases: { name: string; pods: Pod[]; related?: Pod[]; diff: number; want: Pod[] }[] = [
    { name: 'len(pods) = 0 (i.e., diff = 0 too)', pods: [], diff: 0, want: [] },
    { name: 'diff = len(pods)', pods: [notReady, readyOn1], diff: 2, want: [notReady, readyOn1] },
    { name: 'diff < len(pods)', pods: [readyOn1, notReady], diff: 1, want: [notReady] },
    {
      name: 'various pod phases and conditions, diff = len(pods)',
      pods: [readyOn1, readyOn1, readyOn2, notReady, scheduledPending, unscheduledPending],
      diff: 6,
      want: [readyOn1, readyOn1, readyOn2, notReady, scheduledPending, unscheduledPending],
    },
    {
      name: 'various pod phases and conditions, diff = len(pods), relatedPods empty',
      pods: [readyOn1, readyOn1, readyOn2, notReady, scheduledPending, unscheduledPending],
      related: [],
      diff: 6,
      want: [readyOn1, readyOn1, readyOn2, notReady, scheduledPending, unscheduledPending],
    },
    {
      name: 'scheduled vs unscheduled, diff < len(pods)',
      pods: [scheduledPending, unscheduledPending],
      diff: 1,
      want: [unscheduledPending],
    },
    {
      name: 'ready vs not-ready, diff < len(pods)',
      pods: [readyOn1, notReady, notReady],
      diff: 2,
      want: [notReady, notReady],
    },
    {
      name: 'ready and colocated with another ready pod vs not colocated, diff < len(pods)',
      pods: [readyOn1, readyOn2],
      related: [readyOn1, readyOn2, readyOn2],
      diff: 1,
      want: [readyOn2],
    },
    {
      name: 'pending vs running, diff < len(pods)',
      pods: [scheduledPending, notReady],
      diff: 1,
      want: [scheduledPending],
    },
    {
      name: 'various pod phases and conditions, diff < len(pods)',
      pods: [readyOn1, readyOn2, notReady, scheduledPending, unscheduledPending],
      diff: 3,
      want: [unscheduledPending, scheduledPending, notReady],
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const got = getPodsToDelete(c.pods, c.related ?? c.pods, c.diff, now);
      expect(got.map((p) => p.metadata.name)).toEqual(c.want.map((p) => p.metadata.name));
    });
});
