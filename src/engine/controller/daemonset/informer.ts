// Informer-style indexes kept from the store's change feed (client-go's shared informers with their
// indexers): node names in order, and the pods each DaemonSet controls grouped by the node they are
// for, so a sync reads what claimPods would compute without walking every pod.
//
// The pod lists keep the store's iteration order (the order in which pods were first added), which
// is the order claimPods meets them in; this keeps deletes and their events in the same order. They
// are changed in place: a sync reads a node's list when it looks at the node.
//
// Each pod change tells its owner's listener which consumers must look at the node again (podDelta):
// a pod that comes, goes, moves or changes its labels concerns everyone; its deletion manage and the
// rolling update; a terminal phase manage; its readiness the rolling update and the status; anything
// else (container statuses, IPs, the phase on the way to Running) nobody.

import { isPodTerminal } from '../../api/podutil';
import type { Change } from '../../api/objectStore';
import type { Pod } from '../../api/types';
import { SortedNames } from './sortedNames';
import { controllerOf, targetNodeName } from './podsByNode';
import { DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY, readyCondition } from './util';

// Which consumers of a node's pods must look at the node again (bits of PodListener.podTouched).
export const TOUCH_MANAGE = 1;
export const TOUCH_ROLLING = 2;
export const TOUCH_STATUS = 4;
/** manage, if the DaemonSet may surge (it then compares the readiness of the old and the new pod) */
export const TOUCH_MANAGE_IF_SURGE = 8;
/** the pod came, went or moved, or its labels changed: every consumer looks again */
export const TOUCH_ALL = TOUCH_MANAGE | TOUCH_ROLLING | TOUCH_STATUS;
/** the pod started terminating (the status counts terminating pods as they are) */
export const TOUCH_DELETION = TOUCH_MANAGE | TOUCH_ROLLING;
/** status.phase became or stopped being Failed or Succeeded: manage replaces such pods */
export const TOUCH_PHASE = TOUCH_MANAGE;
/** whether the pod is ready, or since when, changed */
export const TOUCH_READY = TOUCH_ROLLING | TOUCH_STATUS | TOUCH_MANAGE_IF_SURGE;
/** podDelta: spec.nodeName was set or cleared (comparePods orders by it: manage and status, where it matters) */
export const SCHEDULED = 16;

interface Entry {
  pod: Pod;
  seq: number;
  /** uid of the controlling owner (undefined: an orphan) */
  owner: string | undefined;
  /** the owner's index (while it has an owner that is a DaemonSet, or any owner with `indexEveryOwner`) */
  index: OwnerIndex | undefined;
  /** its controller is not a DaemonSet: kept as seen, in no index (no DaemonSet reads it) */
  foreign: boolean;
  /** targetNodeName(pod), kept while the spec is the same object */
  target: string | undefined;
  /** the node it is listed under in its owner's byNode (undefined: not listed) */
  node: string | undefined;
  /** the list it is in (its owner's byNode.get(node)) */
  list: Pod[] | undefined;
  /** readySince(pod) */
  ready: string | null;
}

/** The pods one DaemonSet (by uid) controls. */
export class OwnerIndex {
  /** pod uid → entry */
  readonly pods = new Map<string, Entry>();
  /** node name → pods meant for it, terminal pods that are being deleted left out (claimPods.byNode) */
  readonly byNode = new Map<string, Pod[]>();
  /** controller-revision-hash → number of controlled pods carrying it (terminal and terminating included) */
  readonly hashes = new Map<string, number>();
  /** who hears what the changes of these pods touched (the DaemonSet's sync state, once it has one) */
  listener: PodListener | undefined;

  /** The sequence number (store order) of a listed pod. */
  seqOf(pod: Pod): number {
    return this.pods.get(pod.metadata.uid)?.seq ?? 0;
  }
}

/** Who hears what the changes of one owner's pods touched. */
export interface PodListener {
  /** the owner's pods on `node` changed; `bits` say which consumers must look again (TOUCH_*) */
  podTouched(node: string, bits: number): void;
  /** a pod the owner controls is new to it or changed its labels: claimPods checks it against the selector */
  podToCheck(uid: string): void;
}

/**
 * Which consumers a new version of the same pod concerns (0: none), listing changes aside. What they
 * read of a pod: its name, creation time and labels (everyone: comparePods, isPodUpdated, the hash
 * label); its deletion (manage, the rolling update); whether spec.nodeName is set (comparePods
 * orders by it, manage deletes unscheduled pods of missing nodes: `SCHEDULED`, which the caller turns
 * into manage and status only where it matters); whether the phase is Failed or Succeeded (manage);
 * whether the pod is ready and since when (status, rolling update, a surging manage). `seen.ready` is
 * readySince(old), updated to readySince(pod).
 */
export function podDelta(
  old: Pod,
  pod: Pod,
  seen: { ready: string | null } = { ready: readySince(old) },
): number {
  const om = old.metadata;
  const nm = pod.metadata;
  let bits = 0;
  if (old.status !== pod.status) {
    if (terminalPhase(old) !== terminalPhase(pod)) bits |= TOUCH_PHASE;
    if (old.status?.conditions !== pod.status?.conditions) {
      const ready = readySince(pod);
      if (ready !== seen.ready) {
        bits |= TOUCH_READY;
        seen.ready = ready;
      }
    }
  }
  if (om.labels !== nm.labels || om.name !== nm.name || om.creationTimestamp !== nm.creationTimestamp)
    return TOUCH_ALL;
  if (om.deletionTimestamp !== nm.deletionTimestamp) bits |= TOUCH_DELETION;
  if (old.spec !== pod.spec && !old.spec.nodeName !== !pod.spec.nodeName) bits |= SCHEDULED;
  return bits;
}

function terminalPhase(pod: Pod): string {
  const p = pod.status?.phase;
  return p === 'Failed' || p === 'Succeeded' ? p : '';
}

/** The Ready condition's lastTransitionTime ('' when it has none) if the pod is ready, else null. */
export function readySince(pod: Pod): string | null {
  const c = readyCondition(pod);
  return c?.status === 'True' ? (c.lastTransitionTime ?? '') : null;
}

export class DaemonSetInformer {
  /**
   * @param indexEveryOwner index the pods of every controller, not only DaemonSets' (the oracle the
   *   tests hold the default to: a ReplicaSet's 3,000 pods made the DaemonSet controller's informer
   *   keep per-node lists no DaemonSet reads; upstream's handlers return on such a pod's
   *   ControllerRef, resolveControllerRef finding no DaemonSet)
   */
  constructor(private readonly indexEveryOwner = false) {}

  readonly nodeNames = new SortedNames();
  readonly owners = new Map<string, OwnerIndex>();
  /** pods without a controller, per namespace: uid → pod (claimPods may adopt them) */
  readonly orphans = new Map<string, Map<string, Pod>>();
  private seq = 0;
  private readonly entries = new Map<string, Entry>();

  owner(uid: string): OwnerIndex | undefined {
    return this.owners.get(uid);
  }

  /** Sets who hears about the pods `owner` controls (undefined: nobody). */
  listen(owner: string, listener: PodListener | undefined): void {
    if (listener) this.index(owner).listener = listener;
    else {
      const o = this.owners.get(owner);
      if (o) o.listener = undefined;
    }
  }

  /** Applies a node change. */
  observeNode(c: Change): void {
    if (c.type === 'ADDED') this.nodeNames.add(c.obj.metadata.name);
    else if (c.type === 'DELETED') this.nodeNames.delete(c.obj.metadata.name);
  }

  /**
   * Applies a pod change and tells the owners' listeners what it touched (the old owner's nodes and
   * the new one's). Returns the uid of the pod's controller (controllerOf(c.obj)?.uid, resolved once
   * here for the event handler too; undefined for orphans and pods it did not know).
   */
  observePod(c: Change): string | undefined {
    const pod = c.obj as Pod;
    const uid = pod.metadata.uid;
    let e = this.entries.get(uid);
    if (c.type === 'DELETED') {
      if (!e) return undefined;
      this.entries.delete(uid);
      const owner = e.owner;
      if (owner !== undefined) this.disown(e);
      else this.orphans.get(pod.metadata.namespace ?? 'default')?.delete(uid);
      return owner;
    }
    if (!e || c.type === 'ADDED') {
      if (e) this.observePod({ type: 'DELETED', kind: 'Pod', obj: e.pod, old: undefined });
      e = {
        pod,
        seq: ++this.seq,
        owner: undefined,
        index: undefined,
        foreign: false,
        target: targetNodeName(pod),
        node: undefined,
        list: undefined,
        ready: readySince(pod),
      };
      this.entries.set(uid, e);
      const ref = controllerOf(pod);
      this.own(e, ref?.uid, this.isForeign(ref));
      return e.owner;
    }
    const prev = e.pod;
    let owner = e.owner;
    let foreign = e.foreign;
    if (prev.metadata.ownerReferences !== pod.metadata.ownerReferences) {
      const ref = controllerOf(pod);
      owner = ref?.uid;
      foreign = this.isForeign(ref);
    }
    if (owner !== e.owner) {
      if (e.owner !== undefined) this.disown(e);
      else this.orphans.get(pod.metadata.namespace ?? 'default')?.delete(uid);
      e.pod = pod;
      e.ready = readySince(pod);
      if (prev.spec !== pod.spec) e.target = targetNodeName(pod);
      this.own(e, owner, foreign);
      return owner;
    }
    if (prev.spec !== pod.spec) e.target = targetNodeName(pod);
    e.pod = pod;
    if (owner === undefined) {
      e.ready = readySince(pod);
      this.orphans.get(pod.metadata.namespace ?? 'default')?.set(uid, pod);
      return undefined;
    }
    // another kind of controller's pod: nothing of it is indexed
    if (e.foreign) return owner;
    const o = e.index!;
    let bits = podDelta(prev, pod, e);
    if (prev.metadata.labels !== pod.metadata.labels) {
      bumpHash(o, prev, -1);
      bumpHash(o, pod, 1);
      o.listener?.podToCheck(uid);
    }
    const node = isPodTerminal(pod) && pod.metadata.deletionTimestamp ? undefined : e.target;
    if (node !== undefined && node === e.node && replaceListed(e, prev, pod)) {
      // Whether a pod is scheduled matters where it is not alone, and on a node that is gone.
      if (bits & SCHEDULED)
        bits =
          (bits & ~SCHEDULED) |
          (e.list!.length > 1 || !this.nodeNames.has(node) ? TOUCH_MANAGE | TOUCH_STATUS : 0);
      if (bits) o.listener?.podTouched(node, bits);
      return owner;
    }
    const was = e.node;
    if (was !== undefined) {
      unlist(o, e, prev);
      o.listener?.podTouched(was, TOUCH_ALL);
    }
    e.node = node;
    if (node !== undefined) {
      list(o, e);
      if (node !== was) o.listener?.podTouched(node, TOUCH_ALL);
    } else if (e.target !== undefined && e.target !== was) {
      o.listener?.podTouched(e.target, TOUCH_ALL);
    }
    return owner;
  }

  private index(uid: string): OwnerIndex {
    let o = this.owners.get(uid);
    if (!o) this.owners.set(uid, (o = new OwnerIndex()));
    return o;
  }

  /** Whether a pod with controller `ref` is left out of the indexes: its controller is not a DaemonSet. */
  private isForeign(ref: { kind: string } | undefined): boolean {
    return ref !== undefined && ref.kind !== 'DaemonSet' && !this.indexEveryOwner;
  }

  /**
   * Makes `owner` (undefined: nobody) the owner of entry `e`, whose pod is not listed anywhere;
   * `foreign`: the owner is not a DaemonSet (the entry is indexed nowhere).
   */
  private own(e: Entry, owner: string | undefined, foreign: boolean): void {
    const pod = e.pod;
    const uid = pod.metadata.uid;
    e.owner = owner;
    e.node = undefined;
    e.foreign = owner !== undefined && foreign;
    if (owner === undefined) {
      const ns = pod.metadata.namespace ?? 'default';
      let s = this.orphans.get(ns);
      if (!s) this.orphans.set(ns, (s = new Map()));
      s.set(uid, pod);
      return;
    }
    if (e.foreign) return;
    const o = this.index(owner);
    e.index = o;
    o.pods.set(uid, e);
    bumpHash(o, pod, 1);
    o.listener?.podToCheck(uid);
    const listed = !(isPodTerminal(pod) && pod.metadata.deletionTimestamp);
    if (listed && e.target !== undefined) {
      e.node = e.target;
      list(o, e);
    }
    if (e.target !== undefined) o.listener?.podTouched(e.target, TOUCH_ALL);
  }

  /** Takes entry `e` (its pod as last seen) away from its owner. */
  private disown(e: Entry): void {
    const o = e.index;
    e.owner = undefined;
    e.index = undefined;
    const was = e.node;
    if (o && was !== undefined) unlist(o, e, e.pod);
    e.node = undefined;
    if (!o || !o.pods.delete(e.pod.metadata.uid)) return;
    bumpHash(o, e.pod, -1);
    const t = was ?? e.target;
    if (t !== undefined) o.listener?.podTouched(t, TOUCH_ALL);
  }
}

function bumpHash(o: OwnerIndex, pod: Pod, d: number): void {
  const h = pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
  if (!h) return;
  const n = (o.hashes.get(h) ?? 0) + d;
  if (n <= 0) o.hashes.delete(h);
  else o.hashes.set(h, n);
}

/**
 * Lists entry `e`'s pod under its node, in sequence order. The lists are changed in place (each
 * entry keeps the list it is in): readers take a node's list when they look at the node and never
 * hold it across a write.
 */
function list(o: OwnerIndex, e: Entry): void {
  const node = e.node!;
  const cur = o.byNode.get(node);
  if (!cur) {
    o.byNode.set(node, (e.list = [e.pod]));
    return;
  }
  let i = cur.length;
  while (i > 0 && o.seqOf(cur[i - 1]) > e.seq) i--;
  cur.splice(i, 0, e.pod);
  e.list = cur;
}

/** Puts `next` where `prev` is listed (a new version of the same pod). False when `prev` is not listed there. */
function replaceListed(e: Entry, prev: Pod, next: Pod): boolean {
  const cur = e.list;
  if (!cur) return false;
  const i = cur.length === 1 ? (cur[0] === prev ? 0 : -1) : cur.indexOf(prev);
  if (i < 0) return false;
  cur[i] = next;
  return true;
}

/** Takes entry `e`'s pod (`pod`, as listed) off its node's list. */
function unlist(o: OwnerIndex, e: Entry, pod: Pod): void {
  const node = e.node!;
  const cur = e.list ?? o.byNode.get(node);
  e.list = undefined;
  if (!cur) return;
  const name = pod.metadata.name;
  let j = 0;
  for (let i = 0; i < cur.length; i++) if (cur[i].metadata.name !== name) cur[j++] = cur[i];
  cur.length = j;
  if (j === 0) o.byNode.delete(node);
}
