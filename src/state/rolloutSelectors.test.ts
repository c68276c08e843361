import { describe, expect, it } from 'vitest';
import type { ControllerRevision, DaemonSet, Node, Pod } from '../engine';
import type { AppState } from './store';
import { cachedTrouble, currentHash, rolloutSignature, selectRollout } from './rolloutSelectors';
import { daemonPod, fluentd, NODES, T0 } from '../engine/testing';

function cr(ds: DaemonSet, revision: number, hash: string): ControllerRevision {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: `${ds.metadata.name}-${hash}`,
      namespace: 'kube-system',
      uid: `cr-${hash}`,
      resourceVersion: '1',
      labels: { 'controller-revision-hash': hash },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'DaemonSet',
          name: ds.metadata.name,
          uid: ds.metadata.uid,
          controller: true,
        },
      ],
    },
    revision,
  } as unknown as ControllerRevision;
}

/** A store state over these objects (what the selectors read: the mirror's maps, objects.ControllerRevision, versions). */
function state(
  ds: DaemonSet,
  pods: Pod[],
  crs: ControllerRevision[],
  podsVersion: number,
  now = T0 + 60_000,
): AppState {
  const maps = new Map<string, Map<string, unknown>>([
    ['DaemonSet', new Map([[`kube-system/${ds.metadata.name}`, ds]])],
    ['Pod', new Map(pods.map((p) => [`kube-system/${p.metadata.name}`, p]))],
    ['Node', new Map(NODES.map((n: Node) => [`/${n.metadata.name}`, n]))],
  ]);
  const crRecord = Object.fromEntries(crs.map((c) => [`kube-system/${c.metadata.name}`, c]));
  return {
    mirror: { maps, get: (k: string, key: string) => maps.get(k)?.get(key) },
    objects: { ControllerRevision: crRecord },
    podsVersion,
    nodeNames: NODE_NAMES,
    now,
  } as unknown as AppState;
}
const NODE_NAMES = NODES.map((n) => n.metadata.name);

describe('selectRollout', () => {
  const ds = fluentd({ updatedNumberScheduled: 1, numberAvailable: 2 });
  const crs = [cr(ds, 1, 'old'), cr(ds, 2, 'new')];
  const pods = [
    daemonPod(ds, 'node-1', 'new', 'imagePullBackOff'),
    daemonPod(ds, 'node-2', 'old', 'running'),
    daemonPod(ds, 'node-3', 'old', 'running'),
  ];

  it('reads the current hash from the highest revision the DaemonSet owns', () => {
    expect(currentHash(ds, crs)).toBe('new');
    expect(currentHash(ds, [])).toBeUndefined();
  });

  it('counts the rollout, and keeps the same object while it says the same thing', () => {
    const select = selectRollout('kube-system/fluentd-elasticsearch');
    const a = select(state(ds, pods, crs, 1))!;
    expect(a.state).toBe('stalled');
    // pods changed (a new version) but say the same: the same object
    const again = pods.map((p) => ({ ...p }));
    expect(select(state(ds, again, crs, 2))).toBe(a);
    // the failing pod now pulls: it is on its way, no longer stalled
    const pulling = [daemonPod(ds, 'node-1', 'new', 'creating'), pods[1], pods[2]];
    const b = select(state(ds, pulling, crs, 3))!;
    expect(b).not.toBe(a);
    expect(b.state).toBe('rolling');
    expect(rolloutSignature(b)).not.toBe(rolloutSignature(a));
  });

  it('a finished rollout does not look at the pods', () => {
    const done = fluentd({});
    const select = selectRollout('kube-system/done');
    const s = state({ ...done, metadata: { ...done.metadata, name: 'done' } }, [], [], 1);
    // no pods at all, yet complete: the status says so
    expect(select(s)?.state).toBe('complete');
  });

  it('a pod running not ready becomes trouble only after its grace, as the clock runs', () => {
    const p = daemonPod(ds, 'node-1', 'new', 'unready');
    const started = T0 + 5000;
    expect(cachedTrouble(p, started + 1000)).toBeUndefined();
    expect(cachedTrouble(p, started + 60_000)?.class).toBe('unready');
  });
});
