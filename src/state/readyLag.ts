// "0/2 ready" while both pods read Running 1/1 (issue 22): the DaemonSet's READY (status.numberReady,
// kubectl get ds) is what the DaemonSet controller counted at its last sync; the pods' Ready condition
// is what the kubelet reported since. Between the two (10 ms of simulated time, for as long as the
// clock is paused there, or stepped, or scrubbed to that moment) both are true at once, as in a real
// cluster. The card then says so instead of contradicting its pods. Counted as the controller counts
// (updateDaemonSetStatus): per node, the first of its daemon pods (scheduled, oldest, name), not
// terminal-and-deleted. Misscheduled nodes are not told apart here, so a lag is claimed only when the
// numbers cannot be explained by them: never a false "not counted yet".

import type { DaemonSet, Pod } from '../engine';
import type { AppState } from './store';
import { comparePods, controllerRef, isPodReady, isPodTerminal, targetNodeName } from '../engine/predicates';

/** Nodes whose first daemon pod of `ds` is Ready now. */
export function nodesWithReadyPod(ds: DaemonSet, pods: Iterable<Pod>): number {
  const first = new Map<string, Pod>();
  const uid = ds.metadata.uid;
  for (const p of pods) {
    if (p.metadata.namespace !== ds.metadata.namespace) continue;
    if (controllerRef(p)?.uid !== uid) continue;
    if (isPodTerminal(p) && p.metadata.deletionTimestamp) continue;
    const node = targetNodeName(p);
    if (!node) continue;
    const had = first.get(node);
    if (!had || comparePods(p, had) < 0) first.set(node, p);
  }
  let n = 0;
  for (const p of first.values()) if (isPodReady(p)) n++;
  return n;
}

export interface ReadyLag {
  /** what the status says (kubectl get ds READY) */
  counted: number;
  /** nodes whose daemon pod reports Ready now */
  ready: number;
}

/** The lag between the pods' readiness and the status, when there surely is one. */
export function readyLag(ds: DaemonSet, pods: Iterable<Pod>): ReadyLag | undefined {
  const counted = ds.status?.numberReady ?? 0;
  const ready = nodesWithReadyPod(ds, pods);
  const misscheduled = ds.status?.numberMisscheduled ?? 0;
  // More ready pods than counted, beyond what misscheduled nodes could hold; or fewer than counted.
  if (ready - misscheduled > counted || ready < counted) return { counted, ready };
  return undefined;
}

interface LagMemo {
  ds: DaemonSet;
  podsVersion: number;
  out: ReadyLag | undefined;
}
const lagSelectors = new Map<string, (s: AppState) => ReadyLag | undefined>();

/** One DaemonSet's ready lag by key: counted again only when it or the pods changed; same object while equal. */
export function selectReadyLag(key: string): (s: AppState) => ReadyLag | undefined {
  let f = lagSelectors.get(key);
  if (f) return f;
  let memo: LagMemo | undefined;
  f = (s: AppState) => {
    const ds = s.mirror.get('DaemonSet', key) as DaemonSet | undefined;
    if (!ds) return (memo = undefined);
    if (memo && memo.ds === ds && memo.podsVersion === s.podsVersion) return memo.out;
    const next = readyLag(ds, s.mirror.maps.get('Pod')!.values() as Iterable<Pod>);
    const out =
      next && memo?.out && memo.out.counted === next.counted && memo.out.ready === next.ready
        ? memo.out
        : next;
    memo = { ds, podsVersion: s.podsVersion, out };
    return out;
  };
  lagSelectors.set(key, f);
  return f;
}
