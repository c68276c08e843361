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
import type { Node, Pod } from '../api/types';

/** How many selectors are kept (least recently asked dropped first): each costs a match per pod change. */
export const MAX_SELECTORS = 32;

/**
 * An entry's counts summed per value of a topology key over one (frozen) node list: what
 * PodTopologySpread's PreScore adds up over every node for a key other than hostname.
 */
interface TopologySums {
  nodes: readonly Node[];
  key: string;
  /** node name → its value of the key ('' without it), for the nodes of the list */
  valueOf: Map<string, string>;
  /** value → the matching pods on the list's nodes with that value */
  sums: Map<string, number>;
}

/** An entry's counts per node of one (frozen) node list, in its order: byNode read by position. */
interface NodeCounts {
  nodes: readonly Node[];
  /** node name → its position in the list */
  indexOf: Map<string, number>;
  counts: Int32Array;
}

interface Entry {
  namespace: string | undefined;
  selector: Selector;
  byNode: Map<string, number>;
  /** kept per topology key for the node list last asked about, updated with byNode */
  topologies: TopologySums[];
  /** byNode in the order of the node list last asked about (nodeCounts), updated with it */
  perNode: NodeCounts | undefined;
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

function add(e: Entry, node: string, d: number): void {
  const m = e.byNode;
  const v = (m.get(node) ?? 0) + d;
  if (v === 0) m.delete(node);
  else m.set(node, v);
  for (const t of e.topologies) {
    const value = t.valueOf.get(node);
    if (value !== undefined) t.sums.set(value, (t.sums.get(value) ?? 0) + d);
  }
  const pn = e.perNode;
  if (pn) {
    const i = pn.indexOf.get(node);
    if (i !== undefined) pn.counts[i] += d;
  }
}

/** byNode laid out in the order of `nodes` (0 for a node with no matching pod). */
function nodeCounts(e: Entry, nodes: readonly Node[]): NodeCounts {
  const indexOf = new Map<string, number>();
  const counts = new Int32Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const name = nodes[i].metadata.name;
    indexOf.set(name, i);
    counts[i] = e.byNode.get(name) ?? 0;
  }
  return { nodes, indexOf, counts };
}

/** The sums made from the counts: every node of the list, its value, the pods counted on it. */
function topologySums(e: Entry, nodes: readonly Node[], key: string): TopologySums {
  const valueOf = new Map<string, string>();
  const sums = new Map<string, number>();
  for (const n of nodes) {
    const value = (n.metadata.labels ?? {})[key] ?? '';
    valueOf.set(n.metadata.name, value);
    sums.set(value, (sums.get(value) ?? 0) + (e.byNode.get(n.metadata.name) ?? 0));
  }
  return { nodes, key, valueOf, sums };
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
      if (was !== undefined) add(e, was, -1);
      if (is !== undefined) add(e, is, 1);
    }
  }

  /** The pods of `namespace` on `node` that `selector` matches (countPodsMatchSelector's result). */
  counter(selector: Selector | null, namespace: string | undefined): (node: string) => number {
    if (!selector || selector.length === 0) return () => 0;
    const byNode = this.entry(selector, namespace).byNode;
    return (node) => byNode.get(node) ?? 0;
  }

  /**
   * Per value of `topologyKey` ('' for a node without it), the pods of `namespace` that `selector`
   * matches on the nodes of `nodes` with that value (every value of the list has an entry, 0 when
   * none match; a selector that selects nothing gets an empty map): the sum of `counter` over those
   * nodes, kept
   * from the pod changes while the (frozen) list stays the same, so a cycle does not visit every
   * node. A list that is not frozen is summed afresh.
   */
  topologySums(
    selector: Selector | null,
    namespace: string | undefined,
    nodes: readonly Node[],
    topologyKey: string,
  ): ReadonlyMap<string, number> {
    if (!selector || selector.length === 0) return new Map();
    const e = this.entry(selector, namespace);
    if (!Object.isFrozen(nodes)) return topologySums(e, nodes, topologyKey).sums;
    const i = e.topologies.findIndex((t) => t.key === topologyKey);
    let t = i >= 0 ? e.topologies[i] : undefined;
    if (!t || t.nodes !== nodes) {
      t = topologySums(e, nodes, topologyKey);
      if (i >= 0) e.topologies[i] = t;
      else e.topologies.push(t);
    }
    return t.sums;
  }

  /**
   * `counter`'s counts per node of `nodes`, in its order (a frozen list: kept from the pod changes
   * while it stays the same; another list is laid out afresh). Undefined for a selector that selects
   * nothing (every count 0).
   */
  nodeCounts(
    selector: Selector | null,
    namespace: string | undefined,
    nodes: readonly Node[],
  ): Int32Array | undefined {
    if (!selector || selector.length === 0) return undefined;
    const e = this.entry(selector, namespace);
    if (!Object.isFrozen(nodes)) return nodeCounts(e, nodes).counts;
    if (e.perNode?.nodes !== nodes) e.perNode = nodeCounts(e, nodes);
    return e.perNode.counts;
  }

  /** a frozen selector's entry key (namespace and JSON), spelled out once per namespace asked */
  private readonly selectorKeys = new WeakMap<Selector, { namespace: string; key: string }>();
  /** the entry asked for last (already the most recently asked: no reordering) */
  private lastKey = '';
  private lastEntry: Entry | undefined;

  private entryKey(selector: Selector, namespace: string | undefined): string {
    const ns = namespace ?? '';
    if (!Object.isFrozen(selector)) return `${ns}\u0000${JSON.stringify(selector)}`;
    let k = this.selectorKeys.get(selector);
    if (k === undefined || k.namespace !== ns)
      this.selectorKeys.set(selector, (k = { namespace: ns, key: `${ns}\u0000${JSON.stringify(selector)}` }));
    return k.key;
  }

  private entry(selector: Selector, namespace: string | undefined): Entry {
    const key = this.entryKey(selector, namespace);
    if (key === this.lastKey && this.lastEntry) return this.lastEntry;
    const e = this.lookup(key, selector, namespace);
    this.lastKey = key;
    this.lastEntry = e;
    return e;
  }

  private lookup(key: string, selector: Selector, namespace: string | undefined): Entry {
    let e = this.entries.get(key);
    if (e) {
      // most recently asked last
      this.entries.delete(key);
      this.entries.set(key, e);
      return e;
    }
    const made: Entry = { namespace, selector, byNode: new Map(), topologies: [], perNode: undefined };
    this.podsOf(namespace, (p) => {
      const node = countedOn(made, p);
      if (node !== undefined) add(made, node, 1);
    });
    if (this.entries.size >= MAX_SELECTORS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, made);
    return made;
  }

  /** How many selectors are kept (for tests). */
  get size(): number {
    return this.entries.size;
  }
}
