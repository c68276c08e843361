import { describe, expect, it } from 'vitest';
import { newNode, type NodeOptions } from '../cluster/nodeFactory';
import { getPodCondition } from '../api/podutil';
import type { Pod, PodSpec } from '../api/types';
import { Simulation } from '../simulation';
import { explainScheduling } from './explain';
import { type NodeStatus, fitErrorMessage, preFilterNodeNames } from './fitError';

function addNode(sim: Simulation, name: string, index: number, o: Partial<NodeOptions> = {}) {
  return sim.store.create<'Node'>(newNode(name, { index, now: sim.iso(), ...o }));
}

function addPod(sim: Simulation, name: string, spec: Partial<PodSpec> = {}, cpu?: string): Pod {
  const resources = cpu ? { requests: { cpu } } : undefined;
  return sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27', ...(resources ? { resources } : {}) }], ...spec },
  } as unknown as Pod);
}

const pin = (node: string): Partial<PodSpec> => ({
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }],
      },
    },
  },
});

function get(sim: Simulation, name: string): Pod | undefined {
  return sim.store.get('Pod', 'default', name);
}

function events(sim: Simulation, reason: string): string[] {
  return sim.store
    .list('Event')
    .filter((e) => e.reason === reason)
    .map((e) => e.message);
}

/** n1 (zone=a) has 3 of its 4 cpus taken; n2 and n3 have no zone label. */
function threeNodes(): Simulation {
  const sim = new Simulation({ seed: 1 });
  addNode(sim, 'n1', 0, { labels: { zone: 'a' } });
  addNode(sim, 'n2', 1);
  addNode(sim, 'n3', 2);
  addPod(sim, 'big', { nodeName: 'n1' }, '3');
  sim.settle();
  return sim;
}

describe('Scheduler', () => {
  it('binds a pod after schedulerDelayMs to the feasible node with fewest pods and records Scheduled', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    addNode(sim, 'n2', 1);
    addPod(sim, 'a', { nodeName: 'n1' });
    const t0 = sim.now();
    addPod(sim, 'b');
    sim.advance(19);
    expect(get(sim, 'b')!.spec.nodeName).toBeUndefined();
    sim.advance(1);
    const b = get(sim, 'b')!;
    expect(sim.now() - t0).toBe(20);
    expect(b.spec.nodeName).toBe('n2');
    expect(getPodCondition(b, 'PodScheduled')?.status).toBe('True');
    expect(events(sim, 'Scheduled')).toEqual(['Successfully assigned default/b to n2']);
    const ev = sim.store.list('Event').find((e) => e.reason === 'Scheduled')!;
    expect(ev.source.component).toBe('default-scheduler');
  });

  it('breaks ties between equal scores with its own seeded generator (selectHost), not by name', () => {
    const pick = (seed: number) => {
      const sim = new Simulation({ seed });
      addNode(sim, 'b-node', 0);
      addNode(sim, 'a-node', 1);
      addPod(sim, 'p');
      addPod(sim, 'q', {}, '1');
      sim.settle();
      return [get(sim, 'p')!.spec.nodeName!, get(sim, 'q')!.spec.nodeName!];
    };
    const picks = Array.from({ length: 12 }, (_, i) => pick(i + 1));
    // the same seed, the same pick
    expect(pick(3)).toEqual(picks[2]);
    // both nodes win some ties
    expect(new Set(picks.map((p) => p[0]))).toEqual(new Set(['a-node', 'b-node']));
    // the second pod goes to the other node: LeastAllocated counts p's default request (100m, 200Mi)
    for (const [p, q] of picks) expect(q).not.toBe(p);
  });

  it('draws for ties from a generator of its own: pod names stay those of the seed', () => {
    const names = (nodes: number) => {
      const sim = new Simulation({ seed: 7 });
      for (let i = 0; i < nodes; i++) addNode(sim, `n${i}`, i);
      for (let i = 0; i < 3; i++) {
        sim.store.create<'Pod'>({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { generateName: 'x-', namespace: 'default' },
          spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] },
        } as unknown as Pod);
        sim.settle();
      }
      return sim.store.list('Pod').map((p) => p.metadata.name);
    };
    // with one node nothing is drawn; with three, ties are: the names do not move
    expect(names(3)).toEqual(names(1));
  });

  it('ignores pods for another scheduler', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    addPod(sim, 'p', { schedulerName: 'my-scheduler' });
    sim.settle();
    expect(get(sim, 'p')!.spec.nodeName).toBeUndefined();
  });

  it('writes the real FailedScheduling message for a 3-node cluster', () => {
    const sim = threeNodes();
    addPod(sim, 'p', { nodeSelector: { zone: 'a' } }, '2');
    sim.settle();
    const want =
      "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't match Pod's node affinity/selector. " +
      'preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling..';
    expect(events(sim, 'FailedScheduling')).toEqual([want]);
    const cond = getPodCondition(get(sim, 'p')!, 'PodScheduled')!;
    expect(cond).toMatchObject({ status: 'False', reason: 'Unschedulable', message: want });
    const ev = sim.store.list('Event').find((e) => e.reason === 'FailedScheduling')!;
    expect(ev.type).toBe('Warning');
  });

  it('checks only the pinned node for a daemon pod (NodeAffinity PreFilter)', () => {
    const sim = threeNodes();
    addPod(sim, 'ds-pod', pin('n1'), '2');
    sim.settle();
    expect(events(sim, 'FailedScheduling')).toEqual([
      "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. " +
        'preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling..',
    ]);
  });

  it('says preemption is not helpful anywhere when every failure is unresolvable', () => {
    const sim = threeNodes();
    addPod(sim, 'p', pin('n2'), '16');
    sim.settle();
    expect(events(sim, 'FailedScheduling')).toEqual([
      "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. " +
        'preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..',
    ]);
  });

  it('reports a cluster without nodes', () => {
    const sim = new Simulation({ seed: 1 });
    addPod(sim, 'p');
    sim.settle();
    expect(events(sim, 'FailedScheduling')).toEqual(['no nodes available to schedule pods']);
  });

  it('sorts histogram entries as strings, like Go', () => {
    const msg = fitErrorMessage({ spec: { containers: [] } } as unknown as Pod, {
      numAllNodes: 12,
      nodeToStatus: new Map<string, NodeStatus>([
        ...Array.from({ length: 10 }, (_, i): [string, NodeStatus] => [
          `t${i}`,
          { reasons: ['Too many pods'], code: 'Unschedulable' },
        ]),
        ['x', { reasons: ['Insufficient memory'], code: 'Unschedulable' }],
        ['y', { reasons: ['Insufficient cpu', 'Insufficient memory'], code: 'Unschedulable' }],
      ]),
      absentNodes: 0,
    });
    expect(msg).toBe(
      '0/12 nodes are available: 1 Insufficient cpu, 10 Too many pods, 2 Insufficient memory. preemption: 0/12 nodes are available: 12 No preemption victims found for incoming pod..',
    );
  });

  it('parks an unschedulable pod (no timer) and retries when a pod on its node goes away', () => {
    const sim = threeNodes();
    addPod(sim, 'p', pin('n1'), '2');
    sim.settle();
    expect(sim.nextAt()).toBeUndefined();
    expect(sim.scheduler.unschedulablePods()).toEqual(['default/p']);
    sim.store.delete('Pod', 'default', 'big');
    sim.settle();
    expect(get(sim, 'big')).toBeUndefined();
    expect(get(sim, 'p')!.spec.nodeName).toBe('n1');
    expect(sim.scheduler.unschedulablePods()).toEqual([]);
  });

  it('retries when a node changes in a way that matters', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    addPod(sim, 'p', { nodeSelector: { gpu: 'true' } });
    sim.settle();
    expect(get(sim, 'p')!.spec.nodeName).toBeUndefined();
    const n1 = sim.store.get('Node', undefined, 'n1')!;
    sim.store.update({ ...n1, metadata: { ...n1.metadata, labels: { ...n1.metadata.labels, gpu: 'true' } } });
    sim.settle();
    expect(get(sim, 'p')!.spec.nodeName).toBe('n1');
  });

  it('schedules a pinned pod when its node appears', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'n1', 0);
    addPod(sim, 'p', pin('n2'));
    sim.settle();
    expect(events(sim, 'FailedScheduling')[0]).toMatch(
      /^0\/1 nodes are available: 1 node\(s\) didn't satisfy plugin\(s\) \[NodeAffinity\]\./,
    );
    addNode(sim, 'n2', 1);
    sim.settle();
    expect(get(sim, 'p')!.spec.nodeName).toBe('n2');
  });

  it('places daemon-style pods on cordoned nodes when they tolerate the unschedulable taint', () => {
    const sim = new Simulation({ seed: 1 });
    const n = addNode(sim, 'n1', 0);
    sim.store.update({ ...n, spec: { ...n.spec, unschedulable: true } });
    addPod(sim, 'plain');
    addPod(sim, 'daemon', {
      tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }],
    });
    sim.settle();
    expect(get(sim, 'daemon')!.spec.nodeName).toBe('n1');
    expect(get(sim, 'plain')!.spec.nodeName).toBeUndefined();
    // NodeUnschedulable runs before TaintToleration, so its reason wins once the taint is there too.
    expect(events(sim, 'FailedScheduling')).toEqual([
      '0/1 nodes are available: 1 node(s) were unschedulable. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..',
    ]);
    expect(sim.store.get('Node', undefined, 'n1')!.spec.taints).toEqual([
      { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
    ]);
  });
});

describe('preFilterNodeNames', () => {
  it('pins only when every term names nodes', () => {
    expect(preFilterNodeNames(pin('n1') as PodSpec)).toEqual(new Set(['n1']));
    expect(preFilterNodeNames({ containers: [] })).toBeUndefined();
    const mixed = {
      containers: [],
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              { matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: ['n1'] }] },
              { matchExpressions: [{ key: 'zone', operator: 'Exists' as const }] },
            ],
          },
        },
      },
    };
    expect(preFilterNodeNames(mixed)).toBeUndefined();
  });
});

describe('explainScheduling', () => {
  it('evaluates every filter and leaves out the pod’s own share on its node', () => {
    const sim = threeNodes();
    const big = get(sim, 'big')!;
    const n1 = sim.store.get('Node', undefined, 'n1')!;
    const own = explainScheduling(sim, big, n1);
    expect(own.every((r) => r.passed)).toBe(true);
    expect(own).toHaveLength(6);
    const other = explainScheduling(
      sim,
      { ...big, metadata: { ...big.metadata, name: 'other' }, spec: { ...big.spec, nodeName: undefined } },
      n1,
    );
    expect(other.find((r) => r.name === 'NodeResourcesFit')).toMatchObject({
      passed: false,
      reason: 'Insufficient cpu',
    });
  });
});

describe('Scheduler scoring in a cluster', () => {
  function replicas(
    sim: Simulation,
    name: string,
    n: number,
    labels: Record<string, string> = { app: name },
  ) {
    sim.store.create({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name, namespace: 'default' },
      spec: {
        replicas: n,
        selector: { matchLabels: labels },
        template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } },
      },
    } as never);
    sim.settle();
  }
  const perNode = (sim: Simulation) => {
    const m: Record<string, number> = {};
    for (const p of sim.store.list('Pod'))
      if (p.spec.nodeName) m[p.spec.nodeName] = (m[p.spec.nodeName] ?? 0) + 1;
    return m;
  };

  it("spreads a ReplicaSet's pods evenly over equal nodes, whatever the seed", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const sim = new Simulation({ seed });
      for (let i = 0; i < 3; i++) addNode(sim, `n${i}`, i);
      replicas(sim, 'web', 9);
      expect(perNode(sim)).toEqual({ n0: 3, n1: 3, n2: 3 });
    }
  });

  it('keeps pods off a node with an untolerated PreferNoSchedule taint while others have room', () => {
    const sim = new Simulation({ seed: 1 });
    addNode(sim, 'a', 0);
    addNode(sim, 'b', 1, { taints: [{ key: 'k', value: 'v', effect: 'PreferNoSchedule' }] });
    replicas(sim, 'web', 4);
    expect(perNode(sim)).toEqual({ a: 4 });
  });

  it('a daemon pod keeps its one node: the pinned node is taken without scoring', () => {
    const sim = threeNodes();
    addPod(sim, 'ds-pod', pin('n2'));
    const r = sim.scheduler.schedulePod(get(sim, 'ds-pod')!, false);
    expect(r).toEqual({ node: 'n2', feasible: ['n2'] });
    sim.settle();
    expect(get(sim, 'ds-pod')!.spec.nodeName).toBe('n2');
  });
});
