import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import { admitPodPriority } from '../api/priority';
import { StatusError } from '../api/errors';
import type { Node, Pod, PodSpec } from '../api/types';
import { Random } from '../random';
import { Simulation } from '../simulation';
import { type Candidate, pickOneNodeForPreemption, preempt, selectVictimsOnNode } from './preemption';

function node(name: string, cpu = '4'): Node {
  return newNode(name, { index: 0, now: '2026-01-01T00:00:00Z', cpu });
}

function pod(name: string, priority: number, cpu: string, o: { node?: string; start?: string } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: {
      priority,
      containers: [{ name: 'c', image: 'nginx:1.27', resources: { requests: { cpu } } }],
      ...(o.node ? { nodeName: o.node } : {}),
    } as PodSpec,
    status: { phase: 'Running', ...(o.start ? { startTime: o.start } : {}) },
  } as Pod;
}

const names = (pods: readonly Pod[]) => pods.map((p) => p.metadata.name);

describe('Priority admission (plugin/pkg/admission/priority)', () => {
  // the classes a fresh cluster serves: the two built-ins
  const lister = new Simulation().store.priorityClasses;
  const bare = (spec: Partial<PodSpec>) =>
    ({ metadata: { name: 'p' }, spec: { containers: [], ...spec } }) as unknown as Pod;

  it('resolves the built-in classes and defaults to 0 without one', () => {
    const a = bare({ priorityClassName: 'system-node-critical' });
    admitPodPriority(a, lister);
    expect([a.spec.priority, a.spec.preemptionPolicy]).toEqual([2000001000, 'PreemptLowerPriority']);
    const b = bare({ priorityClassName: 'system-cluster-critical' });
    admitPodPriority(b, lister);
    expect(b.spec.priority).toBe(2000000000);
    const c = bare({});
    admitPodPriority(c, lister);
    expect(c.spec.priority).toBe(0);
  });

  it('refuses an unknown class and a priority that differs from the class, in the plugin’s words', () => {
    const err = (spec: Partial<PodSpec>) => {
      try {
        admitPodPriority(bare(spec), lister);
      } catch (e) {
        return [(e as StatusError).code, (e as StatusError).message];
      }
      return undefined;
    };
    expect(err({ priorityClassName: 'gold' })).toEqual([
      403,
      'pods "p" is forbidden: no PriorityClass with name gold was found',
    ]);
    expect(err({ priority: 5 })).toEqual([
      403,
      'pods "p" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name',
    ]);
    expect(err({ priorityClassName: 'system-node-critical', preemptionPolicy: 'Never' })).toEqual([
      403,
      'pods "p" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name',
    ]);
  });
});

describe('SelectVictimsOnNode', () => {
  const n = node('n1', '4');

  it('takes as few pods as it needs, the least important (lowest priority, then latest start) first', () => {
    const bound = [
      pod('low-old', 1, '1', { node: 'n1', start: '2026-01-01T00:00:01Z' }),
      pod('low-new', 1, '1', { node: 'n1', start: '2026-01-01T00:00:09Z' }),
      pod('mid', 5, '1', { node: 'n1' }),
      pod('high', 100, '1', { node: 'n1' }),
    ];
    expect(names((selectVictimsOnNode(pod('p', 10, '1'), n, bound) as { victims: Pod[] }).victims)).toEqual([
      'low-new',
    ]);
    expect(names((selectVictimsOnNode(pod('p', 10, '2'), n, bound) as { victims: Pod[] }).victims)).toEqual([
      'low-old',
      'low-new',
    ]);
    // a pod as important as the rest finds no victims; one too big for the lower ones is still refused
    expect(selectVictimsOnNode(pod('p', 1, '1'), n, bound)).toEqual({
      status: {
        reasons: ['No preemption victims found for incoming pod'],
        code: 'UnschedulableAndUnresolvable',
      },
    });
    expect(selectVictimsOnNode(pod('p', 10, '4'), n, bound)).toEqual({
      status: { reasons: ['Insufficient cpu'], code: 'Unschedulable' },
    });
  });
});

describe('pickOneNodeForPreemption', () => {
  const c = (node: string, ...victims: Pod[]): Candidate => ({ node, victims });

  it('prefers the lowest highest-priority victim, then the lowest sum, then fewest victims, then the latest start', () => {
    expect(
      pickOneNodeForPreemption([c('a', pod('x', 5, '1')), c('b', pod('y', 3, '1'), pod('z', 3, '1'))])?.node,
    ).toBe('b');
    expect(
      pickOneNodeForPreemption([
        c('a', pod('x', 3, '1'), pod('y', 2, '1')),
        c('b', pod('z', 3, '1'), pod('w', 1, '1')),
      ])?.node,
    ).toBe('b');
    expect(
      pickOneNodeForPreemption([c('a', pod('x', 0, '1'), pod('y', 0, '1')), c('b', pod('z', 0, '1'))])?.node,
    ).toBe('b');
    expect(
      pickOneNodeForPreemption([
        c('a', pod('x', 0, '1', { start: '2026-01-01T00:00:01Z' })),
        c('b', pod('z', 0, '1', { start: '2026-01-01T00:00:05Z' })),
      ])?.node,
    ).toBe('b');
    expect(pickOneNodeForPreemption([])).toBeUndefined();
  });
});

describe('preempt (DefaultPreemption PostFilter)', () => {
  it('says why no node helps: not eligible with preemptionPolicy Never, the failures of the dry run otherwise', () => {
    const nodes = new Map([
      ['n1', node('n1', '2')],
      ['n2', node('n2', '2')],
    ]);
    const bound = [pod('a', 0, '2', { node: 'n1' }), pod('b', 7, '2', { node: 'n2' })];
    const host = {
      node: (x: string) => nodes.get(x),
      pods: (x: string) => bound.filter((p) => p.spec.nodeName === x),
    };
    const d = {
      numAllNodes: 3,
      absentNodes: 0,
      nodeToStatus: new Map([
        ['n1', { reasons: ['Insufficient cpu'], code: 'Unschedulable' as const }],
        ['n2', { reasons: ['Insufficient cpu'], code: 'Unschedulable' as const }],
        [
          'n3',
          {
            reasons: ["node(s) didn't match Pod's node affinity/selector"],
            code: 'UnschedulableAndUnresolvable' as const,
          },
        ],
      ]),
    };
    const never = {
      ...pod('p', 5, '1'),
      spec: { ...pod('p', 5, '1').spec, preemptionPolicy: 'Never' },
    } as Pod;
    expect(preempt(never, d, host, new Random(1))).toEqual({
      message: 'preemption: not eligible due to preemptionPolicy=Never.',
      clearNomination: false,
    });
    expect(preempt(pod('p', 5, '1'), d, host, new Random(1))).toEqual({
      nominatedNode: 'n1',
      victims: [bound[0]],
    });
    expect(preempt(pod('p', 0, '1'), d, host, new Random(1))).toEqual({
      message:
        'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
      clearNomination: true,
    });
  });
});

describe('Preemption in a cluster', () => {
  it('evicts the victim with DisruptionTarget and a Preempted event, nominates the node, and binds when it is free', () => {
    const sim = new Simulation({ seed: 1 });
    sim.store.create<'Node'>(newNode('n1', { index: 0, now: sim.iso(), cpu: '1' }));
    const create = (name: string, cpu: string, cls?: string) =>
      sim.store.create<'Pod'>({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'default' },
        spec: {
          ...(cls ? { priorityClassName: cls } : {}),
          containers: [{ name: 'c', image: 'nginx:1.27', resources: { requests: { cpu } } }],
        },
      } as unknown as Pod);
    create('low', '800m');
    sim.settle();
    const crit = create('crit', '500m', 'system-cluster-critical');
    sim.advance(100);
    const victim = sim.store.get('Pod', 'default', 'low');
    expect(victim?.metadata.deletionTimestamp).toBeDefined();
    expect(victim?.status.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'PreemptionByScheduler',
      message: 'DefaultPreemption: preempting to accommodate a higher priority pod',
    });
    expect(sim.store.get('Pod', 'default', 'crit')?.status.nominatedNodeName).toBe('n1');
    const ev = sim.store.list('Event').filter((e) => e.reason === 'Preempted');
    expect(ev.map((e) => e.message)).toEqual([`Preempted by pod ${crit.metadata.uid} on node n1`]);
    sim.advance(60_000);
    expect(sim.store.get('Pod', 'default', 'low')).toBeUndefined();
    expect(sim.store.get('Pod', 'default', 'crit')?.spec.nodeName).toBe('n1');
  });
});
