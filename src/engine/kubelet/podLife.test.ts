// The status a pod with a PodLife gets (podLife.ts): the same bytes as the healthy path's builders
// for the same state; getPhase as upstream's table; and, on random programs, probes, policies and
// rule changes, a status that is always well-formed and the same for the same seed.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clone, deepFreeze } from '../api/objects';
import { newNode } from '../cluster/nodeFactory';
import type { Container, ContainerStatus, Pod, PodStatus } from '../api/types';
import type { RunBehaviour } from '../registry/registry';
import { Simulation } from '../simulation';
import { normalizeImage } from '../registry/reference';
import { imageID } from './images';
import { type ContainerLife, type StartFailure, getPhase, lifeStatus, newContainerLife } from './podLife';
import { containerID, pendingStatus, readyStatus, runningStatus } from './podStatus';

const RUNS: RunBehaviour = { kind: 'runs' };

function pod(): Pod {
  return deepFreeze({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', uid: 'u1' },
    spec: {
      containers: [
        { name: 'a', image: 'nginx:1.27' },
        { name: 'b', image: 'quay.io/x/y' },
      ],
      restartPolicy: 'Always',
    },
    status: {
      phase: 'Pending',
      qosClass: 'BestEffort',
      conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: 't0' }],
    },
  }) as unknown as Pod;
}

function running(p: Pod, c: Container, at: string, ready: boolean): ContainerLife {
  const cl = newContainerLife(c.name);
  cl.cur = {
    id: containerID(p, c.name),
    attempt: 0,
    image: normalizeImage(c.image!),
    imageID: imageID(c.image!),
    startedMs: Date.parse(at),
    startedAt: at,
    run: RUNS,
  };
  cl.started = true;
  cl.ready = ready;
  return cl;
}

const T1 = '2026-01-01T00:00:01Z';
const T2 = '2026-01-01T00:00:02Z';
const T3 = '2026-01-01T00:00:03Z';
const T4 = '2026-01-01T00:00:04Z';

describe('lifeStatus', () => {
  it('gives the bytes of the healthy builders for the healthy states (ContainerCreating, Running, Ready)', () => {
    const p0 = pod();
    const specs = p0.spec.containers;
    const pending = pendingStatus(p0, '10.0.0.2', T1, true);
    const none = specs.map((c) => newContainerLife(c.name));
    const life0 = lifeStatus(p0, {
      containers: none,
      shown: [],
      hostIP: '10.0.0.2',
      podIP: undefined,
      now: T1,
    });
    expect(JSON.stringify(life0)).toBe(JSON.stringify(pending));

    const p1 = { ...p0, status: pending };
    const run = runningStatus(p1, '10.244.0.2', T3, { a: T2, b: T3 });
    const started = [running(p1, specs[0], T2, false), running(p1, specs[1], T3, false)];
    const life1 = lifeStatus(p1, {
      containers: started,
      shown: [],
      hostIP: '10.0.0.2',
      podIP: '10.244.0.2',
      now: T3,
    });
    expect(JSON.stringify(life1)).toBe(JSON.stringify(run));

    const p2 = { ...p1, status: run };
    const ready = readyStatus(p2, T4);
    for (const cl of started) cl.ready = true;
    const life2 = lifeStatus(p2, {
      containers: started,
      shown: [],
      hostIP: '10.0.0.2',
      podIP: '10.244.0.2',
      now: T4,
    });
    expect(JSON.stringify(life2)).toBe(JSON.stringify(ready));
    // and from an unfrozen copy of the pod
    expect(
      JSON.stringify(
        lifeStatus(clone(p2), {
          containers: started,
          shown: [],
          hostIP: '10.0.0.2',
          podIP: '10.244.0.2',
          now: T4,
        }),
      ),
    ).toBe(JSON.stringify(ready));
  });

  it('names only the unready containers in the Ready condition', () => {
    const p = pod();
    const cls = [running(p, p.spec.containers[0], T2, true), running(p, p.spec.containers[1], T2, false)];
    const s = lifeStatus(p, { containers: cls, shown: [], hostIP: '10.0.0.2', podIP: '10.244.0.2', now: T3 });
    expect(s.conditions!.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotReady',
      message: 'containers with unready status: [b]',
    });
  });

  it('shows the reason cache as the last sync saw it, not as it is now', () => {
    const p = pod();
    const cls = p.spec.containers.map((c) => newContainerLife(c.name));
    cls[0].failure = { reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginx:1.27"' };
    const shown: (StartFailure | undefined)[] = [{ reason: 'ErrImagePull', message: 'x' }];
    const s = lifeStatus(p, { containers: cls, shown, hostIP: '10.0.0.2', podIP: undefined, now: T1 });
    expect(s.containerStatuses![0].state).toEqual({ waiting: { reason: 'ErrImagePull', message: 'x' } });
    expect(s.containerStatuses![1].state).toEqual({ waiting: { reason: 'ContainerCreating' } });
  });
});

describe('getPhase', () => {
  const st = (
    state: ContainerStatus['state'],
    lastState: ContainerStatus['lastState'] = {},
  ): ContainerStatus => ({
    name: 'c',
    image: '',
    imageID: '',
    ready: false,
    restartCount: 0,
    state,
    lastState,
  });
  const term = (exitCode: number) => ({ terminated: { exitCode } });
  it.each([
    ['waiting → Pending', [st({ waiting: { reason: 'ContainerCreating' } })], 'Always', 'Pending'],
    ['waiting and running → Pending', [st({ waiting: {} }), st({ running: {} })], 'Always', 'Pending'],
    ['running → Running', [st({ running: {} })], 'Never', 'Running'],
    ['running and stopped → Running', [st({ running: {} }), st(term(1))], 'Never', 'Running'],
    [
      'restarting (waiting after a run) counts as stopped',
      [st({ waiting: { reason: 'CrashLoopBackOff' } }, term(1))],
      'Always',
      'Running',
    ],
    ['stopped, Always → Running', [st(term(0))], 'Always', 'Running'],
    ['stopped with success, Never → Succeeded', [st(term(0))], 'Never', 'Succeeded'],
    ['stopped with success, OnFailure → Succeeded', [st(term(0)), st(term(0))], 'OnFailure', 'Succeeded'],
    ['a failure, Never → Failed', [st(term(0)), st(term(1))], 'Never', 'Failed'],
    ['a failure, OnFailure → Running (restarting)', [st(term(1))], 'OnFailure', 'Running'],
  ] as const)('%s', (_name, statuses, policy, phase) => {
    expect(getPhase(statuses as unknown as ContainerStatus[], policy)).toBe(phase);
  });
});

// ---- the property ----

const WAITING_REASONS = new Set([
  'ContainerCreating',
  'ErrImagePull',
  'ImagePullBackOff',
  'ErrImageNeverPull',
  'CrashLoopBackOff',
]);
const TERMINATED_REASONS = new Set(['Error', 'Completed', 'OOMKilled']);

const behaviour = fc.oneof(
  fc.constant<RunBehaviour>({ kind: 'runs' }),
  fc.record({
    kind: fc.constant('crash' as const),
    afterMs: fc.integer({ min: 0, max: 120_000 }),
    exitCode: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ kind: fc.constant('oom' as const), afterMs: fc.integer({ min: 0, max: 120_000 }) }),
  fc.record({ kind: fc.constant('unready' as const), liveness: fc.boolean() }),
);
const probe = fc.option(
  fc.record({
    httpGet: fc.constant({ path: '/', port: 80 }),
    initialDelaySeconds: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
    periodSeconds: fc.integer({ min: 2, max: 15 }),
    failureThreshold: fc.integer({ min: 1, max: 4 }),
    successThreshold: fc.integer({ min: 1, max: 3 }),
  }),
  { nil: undefined },
);
const containerArb = fc.record({
  run: behaviour,
  exists: fc.boolean(),
  pullMs: fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: undefined }),
  pullPolicy: fc.constantFrom('Always', 'IfNotPresent', 'Never'),
  readinessProbe: probe,
  livenessProbe: probe,
  startupProbe: probe,
});
const scenario = fc.record({
  containers: fc.array(containerArb, { minLength: 1, maxLength: 3 }),
  restartPolicy: fc.constantFrom('Always', 'OnFailure', 'Never'),
  /** (advance ms, then maybe a new rule for container i) */
  steps: fc.array(
    fc.record({
      ms: fc.integer({ min: 0, max: 120_000 }),
      change: fc.option(fc.tuple(fc.nat({ max: 2 }), behaviour, fc.boolean()), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  deleteAt: fc.option(fc.nat({ max: 7 }), { nil: undefined }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Every way a status must hold together, whatever happened. */
function checkWellFormed(p: Pod, prev: PodStatus | undefined): void {
  const s = p.status;
  const list = s.containerStatuses ?? [];
  expect(list.map((c) => c.name)).toEqual(p.spec.containers.map((c) => c.name));
  const unready: string[] = [];
  for (const c of list) {
    const states = Object.keys(c.state);
    expect(states.length).toBe(1);
    expect(c.restartCount).toBeGreaterThanOrEqual(0);
    if (c.ready) expect(c.state.running && c.started).toBeTruthy();
    else unready.push(c.name);
    if (c.started) expect(c.state.running).toBeDefined();
    const w = c.state.waiting;
    if (w) {
      expect(WAITING_REASONS.has(w.reason!)).toBe(true);
      if (w.reason === 'ContainerCreating') expect(w.message).toBeUndefined();
      else expect(w.message).toBeTruthy();
      if (w.reason === 'CrashLoopBackOff') expect(c.lastState?.terminated).toBeDefined();
    }
    for (const t of [c.state.terminated, c.lastState?.terminated]) {
      if (!t) continue;
      expect(TERMINATED_REASONS.has(t.reason!)).toBe(true);
      if (t.reason === 'OOMKilled') expect(t.exitCode).toBe(137);
      if (t.reason === 'Completed') expect(t.exitCode).toBe(0);
      expect(Date.parse(t.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(t.startedAt!));
    }
    // a container that ran has an ID and the image containerd reports; one that never ran has neither
    if (c.containerID)
      expect(c.image).toBe(normalizeImage(p.spec.containers.find((x) => x.name === c.name)!.image!));
    else expect(c.restartCount).toBe(0);
    if (c.state.running && c.lastState?.terminated)
      expect(Date.parse(c.state.running.startedAt!)).toBeGreaterThanOrEqual(
        Date.parse(c.lastState.terminated.finishedAt!),
      );
    // restartPolicy Never: a container runs at most once
    if (p.spec.restartPolicy === 'Never')
      expect([c.restartCount, c.state.waiting?.reason, c.lastState?.terminated]).toEqual([
        0,
        c.state.waiting ? expect.not.stringMatching(/CrashLoopBackOff/) : undefined,
        undefined,
      ]);
    const before = prev?.containerStatuses?.find((x) => x.name === c.name);
    if (before) expect(c.restartCount).toBeGreaterThanOrEqual(before.restartCount);
  }
  const phase = s.phase!;
  expect(phase).toBe(getPhase(list, p.spec.restartPolicy));
  const types = (s.conditions ?? []).map((c) => c.type);
  expect(new Set(types).size).toBe(types.length);
  const ready = s.conditions!.find((c) => c.type === 'Ready')!;
  const containersReady = s.conditions!.find((c) => c.type === 'ContainersReady')!;
  expect({ status: ready.status, reason: ready.reason, message: ready.message }).toEqual({
    status: containersReady.status,
    reason: containersReady.reason,
    message: containersReady.message,
  });
  if (phase === 'Failed' || phase === 'Succeeded') {
    expect(list.some((c) => c.state.running)).toBe(false);
    expect(ready).toMatchObject({
      status: 'False',
      reason: phase === 'Failed' ? 'PodFailed' : 'PodCompleted',
    });
  } else if (unready.length === 0) expect(ready.status).toBe('True');
  else
    expect(ready).toMatchObject({
      status: 'False',
      reason: 'ContainersNotReady',
      message: `containers with unready status: [${unready.join(' ')}]`,
    });
  if (prev && (prev.phase === 'Failed' || prev.phase === 'Succeeded')) expect(phase).toBe(prev.phase);
}

/** Runs a scenario on a one-node cluster; returns what it saw (for the determinism check). */
function play(sc: Scenario): string {
  const sim = new Simulation({ seed: 7 });
  sim.store.create<'Node'>(newNode('n1', { index: 0, now: sim.iso() }));
  const containers = sc.containers.map((c, i) => {
    const image = `img${i}:v1`;
    sim.registry.set(image, { exists: c.exists, pullMs: c.pullMs, run: c.run });
    const spec: Container = { name: `c${i}`, image, imagePullPolicy: c.pullPolicy };
    if (c.readinessProbe) spec.readinessProbe = c.readinessProbe;
    if (c.livenessProbe) spec.livenessProbe = c.livenessProbe;
    if (c.startupProbe) spec.startupProbe = { ...c.startupProbe, successThreshold: 1 };
    return spec;
  });
  sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default' },
    spec: { containers, restartPolicy: sc.restartPolicy },
  } as unknown as Pod);
  const seen: string[] = [];
  let prev: PodStatus | undefined;
  const check = () => {
    const p = sim.store.get('Pod', 'default', 'p');
    if (!p || !p.status.containerStatuses) return;
    checkWellFormed(p, prev);
    prev = p.status;
  };
  // check after every kubelet step, not only at the checkpoints
  sim.stepListeners.push((r) => {
    if (r.controller === 'kubelet') check();
  });
  sc.steps.forEach((step, i) => {
    if (sc.deleteAt === i && sim.store.get('Pod', 'default', 'p')) sim.store.delete('Pod', 'default', 'p');
    sim.advance(step.ms);
    check();
    if (step.change) {
      const [ci, run, exists] = step.change;
      if (ci < containers.length) sim.registry.set(containers[ci].image!, { run, exists });
    }
    const p = sim.store.get('Pod', 'default', 'p');
    seen.push(p ? JSON.stringify(p.status) : 'gone');
  });
  seen.push(
    JSON.stringify(sim.store.list('Event').map((e) => [e.reason, e.message, e.count, e.lastTimestamp])),
  );
  return seen.join('\n');
}

describe('pod status under random programs, probes and policies', () => {
  it('is always well-formed, and the same for the same inputs', () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const a = play(sc);
        expect(play(sc)).toBe(a);
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
