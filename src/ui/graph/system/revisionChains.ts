// The DaemonSets' revision chains and the pod views that show them, memoised: a chain is made again
// only when its ControllerRevisions, or the engine's record of their old numbers, change; the epoch
// moves when any chain does, which is what invalidates the revision shown on each pod (the pod views
// are then made again).

import type { ControllerRevision, DaemonSet, Pod, RenumberedRevision } from '../../../engine';
import {
  hashColor,
  podView,
  revisionChain,
  revisionOwnerKey,
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
  type Memo = {
    crs: ControllerRevision[];
    recs: RenumberedRevision[];
    failed: string[];
    name: string;
    chain: RevisionView[];
  };
  let chainMemo = new Map<string, Memo>();
  let podViews = new WeakMap<Pod, { rev: RevisionRef | undefined; view: PodView }>();
  let lastChains: RevisionView[][] = [];
  let epoch = 0;

  return function chainsOf(
    daemonSets: Readonly<Record<string, DaemonSet>>,
    revisions: Readonly<Record<string, ControllerRevision>>,
    renumbered: readonly RenumberedRevision[] = [],
    /** `namespace/image` of the images the kubelets failed to pull (state/failedPulls.ts) */
    pullFailed: readonly string[] = [],
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
    const recsByDs = new Map<string, RenumberedRevision[]>();
    for (const r of renumbered) {
      const list = recsByDs.get(r.daemonSet.uid);
      if (list) list.push(r);
      else recsByDs.set(r.daemonSet.uid, [r]);
    }
    const nextChainMemo = new Map<string, Memo>();
    const chains: RevisionView[][] = [];
    const revByHash = new Map<string, Map<string, RevisionView>>();
    for (const k of dsKeys) {
      const ds = daemonSets[k];
      const crs = (crsByDs.get(k) ?? []).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
      const recs = recsByDs.get(ds.metadata.uid) ?? [];
      const ns = `${ds.metadata.namespace ?? 'default'}/`;
      const failed = pullFailed.filter((f) => f.startsWith(ns));
      const old = chainMemo.get(k);
      const m =
        old &&
        old.name === ds.metadata.name &&
        sameList(old.crs, crs) &&
        sameList(old.recs, recs) &&
        sameList(old.failed, failed)
          ? old
          : {
              crs,
              recs,
              failed,
              name: ds.metadata.name,
              chain: markPullFailed(revisionChain(ds, crs, recs), ns, failed),
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

/** The revisions whose image a kubelet failed to pull (`failed`: `namespace/image`, the DaemonSet's namespace). */
function markPullFailed(chain: RevisionView[], ns: string, failed: readonly string[]): RevisionView[] {
  if (!failed.length) return chain;
  const set = new Set(failed);
  return chain.map((r) => (r.images.some((i) => set.has(`${ns}${i}`)) ? { ...r, pullFailed: true } : r));
}
