import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import type { Node, Pod, PodSpec, Taint } from '../api/types';
import { Simulation } from '../simulation';
import { AdmittedRequests, canAdmitPod, canAdmitPodBySum } from './admission';
import { podRequest } from '../scheduler/nodeInfo';
import { isPodTerminal } from '../api/podutil';

function node(taints: Taint[] = [], labels: Record<string, string> = {}): Node {
  const n = newNode('n1', { index: 0, now: '2026-01-01T00:00:00Z', cpu: '1', memory: '1Gi', pods: '2' });
  return {
    ...n,
    metadata: { ...n.metadata, labels: { ...n.metadata.labels, ...labels } },
    spec: { ...n.spec, taints },
  };
}

function pod(
  name: string,
  spec: Partial<PodSpec> = {},
  requests?: Record<string, string>,
  hostPort?: number,
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: name },
    spec: {
      nodeName: 'n1',
      containers: [
        {
          name: 'c',
          image: 'nginx',
          ...(requests ? { resources: { requests } } : {}),
          ...(hostPort ? { ports: [{ containerPort: 80, hostPort }] } : {}),
        },
      ],
      ...spec,
    },
    status: { phase: 'Pending' },
  } as unknown as Pod;
}

describe('canAdmitPod (kubelet lifecycle.predicateAdmitHandler)', () => {
  const cases: {
    name: string;
    pod: Pod;
    others?: Pod[];
    node?: Node;
    want: string | undefined;
    message?: string;
  }[] = [
    { name: 'fits', pod: pod('p', {}, { cpu: '500m' }), want: undefined },
    {
      name: 'cpu over allocatable',
      pod: pod('p', {}, { cpu: '2' }),
      want: 'OutOfcpu',
      message: "Node didn't have enough resource: cpu, requested: 2000, used: 0, capacity: 1000",
    },
    {
      name: 'cpu used by admitted pods',
      pod: pod('p', {}, { cpu: '600m' }),
      others: [pod('a', {}, { cpu: '500m' })],
      want: 'OutOfcpu',
      message: "Node didn't have enough resource: cpu, requested: 600, used: 500, capacity: 1000",
    },
    {
      name: 'memory',
      pod: pod('p', {}, { memory: '2Gi' }),
      want: 'OutOfmemory',
      message:
        "Node didn't have enough resource: memory, requested: 2147483648, used: 0, capacity: 1073741824",
    },
    {
      name: 'pods count comes first',
      pod: pod('p', {}, { cpu: '2' }),
      others: [pod('a'), pod('b')],
      want: 'OutOfpods',
      message: "Node didn't have enough resource: pods, requested: 1, used: 2, capacity: 2",
    },
    {
      name: 'terminal pods do not count',
      pod: pod('p'),
      others: [{ ...pod('a'), status: { phase: 'Failed' } } as Pod, pod('b')],
      want: undefined,
    },
    {
      name: 'node selector',
      pod: pod('p', { nodeSelector: { zone: 'b' } }),
      want: 'NodeAffinity',
      message: "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector",
    },
    {
      name: 'node selector that matches',
      pod: pod('p', { nodeSelector: { zone: 'b' } }),
      node: node([], { zone: 'b' }),
      want: undefined,
    },
    {
      name: 'host port taken',
      pod: pod('p', {}, undefined, 8080),
      others: [pod('a', {}, undefined, 8080)],
      want: 'NodePorts',
      message: "Predicate NodePorts failed: node(s) didn't have free ports for the requested pod ports",
    },
    {
      name: 'other host port',
      pod: pod('p', {}, undefined, 8081),
      others: [pod('a', {}, undefined, 8080)],
      want: undefined,
    },
    {
      name: 'NoSchedule taints are the scheduler’s business',
      pod: pod('p'),
      node: node([{ key: 'k', effect: 'NoSchedule' }]),
      want: undefined,
    },
    {
      name: 'untolerated NoExecute taint',
      pod: pod('p'),
      node: node([{ key: 'k', effect: 'NoExecute' }]),
      want: 'TaintToleration',
      message: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate",
    },
    {
      name: 'tolerated NoExecute taint',
      pod: pod('p', { tolerations: [{ key: 'k', operator: 'Exists' }] }),
      node: node([{ key: 'k', effect: 'NoExecute' }]),
      want: undefined,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = canAdmitPod(c.pod, c.node ?? node(), c.others ?? []);
      if (c.want === undefined) expect(r).toEqual({ admit: true });
      else expect(r).toEqual({ admit: false, reason: c.want, message: c.message ?? expect.any(String) });
    });
  }
});

describe('Kubelet admission in the simulation', () => {
  it('rejects a pod bound by nodeName that does not fit: Failed, reason, event, never started', () => {
    const sim = new Simulation({ seed: 1 });
    sim.store.create<'Node'>(node());
    sim.store.create<'Pod'>(pod('big', {}, { cpu: '4' }));
    sim.settle();
    const p = sim.store.get('Pod', 'default', 'big')!;
    expect(p.status).toMatchObject({
      phase: 'Failed',
      reason: 'OutOfcpu',
      message:
        "Pod was rejected: Node didn't have enough resource: cpu, requested: 4000, used: 0, capacity: 1000",
    });
    expect(p.status.containerStatuses).toBeUndefined();
    const ev = sim.store.list('Event').filter((e) => e.involvedObject.name === 'big');
    expect(ev.map((e) => `${e.type} ${e.reason} ${e.source?.component}`)).toEqual([
      'Warning OutOfcpu kubelet',
    ]);
  });

  it('counts only pods it admitted: the second of two pods on one host port is rejected', () => {
    const sim = new Simulation({ seed: 1 });
    sim.store.create<'Node'>(node());
    sim.store.create<'Pod'>(pod('a', {}, undefined, 9000));
    sim.settle();
    sim.store.create<'Pod'>(pod('b', {}, undefined, 9000));
    sim.settle();
    expect(sim.store.get('Pod', 'default', 'a')!.status.phase).toBe('Running');
    expect(sim.store.get('Pod', 'default', 'b')!.status).toMatchObject({
      phase: 'Failed',
      reason: 'NodePorts',
    });
  });
});

describe('canAdmitPodBySum (the kubelet sums the admitted pods for a pod asking no host port)', () => {
  /** a small deterministic generator (mulberry32) */
  function rng(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const CPU = [undefined, '0', '100m', '250m', '400m', '1'];
  const MEM = [undefined, '0', '64Mi', '300Mi', '700Mi', '1Gi'];
  const PHASES = ['Pending', 'Running', 'Failed', 'Succeeded'];

  it('decides as canAdmitPod on the pods themselves (random feed: reason and message alike)', () => {
    const next = rng(23);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
    const gen = (name: string, port: boolean): Pod => {
      const cpu = pick(CPU);
      const memory = pick(MEM);
      const requests =
        cpu === undefined && memory === undefined
          ? undefined
          : { ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) };
      const p = pod(name, {}, requests, port ? 8080 : undefined);
      return { ...p, status: { phase: pick(PHASES) } } as Pod;
    };
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const n = node([], {});
      const others = Array.from({ length: Math.floor(next() * 4) }, (_, j) => gen(`o${j}`, next() < 0.3));
      const p = gen('p', false);
      const sum = new AdmittedRequests();
      // stale figures from an earlier admission must not leak into this one
      sum.add(podRequest(gen('stale', false)));
      sum.reset();
      for (const o of others) if (!isPodTerminal(o)) sum.add(podRequest(o));
      const want = canAdmitPod(p, n, others);
      expect(canAdmitPodBySum(p, n, sum)).toEqual(want);
      seen.add(want.admit ? 'admit' : want.reason);
    }
    // the feed reaches every resource reason and admissions
    expect([...seen].sort()).toEqual(['OutOfcpu', 'OutOfmemory', 'OutOfpods', 'admit']);
  });

  it('refuses a pod asking a host port (the sums carry no ports)', () => {
    expect(() => canAdmitPodBySum(pod('p', {}, undefined, 9000), node(), new AdmittedRequests())).toThrow(
      /asks a host port/,
    );
  });

  it('in the simulation: admitted pods count, a failed one does not, and the pods limit holds', () => {
    const sim = new Simulation({ seed: 1 });
    sim.store.create<'Node'>(node());
    sim.store.create<'Pod'>(pod('a', {}, { cpu: '600m' }));
    sim.settle();
    sim.store.create<'Pod'>(pod('b', {}, { cpu: '600m' }));
    sim.settle();
    expect(sim.store.get('Pod', 'default', 'b')!.status).toMatchObject({
      phase: 'Failed',
      reason: 'OutOfcpu',
      message:
        "Pod was rejected: Node didn't have enough resource: cpu, requested: 600, used: 600, capacity: 1000",
    });
    // b failed: it no longer counts, so c (300m) fits beside a; then the node's 2 pods are taken
    sim.store.create<'Pod'>(pod('c', {}, { cpu: '300m' }));
    sim.settle();
    expect(sim.store.get('Pod', 'default', 'c')!.status.phase).toBe('Running');
    sim.store.create<'Pod'>(pod('d'));
    sim.settle();
    expect(sim.store.get('Pod', 'default', 'd')!.status).toMatchObject({
      phase: 'Failed',
      reason: 'OutOfpods',
    });
  });
});
