// What upstream's replica_set_test.go builds (newReplicaSet, newPod, FakePodControl, the work queue
// it reads), over an API server with no other controllers: the real ReplicaSetController on it, the
// pod writes it makes counted as FakePodControl counts them (creates, deletes, patches of a pod's
// ownerReferences), creates refused past `createLimit` as FakePodControl.CreateLimit refuses them, and
// the keys it queues kept in order instead of run (a test syncs by hand, as upstream's do).

import type { KObject, OwnerReference, Pod, ReplicaSet } from '../api/types';
import { ObjectStore } from '../api/objectStore';
import { Clock, rfc3339 } from '../clock';
import { EventRecorder } from '../events';
import type { ControllerHost } from '../controller/replicaset/host';
import { ReplicaSetController } from '../controller/replicaset/controller';
import { Random, generateName } from '../random';

export interface PodControlCounts {
  /** pods created (FakePodControl.Templates) */
  creates: number;
  /** create calls, refused ones included (CreateCallCount) */
  createCalls: number;
  /** pods deleted (DeletePodName) */
  deletes: number;
  /** pods whose ownerReferences were changed: adopted or released (Patches) */
  patches: number;
}

export interface RSHarness {
  store: ObjectStore;
  controller: ReplicaSetController;
  counts: PodControlCounts;
  /** the keys queued since the last `take` (upstream's queue.Get), oldest first */
  take(): string[];
  clear(): void;
  /** newReplicaSet(replicas, selector): `foobar` unless named, its template labelled as the selector */
  newReplicaSet(
    replicas: number,
    selector: Record<string, string>,
    o?: { name?: string; namespace?: string; ownerUid?: string; deleting?: boolean },
  ): ReplicaSet;
  /**
   * newPod(name, rs, phase, properlyOwned): labelled with the ReplicaSet's selector; Running pods are
   * Ready. `owner`: another controller reference instead of the ReplicaSet's.
   */
  newPod(
    name: string,
    rs: ReplicaSet,
    o?: {
      phase?: 'Pending' | 'Running';
      owned?: boolean;
      owner?: OwnerReference;
      labels?: Record<string, string>;
      node?: string;
    },
  ): Pod;
}

export function controllerRefOf(rs: ReplicaSet): OwnerReference {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    name: rs.metadata.name,
    uid: rs.metadata.uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}

export function rsHarness(opts: { createLimit?: number } = {}): RSHarness {
  const clock = new Clock();
  const store = new ObjectStore(clock, new Random(1));
  const names = new Random(2);
  store.generateName = (base) => generateName(base, names);
  for (const ns of ['default', 'ns'])
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } } as KObject);
  const counts: PodControlCounts = { creates: 0, createCalls: 0, deletes: 0, patches: 0 };
  let queued: string[] = [];
  // FakePodControl: every pod write the controller makes is counted; creates past the limit fail
  const create = store.create.bind(store);
  store.create = ((input: KObject, o?: Parameters<ObjectStore['create']>[1]) => {
    if (input.kind === 'Pod') {
      counts.createCalls++;
      if (opts.createLimit !== undefined && counts.creates >= opts.createLimit)
        throw new Error(
          `not creating pod, limit ${opts.createLimit} already reached (create call ${counts.createCalls})`,
        );
      counts.creates++;
    }
    return create(input, o);
  }) as ObjectStore['create'];
  const remove = store.delete.bind(store);
  store.delete = ((kind, namespace, name, o) => {
    if (kind === 'Pod') counts.deletes++;
    return remove(kind, namespace, name, o);
  }) as ObjectStore['delete'];
  const update = store.update.bind(store);
  store.update = ((input: KObject, o?: Parameters<ObjectStore['update']>[1]) => {
    if (input.kind === 'Pod') counts.patches++;
    return update(input, o);
  }) as ObjectStore['update'];
  const host: ControllerHost = {
    store,
    recorder: new EventRecorder(store, clock),
    now: () => clock.now(),
    iso: (ms) => rfc3339(ms ?? clock.now()),
    enqueue: (_c, key) => {
      if (!queued.includes(key)) queued.push(key);
    },
    watch: (fn, kinds) => store.subscribe(fn, kinds),
  };
  const controller = new ReplicaSetController(host);
  // This queue is a set of keys that take() and clear() empty without running the syncs, so the
  // controller's note of a sync waiting (which lets a pod event skip making its reason) would not
  // hold here: every event goes to the queue.
  controller.enqueueEvery = true;
  const h: RSHarness = {
    store,
    controller,
    counts,
    take: () => {
      const out = queued;
      queued = [];
      return out;
    },
    clear: () => {
      counts.creates = counts.createCalls = counts.deletes = counts.patches = 0;
      queued = [];
    },
    newReplicaSet: (replicas, selector, o = {}) => {
      let rs = store.create<'ReplicaSet'>({
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        metadata: {
          name: o.name ?? 'foobar',
          namespace: o.namespace ?? 'default',
          ownerReferences: [
            {
              apiVersion: 'apps/v1',
              kind: 'Deployment',
              name: 'owner',
              uid: o.ownerUid ?? '123',
              controller: true,
            },
          ],
          ...(o.deleting ? { finalizers: ['example.com/hold'] } : {}),
        },
        spec: {
          replicas,
          selector: { matchLabels: selector },
          template: {
            metadata: { labels: { ...selector } },
            spec: { containers: [{ name: 'foo', image: 'foo/bar' }] },
          },
        },
      } as unknown as KObject);
      if (o.deleting) {
        store.delete('ReplicaSet', rs.metadata.namespace, rs.metadata.name);
        rs = store.get('ReplicaSet', rs.metadata.namespace, rs.metadata.name)!;
      }
      return rs;
    },
    newPod: (name, rs, o = {}) => {
      const phase = o.phase ?? 'Running';
      const owner = o.owner ?? (o.owned === false ? undefined : controllerRefOf(rs));
      let p = create<'Pod'>({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name,
          namespace: rs.metadata.namespace,
          labels: { ...(o.labels ?? rs.spec.selector.matchLabels) },
          ...(owner ? { ownerReferences: [owner] } : {}),
        },
        spec: { containers: [{ name: 'foo', image: 'foo/bar' }], ...(o.node ? { nodeName: o.node } : {}) },
      } as unknown as KObject);
      p = store.updateStatus<'Pod'>({
        ...p,
        status: {
          phase,
          ...(phase === 'Running'
            ? { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(clock.now()) }] }
            : {}),
        },
      });
      return p;
    },
  };
  return h;
}
