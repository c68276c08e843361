// Selectors for where each DaemonSet's rollout stands (rollout.ts), for the DaemonSet card, the side
// panels and the timeline's stall markers. Cached per DaemonSet: a finished rollout costs one look at
// the DaemonSet's status; a running one is counted again only when pods, revisions or nodes changed,
// and the result keeps its identity while it says the same thing.

import type { ControllerRevision, DaemonSet, Node, Pod } from '../engine';
import { DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY } from '../engine/predicates';
import { rolloutProgress, statusComplete, type RolloutProgress } from './rollout';
import { podTrouble, unreadyFrom, type PodTrouble } from './podTrouble';
import type { AppState } from './store';

/** A pod's trouble at `now`, worked out once per pod object (objects are immutable while unchanged). */
const troubles = new WeakMap<Pod, { t: PodTrouble | undefined; from: number }>();
export function cachedTrouble(pod: Pod, now: number): PodTrouble | undefined {
  let c = troubles.get(pod);
  if (!c) troubles.set(pod, (c = { t: podTrouble(pod), from: unreadyFrom(pod) ?? -Infinity }));
  if (c.t?.class === 'unready' && now < c.from) return undefined;
  return c.t;
}

/** The hash of a DaemonSet's current (highest) ControllerRevision among `crs`. */
export function currentHash(ds: DaemonSet, crs: Iterable<ControllerRevision>): string | undefined {
  let best: ControllerRevision | undefined;
  for (const cr of crs) {
    if (!cr.metadata.ownerReferences?.some((r) => r.controller && r.uid === ds.metadata.uid)) continue;
    if (!best || cr.revision > best.revision) best = cr;
  }
  if (!best) return undefined;
  const label = best.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
  if (label) return label;
  const prefix = `${ds.metadata.name}-`;
  return best.metadata.name.startsWith(prefix) ? best.metadata.name.slice(prefix.length) : undefined;
}

/** What the progress says, as a string: two equal signatures read the same on the page. */
export function rolloutSignature(p: RolloutProgress): string {
  const parts: (string | number)[] = [
    p.state,
    p.desired,
    p.updated,
    p.available,
    p.maxUnavailable.value,
    p.maxSurge.value,
    p.waiting,
    p.room,
    p.currentHash ?? '',
  ];
  for (const u of p.unavailable)
    parts.push(
      `${u.node}:${u.why}:${u.pod?.name ?? ''}:${u.trouble ? `${u.trouble.word}/${u.trouble.class}/${u.trouble.restarts}` : ''}`,
    );
  for (const [h, b] of p.badRevisions) parts.push(`bad:${h}:${b.count}:${b.word}`);
  return parts.join('|');
}

interface Memo {
  ds: DaemonSet;
  podsVersion: number;
  crs: unknown;
  nodeNames: readonly string[];
  now: number;
  out: RolloutProgress;
  sig: string;
}

const selectors = new Map<string, (s: AppState) => RolloutProgress | undefined>();

/** The rollout of one DaemonSet by key (`namespace/name`). */
export function selectRollout(key: string): (s: AppState) => RolloutProgress | undefined {
  let f = selectors.get(key);
  if (f) return f;
  let memo: Memo | undefined;
  f = (s: AppState) => {
    const ds = s.mirror.get('DaemonSet', key) as DaemonSet | undefined;
    if (!ds) return (memo = undefined);
    const crs = s.objects.ControllerRevision;
    const complete = statusComplete(ds);
    // A finished rollout does not look at the pods (they are all available), so it costs O(1).
    const podsVersion = complete ? -1 : s.podsVersion;
    // Time matters while the rollout runs (minReadySeconds, how long a pod has not been ready).
    const now = complete ? 0 : s.now;
    if (
      memo &&
      memo.ds === ds &&
      memo.podsVersion === podsVersion &&
      memo.crs === crs &&
      memo.nodeNames === s.nodeNames &&
      memo.now === now
    )
      return memo.out;
    const pods: Pod[] = [];
    if (!complete) {
      for (const p of s.mirror.maps.get('Pod')!.values() as Iterable<Pod>) {
        const refs = p.metadata.ownerReferences;
        if (refs?.some((r) => r.controller && r.uid === ds.metadata.uid)) pods.push(p);
      }
    }
    const hash = currentHash(ds, Object.values(crs) as ControllerRevision[]);
    const out = rolloutProgress({
      ds,
      pods,
      nodes: complete ? [] : (s.mirror.maps.get('Node')!.values() as Iterable<Node>),
      ...(hash ? { hash } : {}),
      now: s.now,
      troubleOf: cachedTrouble,
    });
    const sig = rolloutSignature(out);
    const keep = memo && memo.sig === sig ? memo.out : out;
    memo = { ds, podsVersion, crs, nodeNames: s.nodeNames, now, out: keep, sig };
    return keep;
  };
  selectors.set(key, f);
  return f;
}

/** The keys of the DaemonSets (`namespace/name`), sorted. */
export function daemonSetKeys(s: AppState): string[] {
  return [...s.mirror.maps.get('DaemonSet')!.keys()].sort();
}
