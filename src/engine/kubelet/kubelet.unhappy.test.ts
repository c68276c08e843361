// The kubelet when things go wrong: images that do not pull, containers that stop, probes that
// fail. Statuses and events as the kubelet reports them, with upstream's back-off schedules.

import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import { getPodCondition, isPodReady } from '../api/podutil';
import type { Container, ContainerStatus, Pod, PodSpec } from '../api/types';
import { podCells } from '../kubectl/printers/podStatus';
import type { StepRecord } from '../simulation';
import { Simulation } from '../simulation';
import { TIMINGS } from '../timings';

const S = 1000;
const MISSING =
  'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:nope": failed to resolve reference "docker.io/library/nginx:nope": docker.io/library/nginx:nope: not found';

function cluster(): Simulation {
  const sim = new Simulation({ seed: 1 });
  sim.store.create<'Node'>(newNode('n1', { index: 0, now: sim.iso() }));
  return sim;
}

function addPod(
  sim: Simulation,
  name: string,
  container: Partial<Container> = {},
  spec: Partial<PodSpec> = {},
): Pod {
  return sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27', ...container }], ...spec },
  } as unknown as Pod);
}

const get = (sim: Simulation, name = 'p') => sim.store.get('Pod', 'default', name)!;
const cs = (sim: Simulation, name = 'p', i = 0): ContainerStatus =>
  get(sim, name).status.containerStatuses![i];
/** READY, STATUS and RESTARTS as `kubectl get pods` prints them (RESTARTS without its `(5s ago)`) */
function cells(sim: Simulation, name = 'p') {
  const c = podCells(get(sim, name), sim.now());
  return { ...c, restarts: c.restarts.replace(/ \(.*\)$/, '') };
}

function podEvents(sim: Simulation, pod = 'p'): string[] {
  return sim.store
    .list('Event')
    .filter((e) => e.involvedObject.name === pod)
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))
    .map((e) => `${e.type} ${e.reason} ${e.message}`);
}

/** Every event the recorder lets through, as it comes (type reason message @ seconds since t0). */
function eventLog(sim: Simulation): string[] {
  const t0 = sim.now();
  const log: string[] = [];
  sim.recorder.listeners.push((e) => log.push(`${(e.time - t0) / S} ${e.type} ${e.reason} ${e.message}`));
  return log;
}

/** The kubelet's steps (time in seconds since t0, and what it did). */
function kubeletSteps(sim: Simulation): { t: number; result: string }[] {
  const t0 = sim.now();
  const out: { t: number; result: string }[] = [];
  sim.stepListeners.push((r: StepRecord) => {
    if (r.controller === 'kubelet') out.push({ t: (r.time - t0) / S, result: r.result });
  });
  return out;
}

describe('image pulls that fail', () => {
  it("ErrImagePull with containerd's not-found text, then ImagePullBackOff; the pod stays Pending 0/1", () => {
    const sim = cluster();
    sim.registry.set('nginx:nope', { exists: false });
    const log = eventLog(sim);
    addPod(sim, 'p', { image: 'nginx:nope' });
    sim.advance(TIMINGS.schedulerDelayMs + TIMINGS.imagePullFailMs - 1);
    expect(cs(sim).state).toEqual({ waiting: { reason: 'ContainerCreating' } });
    sim.advance(1);
    expect(cs(sim).state).toEqual({ waiting: { reason: 'ErrImagePull', message: MISSING } });
    expect(cells(sim)).toEqual({ ready: '0/1', status: 'ErrImagePull', restarts: '0' });
    expect(get(sim).status.phase).toBe('Pending');
    expect(cs(sim)).toMatchObject({
      image: 'nginx:nope',
      imageID: '',
      ready: false,
      started: false,
      restartCount: 0,
    });
    expect(cs(sim).containerID).toBeUndefined();
    // the pod has its sandbox: an IP, PodReadyToStartContainers True
    expect(get(sim).status.podIP).toBe('10.244.0.2');
    expect(getPodCondition(get(sim), 'PodReadyToStartContainers')?.status).toBe('True');
    expect(getPodCondition(get(sim), 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotReady',
      message: 'containers with unready status: [c]',
    });
    sim.advance(TIMINGS.podSyncBackoffMs);
    expect(cs(sim).state).toEqual({
      waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginx:nope"' },
    });
    expect(cells(sim).status).toBe('ImagePullBackOff');
    sim.advance(TIMINGS.imagePullFailMs);
    expect(log.map((l) => l.replace(/^[\d.]+ /, ''))).toEqual([
      'Normal Scheduled Successfully assigned default/p to n1',
      'Normal Pulling Pulling image "nginx:nope"',
      `Warning Failed Failed to pull image "nginx:nope": ${MISSING}`,
      'Warning Failed Error: ErrImagePull',
      'Normal BackOff Back-off pulling image "nginx:nope"',
      'Warning Failed Error: ImagePullBackOff',
      'Normal Pulling Pulling image "nginx:nope"',
      `Warning Failed Failed to pull image "nginx:nope": ${MISSING}`,
      'Warning Failed Error: ErrImagePull',
    ]);
  });

  it('retries with the image back-off: 10, 20, 40, 80, 160, 300, 300 s after each failure', () => {
    const sim = cluster();
    sim.registry.set('nginx:nope', { exists: false });
    const steps = kubeletSteps(sim);
    addPod(sim, 'p', { image: 'nginx:nope' });
    sim.advance(40 * 60 * S);
    const pulls = steps.filter((s) => s.result.includes('pulling image nginx:nope')).map((s) => s.t);
    const failures = steps.filter((s) => s.result.startsWith('container c: ErrImagePull')).map((s) => s.t);
    expect(failures.length).toBeGreaterThanOrEqual(8);
    const gaps = failures.slice(0, 7).map((f, i) => Math.round(pulls[i + 1] - f));
    expect(gaps).toEqual([10, 20, 40, 80, 160, 300, 300]);
    // a failed pull takes imagePullFailMs
    expect(failures[0] - pulls[0]).toBe(TIMINGS.imagePullFailMs / S);
  });

  it('pulls on the next retry once the registry has the image (sim image ok)', () => {
    const sim = cluster();
    sim.registry.set('nginx:nope', { exists: false });
    addPod(sim, 'p', { image: 'nginx:nope' });
    sim.advance(60 * S);
    expect(cells(sim).status).toMatch(/ErrImagePull|ImagePullBackOff/);
    sim.registry.set('nginx:nope', { exists: true });
    sim.advance(90 * S);
    expect(get(sim).status.phase).toBe('Running');
    expect(isPodReady(get(sim))).toBe(true);
    expect(cells(sim)).toEqual({ ready: '1/1', status: 'Running', restarts: '0' });
    expect(cs(sim).image).toBe('docker.io/library/nginx:nope');
    expect(podEvents(sim)).toContain('Normal Started Started container c');
  });

  it('takes the pull time a rule sets (sim image slow), and says so in the Pulled event', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { pullMs: 30 * S });
    addPod(sim, 'p');
    sim.advance(TIMINGS.schedulerDelayMs + 30 * S - 1);
    expect(get(sim).status.phase).toBe('Pending');
    sim.advance(1 + TIMINGS.containerStartMs);
    expect(get(sim).status.phase).toBe('Running');
    expect(podEvents(sim).find((e) => e.includes('Successfully pulled'))).toMatch(
      /^Normal Pulled Successfully pulled image "nginx:1\.27" in 30s \(30s including waiting\)\. Image size: \d+ bytes\.$/,
    );
  });

  it('imagePullPolicy Never without the image: ErrImageNeverPull, no pull, again at every sync', () => {
    const sim = cluster();
    const log = eventLog(sim);
    addPod(sim, 'p', { imagePullPolicy: 'Never' });
    sim.advance(15 * S);
    const msg = 'Container image "nginx:1.27" is not present with pull policy of Never';
    expect(cs(sim).state).toEqual({ waiting: { reason: 'ErrImageNeverPull', message: msg } });
    expect(cells(sim).status).toBe('ErrImageNeverPull');
    expect(log.some((l) => l.includes('Pulling'))).toBe(false);
    expect(
      log.filter((l) => l.endsWith(`Warning ErrImageNeverPull ${msg}`)).map((l) => Number(l.split(' ')[0])),
    ).toEqual([0.02, 0.02, 10.02]);
    expect(log.filter((l) => l.endsWith('Warning Failed Error: ErrImageNeverPull')).length).toBe(3);
  });

  it('imagePullPolicy Never with the image on the node starts it', () => {
    const sim = cluster();
    addPod(sim, 'a');
    sim.settle();
    addPod(sim, 'p', { imagePullPolicy: 'Never' });
    sim.settle();
    expect(isPodReady(get(sim))).toBe(true);
    expect(podEvents(sim)).toContain('Normal Pulled Container image "nginx:1.27" already present on machine');
  });

  it('a second container starts while the first cannot pull; the pod stays Pending', () => {
    const sim = cluster();
    sim.registry.set('nginx:nope', { exists: false });
    addPod(
      sim,
      'p',
      { name: 'a', image: 'nginx:nope' },
      {
        containers: [
          { name: 'a', image: 'nginx:nope' },
          { name: 'b', image: 'busybox:1.36' },
        ],
      },
    );
    sim.advance(30 * S);
    const p = get(sim);
    expect(p.status.phase).toBe('Pending');
    expect(cs(sim, 'p', 1).state.running).toBeDefined();
    expect(cs(sim, 'p', 1).ready).toBe(true);
    expect(getPodCondition(p, 'ContainersReady')).toMatchObject({
      status: 'False',
      message: 'containers with unready status: [a]',
    });
    expect(cells(sim)).toEqual({ ready: '1/2', status: 'ErrImagePull', restarts: '0' });
    sim.advance(10 * S);
    expect(cells(sim)).toEqual({ ready: '1/2', status: 'ImagePullBackOff', restarts: '0' });
  });
});

describe('containers that stop', () => {
  it('a crash: Error with its exit code, an immediate first restart, then CrashLoopBackOff', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'crash', afterMs: 5 * S, exitCode: 3 } });
    const t0 = sim.now();
    addPod(sim, 'p');
    const started = t0 + TIMINGS.schedulerDelayMs + TIMINGS.imagePullMs + TIMINGS.containerStartMs;
    sim.advance(started + TIMINGS.readinessDelayMs - sim.now());
    expect(cells(sim)).toEqual({ ready: '1/1', status: 'Running', restarts: '0' });
    sim.advance(started + 5 * S - sim.now());
    const first = cs(sim);
    expect(first.state.terminated).toMatchObject({
      exitCode: 3,
      reason: 'Error',
      startedAt: sim.iso(started),
      finishedAt: sim.iso(),
    });
    expect(Object.keys(first.state.terminated!)).toEqual([
      'exitCode',
      'reason',
      'startedAt',
      'finishedAt',
      'containerID',
    ]);
    expect((first.state.terminated as { containerID?: string }).containerID).toBe(first.containerID);
    expect(first).toMatchObject({ ready: false, started: false, restartCount: 0, lastState: {} });
    expect(get(sim).status.phase).toBe('Running');
    expect(cells(sim)).toEqual({ ready: '0/1', status: 'Error', restarts: '0' });
    // restarted at once (the first time), with restartCount 1 and the run before as lastState
    sim.advance(TIMINGS.containerStartMs);
    const second = cs(sim);
    expect(second.restartCount).toBe(1);
    expect(second.state.running).toBeDefined();
    expect(second.lastState).toEqual(first.state);
    expect(second.containerID).not.toBe(first.containerID);
    // the second exit: Error for one sync period, then CrashLoopBackOff until 10 s after it finished
    sim.advance(5 * S);
    expect(cells(sim)).toEqual({ ready: '0/1', status: 'Error', restarts: '1' });
    const finished = sim.now();
    sim.advance(TIMINGS.podSyncBackoffMs);
    const uid = get(sim).metadata.uid;
    expect(cs(sim).state).toEqual({
      waiting: {
        reason: 'CrashLoopBackOff',
        message: `back-off 10s restarting failed container=c pod=p_default(${uid})`,
      },
    });
    expect(cs(sim).lastState!.terminated).toMatchObject({
      exitCode: 3,
      reason: 'Error',
      finishedAt: sim.iso(finished),
    });
    expect(cs(sim).restartCount).toBe(1);
    expect(get(sim).status.phase).toBe('Running');
    expect(getPodCondition(get(sim), 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotReady',
      message: 'containers with unready status: [c]',
    });
    expect(podEvents(sim)).toContain(
      `Warning BackOff Back-off restarting failed container c in pod p_default(${uid})`,
    );
    sim.advance(TIMINGS.containerStartMs);
    expect(cs(sim).restartCount).toBe(2);
  });

  it('restarts with the crash-loop back-off: 0, 10, 20, 40, 80, 160, 300, 300 s after each exit', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'crash', afterMs: 2 * S, exitCode: 1 } });
    const steps = kubeletSteps(sim);
    addPod(sim, 'p');
    sim.advance(30 * 60 * S);
    const exits = steps.filter((s) => s.result.includes('container c exited')).map((s) => s.t);
    const starts = steps.filter((s) => s.result.includes('started container c')).map((s) => s.t);
    const delays = exits
      .slice(0, 8)
      .map((e, i) => Math.round(starts[i + 1] - e - TIMINGS.containerStartMs / S));
    expect(delays).toEqual([0, 10, 20, 40, 80, 160, 300, 300]);
    // the message names the back-off in Go's duration format
    const msgs = steps
      .filter((s) => s.result.includes('CrashLoopBackOff'))
      .map((s) => /back-off (\S+) /.exec(s.result)![1]);
    expect([...new Set(msgs)]).toEqual(['10s', '20s', '40s', '1m20s', '2m40s', '5m0s']);
  });

  it('starts the back-off over once the container ran 10 minutes', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'crash', afterMs: 10 * 60 * S + 1, exitCode: 1 } });
    const steps = kubeletSteps(sim);
    addPod(sim, 'p');
    sim.advance(60 * 60 * S);
    const exits = steps.filter((s) => s.result.includes('container c exited')).map((s) => s.t);
    const starts = steps.filter((s) => s.result.includes('started container c')).map((s) => s.t);
    expect(exits.length).toBe(5);
    expect(exits.map((e, i) => Math.round(starts[i + 1] - e - TIMINGS.containerStartMs / S))).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect(steps.some((s) => s.result.includes('CrashLoopBackOff'))).toBe(false);
    expect(cs(sim).restartCount).toBe(5);
  });

  it('OOMKilled: exit 137, then the crash loop', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'oom', afterMs: 20 * S } });
    addPod(sim, 'p', { resources: { limits: { memory: '200Mi' } } });
    const started = TIMINGS.schedulerDelayMs + TIMINGS.imagePullMs + TIMINGS.containerStartMs;
    sim.advance(started + 20 * S);
    expect(cs(sim).state.terminated).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
    expect(cells(sim).status).toBe('OOMKilled');
    // restarted at once; OOM-killed again 20 s later: OOMKilled until the next sync, then CrashLoopBackOff
    sim.advance(TIMINGS.containerStartMs);
    expect(cs(sim).lastState!.terminated).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
    expect(cells(sim)).toMatchObject({ status: 'Running', restarts: '1' });
    sim.advance(20 * S);
    expect(cells(sim)).toMatchObject({ status: 'OOMKilled', restarts: '1' });
    sim.advance(TIMINGS.podSyncBackoffMs);
    expect(cells(sim)).toMatchObject({ status: 'CrashLoopBackOff', restarts: '1' });
  });

  it('restartPolicy Never: the pod Fails (or Succeeds), the conditions say why, nothing restarts', () => {
    for (const [exitCode, phase, reason] of [
      [1, 'Failed', 'PodFailed'],
      [0, 'Succeeded', 'PodCompleted'],
    ] as const) {
      const sim = cluster();
      sim.registry.set('nginx:1.27', { run: { kind: 'crash', afterMs: 5 * S, exitCode } });
      addPod(sim, 'p', {}, { restartPolicy: 'Never' });
      sim.advance(30 * S);
      const p = get(sim);
      expect(p.status.phase).toBe(phase);
      expect(cs(sim).state.terminated).toMatchObject({ exitCode, reason: exitCode ? 'Error' : 'Completed' });
      expect(getPodCondition(p, 'Ready')).toMatchObject({ status: 'False', reason });
      expect(getPodCondition(p, 'ContainersReady')).toMatchObject({ status: 'False', reason });
      expect(getPodCondition(p, 'PodReadyToStartContainers')?.status).toBe('False');
      expect(cells(sim)).toMatchObject({ status: exitCode ? 'Error' : 'Completed', restarts: '0' });
      expect(sim.queue.pending().filter((i) => i.controller === 'kubelet')).toEqual([]);
    }
  });

  it('restartPolicy OnFailure restarts a failure and not a success', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'crash', afterMs: 5 * S, exitCode: 2 } });
    addPod(sim, 'p', {}, { restartPolicy: 'OnFailure' });
    sim.advance(30 * S);
    expect(get(sim).status.phase).toBe('Running');
    expect(cs(sim).restartCount).toBeGreaterThan(0);
    sim.registry.set('nginx:1.27', { run: { kind: 'crash', afterMs: 5 * S, exitCode: 0 } });
    sim.advance(10 * 60 * S);
    expect(get(sim).status.phase).toBe('Succeeded');
    expect(cells(sim).status).toBe('Completed');
  });

  it('imagePullPolicy Always pulls at every restart; IfNotPresent finds the image present', () => {
    for (const [policy, pulls] of [
      ['Always', 4],
      ['IfNotPresent', 1],
    ] as const) {
      const sim = cluster();
      sim.registry.set('nginx:1.27', { run: { kind: 'crash', afterMs: S, exitCode: 1 } });
      const log = eventLog(sim);
      addPod(sim, 'p', { imagePullPolicy: policy });
      sim.advance(60 * S);
      expect(log.filter((l) => l.includes('Normal Pulling')).length).toBe(pulls);
      if (policy === 'IfNotPresent')
        expect(log.filter((l) => l.includes('already present on machine')).length).toBe(3);
    }
  });

  it('a deleted crash-looping pod stops and goes', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'crash', afterMs: 5 * S, exitCode: 1 } });
    addPod(sim, 'p');
    sim.advance(60 * S);
    sim.store.delete('Pod', 'default', 'p');
    sim.advance(TIMINGS.containerStopMs);
    expect(sim.store.get('Pod', 'default', 'p')).toBeUndefined();
    expect(sim.settle()).toBe(true);
  });
});

describe('probes', () => {
  const http = { httpGet: { path: '/healthz', port: 80 } };

  it('a failing readiness probe keeps the pod 0/1 Running, with an Unhealthy event every period', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'unready' } });
    const log = eventLog(sim);
    addPod(sim, 'p', { readinessProbe: { ...http, initialDelaySeconds: 5, periodSeconds: 10 } });
    sim.advance(60 * S);
    expect(cells(sim)).toEqual({ ready: '0/1', status: 'Running', restarts: '0' });
    expect(cs(sim)).toMatchObject({ ready: false, started: true });
    expect(getPodCondition(get(sim), 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotReady',
      message: 'containers with unready status: [c]',
    });
    const start = (TIMINGS.schedulerDelayMs + TIMINGS.imagePullMs + TIMINGS.containerStartMs) / S;
    const unhealthy = log.filter((l) =>
      l.endsWith('Warning Unhealthy Readiness probe failed: HTTP probe failed with statuscode: 500'),
    );
    expect(unhealthy.map((l) => Math.round((Number(l.split(' ')[0]) - start) * 100) / 100)).toEqual([
      5, 15, 25, 35, 45, 55,
    ]);
  });

  it('readiness comes back at the next probe once the image is healthy again, after successThreshold successes', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'unready' } });
    addPod(sim, 'p', { readinessProbe: { ...http, periodSeconds: 5, successThreshold: 2 } });
    sim.advance(30 * S);
    expect(isPodReady(get(sim))).toBe(false);
    sim.registry.set('nginx:1.27', { run: { kind: 'runs' } });
    const t = sim.now();
    sim.advance(10 * S);
    expect(isPodReady(get(sim))).toBe(true);
    const readyAt = Date.parse(getPodCondition(get(sim), 'Ready')!.lastTransitionTime!);
    // probes at …2.5 + 5k s: the first success after the rule, then one more period
    expect(readyAt - t).toBeGreaterThan(5 * S);
    expect(readyAt - t).toBeLessThanOrEqual(10 * S);
  });

  it('a healthy readiness probe with successThreshold 3 is ready after three successes, and then costs nothing', () => {
    const sim = cluster();
    addPod(sim, 'p', {
      readinessProbe: { ...http, initialDelaySeconds: 2, periodSeconds: 5, successThreshold: 3 },
      livenessProbe: http,
    });
    const t = sim.now();
    expect(sim.settle()).toBe(true);
    const ready = Date.parse(getPodCondition(get(sim), 'Ready')!.lastTransitionTime!);
    expect(ready - t).toBe(
      Math.floor(
        (TIMINGS.schedulerDelayMs + TIMINGS.imagePullMs + TIMINGS.containerStartMs + 2 * S + 10 * S) / S,
      ) * S,
    );
    expect(sim.queue.size).toBe(0);
  });

  it('a failing liveness probe restarts the container after failureThreshold failures', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'unready', liveness: true } });
    const log = eventLog(sim);
    addPod(sim, 'p', {
      livenessProbe: { ...http, initialDelaySeconds: 3, periodSeconds: 5, failureThreshold: 2 },
    });
    sim.advance(
      TIMINGS.schedulerDelayMs +
        TIMINGS.imagePullMs +
        TIMINGS.containerStartMs +
        3 * S +
        5 * S +
        TIMINGS.containerStopMs +
        TIMINGS.containerStartMs,
    );
    const events = log.map((l) => l.replace(/^[\d.]+ /, ''));
    expect(events.filter((e) => e.startsWith('Warning Unhealthy'))).toEqual([
      'Warning Unhealthy Liveness probe failed: HTTP probe failed with statuscode: 500',
      'Warning Unhealthy Liveness probe failed: HTTP probe failed with statuscode: 500',
    ]);
    expect(events).toContain('Normal Killing Container c failed liveness probe, will be restarted');
    expect(cs(sim).restartCount).toBe(1);
    expect(cs(sim).state.running).toBeDefined();
    expect(cs(sim).lastState!.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    // a liveness probe does not touch readiness: no readiness probe, ready
    sim.advance(TIMINGS.readinessDelayMs);
    expect(cs(sim).ready).toBe(true);
  });

  it('a failing liveness probe with restartPolicy Never kills the container for good', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'unready', liveness: true } });
    const log = eventLog(sim);
    addPod(
      sim,
      'p',
      {
        livenessProbe: { tcpSocket: { port: 'http' }, periodSeconds: 5, failureThreshold: 1 },
        ports: [{ name: 'http', containerPort: 8080 }],
      },
      { restartPolicy: 'Never' },
    );
    sim.advance(30 * S);
    const ip = get(sim).status.podIP;
    expect(log.map((l) => l.replace(/^[\d.]+ /, ''))).toEqual(
      expect.arrayContaining([
        `Warning Unhealthy Liveness probe failed: dial tcp ${ip}:8080: connect: connection refused`,
        'Normal Killing Container c failed liveness probe',
      ]),
    );
    expect(get(sim).status.phase).toBe('Succeeded');
  });

  it('a startup probe holds started (and readiness) until it succeeds', () => {
    const sim = cluster();
    addPod(sim, 'p', {
      startupProbe: { ...http, initialDelaySeconds: 10, periodSeconds: 5 },
      readinessProbe: { ...http, initialDelaySeconds: 11 },
    });
    sim.advance(TIMINGS.schedulerDelayMs + TIMINGS.imagePullMs + TIMINGS.containerStartMs);
    expect(cs(sim)).toMatchObject({ started: false, ready: false });
    expect(get(sim).status.phase).toBe('Running');
    sim.advance(10 * S);
    expect(cs(sim)).toMatchObject({ started: true, ready: false });
    sim.advance(1 * S);
    expect(cs(sim)).toMatchObject({ started: true, ready: true });
    expect(sim.settle()).toBe(true);
  });

  it('a failing startup probe kills the container: Startup probe failed, failed startup probe, will be restarted', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'unready', liveness: true } });
    const log = eventLog(sim);
    addPod(sim, 'p', {
      startupProbe: { exec: { command: ['cat', '/tmp/started'] }, periodSeconds: 2, failureThreshold: 3 },
    });
    sim.advance(20 * S);
    const events = log.map((l) => l.replace(/^[\d.]+ /, ''));
    expect(events.filter((e) => e.startsWith('Warning Unhealthy')).slice(0, 3)).toEqual([
      'Warning Unhealthy Startup probe failed: ',
      'Warning Unhealthy Startup probe failed: ',
      'Warning Unhealthy Startup probe failed: ',
    ]);
    expect(events.indexOf('Normal Killing Container c failed startup probe, will be restarted')).toBe(
      events.indexOf('Warning Unhealthy Startup probe failed: ') + 3,
    );
    expect(events).toContain('Normal Killing Container c failed startup probe, will be restarted');
  });

  it('an unready program without a readiness probe is ready (no probe, nothing to fail)', () => {
    const sim = cluster();
    sim.registry.set('nginx:1.27', { run: { kind: 'unready' } });
    addPod(sim, 'p', { livenessProbe: http });
    expect(sim.settle()).toBe(true);
    expect(isPodReady(get(sim))).toBe(true);
  });
});
