// The disruption controller against upstream's disruption_test.go cases that the playground can
// express (pods as the API server stores them, the controller driven by the simulation).

import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../clock';
import type { Pod, PodDisruptionBudget } from '../../api/types';
import { Simulation } from '../../simulation';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { createDeploymentCommand } from '../../kubectl/commands/createDeployment';
import { scaleCommand } from '../../kubectl/commands/scale';
import { DISRUPTION_ALLOWED_CONDITION } from '../../api/pdbHelper';
import {
  buildDisruptedPodMap,
  countHealthyPods,
  getExpectedPodCount,
  getScaledValueFromIntOrPercent,
} from './expectedPods';

function pdb(spec: PodDisruptionBudget['spec'], name = 'pdb'): PodDisruptionBudget {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace: 'default' },
    spec,
  } as PodDisruptionBudget;
}

/** A bare pod labelled foo=bar, Running and Ready (or not), as newPod of disruption_test.go. */
function addPod(sim: Simulation, name: string, ready = true): Pod {
  const p = sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { foo: 'bar' } },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  } as unknown as Pod);
  return setReady(sim, p, ready);
}

function setReady(sim: Simulation, p: Pod, ready: boolean): Pod {
  return sim.store.updateStatus<'Pod'>({
    ...p,
    status: {
      ...p.status,
      phase: 'Running',
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: sim.iso() }],
    },
  });
}

const FOO_BAR = { matchLabels: { foo: 'bar' } };

function status(sim: Simulation, name = 'pdb') {
  const s = sim.store.get('PodDisruptionBudget', 'default', name)!.status;
  return [s.disruptionsAllowed, s.currentHealthy, s.desiredHealthy, s.expectedPods];
}

describe('getScaledValueFromIntOrPercent (round up)', () => {
  it('keeps an int and rounds a percentage up', () => {
    expect(getScaledValueFromIntOrPercent(3, 10)).toBe(3);
    expect(getScaledValueFromIntOrPercent('20%', 10)).toBe(2);
    expect(getScaledValueFromIntOrPercent('25%', 3)).toBe(1);
    expect(getScaledValueFromIntOrPercent('50%', 3)).toBe(2);
    expect(getScaledValueFromIntOrPercent('0%', 7)).toBe(0);
  });
});

describe('disruption controller (disruption_test.go)', () => {
  it('TestNoSelector: an empty policy/v1 selector selects every pod of the namespace', () => {
    const sim = simWithNodes([]);
    sim.store.create(pdb({ minAvailable: 3, selector: {} }));
    sim.settle();
    // no pods yet: nothing expected, nothing allowed
    expect(status(sim)).toEqual([0, 0, 3, 0]);
    addPod(sim, 'foobar');
    sim.settle();
    // a pod's events find no budget with an empty selector (GetPodPodDisruptionBudgets skips it):
    // like the upstream test, sync the budget itself
    expect(status(sim)).toEqual([0, 0, 3, 0]);
    sim.disruption.sync('default/pdb', sim.store.get('PodDisruptionBudget', 'default', 'pdb')!);
    expect(status(sim)).toEqual([0, 1, 3, 1]);
  });

  it('TestUnavailable: one pod going unready takes the only allowed disruption', () => {
    const sim = simWithNodes([]);
    sim.store.create(pdb({ minAvailable: 3, selector: FOO_BAR }));
    const pods = ['a', 'b', 'c', 'd'].map((n) => addPod(sim, n));
    sim.settle();
    expect(status(sim)).toEqual([1, 4, 3, 4]);
    const cond = sim.store.get('PodDisruptionBudget', 'default', 'pdb')!.status.conditions![0];
    expect([cond.type, cond.status, cond.reason]).toEqual([
      DISRUPTION_ALLOWED_CONDITION,
      'True',
      'SufficientPods',
    ]);
    setReady(sim, pods[0], false);
    sim.settle();
    expect(status(sim)).toEqual([0, 3, 3, 4]);
    const after = sim.store.get('PodDisruptionBudget', 'default', 'pdb')!.status.conditions![0];
    expect([after.status, after.reason]).toEqual(['False', 'InsufficientPods']);
  });

  it('TestIntegerMaxUnavailable: unmanaged pods leave nothing allowed and say so', () => {
    const sim = simWithNodes([]);
    sim.store.create(pdb({ maxUnavailable: 1, selector: FOO_BAR }));
    sim.settle();
    expect(status(sim)[0]).toBe(0);
    addPod(sim, 'naked');
    sim.settle();
    expect(status(sim)).toEqual([0, 1, 0, 0]);
    expect(sim.store.list('Event', 'default').some((e) => e.reason === 'UnmanagedPods')).toBe(true);
  });

  it('TestReplicaSet-like: a percentage of a Deployment counts its replicas through the ReplicaSet', () => {
    const sim = simWithNodes(['node-1']);
    runDef(sim, createDeploymentCommand, 'web --image=nginx:1.27 --replicas=4');
    sim.settle();
    sim.store.create(pdb({ minAvailable: '20%', selector: { matchLabels: { app: 'web' } } }));
    sim.settle();
    // desiredHealthy = ceil(20 % of 4) = 1
    expect(status(sim)).toEqual([3, 4, 1, 4]);
    // the Deployment's scale, not the pods there happen to be: scaled to 10, expected is 10 at once
    runDef(sim, scaleCommand, 'deployment web --replicas=10');
    const pods = sim.store.list('Pod', 'default');
    const expected = getExpectedPodCount(
      sim.store,
      sim.store.get('PodDisruptionBudget', 'default', 'pdb')!,
      pods,
    );
    expect(expected).toEqual({ expectedCount: 10, desiredHealthy: 2, unmanagedPods: [] });
  });

  it('maxUnavailable over a DaemonSet fails safe (SyncFailed): no scale subresource', () => {
    const sim = simWithNodes(['node-1']);
    sim.store.create({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'ds', namespace: 'default' },
      spec: {
        selector: FOO_BAR,
        template: {
          metadata: { labels: { foo: 'bar' } },
          spec: { containers: [{ name: 'c', image: 'nginx' }] },
        },
      },
    } as never);
    sim.settle();
    sim.store.create(pdb({ maxUnavailable: 1, selector: FOO_BAR }));
    sim.settle();
    const s = sim.store.get('PodDisruptionBudget', 'default', 'pdb')!.status;
    expect(s.disruptionsAllowed).toBe(0);
    expect(s.conditions![0]).toMatchObject({
      status: 'False',
      reason: 'SyncFailed',
      message: 'daemonsets.apps does not implement the scale subresource',
    });
  });

  it('observedGeneration follows the spec', () => {
    const sim = simWithNodes([]);
    const p = sim.store.create<'PodDisruptionBudget'>(pdb({ minAvailable: 1, selector: FOO_BAR }));
    sim.settle();
    expect(sim.store.get('PodDisruptionBudget', 'default', 'pdb')!.status.observedGeneration).toBe(1);
    sim.store.update({
      ...sim.store.get('PodDisruptionBudget', 'default', 'pdb')!,
      spec: { ...p.spec, minAvailable: 2 },
    });
    expect(sim.store.get('PodDisruptionBudget', 'default', 'pdb')!.metadata.generation).toBe(2);
    sim.settle();
    expect(sim.store.get('PodDisruptionBudget', 'default', 'pdb')!.status.observedGeneration).toBe(2);
  });
});

describe('TestUpdateDisruptedPods: buildDisruptedPodMap and countHealthyPods', () => {
  it('drops the entries of pods being deleted, gone or past DeletionTimeout; keeps the rest out of the healthy count', () => {
    const now = Date.parse('2026-01-01T01:00:00Z');
    const mk = (name: string, deleting = false): Pod =>
      ({
        metadata: { name, namespace: 'default', ...(deleting ? { deletionTimestamp: rfc3339(now) } : {}) },
        spec: { containers: [] },
        status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
      }) as unknown as Pod;
    const budget = pdb({ minAvailable: 1, selector: FOO_BAR });
    budget.status = {
      disruptionsAllowed: 0,
      currentHealthy: 0,
      desiredHealthy: 0,
      expectedPods: 0,
      disruptedPods: {
        p1: rfc3339(now), // deletion started: dropped
        p2: rfc3339(now - 3 * 60_000), // expired: dropped (NotDeleted)
        p3: rfc3339(now - 60_000), // untouched: kept
        notthere: rfc3339(now), // pod gone: dropped
      },
    };
    const pods = [mk('p1', true), mk('p2'), mk('p3')];
    const r = buildDisruptedPodMap(pods, budget, now);
    expect([...r.disruptedPods.entries()]).toEqual([['p3', rfc3339(now - 60_000)]]);
    expect(r.notDeleted.map((p) => p.metadata.name)).toEqual(['p2']);
    // look again when p3's DeletionTimeout is over
    expect(r.recheckTime).toBe(now - 60_000 + 2 * 60_000);
    // p1 is being deleted and p3 was evicted: only p2 is healthy
    expect(countHealthyPods(pods, r.disruptedPods, now)).toBe(1);
    expect(getExpectedPodCount(undefined as never, budget, pods)).toEqual({
      expectedCount: 3,
      desiredHealthy: 1,
      unmanagedPods: [],
    });
  });
});

/** newReplicaSet(t, size) of disruption_test.go: a ReplicaSet no Deployment controls (stored, not run). */
function addReplicaSet(sim: Simulation, replicas: number, name = 'rs') {
  return sim.store.create<'ReplicaSet'>({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { foo: 'bar', rs: name } },
      template: {
        metadata: { labels: { foo: 'bar', rs: name } },
        spec: { containers: [{ name: 'c', image: 'nginx' }] },
      },
    },
  } as never);
}

/** updatePodOwnerToRs: the pod's ControllerRef names the ReplicaSet. */
function ownPod(
  sim: Simulation,
  pod: Pod,
  owner: { apiVersion: string; kind: string; name: string; uid: string },
): Pod {
  const p = sim.store.get('Pod', 'default', pod.metadata.name)!;
  return sim.store.update<'Pod'>({
    ...p,
    metadata: { ...p.metadata, ownerReferences: [{ ...owner, controller: true }] },
  });
}

/** dc.sync(pdbName) by hand: the budget's own sync, no other controller running (upstream's fake stores). */
function syncPdb(sim: Simulation, name = 'pdb'): void {
  sim.disruption.sync(`default/${name}`, sim.store.get('PodDisruptionBudget', 'default', name)!);
}

const rsRef = (rs: { metadata: { name: string; uid: string } }) => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  name: rs.metadata.name,
  uid: rs.metadata.uid,
});

describe('PDB status over a ReplicaSet’s scale (disruption_test.go, synced by hand)', () => {
  // [disruptionsAllowed, currentHealthy, desiredHealthy, expectedPods], as VerifyPdbStatus takes them
  it('TestIntegerMaxUnavailableWithScaling: maxUnavailable 2 of 7, then of 5', () => {
    const sim = simWithNodes([]);
    sim.store.create(pdb({ maxUnavailable: 2, selector: FOO_BAR }));
    const rs = addReplicaSet(sim, 7);
    ownPod(sim, addPod(sim, 'pod'), rsRef(rs));
    syncPdb(sim);
    expect(status(sim)).toEqual([0, 1, 5, 7]);
    sim.store.update({ ...rs, spec: { ...rs.spec, replicas: 5 } });
    syncPdb(sim);
    expect(status(sim)).toEqual([0, 1, 3, 5]);
  });

  it('TestPercentageMaxUnavailableWithScaling: maxUnavailable 30 % of 7 (rounded up: 3), then of 3 (1)', () => {
    const sim = simWithNodes([]);
    sim.store.create(pdb({ maxUnavailable: '30%', selector: FOO_BAR }));
    const rs = addReplicaSet(sim, 7);
    ownPod(sim, addPod(sim, 'pod'), rsRef(rs));
    syncPdb(sim);
    expect(status(sim)).toEqual([0, 1, 4, 7]);
    sim.store.update({ ...rs, spec: { ...rs.spec, replicas: 3 } });
    syncPdb(sim);
    expect(status(sim)).toEqual([0, 1, 2, 3]);
  });

  it('TestReplicaSet: minAvailable 20 % counts the scale of a ReplicaSet without a Deployment', () => {
    const sim = simWithNodes([]);
    sim.store.create(pdb({ minAvailable: '20%', selector: FOO_BAR }));
    const rs = addReplicaSet(sim, 10);
    ownPod(sim, addPod(sim, 'pod'), rsRef(rs));
    syncPdb(sim);
    expect(status(sim)).toEqual([0, 1, 2, 10]);
  });

  it('TestNakedPod / TestStatusForUnmanagedPod / TestTotalUnmanagedPods: a percentage over an unmanaged pod allows nothing, without a status error', () => {
    const sim = simWithNodes([]);
    sim.store.create(pdb({ minAvailable: '28%', selector: FOO_BAR }));
    syncPdb(sim);
    expect(status(sim)[0]).toBe(0);
    const naked = addPod(sim, 'naked');
    syncPdb(sim);
    expect(status(sim)[0]).toBe(0);
    const s = sim.store.get('PodDisruptionBudget', 'default', 'pdb')!.status;
    expect(s.conditions?.[0].reason).not.toBe('SyncFailed');
    expect(sim.store.list('Event', 'default').some((e) => e.reason === 'UnmanagedPods')).toBe(true);
    expect(
      getExpectedPodCount(sim.store, sim.store.get('PodDisruptionBudget', 'default', 'pdb')!, [naked])
        .unmanagedPods,
    ).toEqual(['naked']);
  });

  it('TestUnsupportedControllerPod: a pod of a kind with no known scale allows nothing (CalculateExpectedPodCountFailed)', () => {
    const sim = simWithNodes([]);
    sim.store.create(pdb({ minAvailable: '28%', selector: FOO_BAR }));
    syncPdb(sim);
    ownPod(sim, addPod(sim, 'naked'), {
      apiVersion: 'apps.test.io/v1',
      kind: 'TestWorkload',
      name: 'fake-controller',
      uid: 'b7329742-8daa-493a-8881-6ca07139172b',
    });
    syncPdb(sim);
    expect(status(sim)[0]).toBe(0);
    expect(
      sim.store.list('Event', 'default').some((e) => e.reason === 'CalculateExpectedPodCountFailed'),
    ).toBe(true);
  });

  it('TestTwoControllers, with two ReplicaSets for its ReplicationController and Deployment: 28 % of 11, then of 22', () => {
    // the upstream test's constants: collectionSize 11, minimumOne 4 (28 % of 11), minimumTwo 7 (of 22)
    const sim = simWithNodes([]);
    sim.store.create(pdb({ minAvailable: '28%', selector: FOO_BAR }));
    const a = addReplicaSet(sim, 11, 'a');
    syncPdb(sim);
    expect(status(sim)).toEqual([0, 0, 0, 0]);
    const pods: Pod[] = [];
    let unavailable = 11 - 4 - 1;
    for (let i = 1; i <= 11; i++) {
      const p = ownPod(sim, addPod(sim, `quux-${i}`, i > unavailable), rsRef(a));
      pods.push(p);
      syncPdb(sim);
      if (i <= unavailable) expect(status(sim)).toEqual([0, 0, 4, 11]);
      else if (i - unavailable <= 4) expect(status(sim)).toEqual([0, i - unavailable, 4, 11]);
      else expect(status(sim)).toEqual([1, i - unavailable, 4, 11]);
    }
    const b = addReplicaSet(sim, 11, 'b');
    syncPdb(sim);
    expect(status(sim)).toEqual([1, 5, 4, 11]);
    unavailable = 2 * 11 - (7 + 2) - unavailable;
    for (let i = 1; i <= 11; i++) {
      const p = ownPod(sim, addPod(sim, `quuux-${i}`, i > unavailable), rsRef(b));
      pods.push(p);
      syncPdb(sim);
      if (i <= unavailable) expect(status(sim)).toEqual([0, 5, 7, 22]);
      else if (i - unavailable <= 7 - 5) expect(status(sim)).toEqual([0, 5 + (i - unavailable), 7, 22]);
      else expect(status(sim)).toEqual([i - unavailable - 2, 5 + (i - unavailable), 7, 22]);
    }
    // one pod down: still one allowed; two down: none; one back: one again
    expect(status(sim)).toEqual([2, 9, 7, 22]);
    setReady(sim, sim.store.get('Pod', 'default', pods[10].metadata.name)!, false);
    syncPdb(sim);
    expect(status(sim)).toEqual([1, 8, 7, 22]);
    setReady(sim, sim.store.get('Pod', 'default', pods[9].metadata.name)!, false);
    syncPdb(sim);
    expect(status(sim)).toEqual([0, 7, 7, 22]);
    setReady(sim, sim.store.get('Pod', 'default', pods[10].metadata.name)!, true);
    syncPdb(sim);
    expect(status(sim)).toEqual([1, 8, 7, 22]);
  });
});
