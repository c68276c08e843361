// The DaemonSets' revision chains and the pod views that show them, memoised: a chain is made again
// only when its ControllerRevisions change; the epoch moves when any chain does, which is what
// invalidates the revision shown on each pod (the pod views are then made again).

import type { ControllerRevision, DaemonSet, Pod } from '../../../engine';
import {
  hashColor,
  podView,
  revisionChain,
  revisionOwnerKey,
  withWas,
  type PodView,
  type RevisionRef,
  type RevisionView,
} from './model';
import { factsOf } from './podFacts';
import { sameList } from './sameList';

export interface RevisionState {
  /** the DaemonSets' keys, sorted */
  dsKeys: string[];
  /** each DaemonSet's chain, in the order of dsKeys */
  chains: RevisionView[][];
  /** moves when any chain changes */
  epoch: number;
  viewOf(pod: Pod): PodView;
  revisionOf(pod: Pod): RevisionRef | undefined;
}

export function createRevisionChains() {
  let chainMemo = new Map<string, { crs: ControllerRevision[]; name: string; chain: RevisionView[] }>();
  let podViews = new WeakMap<Pod, { rev: RevisionRef | undefined; view: PodView }>();
  let lastChains: RevisionView[][] = [];
  let epoch = 0;

  return function chainsOf(
    daemonSets: Readonly<Record<string, DaemonSet>>,
    revisions: Readonly<Record<string, ControllerRevision>>,
  ): RevisionState {
    const dsKeys = Object.keys(daemonSets).sort();
    const dsByUid = new Map<string, DaemonSet>();
    for (const k of dsKeys) dsByUid.set(daemonSets[k].metadata.uid, daemonSets[k]);
    const crsByDs = new Map<string, ControllerRevision[]>();
    for (const cr of Object.values(revisions)) {
      const owner = revisionOwnerKey(cr, dsByUid);
      if (!owner || !daemonSets[owner]) continue;
      const list = crsByDs.get(owner);
      if (list) list.push(cr);
      else crsByDs.set(owner, [cr]);
    }
    const nextChainMemo = new Map<
      string,
      { crs: ControllerRevision[]; name: string; chain: RevisionView[] }
    >();
    const chains: RevisionView[][] = [];
    const revByHash = new Map<string, Map<string, RevisionView>>();
    for (const k of dsKeys) {
      const ds = daemonSets[k];
      const crs = (crsByDs.get(k) ?? []).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
      const old = chainMemo.get(k);
      const m =
        old && old.name === ds.metadata.name && sameList(old.crs, crs)
          ? old
          : {
              crs,
              name: ds.metadata.name,
              chain: withWas(
                old && old.name === ds.metadata.name ? old.chain : undefined,
                revisionChain(ds, crs),
              ),
            };
      nextChainMemo.set(k, m);
      chains.push(m.chain);
      revByHash.set(k, new Map(m.chain.map((r) => [r.hash, r])));
    }
    chainMemo = nextChainMemo;
    if (!sameList(lastChains, chains)) {
      epoch++;
      lastChains = chains;
      podViews = new WeakMap();
    }
    const views = podViews;

    const viewOf = (pod: Pod): PodView => {
      const cached = views.get(pod);
      if (cached) return cached.view;
      const f = factsOf(pod);
      let rev: RevisionRef | undefined;
      if (f.dsKey && f.hash) {
        const r = revByHash.get(f.dsKey)?.get(f.hash);
        rev = r
          ? {
              hash: f.hash,
              revision: r.revision,
              current: r.current,
              color: r.color,
              ...(r.was !== undefined ? { was: r.was } : {}),
            }
          : { hash: f.hash, current: false, color: hashColor(f.hash) };
      }
      const view = podView(pod, rev);
      views.set(pod, { rev, view });
      return view;
    };

    const revisionOf = (pod: Pod): RevisionRef | undefined => {
      viewOf(pod);
      return views.get(pod)?.rev;
    };

    return { dsKeys, chains, epoch, viewOf, revisionOf };
  };
}
