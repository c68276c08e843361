// The node-side pod indexes (keyed by namespace and name, no `ns/name` text) against the simple
// ones they replaced, keyed by that text (the oracles): random change feeds, same answers.

import { describe, expect, it } from 'vitest';
import type { Change } from '../api/objectStore';
import { isPodTerminal } from '../api/podutil';
import type { Pod } from '../api/types';
import { Random } from '../random';
import { NodeInfoIndex, podRequest } from './nodeInfo';
import { PodMap } from './podMap';
import { namespacedName } from '../api/namespacedName';
import { PodsByNode } from './podsByNode';

class OraclePodsByNode {
  private readonly byNode = new Map<string, Set<string>>();
  private readonly nodeOf = new Map<string, string>();
  onPodChange(c: Change): void {
    const pod = c.obj as Pod;
    if (c.type === 'MODIFIED' && (c.old as Pod).spec.nodeName === pod.spec.nodeName) return;
    const key = namespacedName(pod.metadata.namespace, pod.metadata.name);
    const node = c.type === 'DELETED' ? undefined : pod.spec.nodeName || undefined;
    const prev = this.nodeOf.get(key);
    if (prev === node) return;
    if (prev !== undefined) {
      const s = this.byNode.get(prev)!;
      s.delete(key);
      if (s.size === 0) this.byNode.delete(prev);
      this.nodeOf.delete(key);
    }
    if (node !== undefined) {
      let s = this.byNode.get(node);
      if (!s) this.byNode.set(node, (s = new Set()));
      s.add(key);
      this.nodeOf.set(key, node);
    }
  }
  keys(node: string): string[] {
    return [...(this.byNode.get(node) ?? [])].sort();
  }
  has(node: string): boolean {
    return this.byNode.has(node);
  }
  nodes(): string[] {
    return [...this.byNode.keys()].sort();
  }
}

/** The scheduler cache's usage as the text-keyed index kept it: pods per node, summed. */
class OracleUsage {
  private readonly byPod = new Map<string, { node: string; pod: Pod }>();
  onPodChange(c: Change): string | undefined {
    const pod = c.obj as Pod;
    const key = namespacedName(pod.metadata.namespace, pod.metadata.name);
    const prev = this.byPod.get(key);
    const counts = c.type !== 'DELETED' && !!pod.spec.nodeName && !isPodTerminal(pod);
    if (prev && counts && prev.node === pod.spec.nodeName) return undefined;
    if (prev) this.byPod.delete(key);
    if (counts) this.byPod.set(key, { node: pod.spec.nodeName!, pod });
    return prev && (!counts || prev.node !== pod.spec.nodeName) ? prev.node : undefined;
  }
  usage(node: string) {
    let milliCPU = 0;
    let memory = 0;
    let nonZeroMilliCPU = 0;
    let nonZeroMemory = 0;
    let pods = 0;
    for (const e of this.byPod.values()) {
      if (e.node !== node) continue;
      const r = podRequest(e.pod);
      milliCPU += r.milliCPU;
      memory += r.memory;
      nonZeroMilliCPU += r.nonZeroMilliCPU;
      nonZeroMemory += r.nonZeroMemory;
      pods++;
    }
    return { milliCPU, memory, nonZeroMilliCPU, nonZeroMemory, pods };
  }
  /** NodeInfo.Pods' keys, sorted */
  keys(node: string): string[] {
    return [...this.byPod]
      .filter(([, e]) => e.node === node)
      .map(([k]) => k)
      .sort();
  }
  havePodsWithAffinity(): boolean {
    return [...this.byPod.values()].some((e) => !!e.pod.spec.affinity?.podAntiAffinity);
  }
}

const NODES = ['n1', 'n2', 'n3', 'n4'];

function podOf(
  ns: string,
  name: string,
  node: string | undefined,
  phase: string,
  cpu: string | undefined,
): Pod {
  const anti = name.endsWith('3') ? { affinity: { podAntiAffinity: {} } } : {};
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: ns, uid: `${ns}-${name}`, resourceVersion: '1', creationTimestamp: '' },
    spec: {
      ...anti,
      containers: [{ name: 'c', image: 'x', resources: { requests: cpu ? { cpu } : {} } }],
      ...(node ? { nodeName: node } : {}),
    },
    status: { phase },
  } as Pod;
}

describe('PodsByNode and NodeInfoIndex keyed by namespace and name', () => {
  it('answer like the text-keyed versions on random change feeds', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const r = new Random(seed);
      const fast = new PodsByNode();
      const slow = new OraclePodsByNode();
      const info = new NodeInfoIndex();
      const oracle = new OracleUsage();
      const live = new Map<string, Pod>();
      for (let op = 0; op < 400; op++) {
        const ns = ['default', 'kube-system'][r.int(2)];
        const name = `p${r.int(25)}`;
        const k = `${ns}/${name}`;
        const old = live.get(k);
        let c: Change;
        if (!old) {
          const pod = podOf(
            ns,
            name,
            r.int(3) === 0 ? NODES[r.int(NODES.length)] : undefined,
            'Pending',
            ['100m', '1', undefined][r.int(3)],
          );
          live.set(k, pod);
          c = { type: 'ADDED', kind: 'Pod', obj: pod, old: undefined };
        } else if (r.int(5) === 0) {
          live.delete(k);
          c = { type: 'DELETED', kind: 'Pod', obj: old, old: undefined };
        } else {
          const x = r.int(3);
          const node = x === 0 ? NODES[r.int(NODES.length)] : old.spec.nodeName;
          const phase = x === 1 ? ['Running', 'Failed', 'Succeeded', 'Pending'][r.int(4)] : old.status.phase!;
          const pod = {
            ...old,
            spec: node === old.spec.nodeName ? old.spec : { ...old.spec, nodeName: node },
            status: { phase },
          } as Pod;
          live.set(k, pod);
          c = { type: 'MODIFIED', kind: 'Pod', obj: pod, old };
        }
        fast.onPodChange(c);
        slow.onPodChange(c);
        expect(info.onPodChange(c)).toBe(oracle.onPodChange(c));
        expect(info.havePodsWithAffinity()).toBe(oracle.havePodsWithAffinity());
      }
      expect(fast.nodes()).toEqual(slow.nodes());
      for (const n of NODES) {
        expect(fast.keys(n)).toEqual(slow.keys(n));
        expect(fast.has(n)).toBe(slow.has(n));
        const u = info.usage(n);
        const { milliCPU, memory, nonZeroMilliCPU, nonZeroMemory, pods } = u;
        expect({ milliCPU, memory, nonZeroMilliCPU, nonZeroMemory, pods }).toEqual(oracle.usage(n));
        expect([...info.podKeys(n)].map((k) => `${k.namespace}/${k.name}`).sort()).toEqual(oracle.keys(n));
      }
    }
  });
});

describe('PodMap', () => {
  it('keeps one entry per (namespace, name) and counts them', () => {
    const m = new PodMap<number>();
    m.set('a', 'x', 1);
    m.set('a', 'x', 2);
    m.set('b', 'x', 3);
    m.set(undefined, 'x', 4);
    expect(m.size).toBe(3);
    expect(m.get('a', 'x')).toBe(2);
    expect(m.delete('a', 'x')).toBe(true);
    expect(m.delete('a', 'x')).toBe(false);
    expect(m.get('a', 'x')).toBeUndefined();
    expect(m.get(undefined, 'x')).toBe(4);
    expect(m.size).toBe(2);
  });
});
