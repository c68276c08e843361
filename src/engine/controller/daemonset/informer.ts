// Informer-style indexes kept from the store's change feed (client-go's shared informers with their
// indexers): node names in order, and the pods each DaemonSet controls grouped by the node they are
// for, so a sync reads what claimPods would compute without walking every pod.
//
// The pod lists keep the store's iteration order (the order in which pods were first added), which
// is the order claimPods meets them in; this keeps deletes and their events in the same order.

import { controllerRef, isPodTerminal } from '../../api/podutil';
import type { Change } from '../../api/objectStore';
import type { Pod } from '../../api/types';
import { SortedNames } from './sortedNames';
import { targetNodeName } from './podsByNode';
import { DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY } from './util';

interface Entry {
  pod: Pod;
  seq: number;
  /** the node it is listed under in byNode (undefined: not listed) */
  node?: string;
}

/** The pods one DaemonSet (by uid) controls. */
export class OwnerIndex {
  readonly pods = new Map<string, Entry>();
  /** node name → pods meant for it, terminal pods that are being deleted left out (claimPods.byNode) */
  readonly byNode = new Map<string, Pod[]>();
  /** controller-revision-hash → number of controlled pods carrying it (terminal and terminating included) */
  readonly hashes = new Map<string, number>();

  /** The sequence number (store order) of a listed pod. */
  seqOf(pod: Pod): number {
    return this.pods.get(podKey(pod))?.seq ?? 0;
  }
}

export function podKey(pod: Pod): string {
  return `${pod.metadata.namespace}/${pod.metadata.name}`;
}

/** What one change touched: the owner uid and the nodes whose pods changed. */
export interface PodTouch {
  owner: string;
  nodes: string[];
  podKey: string;
}

export class DaemonSetInformer {
  readonly nodeNames = new SortedNames();
  readonly owners = new Map<string, OwnerIndex>();
  /** pods without a controller, per namespace (claimPods may adopt them) */
  readonly orphans = new Map<string, Set<string>>();
  private seq = 0;
  private readonly seqs = new Map<string, number>();

  owner(uid: string): OwnerIndex | undefined {
    return this.owners.get(uid);
  }

  /** Applies a node change. */
  observeNode(c: Change): void {
    if (c.type === 'ADDED') this.nodeNames.add(c.obj.metadata.name);
    else if (c.type === 'DELETED') this.nodeNames.delete(c.obj.metadata.name);
  }

  /** Applies a pod change; returns the owners touched (the old one and the new one). */
  observePod(c: Change): PodTouch[] {
    const pod = c.obj as Pod;
    const key = podKey(pod);
    let seq = this.seqs.get(key);
    if (c.type === 'ADDED' || seq === undefined) {
      seq = ++this.seq;
      this.seqs.set(key, seq);
    }
    const touches: PodTouch[] = [];
    const old = c.old as Pod | undefined;
    const oldRef = old ? controllerRef(old) : undefined;
    const newRef = c.type === 'DELETED' ? undefined : controllerRef(pod);
    const ns = pod.metadata.namespace ?? 'default';
    if (oldRef && oldRef.uid !== newRef?.uid) touches.push(this.remove(oldRef.uid, key));
    if (c.type === 'DELETED') {
      const ref = controllerRef(pod);
      if (ref) touches.push(this.remove(ref.uid, key));
      this.orphans.get(ns)?.delete(key);
      this.seqs.delete(key);
      return touches;
    }
    if (newRef) {
      this.orphans.get(ns)?.delete(key);
      touches.push(this.put(newRef.uid, key, pod, seq));
    } else {
      let s = this.orphans.get(ns);
      if (!s) this.orphans.set(ns, (s = new Set()));
      s.add(key);
    }
    return touches;
  }

  private index(uid: string): OwnerIndex {
    let o = this.owners.get(uid);
    if (!o) this.owners.set(uid, (o = new OwnerIndex()));
    return o;
  }

  private put(uid: string, key: string, pod: Pod, seq: number): PodTouch {
    const o = this.index(uid);
    const prev = o.pods.get(key);
    const nodes: string[] = [];
    if (prev && prev.node !== undefined && prev.pod.metadata.labels === pod.metadata.labels) {
      // The most common change: a new version of a pod listed under the same node (a status write).
      const listed = !(isPodTerminal(pod) && pod.metadata.deletionTimestamp);
      if (listed && targetNodeName(pod) === prev.node && replaceListed(o, prev.node, prev.pod, pod)) {
        o.pods.set(key, { pod, seq, node: prev.node });
        return { owner: uid, nodes: [prev.node], podKey: key };
      }
    }
    if (prev) {
      bumpHash(o, prev.pod, -1);
      if (prev.node !== undefined) {
        unlist(o, prev.node, prev.pod);
        nodes.push(prev.node);
      }
    }
    const listed = !(isPodTerminal(pod) && pod.metadata.deletionTimestamp);
    const node = listed ? targetNodeName(pod) : undefined;
    const e: Entry = { pod, seq, node };
    o.pods.set(key, e);
    bumpHash(o, pod, 1);
    if (node !== undefined) {
      list(o, node, pod, seq);
      if (nodes[0] !== node) nodes.push(node);
    } else if (!listed) {
      const t = targetNodeName(pod);
      if (t !== undefined && nodes[0] !== t) nodes.push(t);
    }
    return { owner: uid, nodes, podKey: key };
  }

  private remove(uid: string, key: string): PodTouch {
    const o = this.owners.get(uid);
    const prev = o?.pods.get(key);
    if (!o || !prev) return { owner: uid, nodes: [], podKey: key };
    o.pods.delete(key);
    bumpHash(o, prev.pod, -1);
    if (prev.node !== undefined) unlist(o, prev.node, prev.pod);
    const t = prev.node ?? targetNodeName(prev.pod);
    return { owner: uid, nodes: t !== undefined ? [t] : [], podKey: key };
  }
}

function bumpHash(o: OwnerIndex, pod: Pod, d: number): void {
  const h = pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
  if (!h) return;
  const n = (o.hashes.get(h) ?? 0) + d;
  if (n <= 0) o.hashes.delete(h);
  else o.hashes.set(h, n);
}

/** Lists a pod under a node, in sequence order (copy on write: a caller may hold the old array). */
function list(o: OwnerIndex, node: string, pod: Pod, seq: number): void {
  const cur = o.byNode.get(node);
  if (!cur) {
    o.byNode.set(node, [pod]);
    return;
  }
  const next = cur.slice();
  let i = next.length;
  while (i > 0 && o.seqOf(next[i - 1]) > seq) i--;
  next.splice(i, 0, pod);
  o.byNode.set(node, next);
}

/** Puts `next` where `prev` is listed (copy on write). False when `prev` is not listed there. */
function replaceListed(o: OwnerIndex, node: string, prev: Pod, next: Pod): boolean {
  const cur = o.byNode.get(node);
  const i = cur ? cur.indexOf(prev) : -1;
  if (!cur || i < 0) return false;
  const copy = cur.slice();
  copy[i] = next;
  o.byNode.set(node, copy);
  return true;
}

function unlist(o: OwnerIndex, node: string, pod: Pod): void {
  const cur = o.byNode.get(node);
  if (!cur) return;
  const name = pod.metadata.name;
  const next = cur.filter((p) => p.metadata.name !== name);
  if (next.length) o.byNode.set(node, next);
  else o.byNode.delete(node);
}
