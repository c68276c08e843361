// The score plugins against upstream's test tables (pkg/scheduler/framework/plugins/*/…_test.go):
// the same nodes, pods and expected normalised scores, expressed with the playground's objects.

import { describe, expect, it } from 'vitest';
import type { Labels, Node, Pod, PodSpec, ReplicaSet, Taint, Toleration } from '../api/types';
import { Random } from '../random';
import {
  type NodePluginScores,
  type ScorePlugin,
  type ScoreSnapshot,
  balancedAllocationScore,
  imageLocalityScore,
  interPodAffinityScore,
  LABEL_HOSTNAME,
  nodeAffinityScore,
  nodeResourcesFitScore,
  numFeasibleNodesToFind,
  podTopologySpreadScore,
  prioritizeNodes,
  selectHost,
  taintTolerationScore,
} from './scoring';
import { usageOf } from './nodeInfo';

interface NodeSpecT {
  name: string;
  labels?: Labels;
  taints?: Taint[];
  cpu?: number;
  memory?: number;
  images?: { names: string[]; sizeBytes: number }[];
}

function node(n: NodeSpecT): Node {
  const capacity: Record<string, string> = {};
  if (n.cpu !== undefined) capacity.cpu = `${n.cpu}m`;
  if (n.memory !== undefined) capacity.memory = `${n.memory}`;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: n.name, labels: n.labels ?? {} },
    spec: { taints: n.taints },
    status: { capacity, allocatable: capacity, images: n.images },
  } as unknown as Node;
}

function pod(
  name: string,
  o: { node?: string; labels?: Labels; spec?: Partial<PodSpec>; owner?: string } = {},
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      labels: o.labels ?? {},
      ...(o.owner
        ? {
            ownerReferences: [
              { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: o.owner, uid: 'u', controller: true },
            ],
          }
        : {}),
    },
    spec: { containers: [], ...(o.node ? { nodeName: o.node } : {}), ...o.spec },
  } as unknown as Pod;
}

/** A snapshot of `all` nodes with `existing` pods bound (upstream's cache.NewSnapshot). */
function snapshot(all: Node[], existing: Pod[], rss: ReplicaSet[] = []): ScoreSnapshot {
  const on = (n: string) => existing.filter((p) => p.spec.nodeName === n);
  return {
    nodes: all,
    usage: (n) => usageOf(on(n)),
    pods: on,
    havePodsWithAffinity: () =>
      existing.some((p) => p.spec.affinity?.podAffinity || p.spec.affinity?.podAntiAffinity),
    replicaSet: (_ns, name) => rss.find((r) => r.metadata.name === name),
    namespaceLabels: () => undefined,
  };
}

/** One plugin's normalised scores for the feasible `nodes` (the rest of `all` failed filtering). */
function scores(
  plugin: ScorePlugin,
  p: Pod,
  nodes: Node[],
  existing: Pod[] = [],
  failed: Node[] = [],
  rss: ReplicaSet[] = [],
) {
  const r = prioritizeNodes(p, nodes, snapshot([...nodes, ...failed], existing, rss), [plugin]);
  if (r.skipped.length) return 'skip';
  return Object.fromEntries(r.nodes.map((n) => [n.name, n.scores[0].normalized]));
}

const host = (name: string, labels: Labels = {}) =>
  node({ name, labels: { [LABEL_HOSTNAME]: name, ...labels } });
const foo = (name: string, n: string) => pod(name, { node: n, labels: { foo: '' } });
const spread = (maxSkew: number, key: string, selector: boolean = true) => ({
  maxSkew,
  topologyKey: key,
  whenUnsatisfiable: 'ScheduleAnyway' as const,
  ...(selector ? { labelSelector: { matchExpressions: [{ key: 'foo', operator: 'Exists' as const }] } } : {}),
});
const incoming = (...c: ReturnType<typeof spread>[]) =>
  pod('p', { labels: { foo: '' }, spec: { topologySpreadConstraints: c } });
const pods = (spec: Record<string, number>) =>
  Object.entries(spec).flatMap(([n, count]) => Array.from({ length: count }, (_, i) => foo(`p-${n}${i}`, n)));

describe('PodTopologySpread Score (scoring_test.go TestPodTopologySpreadScore)', () => {
  const abcd = ['node-a', 'node-b', 'node-c', 'node-d'].map((n) => host(n));

  it('one constraint on node, no existing pods', () => {
    expect(scores(podTopologySpreadScore, incoming(spread(1, LABEL_HOSTNAME)), abcd.slice(0, 2))).toEqual({
      'node-a': 100,
      'node-b': 100,
    });
  });

  it('one constraint on node, only one node is candidate', () => {
    const existing = pods({ 'node-a': 2, 'node-b': 1 });
    expect(
      scores(podTopologySpreadScore, incoming(spread(1, LABEL_HOSTNAME)), [abcd[0]], existing, [abcd[1]]),
    ).toEqual({
      'node-a': 100,
    });
  });

  it('one constraint on node, all 4 nodes are candidates (2/1/0/3)', () => {
    const existing = pods({ 'node-a': 2, 'node-b': 1, 'node-d': 3 });
    expect(scores(podTopologySpreadScore, incoming(spread(1, LABEL_HOSTNAME)), abcd, existing)).toEqual({
      'node-a': 20,
      'node-b': 60,
      'node-c': 100,
      'node-d': 0,
    });
  });

  it('one constraint on node, null selector', () => {
    const existing = pods({ 'node-a': 2, 'node-b': 1, 'node-d': 3 });
    expect(
      scores(podTopologySpreadScore, incoming(spread(1, LABEL_HOSTNAME, false)), abcd, existing),
    ).toEqual({
      'node-a': 100,
      'node-b': 100,
      'node-c': 100,
      'node-d': 100,
    });
  });

  it('one constraint on node, all 4 nodes are candidates, maxSkew=2', () => {
    const existing = pods({ 'node-a': 2, 'node-b': 1, 'node-d': 3 });
    expect(scores(podTopologySpreadScore, incoming(spread(2, LABEL_HOSTNAME)), abcd, existing)).toEqual({
      'node-a': 33,
      'node-b': 66,
      'node-c': 100,
      'node-d': 16,
    });
  });

  it('one constraint on node, all 4 nodes are candidates, maxSkew=3 (4/3/2/1)', () => {
    const existing = pods({ 'node-a': 4, 'node-b': 3, 'node-c': 2, 'node-d': 1 });
    expect(scores(podTopologySpreadScore, incoming(spread(3, LABEL_HOSTNAME)), abcd, existing)).toEqual({
      'node-a': 44,
      'node-b': 66,
      'node-c': 77,
      'node-d': 100,
    });
  });

  it('system defaulting, nodes without zone: the ReplicaSet selector spreads by hostname as one constraint', () => {
    // upstream's case selects the pods by a Service; a ReplicaSet selector gives the same DefaultSelector
    const existing = pods({ 'node-a': 4, 'node-b': 3, 'node-c': 2, 'node-d': 1 });
    const rs = {
      metadata: { name: 'rs', namespace: 'default' },
      spec: { selector: { matchLabels: { foo: '' } } },
    } as unknown as ReplicaSet;
    const p = pod('p', { labels: { foo: '' }, owner: 'rs' });
    expect(scores(podTopologySpreadScore, p, abcd, existing, [], [rs])).toEqual({
      'node-a': 44,
      'node-b': 66,
      'node-c': 77,
      'node-d': 100,
    });
    // the same pod without a controlling ReplicaSet has no default constraints: Skip
    expect(scores(podTopologySpreadScore, pod('p', { labels: { foo: '' } }), abcd, existing)).toBe('skip');
  });

  it('one constraint on node, 3 out of 4 nodes are candidates (4/2/1/~3~)', () => {
    const nodes = ['node-a', 'node-b', 'node-x'].map((n) => host(n));
    const existing = pods({ 'node-a': 4, 'node-b': 2, 'node-x': 1, 'node-y': 3 });
    expect(
      scores(podTopologySpreadScore, incoming(spread(1, LABEL_HOSTNAME)), nodes, existing, [host('node-y')]),
    ).toEqual({
      'node-a': 33,
      'node-b': 83,
      'node-x': 100,
    });
  });

  it("one constraint on node, one node doesn't match the topology key", () => {
    const nodes = [host('node-a'), node({ name: 'node-b', labels: { n: 'node-b' } }), host('node-x')];
    const existing = pods({ 'node-a': 4, 'node-b': 2, 'node-x': 1, 'node-y': 3 });
    expect(
      scores(podTopologySpreadScore, incoming(spread(1, LABEL_HOSTNAME)), nodes, existing, [host('node-y')]),
    ).toEqual({
      'node-a': 16,
      'node-b': 0,
      'node-x': 100,
    });
  });

  it('one constraint on zone, 3 out of 4 nodes are candidates', () => {
    const nodes = [
      host('node-a', { zone: 'zone1' }),
      host('node-b', { zone: 'zone1' }),
      host('node-x', { zone: 'zone2' }),
    ];
    const existing = pods({ 'node-a': 4, 'node-b': 2, 'node-x': 1, 'node-y': 3 });
    expect(
      scores(podTopologySpreadScore, incoming(spread(1, 'zone')), nodes, existing, [
        host('node-y', { zone: 'zone2' }),
      ]),
    ).toEqual({ 'node-a': 75, 'node-b': 75, 'node-x': 100 });
  });

  it('two constraints on zone and node, 2 out of 4 nodes are candidates', () => {
    const nodes = [host('node-a', { zone: 'zone1' }), host('node-x', { zone: 'zone2' })];
    const failed = [host('node-b', { zone: 'zone1' }), host('node-y', { zone: 'zone2' })];
    const existing = pods({ 'node-a': 2, 'node-b': 1, 'node-x': 2, 'node-y': 4 });
    expect(
      scores(
        podTopologySpreadScore,
        incoming(spread(1, 'zone'), spread(1, LABEL_HOSTNAME)),
        nodes,
        existing,
        failed,
      ),
    ).toEqual({ 'node-a': 100, 'node-x': 63 });
  });
});

describe('TaintToleration Score (taint_toleration_test.go TestTaintTolerationScore)', () => {
  const prefer = (key: string, value: string): Taint => ({ key, value, effect: 'PreferNoSchedule' });
  const tol = (key: string, value: string, effect: Toleration['effect']): Toleration => ({
    key,
    operator: 'Equal',
    value,
    effect,
  });
  const run = (tols: Toleration[], nodes: Node[]) =>
    scores(taintTolerationScore, pod('p', { spec: { tolerations: tols } }), nodes);

  it('nodes whose taints are all tolerated score the same, however many taints they have', () => {
    const tols = [tol('foo', 'bar', 'PreferNoSchedule'), tol('cpu-type', 'arm64', 'PreferNoSchedule')];
    expect(
      run(tols, [
        node({ name: 'nodeA' }),
        node({ name: 'nodeB', taints: [prefer('foo', 'bar')] }),
        node({ name: 'nodeC', taints: [prefer('foo', 'bar'), prefer('cpu-type', 'arm64')] }),
      ]),
    ).toEqual({ nodeA: 100, nodeB: 100, nodeC: 100 });
  });

  it('the number of untolerated taints matters', () => {
    expect(
      run(
        [tol('foo', 'bar', 'PreferNoSchedule')],
        [
          node({ name: 'nodeA' }),
          node({ name: 'nodeB', taints: [prefer('cpu-type', 'arm64')] }),
          node({ name: 'nodeC', taints: [prefer('cpu-type', 'arm64'), prefer('disk-type', 'ssd')] }),
        ],
      ),
    ).toEqual({ nodeA: 100, nodeB: 50, nodeC: 0 });
  });

  it('only PreferNoSchedule taints and tolerations count', () => {
    expect(
      run(
        [tol('cpu-type', 'arm64', 'NoSchedule')],
        [
          node({ name: 'nodeA' }),
          node({ name: 'nodeB', taints: [{ key: 'cpu-type', value: 'arm64', effect: 'NoSchedule' }] }),
          node({ name: 'nodeC', taints: [prefer('cpu-type', 'arm64')] }),
        ],
      ),
    ).toEqual({ nodeA: 100, nodeB: 100, nodeC: 0 });
  });

  it('default behaviour: no taints and tolerations, lands on the node with no taints', () => {
    expect(
      run([], [node({ name: 'nodeA' }), node({ name: 'nodeB', taints: [prefer('cpu-type', 'arm64')] })]),
    ).toEqual({
      nodeA: 100,
      nodeB: 0,
    });
  });
});

describe('NodeAffinity Score (node_affinity_test.go TestNodeAffinityPriority)', () => {
  const term = (weight: number, ...reqs: [string, string][]) => ({
    weight,
    preference: { matchExpressions: reqs.map(([key, v]) => ({ key, operator: 'In' as const, values: [v] })) },
  });
  const affinity3 = {
    nodeAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [
        term(2, ['foo', 'bar']),
        term(4, ['key', 'value']),
        term(5, ['foo', 'bar'], ['key', 'value'], ['az', 'az1']),
      ],
    },
  };
  const nodes = [
    node({ name: 'node1', labels: { foo: 'bar' } }),
    node({ name: 'node5', labels: { foo: 'bar', key: 'value', az: 'az1' } }),
    node({ name: 'node2', labels: { key: 'value' } }),
  ];

  it('all nodes match the preferred terms but with different priorities', () => {
    expect(scores(nodeAffinityScore, pod('p', { spec: { affinity: affinity3 } }), nodes)).toEqual({
      node1: 18,
      node5: 100,
      node2: 36,
    });
  });

  it('without preferred terms the plugin is skipped', () => {
    expect(scores(nodeAffinityScore, pod('p'), nodes)).toBe('skip');
  });
});

describe('NodeResourcesFit LeastAllocated and BalancedAllocation (least_allocated_test.go, balanced_allocation_test.go)', () => {
  const requested = pod('p', {
    spec: {
      containers: [
        { name: 'a', resources: { requests: { cpu: '1000m', memory: '2000' } } },
        { name: 'b', resources: { requests: { cpu: '2000m', memory: '3000' } } },
      ],
    },
  });
  const nodes = [
    node({ name: 'node1', cpu: 4000, memory: 10000 }),
    node({ name: 'node2', cpu: 6000, memory: 10000 }),
  ];

  it('nothing scheduled, resources requested, differently sized nodes', () => {
    // node1: cpu (4000-3000)*100/4000 = 25, memory (10000-5000)*100/10000 = 50, (25+50)/2 = 37
    // node2: cpu (6000-3000)*100/6000 = 50, memory 50, 50
    expect(scores(nodeResourcesFitScore, requested, nodes)).toEqual({ node1: 37, node2: 50 });
    // node1: fractions 0.75 and 0.5, std 0.125, (1-0.125)*100 = 87; node2: 0.5 and 0.5, 100
    expect(scores(balancedAllocationScore, requested, nodes)).toEqual({ node1: 87, node2: 100 });
  });

  it('a pod without requests counts the defaults (100m, 200Mi) for LeastAllocated and is skipped by BalancedAllocation', () => {
    const big = [node({ name: 'n1', cpu: 1000, memory: 1024 * 1024 * 1024 })];
    const be = pod('p', { spec: { containers: [{ name: 'c' }] } });
    // cpu (1000-100)*100/1000 = 90, memory (1024-200)*100/1024 = 80 (80.4), (90+80)/2 = 85
    expect(scores(nodeResourcesFitScore, be, big)).toEqual({ n1: 85 });
    expect(scores(balancedAllocationScore, be, big)).toBe('skip');
  });

  it('bound pods count: the node with more requested scores lower', () => {
    const existing = [
      pod('x', {
        node: 'node1',
        spec: { containers: [{ name: 'c', resources: { requests: { cpu: '3000m', memory: '0' } } }] },
      }),
    ];
    // node1: cpu 6000 > 4000 -> 0, memory 50 -> 25; node2: 50, 50 -> 50
    expect(scores(nodeResourcesFitScore, requested, nodes, existing)).toEqual({ node1: 25, node2: 50 });
  });
});

describe('ImageLocality Score (image_locality_test.go)', () => {
  const mb = 1024 * 1024;
  it('two images spread on two nodes, prefer the larger image one', () => {
    const p = pod('p', {
      spec: {
        containers: [
          { name: 'a', image: 'gcr.io/40' },
          { name: 'b', image: 'gcr.io/300' },
        ],
      },
    });
    const nodes = [
      node({ name: 'node1', images: [{ names: ['gcr.io/40:latest', 'gcr.io/40:v1'], sizeBytes: 40 * mb }] }),
      node({
        name: 'node2',
        images: [{ names: ['gcr.io/300:latest', 'gcr.io/300:v1'], sizeBytes: 300 * mb }],
      }),
    ];
    // node1: 40M × 1/2 = 20M < 23M -> 0; node2: 100 × (150M − 23M) / (2000M − 23M) = 6
    expect(scores(imageLocalityScore, p, nodes)).toEqual({ node1: 0, node2: 6 });
  });
});

describe('InterPodAffinity Score (scoring_test.go TestPreferredAffinity)', () => {
  const term = (weight: number, value: string) => ({
    weight,
    podAffinityTerm: {
      labelSelector: { matchExpressions: [{ key: 'security', operator: 'In' as const, values: [value] }] },
      topologyKey: 'region',
    },
  });
  const nodes = [
    node({ name: 'node1', labels: { region: 'China' } }),
    node({ name: 'node2', labels: { region: 'India' } }),
    node({ name: 'node3', labels: { az: 'az1' } }),
  ];

  it('a pod that matches the topology key and the pods on a node scores high there', () => {
    const p = pod('p', {
      spec: {
        affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'S1')] } },
      },
    });
    const existing = [pod('s1', { node: 'node1', labels: { security: 'S1' } })];
    expect(scores(interPodAffinityScore, p, nodes, existing)).toEqual({ node1: 100, node2: 0, node3: 0 });
  });

  it('anti-affinity: the node without the matching pod scores high', () => {
    const p = pod('p', {
      spec: {
        affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'S1')] } },
      },
    });
    const existing = [
      pod('s1', { node: 'node1', labels: { security: 'S1' } }),
      pod('s2', { node: 'node2', labels: { security: 'S2' } }),
    ];
    expect(scores(interPodAffinityScore, p, nodes.slice(0, 2), existing)).toEqual({ node1: 0, node2: 100 });
  });

  it('an existing pod’s required affinity pulls a matching pod to its topology (HardPodAffinityWeight 1)', () => {
    const existing = [
      pod('e', {
        node: 'node2',
        spec: {
          affinity: {
            podAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'region' },
              ],
            },
          },
        },
      }),
    ];
    expect(scores(interPodAffinityScore, pod('p', { labels: { app: 'web' } }), nodes, existing)).toEqual({
      node1: 0,
      node2: 100,
      node3: 0,
    });
    expect(scores(interPodAffinityScore, pod('p', { labels: { app: 'db' } }), nodes, existing)).toBe('skip');
  });
});

describe('prioritizeNodes, selectHost and numFeasibleNodesToFind (schedule_one.go)', () => {
  it('sums weight × normalised score over the plugins that did not skip', () => {
    const nodes = [
      node({ name: 'a', cpu: 4000, memory: 8 * 1024 ** 3 }),
      node({
        name: 'b',
        cpu: 4000,
        memory: 8 * 1024 ** 3,
        taints: [{ key: 'k', effect: 'PreferNoSchedule' }],
      }),
    ];
    const r = prioritizeNodes(
      pod('p', { spec: { containers: [{ name: 'c' }] } }),
      nodes,
      snapshot(nodes, []),
    );
    expect(r.skipped.map((s) => s.plugin)).toEqual([
      'NodeAffinity',
      'PodTopologySpread',
      'InterPodAffinity',
      'NodeResourcesBalancedAllocation',
    ]);
    const a = r.nodes[0];
    expect(a.scores.map((s) => [s.plugin, s.normalized, s.weighted])).toEqual([
      ['TaintToleration', 100, 300],
      ['NodeResourcesFit', 97, 97],
      ['ImageLocality', 0, 0],
    ]);
    expect(a.totalScore).toBe(397); // cpu (4000−100)·100/4000 = 97, memory (8192Mi−200Mi)·100/8192Mi = 97
    expect(r.nodes[1].totalScore).toBe(97);
  });

  it('picks the highest total, and each of several equal totals about as often (reservoir sampling)', () => {
    const list = (totals: number[]): NodePluginScores[] =>
      totals.map((t, i) => ({ name: `n${i}`, scores: [], totalScore: t }));
    const rand = new Random(42);
    expect(selectHost(list([1, 5, 3]), rand)).toBe('n1');
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const h = selectHost(list([7, 2, 7, 7]), rand)!;
      counts.set(h, (counts.get(h) ?? 0) + 1);
    }
    expect(counts.has('n1')).toBe(false);
    for (const n of ['n0', 'n2', 'n3']) expect(Math.abs(counts.get(n)! - 1000)).toBeLessThan(120);
    expect(selectHost([], rand)).toBeUndefined();
  });

  it('scores every node below 100 nodes, then an adaptive share (at least 100)', () => {
    expect(numFeasibleNodesToFind(99)).toBe(99);
    expect(numFeasibleNodesToFind(100)).toBe(100);
    expect(numFeasibleNodesToFind(1000)).toBe(420);
    expect(numFeasibleNodesToFind(5000)).toBe(500);
  });
});
