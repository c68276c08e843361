// A spec.nodeName index of pods (the informer indexer every node-side component keeps), fed from
// store changes, so node events touch only that node's pods.

import { namespacedName } from '../api/namespacedName';
import type { Change } from '../api/objectStore';
import type { Kind, Pod } from '../api/types';
import { PodMap } from './podMap';

/** A pod's namespacedName. Kept only for kubelet.ts (being changed elsewhere at the moment): new code calls namespacedName. */
export function podKeyOf(pod: { metadata: { namespace?: string; name: string } }): string {
  return namespacedName(pod.metadata.namespace, pod.metadata.name);
}

export function splitKey(key: string): [string, string] {
  const i = key.indexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}

const NO_KEYS: readonly string[] = Object.freeze([]);

export class PodsByNode {
  private readonly byNode = new Map<string, Set<string>>();
  /** per pod (namespace, name): its node and its key in that node's set */
  private readonly nodeOf = new PodMap<{ node: string; key: string }>();

  /** Feed Pod changes here. */
  onPodChange(c: Change): void {
    const pod = c.obj as Pod;
    if (c.type === 'MODIFIED' && (c.old as Pod).spec.nodeName === pod.spec.nodeName) return;
    const { namespace, name } = pod.metadata;
    const node = c.type === 'DELETED' ? undefined : pod.spec.nodeName || undefined;
    const prev = this.nodeOf.get(namespace, name);
    if (prev?.node === node) return;
    if (prev !== undefined) {
      const s = this.byNode.get(prev.node)!;
      s.delete(prev.key);
      if (s.size === 0) this.byNode.delete(prev.node);
      this.nodeOf.delete(namespace, name);
    }
    if (node !== undefined) {
      const key = prev?.key ?? namespacedName(pod.metadata.namespace, pod.metadata.name);
      let s = this.byNode.get(node);
      if (!s) this.byNode.set(node, (s = new Set()));
      s.add(key);
      this.nodeOf.set(namespace, name, { node, key });
    }
  }

  /** Keys (`ns/name`) of the pods bound to `node`, sorted. */
  keys(node: string): string[] {
    const s = this.byNode.get(node);
    if (s === undefined) return [];
    // one pod per node is the usual case (a daemon pod): nothing to sort
    if (s.size === 1) return [s.values().next().value!];
    return [...s].sort();
  }

  /** The same keys in no particular order (for a reader whose result does not depend on it); read only. */
  unorderedKeys(node: string): Iterable<string> {
    return this.byNode.get(node) ?? NO_KEYS;
  }

  has(node: string): boolean {
    return this.byNode.has(node);
  }

  /** Every node name some pod is bound to. */
  nodes(): string[] {
    return [...this.byNode.keys()].sort();
  }
}

const shared = new WeakMap<object, PodsByNode>();

/**
 * The one nodeName index of a simulation, shared by the node-side components (kubelet, node
 * lifecycle, pod GC). It subscribes on first use, so it sees every change before they do.
 */
export function podsByNodeOf(sim: {
  watch(fn: (c: Change) => void, kinds?: readonly Kind[]): () => void;
}): PodsByNode {
  let idx = shared.get(sim);
  if (!idx) {
    const created = new PodsByNode();
    sim.watch(
      (c) => {
        if (c.kind === 'Pod') created.onPodChange(c);
      },
      ['Pod'],
    );
    shared.set(sim, (idx = created));
  }
  return idx;
}
