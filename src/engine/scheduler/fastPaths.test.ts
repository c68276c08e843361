// The scheduler's allocation-free checks against the simple versions they replaced (the oracles):
// random pods, nodes and usages; the answers must agree everywhere.

import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import { Random } from '../random';
import type {
  Node,
  NodeSelectorRequirement,
  NodeSelectorTerm,
  Pod,
  PodSpec,
  Taint,
  Toleration,
} from '../api/types';
import { firstFailure, fitsNode, runFilters } from './filters';
import { podRequest, usageOf } from './nodeInfo';
import { preFilterNodeNames, preFilterSingleNode } from './fitError';
import {
  matchExpression,
  matchField,
  nodeSelectorMatches,
  podMatchesNodeAffinity,
  requiredTermsMatch,
  termMatches,
} from './nodeAffinity';

// --- the simple versions (every/some/Object.entries), as they were; the expression and field
// matchers are unchanged and shared ---
function oracleTermMatches(term: NodeSelectorTerm, node: Node): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata.labels ?? {};
  return exprs.every((e) => matchExpression(e, labels)) && fields.every((f) => matchField(f, node));
}
function oracleNodeSelectorMatches(nodeSelector: Record<string, string> | undefined, node: Node): boolean {
  const labels = node.metadata.labels ?? {};
  return Object.entries(nodeSelector ?? {}).every(([k, v]) => labels[k] === v);
}
function oracleRequiredTermsMatch(spec: PodSpec, node: Node): boolean {
  const req = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!req) return true;
  return (req.nodeSelectorTerms ?? []).some((t) => oracleTermMatches(t, node));
}

function oraclePreFilterNodeNames(spec: PodSpec): Set<string> | 'conflict' | undefined {
  const terms =
    spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms?.length) return undefined;
  let names: Set<string> | undefined;
  for (const t of terms) {
    let termNames: Set<string> | undefined;
    for (const r of t.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const s = new Set(r.values ?? []);
      termNames = termNames ? new Set([...termNames].filter((n) => s.has(n))) : s;
    }
    if (!termNames) return undefined;
    names = new Set([...(names ?? []), ...termNames]);
  }
  if (names && names.size === 0) return 'conflict';
  return names;
}

// --- random inputs ---
const pick = <T>(r: Random, xs: readonly T[]): T => xs[r.int(xs.length)];
const KEYS = ['zone', 'disk', 'gpu', 'rank'];
const VALUES = ['a', 'b', 'ssd', '3', '10', '-2', 'x1'];
const NODE_NAMES = ['n1', 'n2', 'n3'];

function requirement(r: Random, field: boolean): NodeSelectorRequirement {
  const operator = pick(r, [
    'In',
    'NotIn',
    'Exists',
    'DoesNotExist',
    'Gt',
    'Lt',
    'Bogus',
  ] as const) as NodeSelectorRequirement['operator'];
  const values =
    r.int(5) === 0
      ? undefined
      : Array.from({ length: r.int(3) }, () => (field ? pick(r, NODE_NAMES) : pick(r, VALUES)));
  return {
    key: field ? pick(r, ['metadata.name', 'metadata.name', 'other']) : pick(r, KEYS),
    operator,
    ...(values ? { values } : {}),
  };
}

function term(r: Random): NodeSelectorTerm {
  const t: NodeSelectorTerm = {};
  if (r.int(3)) t.matchExpressions = Array.from({ length: r.int(3) }, () => requirement(r, false));
  if (r.int(2))
    t.matchFields = Array.from({ length: r.int(2) + (r.int(3) ? 1 : 0) }, () => requirement(r, true));
  return t;
}

function tolerations(r: Random): Toleration[] | undefined {
  if (r.int(3) === 0) return undefined;
  return Array.from({ length: r.int(3) }, () => {
    const t: Toleration = {};
    if (r.int(2))
      t.key = pick(r, ['node.kubernetes.io/unschedulable', 'dedicated', 'node.kubernetes.io/not-ready']);
    if (r.int(2)) t.operator = pick(r, ['Exists', 'Equal'] as const);
    if (r.int(2)) t.value = pick(r, ['gpu', '']);
    if (r.int(2)) t.effect = pick(r, ['NoSchedule', 'NoExecute', 'PreferNoSchedule'] as const);
    return t;
  });
}

function randomSpec(r: Random): PodSpec {
  const spec: PodSpec = {
    containers: [
      {
        name: 'c',
        image: 'nginx',
        resources: {
          requests: {
            ...(r.int(2) ? { cpu: pick(r, ['100m', '2', '8']) } : {}),
            ...(r.int(2) ? { memory: pick(r, ['100Mi', '4Gi', '64Gi']) } : {}),
          },
        },
        ...(r.int(3) === 0
          ? {
              ports: [
                {
                  containerPort: 80,
                  hostPort: pick(r, [8080, 9090]),
                  ...(r.int(2) ? { hostIP: pick(r, ['0.0.0.0', '10.0.0.1']) } : {}),
                },
              ],
            }
          : {}),
      },
    ],
  };
  if (r.int(3) === 0) spec.nodeName = pick(r, NODE_NAMES);
  if (r.int(2))
    spec.nodeSelector = Object.fromEntries(
      Array.from({ length: r.int(3) }, () => [pick(r, KEYS), pick(r, VALUES)]),
    );
  if (r.int(2))
    spec.affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: Array.from({ length: r.int(3) }, () => term(r)),
        },
      },
    };
  const tols = tolerations(r);
  if (tols) spec.tolerations = tols;
  return spec;
}

function randomPod(r: Random, i: number): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `p${i}`,
      namespace: 'default',
      uid: `u${i}`,
      resourceVersion: '1',
      creationTimestamp: '',
    },
    spec: randomSpec(r),
    status: { phase: 'Pending' },
  };
}

function randomNode(r: Random, i: number): Node {
  const labels = Object.fromEntries(Array.from({ length: r.int(4) }, () => [pick(r, KEYS), pick(r, VALUES)]));
  const taints: Taint[] = Array.from({ length: r.int(3) }, () => ({
    key: pick(r, ['dedicated', 'node.kubernetes.io/not-ready']),
    ...(r.int(2) ? { value: 'gpu' } : {}),
    effect: pick(r, ['NoSchedule', 'NoExecute', 'PreferNoSchedule'] as const),
  }));
  const n = newNode(pick(r, NODE_NAMES), {
    index: i,
    now: '2026-01-01T00:00:00Z',
    labels,
    taints,
    cpu: pick(r, ['1', '4']),
    memory: pick(r, ['1Gi', '8Gi']),
    pods: pick(r, ['1', '2', '110']),
  });
  return { ...n, spec: { ...n.spec, ...(r.int(4) === 0 ? { unschedulable: true } : {}) } };
}

describe('node affinity without every/some/Object.entries', () => {
  it('agrees with the simple version on random terms, selectors and nodes', () => {
    const r = new Random(3);
    let singleHits = 0;
    let singleMisses = 0;
    for (let i = 0; i < 3000; i++) {
      const spec = randomSpec(r);
      const node = randomNode(r, i);
      expect(nodeSelectorMatches(spec.nodeSelector, node)).toBe(
        oracleNodeSelectorMatches(spec.nodeSelector, node),
      );
      expect(requiredTermsMatch(spec, node)).toBe(oracleRequiredTermsMatch(spec, node));
      expect(podMatchesNodeAffinity(spec, node)).toBe(
        oracleNodeSelectorMatches(spec.nodeSelector, node) && oracleRequiredTermsMatch(spec, node),
      );
      const t = term(r);
      expect(termMatches(t, node)).toBe(oracleTermMatches(t, node));
      const pre = preFilterNodeNames(spec);
      const want = oraclePreFilterNodeNames(spec);
      expect(pre instanceof Set ? [...pre] : pre).toEqual(want instanceof Set ? [...want] : want);
      // the daemon pod's shortcut names the one node the prefilter keeps, or stays out of the way
      const single = preFilterSingleNode(spec);
      if (single !== undefined) expect(want instanceof Set ? [...want] : want).toEqual([single]);
      else singleMisses++;
      if (single !== undefined) singleHits++;
    }
    expect(singleHits).toBeGreaterThan(0);
    expect(singleMisses).toBeGreaterThan(0);
  });
});

describe('fitsNode (firstFailure without a result per filter)', () => {
  it('passes exactly when every filter passes, and firstFailure still names the first failing one', () => {
    const r = new Random(9);
    let fits = 0;
    for (let i = 0; i < 3000; i++) {
      const pod = randomPod(r, i);
      const node = randomNode(r, i);
      const bound = Array.from({ length: r.int(3) }, (_, j) => ({
        ...randomPod(r, 1000 + j),
        spec: { ...randomSpec(r), nodeName: node.metadata.name },
      }));
      const usage = usageOf(bound);
      const all = runFilters(pod, node, usage);
      const ok = all.every((f) => f.passed);
      expect(fitsNode(pod, node, usage, podRequest(pod))).toBe(ok);
      const first = firstFailure(pod, node, usage);
      if (ok) expect(first).toBeUndefined();
      else expect(first?.name).toBe(all[all.length - 1].name);
      if (ok) fits++;
    }
    // both outcomes are exercised
    expect(fits).toBeGreaterThan(100);
    expect(fits).toBeLessThan(2900);
  });
});
