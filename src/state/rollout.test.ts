import { describe, expect, it } from 'vitest';
import { rolloutProgress, statusComplete } from './rollout';
import { daemonPod, fluentd, NODES, T0 } from '../engine/testing';

const NOW = T0 + 120_000;

describe('rolloutProgress', () => {
  it('stalled: maxUnavailable 1 is spent on the new pod that cannot pull its image; the old pods wait', () => {
    const ds = fluentd({
      updatedNumberScheduled: 1,
      numberAvailable: 2,
      numberUnavailable: 1,
      numberReady: 2,
    });
    const pods = [
      daemonPod(ds, 'node-1', 'new', 'imagePullBackOff'),
      daemonPod(ds, 'node-2', 'old', 'running'),
      daemonPod(ds, 'node-3', 'old', 'running'),
    ];
    const p = rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW });
    expect(p.state).toBe('stalled');
    expect(p).toMatchObject({ desired: 3, updated: 1, available: 2, waiting: 2, room: 0 });
    expect(p.maxUnavailable).toEqual({ value: 1, spec: 1, desired: 3 });
    expect(p.unavailable).toHaveLength(1);
    expect(p.troubled[0]).toMatchObject({
      node: 'node-1',
      why: 'trouble',
      pod: { name: 'fluentd-elasticsearch-node-1', updated: true },
      trouble: { word: 'ImagePullBackOff' },
    });
    expect([...p.badRevisions]).toEqual([['new', { count: 1, word: 'ImagePullBackOff', class: 'pull' }]]);
  });

  it('rolling, not stalled, while the new pod is still being created', () => {
    const ds = fluentd({ updatedNumberScheduled: 1, numberAvailable: 2 });
    const pods = [
      daemonPod(ds, 'node-1', 'new', 'creating'),
      daemonPod(ds, 'node-2', 'old', 'running'),
      daemonPod(ds, 'node-3', 'old', 'running'),
    ];
    const p = rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW });
    expect(p.state).toBe('rolling');
    expect(p.unavailable).toEqual([
      {
        node: 'node-1',
        pod: { name: 'fluentd-elasticsearch-node-1', namespace: 'kube-system', hash: 'new', updated: true },
        why: 'starting',
      },
    ]);
    expect(p.badRevisions.size).toBe(0);
  });

  it('a percentage is scaled against the desired count and rounded up; room left means the rollout goes on', () => {
    const ds = fluentd({ updatedNumberScheduled: 1, numberAvailable: 2 }, { maxUnavailable: '50%' });
    const pods = [
      daemonPod(ds, 'node-1', 'new', 'crashLoop', { restarts: 3 }),
      daemonPod(ds, 'node-2', 'old', 'running'),
      daemonPod(ds, 'node-3', 'old', 'running'),
    ];
    const p = rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW });
    expect(p.maxUnavailable).toEqual({ value: 2, spec: '50%', desired: 3 });
    // The controller deletes one more old pod (room 1), the other waits.
    expect(p).toMatchObject({ state: 'rolling', room: 1, waiting: 1 });
    expect(p.troubled).toHaveLength(1);
  });

  it('maxSurge: the old pod stays beside its failing new pod, and the surge budget is spent', () => {
    const ds = fluentd({ updatedNumberScheduled: 1, numberAvailable: 3 }, { maxSurge: 1, maxUnavailable: 0 });
    const pods = [
      daemonPod(ds, 'node-1', 'old', 'running', { suffix: 'old1' }),
      daemonPod(ds, 'node-1', 'new', 'oomLoop', { restarts: 2 }),
      daemonPod(ds, 'node-2', 'old', 'running'),
      daemonPod(ds, 'node-3', 'old', 'running'),
    ];
    const p = rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW });
    expect(p.maxSurge).toEqual({ value: 1, spec: 1, desired: 3 });
    expect(p.maxUnavailable).toEqual({ value: 0, spec: 0, desired: 3 });
    expect(p).toMatchObject({ state: 'stalled', room: 0, waiting: 2 });
    expect(p.troubled[0]).toMatchObject({ node: 'node-1', trouble: { class: 'oom' } });
  });

  it('every pod updated but one crash-looping: stalled, with nothing left to replace', () => {
    const ds = fluentd({ updatedNumberScheduled: 3, numberAvailable: 2 });
    const pods = [
      daemonPod(ds, 'node-1', 'new', 'crashLoop', { restarts: 4 }),
      daemonPod(ds, 'node-2', 'new', 'running'),
      daemonPod(ds, 'node-3', 'new', 'running'),
    ];
    const p = rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW });
    expect(p).toMatchObject({ state: 'stalled', waiting: 0, updated: 3 });
  });

  it('a node that should run a pod and has none counts as unavailable (the controller waits for it)', () => {
    const ds = fluentd({ updatedNumberScheduled: 1, numberAvailable: 1 });
    const pods = [
      daemonPod(ds, 'node-1', 'new', 'running'),
      daemonPod(ds, 'node-2', 'old', 'running', { terminating: true }),
      daemonPod(ds, 'node-3', 'old', 'running'),
    ];
    const p = rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW });
    expect(p.state).toBe('rolling');
    expect(p.unavailable).toEqual([{ node: 'node-2', why: 'terminating' }]);
  });

  it('complete from the status alone; pending while the controller has not seen the new spec', () => {
    const done = fluentd({});
    expect(statusComplete(done)).toBe(true);
    const pods = NODES.map((n) => daemonPod(done, n.metadata.name, 'new', 'running'));
    expect(rolloutProgress({ ds: done, pods, nodes: NODES, hash: 'new', now: NOW })).toMatchObject({
      state: 'complete',
      unavailable: [],
      troubled: [],
    });
    const seen = fluentd({ observedGeneration: 1 }, { generation: 2 });
    expect(statusComplete(seen)).toBe(false);
    expect(rolloutProgress({ ds: seen, pods, nodes: NODES, hash: 'new', now: NOW }).state).toBe('pending');
  });

  it('OnDelete: old pods stay until someone deletes them', () => {
    const ds = fluentd({ updatedNumberScheduled: 1 }, { onDelete: true });
    const pods = [
      daemonPod(ds, 'node-1', 'new', 'running'),
      daemonPod(ds, 'node-2', 'old', 'running'),
      daemonPod(ds, 'node-3', 'old', 'running'),
    ];
    expect(rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW }).state).toBe('onDelete');
  });

  it('an old revision whose pods fail is a bad revision too; the rollout replaces them first', () => {
    const ds = fluentd({ updatedNumberScheduled: 0, numberAvailable: 1 });
    const pods = [
      daemonPod(ds, 'node-1', 'old', 'unready'),
      daemonPod(ds, 'node-2', 'old', 'unready'),
      daemonPod(ds, 'node-3', 'old', 'running'),
    ];
    const p = rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW });
    expect([...p.badRevisions.keys()]).toEqual(['old']);
    expect(p.badRevisions.get('old')).toMatchObject({ count: 2, class: 'unready' });
    // Unavailable old pods are replaced whatever the budget: on their way out, not a stall.
    expect(p.unavailable.map((u) => [u.node, u.why, u.trouble?.class])).toEqual([
      ['node-1', 'replacing', 'unready'],
      ['node-2', 'replacing', 'unready'],
    ]);
    expect(p.troubled).toEqual([]);
    expect(p.state).toBe('rolling');
  });
});
