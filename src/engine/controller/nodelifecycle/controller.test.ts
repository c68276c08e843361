import { describe, expect, it } from 'vitest';
import { newNode } from '../../cluster/nodeFactory';
import { getPodCondition, isPodReady } from '../../api/podutil';
import type { Pod, PodSpec, Taint } from '../../api/types';
import { setNodeCondition } from '../../kubelet/kubelet';
import { Simulation } from '../../simulation';
import { TIMINGS } from '../../timings';
import { matchingTolerations, minTolerationMs } from './taintEviction';

function cluster(): Simulation {
  const sim = new Simulation({ seed: 1 });
  sim.store.create(newNode('n1', { index: 0, now: sim.iso() }));
  return sim;
}

function addPod(sim: Simulation, name: string, spec: Partial<PodSpec> = {}): Pod {
  return sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27' }], nodeName: 'n1', ...spec },
  } as unknown as Pod);
}

const taints = (sim: Simulation) =>
  (sim.store.get('Node', undefined, 'n1')!.spec.taints ?? []).map((t) => `${t.key}:${t.effect}`);
const get = (sim: Simulation, name: string) => sim.store.get('Pod', 'default', name);

function taintNode(sim: Simulation, t: Taint): void {
  const n = sim.store.get('Node', undefined, 'n1')!;
  sim.store.update({ ...n, spec: { ...n.spec, taints: [...(n.spec.taints ?? []), t] } });
}

function untaintNode(sim: Simulation, key: string): void {
  const n = sim.store.get('Node', undefined, 'n1')!;
  sim.store.update({ ...n, spec: { ...n.spec, taints: (n.spec.taints ?? []).filter((t) => t.key !== key) } });
}

const messages = (sim: Simulation, reason: string) =>
  sim.store
    .list('Event')
    .filter((e) => e.reason === reason)
    .map((e) => `${e.message} (${e.source.component})`);

describe('NodeLifecycleController: condition taints', () => {
  it('adds not-ready taints nodeLifecycleDelayMs after Ready=False, with timeAdded on NoExecute', () => {
    const sim = cluster();
    sim.settle();
    setNodeCondition(sim, 'n1', 'Ready', 'False');
    sim.advance(TIMINGS.nodeLifecycleDelayMs - 1);
    expect(taints(sim)).toEqual([]);
    sim.advance(1);
    expect(taints(sim)).toEqual([
      'node.kubernetes.io/not-ready:NoSchedule',
      'node.kubernetes.io/not-ready:NoExecute',
    ]);
    const ne = sim.store.get('Node', undefined, 'n1')!.spec.taints![1];
    expect(ne.timeAdded).toBe(sim.iso());
    expect(sim.store.get('Node', undefined, 'n1')!.spec.taints![0].timeAdded).toBeUndefined();
  });

  it('swaps not-ready for unreachable, follows cordon, keeps user taints, and clears on recovery', () => {
    const sim = cluster();
    taintNode(sim, { key: 'dedicated', value: 'x', effect: 'NoSchedule' });
    setNodeCondition(sim, 'n1', 'Ready', 'False');
    sim.settle();
    setNodeCondition(sim, 'n1', 'Ready', 'Unknown');
    sim.settle();
    expect(taints(sim)).toEqual([
      'dedicated:NoSchedule',
      'node.kubernetes.io/unreachable:NoSchedule',
      'node.kubernetes.io/unreachable:NoExecute',
    ]);
    const n = sim.store.get('Node', undefined, 'n1')!;
    sim.store.update({ ...n, spec: { ...n.spec, unschedulable: true } });
    sim.settle();
    expect(taints(sim)).toContain('node.kubernetes.io/unschedulable:NoSchedule');
    setNodeCondition(sim, 'n1', 'Ready', 'True');
    const m = sim.store.get('Node', undefined, 'n1')!;
    sim.store.update({ ...m, spec: { ...m.spec, unschedulable: false } });
    sim.settle();
    expect(taints(sim)).toEqual(['dedicated:NoSchedule']);
  });

  it('puts back a condition taint removed by hand', () => {
    const sim = cluster();
    setNodeCondition(sim, 'n1', 'DiskPressure', 'True');
    sim.settle();
    untaintNode(sim, 'node.kubernetes.io/disk-pressure');
    sim.settle();
    expect(taints(sim)).toEqual(['node.kubernetes.io/disk-pressure:NoSchedule']);
  });

  it('marks pods not ready when the node stops reporting', () => {
    const sim = cluster();
    addPod(sim, 'p', { tolerations: [{ operator: 'Exists' }] });
    sim.settle();
    expect(isPodReady(get(sim, 'p')!)).toBe(true);
    setNodeCondition(sim, 'n1', 'Ready', 'Unknown');
    sim.settle();
    expect(isPodReady(get(sim, 'p')!)).toBe(false);
    expect(messages(sim, 'NodeNotReady')).toEqual([
      'Node n1 status is now: NodeNotReady (node-controller)',
      'Node is not ready (node-controller)',
    ]);
    setNodeCondition(sim, 'n1', 'Ready', 'True');
    sim.settle();
    expect(isPodReady(get(sim, 'p')!)).toBe(true);
  });
});

describe('taint-based eviction', () => {
  it('evicts a pod that does not tolerate a NoExecute taint at once', () => {
    const sim = cluster();
    addPod(sim, 'p');
    sim.settle();
    const t = sim.now();
    taintNode(sim, { key: 'evict', value: 'now', effect: 'NoExecute' });
    sim.advance(0);
    const p = get(sim, 'p')!;
    expect(p.metadata.deletionTimestamp).toBeDefined();
    expect(getPodCondition(p, 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'DeletionByTaintManager',
      message: 'Taint manager: deleting due to NoExecute taint',
    });
    expect(messages(sim, 'TaintManagerEviction')).toEqual([
      'Marking for deletion Pod default/p (taint-eviction-controller)',
    ]);
    expect(sim.now()).toBe(t);
  });

  it('waits tolerationSeconds (300 s default for not-ready) before evicting', () => {
    const sim = cluster();
    addPod(sim, 'p');
    sim.settle();
    expect(get(sim, 'p')!.spec.tolerations).toContainEqual({
      key: 'node.kubernetes.io/not-ready',
      operator: 'Exists',
      effect: 'NoExecute',
      tolerationSeconds: 300,
    });
    setNodeCondition(sim, 'n1', 'Ready', 'False');
    const t = sim.now();
    sim.advance(TIMINGS.nodeLifecycleDelayMs + 300_000 - 1);
    expect(get(sim, 'p')!.metadata.deletionTimestamp).toBeUndefined();
    sim.advance(1);
    expect(get(sim, 'p')!.metadata.deletionTimestamp).toBeDefined();
    expect(sim.now() - t).toBe(TIMINGS.nodeLifecycleDelayMs + 300_000);
  });

  it('keeps pods that tolerate the taint forever, and cancels an eviction when the taint goes', () => {
    const sim = cluster();
    addPod(sim, 'forever', { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute' }] });
    addPod(sim, 'briefly', {
      tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }],
    });
    sim.settle();
    taintNode(sim, { key: 'k', effect: 'NoExecute' });
    sim.advance(10_000);
    untaintNode(sim, 'k');
    sim.advance(60_000);
    expect(get(sim, 'forever')!.metadata.deletionTimestamp).toBeUndefined();
    expect(get(sim, 'briefly')!.metadata.deletionTimestamp).toBeUndefined();
    expect(messages(sim, 'TaintManagerEviction')).toEqual([
      'Cancelling deletion of Pod default/briefly (taint-eviction-controller)',
    ]);

    taintNode(sim, { key: 'k', effect: 'NoExecute' });
    sim.advance(29_999);
    expect(get(sim, 'briefly')!.metadata.deletionTimestamp).toBeUndefined();
    sim.advance(1);
    expect(get(sim, 'briefly')!.metadata.deletionTimestamp).toBeDefined();
    sim.settle();
    expect(get(sim, 'briefly')).toBeUndefined();
    expect(get(sim, 'forever')).toBeDefined();
  });
});

describe('toleration helpers', () => {
  it('matchingTolerations and minTolerationMs follow upstream', () => {
    const taint: Taint = { key: 'a', effect: 'NoExecute' };
    expect(matchingTolerations([taint], []).allTolerated).toBe(false);
    const m = matchingTolerations(
      [taint, { key: 'b', effect: 'NoExecute' }],
      [
        { key: 'a', operator: 'Exists', tolerationSeconds: 20 },
        { operator: 'Exists', tolerationSeconds: 10 },
      ],
    );
    expect(m.allTolerated && m.used.map((t) => t.tolerationSeconds)).toEqual([20, 10]);
    expect(minTolerationMs([{ tolerationSeconds: 20 }, { tolerationSeconds: 10 }])).toBe(10_000);
    expect(minTolerationMs([{ operator: 'Exists' }])).toBe(-1);
    expect(minTolerationMs([{ tolerationSeconds: -5 }, {}])).toBe(0);
    expect(minTolerationMs([])).toBe(0);
  });
});
