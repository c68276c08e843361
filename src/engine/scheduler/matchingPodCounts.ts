// PodTopologySpread's counts, kept instead of taken. Upstream's PreScore counts, on every node of the
// cluster, the pods its selector matches (countPodsMatchSelector over NodeInfo.Pods), in parallel, once
// per scheduling cycle: a cycle costs every pod of the cluster, and a 3,000-replica Deployment's
// rollout is quadratic. Here the counts per node are kept per (namespace, selector) from the pod
// changes, built by one walk the first time a selector is asked for, so a cycle costs the nodes.
// The full count (countPodsMatchSelector over the snapshot's pods) stays the oracle: the plugin uses
// it whenever the snapshot has no counts (explanations that leave a pod out, tests), and the property
// test compares the two.

import { matches, type Selector } from '../api/labels';
import type { Change } from '../api/objectStore';
import { isPodTerminal } from '../api/podutil';
import type { Pod } from '../api/types';

/** How many selectors are kept (least recently asked dropped first): each costs a match per pod change. */
export const MAX_SELECTORS = 32;

interface Entry {
  namespace: string | undefined;
  selector: Selector;
  byNode: Map<string, number>;
}

/**
 * The node a pod counts on for `e`, if any: bound, not terminal (NodeInfo.Pods), not terminating, of
 * the namespace, matched (countPodsMatchSelector's conditions).
 */
function countedOn(e: Entry, pod: Pod | undefined): string | undefined {
  if (!pod) return undefined;
  const node = pod.spec.nodeName;
  if (!node || isPodTerminal(pod) || pod.metadata.deletionTimestamp) return undefined;
  if (pod.metadata.namespace !== e.namespace || !matches(e.selector, pod.metadata.labels)) return undefined;
  return node;
}

function add(m: Map<string, number>, node: string, d: number): void {
  const v = (m.get(node) ?? 0) + d;
  if (v === 0) m.delete(node);
  else m.set(node, v);
}

export class MatchingPodCounts {
  private readonly entries = new Map<string, Entry>();

  /** `podsOf(namespace)`: every pod of a namespace, read once when a selector is first asked for. */
  constructor(private readonly podsOf: (namespace: string | undefined, each: (p: Pod) => void) => void) {}

  /** Feed every Pod change here (label changes included). */
  onPodChange(c: Change): void {
    if (this.entries.size === 0) return;
    const pod = c.type === 'DELETED' ? undefined : (c.obj as Pod);
    const old = c.type === 'ADDED' ? undefined : ((c.type === 'DELETED' ? c.obj : c.old) as Pod | undefined);
    if (
      pod &&
      old &&
      pod.metadata.labels === old.metadata.labels &&
      pod.spec.nodeName === old.spec.nodeName &&
      pod.metadata.deletionTimestamp === old.metadata.deletionTimestamp &&
      isPodTerminal(pod) === isPodTerminal(old)
    )
      return;
    for (const e of this.entries.values()) {
      const was = countedOn(e, old);
      const is = countedOn(e, pod);
      if (was === is) continue;
      if (was !== undefined) add(e.byNode, was, -1);
      if (is !== undefined) add(e.byNode, is, 1);
    }
  }

  /** The pods of `namespace` on `node` that `selector` matches (countPodsMatchSelector's result). */
  counter(selector: Selector | null, namespace: string | undefined): (node: string) => number {
    if (!selector || selector.length === 0) return () => 0;
    const key = `${namespace ?? ''}\u0000${JSON.stringify(selector)}`;
    let e = this.entries.get(key);
    if (e) {
      // most recently asked last
      this.entries.delete(key);
      this.entries.set(key, e);
    } else {
      const made: Entry = { namespace, selector, byNode: new Map() };
      this.podsOf(namespace, (p) => {
        const node = countedOn(made, p);
        if (node !== undefined) add(made.byNode, node, 1);
      });
      if (this.entries.size >= MAX_SELECTORS) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, (e = made));
    }
    const byNode = e.byNode;
    return (node) => byNode.get(node) ?? 0;
  }

  /** How many selectors are kept (for tests). */
  get size(): number {
    return this.entries.size;
  }
}
