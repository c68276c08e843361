// What upstream's deployment tests build by hand (newDeployment, rs, newRSWithStatus in
// deployment_controller_test.go), stored in an API server with no controllers around it (upstream's
// fake clientset: nothing reacts to a write, a ReplicaSet's status stays as the test set it), and a
// SyncContext over them. The tests call one function of a sync.

import type { Deployment, KObject, ReplicaSet } from '../api/types';
import { ObjectStore } from '../api/objectStore';
import { Clock, rfc3339 } from '../clock';
import { EventRecorder } from '../events';
import type { ControllerHost } from '../controller/replicaset/host';
import { Random } from '../random';
import type { SyncContext } from '../controller/deployment/context';
import type { Simulation } from '../simulation';

/**
 * newDeployment(name, replicas, revisionHistoryLimit, maxSurge, maxUnavailable, selector):
 * RollingUpdate with maxSurge and maxUnavailable 0 unless given, as upstream's helper.
 */
export function newDeployment(
  replicas: number,
  opts: {
    revisionHistoryLimit?: number;
    maxSurge?: number | string;
    maxUnavailable?: number | string;
    selector?: Record<string, string>;
  } = {},
): Deployment {
  const selector = opts.selector ?? { foo: 'bar' };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'foo', namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: selector },
      template: {
        metadata: { labels: { ...selector } },
        spec: { containers: [{ name: 'foo', image: 'foo/bar' }] },
      },
      strategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: opts.maxSurge ?? 0, maxUnavailable: opts.maxUnavailable ?? 0 },
      },
      ...(opts.revisionHistoryLimit !== undefined ? { revisionHistoryLimit: opts.revisionHistoryLimit } : {}),
    },
  } as Deployment;
}

export interface RSSpec {
  name: string;
  replicas: number;
  /** status.replicas (newRSWithStatus) */
  statusReplicas?: number;
  /** status.availableReplicas */
  available?: number;
  annotations?: Record<string, string>;
  /** a label of its own in selector and template (upstream's distinct selectors per ReplicaSet) */
  hash?: string;
  /** already being deleted (a finalizer holds it, deletionTimestamp set) */
  deleting?: boolean;
}

export interface Harness {
  host: ControllerHost;
  ctx: SyncContext;
  /** the stored ReplicaSets, in the order given */
  rss: ReplicaSet[];
  /** a ReplicaSet's spec.replicas as stored now (undefined once deleted) */
  size(name: string): number | undefined;
}

/**
 * Stores `d` and the ReplicaSets, created in the order given one minute apart (the first is the
 * oldest: upstream's olderTimestamp, oldTimestamp, newTimestamp).
 */
export function harness(d: Deployment, specs: readonly RSSpec[]): Harness {
  const clock = new Clock();
  const store = new ObjectStore(clock, new Random(1));
  for (const ns of ['default', 'kube-system'])
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } } as KObject);
  const host: ControllerHost = {
    store,
    recorder: new EventRecorder(store, clock),
    now: () => clock.now(),
    iso: (ms) => rfc3339(ms ?? clock.now()),
    enqueue: () => {},
    watch: (fn, kinds) => store.subscribe(fn, kinds),
  };
  // The API server refuses maxSurge and maxUnavailable both 0 (upstream's unit tests call the
  // functions without it): the stored copy has the default strategy, the working copy the given one.
  const stored = store.create({ ...d, spec: { ...d.spec, strategy: undefined } } as KObject) as Deployment;
  const rss: ReplicaSet[] = [];
  for (const s of specs) {
    clock.set(clock.now() + 60_000);
    const labels = {
      ...d.spec.selector.matchLabels,
      ...(s.hash ? { 'pod-template-hash': s.hash } : {}),
    };
    let rs = store.create({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: s.name,
        namespace: 'default',
        annotations: s.annotations,
        ...(s.deleting ? { finalizers: ['example.com/hold'] } : {}),
      },
      spec: {
        replicas: s.replicas,
        selector: { matchLabels: labels },
        template: { metadata: { labels }, spec: d.spec.template.spec },
      },
    } as unknown as KObject) as ReplicaSet;
    // the status as a synced controller left it (observedGeneration: upstream's objects have generation 0)
    rs = store.updateStatus<'ReplicaSet'>({
      ...rs,
      status: {
        replicas: s.statusReplicas ?? 0,
        availableReplicas: s.available ?? 0,
        observedGeneration: rs.metadata.generation,
      },
    });
    if (s.deleting) {
      store.delete('ReplicaSet', 'default', s.name);
      rs = store.get('ReplicaSet', 'default', s.name)!;
    }
    rss.push(rs);
  }
  const ctx: SyncContext = {
    host,
    d: { ...structuredClone(stored), spec: structuredClone(d.spec) },
    notes: [],
    requeueAfter: () => {},
  };
  return {
    host,
    ctx,
    rss,
    size: (name) => store.get('ReplicaSet', 'default', name)?.spec.replicas,
  };
}

/** The web Deployment's images: the mixed case's (tools/bench) first and updated template. */
export const WEB_IMAGE = 'nginx:1.27';
export const WEB_IMAGE_NEW = 'nginx:1.28';

/**
 * The Deployment run beside the article's DaemonSet (the hidden-class tests, the bench's mixed case):
 * `web` in `default`, `replicas` pods of `container`.
 */
export function webDeployment(
  replicas = 4,
  container: Record<string, unknown> = { name: 'nginx', image: WEB_IMAGE },
): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [container] } },
    },
  } as unknown as Deployment;
}

/**
 * The bench's mixed case's Deployment (tools/bench/engine.ts, recorderReplay.ts): requests of 10m and
 * 16Mi; `image` WEB_IMAGE_NEW for its rollout (the manifest edited and replaced, every object new).
 */
export function mixedDeployment(replicas: number, image = WEB_IMAGE): Deployment {
  return webDeployment(replicas, {
    name: 'nginx',
    image,
    resources: { requests: { cpu: '10m', memory: '16Mi' } },
  });
}

/** A bare pod in `default` labelled `app` (the web Deployment's label by default): an orphan to adopt. */
export function orphanPod(name: string, app = 'web'): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { app } },
    spec: { containers: [{ name: 'nginx', image: WEB_IMAGE }] },
  } as unknown as KObject;
}

/** Runs the simulation's work until none is left (at most 100,000 steps). */
export function settleSteps(sim: Simulation): void {
  for (let i = 0; i < 100_000 && sim.nextAt() !== undefined; i++) sim.step();
}

/**
 * The `web` Deployment's scale-up to 14 replicas, its rolling update (image WEB_IMAGE_NEW) and its
 * scale-down to 5, each settled: the ReplicaSet tests' run of creates, a new ReplicaSet and deletes.
 */
export function scaleRolloutScaleDown(sim: Simulation): void {
  const scale = (replicas: number) => {
    const d = sim.store.get('Deployment', 'default', 'web')! as Deployment;
    sim.store.update({ ...d, spec: { ...d.spec, replicas } });
    settleSteps(sim);
  };
  scale(14);
  const d = structuredClone(sim.store.get('Deployment', 'default', 'web')!) as Deployment;
  d.spec.template.spec.containers[0].image = WEB_IMAGE_NEW;
  sim.store.update(d);
  settleSteps(sim);
  scale(5);
}
