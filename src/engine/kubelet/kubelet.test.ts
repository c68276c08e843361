import { describe, expect, it } from 'vitest';
import { newNode, type NodeOptions } from '../cluster/nodeFactory';
import { StatusError } from '../api/errors';
import { getNodeCondition, getPodCondition, isPodReady } from '../api/podutil';
import type { Container, Pod, PodSpec } from '../api/types';
import { Simulation } from '../simulation';
import { TIMINGS } from '../timings';
import { PROVIDES_ANNOTATION, failPod, setNodeCondition } from './kubelet';

function addNode(sim: Simulation, name: string, index: number, o: Partial<NodeOptions> = {}) {
  return sim.store.create<'Node'>(newNode(name, { index, now: sim.iso(), ...o }));
}

function addPod(
  sim: Simulation,
  name: string,
  spec: Partial<PodSpec> = {},
  container: Partial<Container> = {},
  annotations?: Record<string, string>,
): Pod {
  return sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', ...(annotations ? { annotations } : {}) },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27', ...container }], ...spec },
  } as unknown as Pod);
}

const get = (sim: Simulation, name: string) => sim.store.get('Pod', 'default', name);

function podEvents(sim: Simulation, pod: string): string[] {
  return sim.store
    .list('Event')
    .filter((e) => e.involvedObject.name === pod)
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))
    .map((e) => `${e.type} ${e.reason} ${e.message}`);
}

const tolerateAll = { tolerations: [{ operator: 'Exists' as const }] };

describe('Kubelet pod lifecycle', () => {
  it('goes ContainerCreating → pulled → Running → Ready on schedule', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    const t0 = sim.now();
    addPod(sim, 'p');
    const bound = t0 + TIMINGS.schedulerDelayMs;

    sim.advance(bound - sim.now());
    let p = get(sim, 'p')!;
    expect(p.status.phase).toBe('Pending');
    expect(p.status.hostIP).toBe('10.0.0.2');
    expect(p.status.startTime).toBe(sim.iso());
    expect(p.status.containerStatuses![0].state).toEqual({ waiting: { reason: 'ContainerCreating' } });
    expect(getPodCondition(p, 'Initialized')?.status).toBe('True');
    expect(getPodCondition(p, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotReady',
      message: 'containers with unready status: [c]',
    });

    const running = bound + TIMINGS.imagePullMs + TIMINGS.containerStartMs;
    sim.advance(running - 1 - sim.now());
    expect(get(sim, 'p')!.status.phase).toBe('Pending');
    sim.advance(1);
    p = get(sim, 'p')!;
    expect(p.status.phase).toBe('Running');
    expect(p.status.podIP).toBe('10.244.0.2');
    expect(p.status.containerStatuses![0].state.running).toBeDefined();
    expect(isPodReady(p)).toBe(false);

    sim.advance(TIMINGS.readinessDelayMs);
    p = get(sim, 'p')!;
    expect(isPodReady(p)).toBe(true);
    expect(getPodCondition(p, 'Ready')!.lastTransitionTime).toBe(sim.iso());
    expect(p.status.containerStatuses![0].ready).toBe(true);
    expect(podEvents(sim, 'p')).toEqual([
      'Normal Scheduled Successfully assigned default/p to n1',
      'Normal Pulling Pulling image "nginx:1.27"',
      expect.stringMatching(
        /^Normal Pulled Successfully pulled image "nginx:1\.27" in 2s \(2s including waiting\)\. Image size: \d+ bytes\.$/,
      ),
      'Normal Created Created container: c',
      'Normal Started Started container c',
    ]);
    const pulled = sim.store.list('Event').find((e) => e.reason === 'Pulled')!;
    expect(pulled.source).toEqual({ component: 'kubelet', host: 'n1' });
  });

  it('does not pull an image the node already has, unless the policy is Always', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    addPod(sim, 'a');
    sim.settle();
    addPod(sim, 'b');
    addPod(sim, 'c', {}, { image: 'nginx:1.27', imagePullPolicy: 'Always' });
    const t = sim.now();
    sim.settle();
    expect(podEvents(sim, 'b')).toContain(
      'Normal Pulled Container image "nginx:1.27" already present on machine',
    );
    expect(podEvents(sim, 'b').some((e) => e.includes('Pulling'))).toBe(false);
    expect(podEvents(sim, 'c')).toContain('Normal Pulling Pulling image "nginx:1.27"');
    expect(get(sim, 'b')!.status.podIP).toBe('10.244.0.3');
    expect(sim.now() - t).toBe(
      TIMINGS.schedulerDelayMs + TIMINGS.imagePullMs + TIMINGS.containerStartMs + TIMINGS.readinessDelayMs,
    );
  });

  it('uses readinessProbe.initialDelaySeconds for readiness', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    addPod(sim, 'p', {}, { readinessProbe: { initialDelaySeconds: 10 } });
    const t = sim.now();
    sim.settle();
    const ready = getPodCondition(get(sim, 'p')!, 'Ready')!;
    expect(Date.parse(ready.lastTransitionTime!) - t).toBe(
      Math.floor(
        (TIMINGS.schedulerDelayMs + TIMINGS.imagePullMs + TIMINGS.containerStartMs + 10_000) / 1000,
      ) * 1000,
    );
  });

  it('stops a deleted pod and removes it after min(containerStopMs, grace)', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    addPod(sim, 'p');
    addPod(sim, 'q', { terminationGracePeriodSeconds: 1 });
    sim.settle();
    const t = sim.now();
    sim.store.delete('Pod', 'default', 'p');
    sim.store.delete('Pod', 'default', 'q');
    sim.advance(0);
    expect(isPodReady(get(sim, 'p')!)).toBe(false);
    expect(get(sim, 'p')!.metadata.deletionTimestamp).toBeDefined();
    expect(podEvents(sim, 'p')).toContain('Normal Killing Stopping container c');
    sim.advance(999);
    expect(get(sim, 'q')).toBeDefined();
    sim.advance(1);
    expect(get(sim, 'q')).toBeUndefined();
    expect(get(sim, 'p')).toBeDefined();
    sim.advance(TIMINGS.containerStopMs - 1000 - 1);
    expect(get(sim, 'p')).toBeDefined();
    sim.advance(1);
    expect(get(sim, 'p')).toBeUndefined();
    expect(sim.now() - t).toBe(TIMINGS.containerStopMs);
  });

  it('leaves pods alone on a node that stopped reporting, and resumes when it is back', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    addPod(sim, 'p', tolerateAll);
    sim.settle();
    setNodeCondition(sim, 'n1', 'Ready', 'Unknown');
    sim.store.delete('Pod', 'default', 'p');
    sim.advance(60_000);
    expect(get(sim, 'p')!.metadata.deletionTimestamp).toBeDefined();
    setNodeCondition(sim, 'n1', 'Ready', 'True');
    sim.settle();
    expect(get(sim, 'p')).toBeUndefined();
  });

  it('keeps pods in ContainerCreating until a network plugin pod runs on the node', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0, { noNetwork: true });
    addPod(sim, 'app', tolerateAll);
    sim.settle();
    const app = get(sim, 'app')!;
    expect(app.spec.nodeName).toBe('n1');
    expect(app.status.phase).toBe('Pending');
    expect(app.status.containerStatuses![0].state.waiting?.reason).toBe('ContainerCreating');
    expect(getPodCondition(app, 'PodReadyToStartContainers')?.status).toBe('False');
    expect(podEvents(sim, 'app')).toContain(
      'Warning NetworkNotReady network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
    );
    expect(sim.store.get('Node', undefined, 'n1')!.spec.taints?.map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/network-unavailable:NoSchedule',
      'node.kubernetes.io/not-ready:NoSchedule',
      'node.kubernetes.io/not-ready:NoExecute',
    ]);

    addPod(
      sim,
      'cni',
      { hostNetwork: true, ...tolerateAll },
      { image: 'weaveworks/weave-kube:2.8.1' },
      { [PROVIDES_ANNOTATION]: 'network' },
    );
    sim.settle();
    const node = sim.store.get('Node', undefined, 'n1')!;
    expect(getNodeCondition(node, 'NetworkUnavailable')).toMatchObject({
      status: 'False',
      reason: 'NetworkPluginIsUp',
      message: 'network plugin pod default/cni is running on this node',
    });
    expect(getNodeCondition(node, 'Ready')).toMatchObject({
      status: 'True',
      reason: 'KubeletReady',
      message: 'kubelet is posting ready status',
    });
    expect(node.spec.taints ?? []).toEqual([]);
    expect(get(sim, 'cni')!.status.podIP).toBe('10.0.0.2');
    expect(isPodReady(get(sim, 'app')!)).toBe(true);
    expect(get(sim, 'app')!.status.podIP).toMatch(/^10\.244\.0\.\d+$/);
  });

  it('failPod makes the pod Failed with an error exit', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    addPod(sim, 'p');
    sim.settle();
    failPod(sim, 'default', 'p');
    sim.settle();
    const p = get(sim, 'p')!;
    expect(p.status.phase).toBe('Failed');
    expect(isPodReady(p)).toBe(false);
    expect(p.status.containerStatuses![0].state.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(() => failPod(sim, 'default', 'nope')).toThrow(StatusError);
    expect(() => failPod(sim, 'default', 'nope')).toThrow('pods "nope" not found');
  });
});

describe('setNodeCondition', () => {
  it('sets a condition with its reason and moves lastTransitionTime only on change', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    sim.advance(5_000);
    let n = setNodeCondition(sim, 'n1', 'MemoryPressure', 'True');
    expect(getNodeCondition(n, 'MemoryPressure')).toMatchObject({
      status: 'True',
      reason: 'KubeletHasInsufficientMemory',
      message: 'kubelet has insufficient memory available',
      lastTransitionTime: '2026-01-01T00:00:05Z',
    });
    sim.advance(5_000);
    n = setNodeCondition(sim, 'n1', 'MemoryPressure', 'True');
    expect(getNodeCondition(n, 'MemoryPressure')!.lastTransitionTime).toBe('2026-01-01T00:00:05Z');
  });

  it('Ready=Unknown turns every kubelet condition Unknown; Ready=True brings them back', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    let n = setNodeCondition(sim, 'n1', 'Ready', 'Unknown');
    for (const t of ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready']) {
      expect(getNodeCondition(n, t)).toMatchObject({
        status: 'Unknown',
        reason: 'NodeStatusUnknown',
        message: 'Kubelet stopped posting node status.',
      });
    }
    n = setNodeCondition(sim, 'n1', 'Ready', 'True');
    expect(getNodeCondition(n, 'DiskPressure')).toMatchObject({
      status: 'False',
      reason: 'KubeletHasNoDiskPressure',
    });
    expect(getNodeCondition(n, 'Ready')).toMatchObject({ status: 'True', reason: 'KubeletReady' });
  });

  it('adds a missing NetworkUnavailable condition first and rejects bad input', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    const n = setNodeCondition(sim, 'n1', 'NetworkUnavailable', 'True');
    expect(n.status.conditions![0]).toMatchObject({
      type: 'NetworkUnavailable',
      status: 'True',
      reason: 'NoRouteCreated',
    });
    expect(() => setNodeCondition(sim, 'n1', 'Ready', 'Maybe')).toThrow(StatusError);
    expect(() => setNodeCondition(sim, 'nope', 'Ready', 'True')).toThrow('nodes "nope" not found');
  });
});
