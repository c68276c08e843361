import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import type { Node, NodeSelectorRequirement, Pod, PodSpec, Taint } from '../api/types';
import {
  ERR_NODE_AFFINITY,
  ERR_NODE_PORTS,
  ERR_NODE_UNSCHEDULABLE,
  nodeAffinity,
  nodeName,
  nodePorts,
  nodeResourcesFit,
  nodeUnschedulable,
  runFilters,
  taintToleration,
} from './filters';
import { EMPTY_USAGE, usageOf } from './nodeInfo';

function node(
  o: {
    labels?: Record<string, string>;
    taints?: Taint[];
    unschedulable?: boolean;
    cpu?: string;
    memory?: string;
    pods?: string;
  } = {},
): Node {
  const n = newNode('n1', {
    index: 0,
    now: '2026-01-01T00:00:00Z',
    labels: o.labels,
    taints: o.taints,
    cpu: o.cpu,
    memory: o.memory,
    pods: o.pods,
  });
  return { ...n, spec: { ...n.spec, ...(o.unschedulable ? { unschedulable: true } : {}) } };
}

function pod(spec: Partial<PodSpec> = {}, extra: Partial<Pod['metadata']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'p',
      namespace: 'default',
      uid: 'u',
      resourceVersion: '1',
      creationTimestamp: '',
      ...extra,
    },
    spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
    status: { phase: 'Pending' },
  };
}

function withRequests(cpu?: string, memory?: string, more: Partial<PodSpec> = {}): Pod {
  const requests: Record<string, string> = {};
  if (cpu) requests.cpu = cpu;
  if (memory) requests.memory = memory;
  return pod({ containers: [{ name: 'c', image: 'nginx', resources: { requests } }], ...more });
}

function affinity(
  ...terms: { matchExpressions?: NodeSelectorRequirement[]; matchFields?: NodeSelectorRequirement[] }[]
): Partial<PodSpec> {
  return {
    affinity: {
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } },
    },
  };
}

describe('NodeUnschedulable', () => {
  it.each([
    { name: 'schedulable node', unschedulable: false, tolerations: [], passed: true },
    { name: 'cordoned, no toleration', unschedulable: true, tolerations: [], passed: false },
    {
      name: 'cordoned, tolerates unschedulable (daemon pod)',
      unschedulable: true,
      tolerations: [
        {
          key: 'node.kubernetes.io/unschedulable',
          operator: 'Exists' as const,
          effect: 'NoSchedule' as const,
        },
      ],
      passed: true,
    },
    {
      name: 'cordoned, tolerates everything',
      unschedulable: true,
      tolerations: [{ operator: 'Exists' as const }],
      passed: true,
    },
  ])('$name', ({ unschedulable, tolerations, passed }) => {
    const r = nodeUnschedulable(pod({ tolerations }), node({ unschedulable }));
    expect(r.passed).toBe(passed);
    if (!passed) {
      expect(r.reason).toBe(ERR_NODE_UNSCHEDULABLE);
      expect(r.code).toBe('UnschedulableAndUnresolvable');
    }
  });
});

describe('NodeName', () => {
  it.each([
    { want: undefined, passed: true },
    { want: 'n1', passed: true },
    { want: 'n2', passed: false },
  ])('nodeName=$want', ({ want, passed }) => {
    const r = nodeName(pod(want ? { nodeName: want } : {}), node());
    expect(r.passed).toBe(passed);
    if (!passed) expect(r.reason).toBe("node(s) didn't match the requested node name");
  });
});

describe('TaintToleration', () => {
  const gpu: Taint = { key: 'gpu', value: 'true', effect: 'NoSchedule' };
  it.each([
    { name: 'no taints', taints: [], tolerations: [], reason: undefined },
    {
      name: 'PreferNoSchedule is ignored',
      taints: [{ key: 'soft', effect: 'PreferNoSchedule' as const }],
      tolerations: [],
      reason: undefined,
    },
    {
      name: 'untolerated NoSchedule',
      taints: [gpu],
      tolerations: [],
      reason: 'node(s) had untolerated taint {gpu: true}',
    },
    {
      name: 'untolerated NoExecute without value',
      taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' as const }],
      tolerations: [],
      reason: 'node(s) had untolerated taint {node.kubernetes.io/unreachable: }',
    },
    {
      name: 'tolerated with Equal',
      taints: [gpu],
      tolerations: [{ key: 'gpu', operator: 'Equal' as const, value: 'true', effect: 'NoSchedule' as const }],
      reason: undefined,
    },
    {
      name: 'Equal with wrong value',
      taints: [gpu],
      tolerations: [{ key: 'gpu', operator: 'Equal' as const, value: 'false' }],
      reason: 'node(s) had untolerated taint {gpu: true}',
    },
    {
      name: 'Exists without effect',
      taints: [gpu],
      tolerations: [{ key: 'gpu', operator: 'Exists' as const }],
      reason: undefined,
    },
    {
      name: 'wrong effect',
      taints: [gpu],
      tolerations: [{ key: 'gpu', operator: 'Exists' as const, effect: 'NoExecute' as const }],
      reason: 'node(s) had untolerated taint {gpu: true}',
    },
    {
      name: 'first untolerated is reported',
      taints: [
        { key: 'a', effect: 'PreferNoSchedule' as const },
        { key: 'b', value: '1', effect: 'NoSchedule' as const },
        { key: 'c', effect: 'NoExecute' as const },
      ],
      tolerations: [],
      reason: 'node(s) had untolerated taint {b: 1}',
    },
  ])('$name', ({ taints, tolerations, reason }) => {
    const r = taintToleration(pod({ tolerations }), node({ taints }));
    expect(r.passed).toBe(reason === undefined);
    if (reason) {
      expect(r.reason).toBe(reason);
      expect(r.code).toBe('UnschedulableAndUnresolvable');
    }
  });
});

describe('NodeAffinity', () => {
  const labels = { zone: 'a', disk: 'ssd', cores: '8' };
  it.each([
    { name: 'no constraints', spec: {}, passed: true },
    { name: 'nodeSelector match', spec: { nodeSelector: { zone: 'a' } }, passed: true },
    { name: 'nodeSelector mismatch', spec: { nodeSelector: { zone: 'b' } }, passed: false },
    { name: 'nodeSelector missing key', spec: { nodeSelector: { gpu: 'true' } }, passed: false },
    {
      name: 'In',
      spec: affinity({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }),
      passed: true,
    },
    {
      name: 'In mismatch',
      spec: affinity({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }),
      passed: false,
    },
    {
      name: 'NotIn',
      spec: affinity({ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['b'] }] }),
      passed: true,
    },
    {
      name: 'NotIn on absent key',
      spec: affinity({ matchExpressions: [{ key: 'x', operator: 'NotIn', values: ['b'] }] }),
      passed: true,
    },
    {
      name: 'Exists',
      spec: affinity({ matchExpressions: [{ key: 'disk', operator: 'Exists' }] }),
      passed: true,
    },
    {
      name: 'DoesNotExist',
      spec: affinity({ matchExpressions: [{ key: 'disk', operator: 'DoesNotExist' }] }),
      passed: false,
    },
    {
      name: 'Gt true',
      spec: affinity({ matchExpressions: [{ key: 'cores', operator: 'Gt', values: ['4'] }] }),
      passed: true,
    },
    {
      name: 'Gt false',
      spec: affinity({ matchExpressions: [{ key: 'cores', operator: 'Gt', values: ['8'] }] }),
      passed: false,
    },
    {
      name: 'Lt true',
      spec: affinity({ matchExpressions: [{ key: 'cores', operator: 'Lt', values: ['16'] }] }),
      passed: true,
    },
    {
      name: 'Lt on non-integer label',
      spec: affinity({ matchExpressions: [{ key: 'zone', operator: 'Lt', values: ['16'] }] }),
      passed: false,
    },
    {
      name: 'Gt on absent label',
      spec: affinity({ matchExpressions: [{ key: 'x', operator: 'Gt', values: ['1'] }] }),
      passed: false,
    },
    {
      name: 'terms are ORed',
      spec: affinity(
        { matchExpressions: [{ key: 'zone', operator: 'In', values: ['z'] }] },
        { matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] },
      ),
      passed: true,
    },
    { name: 'empty term matches nothing', spec: affinity({}), passed: false },
    {
      name: 'matchFields pin to this node',
      spec: affinity({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }),
      passed: true,
    },
    {
      name: 'matchFields pin to another node',
      spec: affinity({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n2'] }] }),
      passed: false,
    },
    {
      name: 'nodeSelector AND affinity',
      spec: {
        nodeSelector: { zone: 'b' },
        ...affinity({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }),
      },
      passed: false,
    },
  ] as { name: string; spec: Partial<PodSpec>; passed: boolean }[])('$name', ({ spec, passed }) => {
    const r = nodeAffinity(pod(spec), node({ labels }));
    expect(r.passed).toBe(passed);
    if (!passed) expect(r.reasons).toEqual([ERR_NODE_AFFINITY]);
  });
});

describe('NodePorts', () => {
  const portPod = (hostPort: number, protocol = 'TCP', hostIP?: string) =>
    pod({
      containers: [
        {
          name: 'c',
          image: 'x',
          ports: [{ containerPort: 80, hostPort, protocol, ...(hostIP ? { hostIP } : {}) }],
        },
      ],
    });
  it.each([
    { name: 'no host ports wanted', want: pod(), bound: [portPod(80)], passed: true },
    { name: 'free port', want: portPod(8080), bound: [portPod(80)], passed: true },
    { name: 'same port and protocol', want: portPod(80), bound: [portPod(80)], passed: false },
    { name: 'same port, other protocol', want: portPod(80, 'UDP'), bound: [portPod(80)], passed: true },
    {
      name: 'different specific IPs',
      want: portPod(80, 'TCP', '10.0.0.1'),
      bound: [portPod(80, 'TCP', '10.0.0.2')],
      passed: true,
    },
    {
      name: 'wildcard vs specific IP',
      want: portPod(80, 'TCP', '10.0.0.1'),
      bound: [portPod(80)],
      passed: false,
    },
  ])('$name', ({ want, bound, passed }) => {
    const r = nodePorts(want, node(), usageOf(bound));
    expect(r.passed).toBe(passed);
    if (!passed) {
      expect(r.reason).toBe(ERR_NODE_PORTS);
      expect(r.code).toBe('Unschedulable');
    }
  });
});

describe('NodeResourcesFit', () => {
  const running = (cpu: string, memory?: string, more: Partial<Pod['metadata']> = {}) => ({
    ...withRequests(cpu, memory),
    metadata: { ...withRequests(cpu).metadata, ...more },
    status: { phase: 'Running' as const },
  });
  it.each([
    { name: 'empty node', want: withRequests('1', '1Gi'), bound: [], n: {}, reasons: [] },
    { name: 'exactly fits', want: withRequests('1'), bound: [running('3')], n: {}, reasons: [] },
    {
      name: 'cpu short',
      want: withRequests('1500m'),
      bound: [running('3')],
      n: {},
      reasons: ['Insufficient cpu'],
      code: 'Unschedulable',
    },
    {
      name: 'memory short',
      want: withRequests(undefined, '5Gi'),
      bound: [running('0', '4Gi')],
      n: {},
      reasons: ['Insufficient memory'],
    },
    {
      name: 'both short',
      want: withRequests('2', '5Gi'),
      bound: [running('3', '4Gi')],
      n: {},
      reasons: ['Insufficient cpu', 'Insufficient memory'],
    },
    {
      name: 'terminating pods still count',
      want: withRequests('2'),
      bound: [running('3', undefined, { deletionTimestamp: '2026-01-01T00:00:30Z' })],
      n: {},
      reasons: ['Insufficient cpu'],
    },
    {
      name: 'terminal pods do not count',
      want: withRequests('2'),
      bound: [{ ...running('3'), status: { phase: 'Failed' as const } }],
      n: {},
      reasons: [],
    },
    {
      name: 'larger than the node is unresolvable',
      want: withRequests('8'),
      bound: [],
      n: {},
      reasons: ['Insufficient cpu'],
      code: 'UnschedulableAndUnresolvable',
    },
    {
      name: 'pods limit',
      want: pod(),
      bound: [running('0'), running('0')],
      n: { pods: '2' },
      reasons: ['Too many pods'],
      code: 'Unschedulable',
    },
    {
      name: 'zero-request pod fits a full node',
      want: pod(),
      bound: [running('4', '8Gi')],
      n: {},
      reasons: [],
    },
    {
      name: 'init containers count by their maximum',
      want: withRequests('1', undefined, {
        initContainers: [{ name: 'i', image: 'x', resources: { requests: { cpu: '2' } } }],
      }),
      bound: [running('3')],
      n: {},
      reasons: ['Insufficient cpu'],
    },
  ] as { name: string; want: Pod; bound: Pod[]; n: { pods?: string }; reasons: string[]; code?: string }[])(
    '$name',
    ({ want, bound, n, reasons, code }) => {
      const r = nodeResourcesFit(want, node(n), usageOf(bound));
      expect(r.reasons).toEqual(reasons);
      expect(r.passed).toBe(reasons.length === 0);
      if (code) expect(r.code).toBe(code);
    },
  );
});

describe('runFilters', () => {
  it('stops at the first failure in the default profile order unless asked for all', () => {
    const p = withRequests('8', undefined, { nodeSelector: { zone: 'b' } });
    const n = node({ taints: [{ key: 'k', effect: 'NoSchedule' }] });
    expect(runFilters(p, n, EMPTY_USAGE).map((r) => [r.name, r.passed])).toEqual([
      ['NodeUnschedulable', true],
      ['NodeName', true],
      ['TaintToleration', false],
    ]);
    const all = runFilters(p, n, EMPTY_USAGE, true);
    expect(all.map((r) => r.name)).toEqual([
      'NodeUnschedulable',
      'NodeName',
      'TaintToleration',
      'NodeAffinity',
      'NodePorts',
      'NodeResourcesFit',
    ]);
    expect(all.filter((r) => !r.passed).map((r) => r.name)).toEqual([
      'TaintToleration',
      'NodeAffinity',
      'NodeResourcesFit',
    ]);
  });
});
