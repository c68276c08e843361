// What a live card shows, read from the store by node name: its node, the pods drawn on it and the
// pods waiting for it (per-node selectors), with what all cards share (the CardContext: pod views
// with their revisions, the DaemonSets' specs). A pod change re-renders only its node's card. The
// overview canvas and the minimap read the same content, made once per change of a node's inputs.

import { createContext, useContext, useMemo } from 'react';
import type { Node, Pod } from '../../engine';
import { namespacedName } from '../../engine/predicates';
import { useStore, type AppState } from '../../state/store';
import { NO_PODS, placeOf } from '../../state/clusterSlice';
import { selectNode, selectPodsOnNode, selectWaitingFor } from '../../state/selectors';
import { cardContent, cardOrder, type CardContext, type NodeCardData } from './system/buildGraph';
import { nodeId, type Level, type XY } from './system/layout';
import { isDebug } from '../../state/debug';
import { overviewCell, placeholderCell, type OverviewCell } from './system/overview';

export const CardContextReact = createContext<CardContext | null>(null);

/** The selected pod's key (`namespace/name`), or undefined: the same for every card. */
export const selectSelectedPodKey = (s: AppState): string | undefined =>
  s.selection?.kind === 'Pod' ? namespacedName(s.selection.namespace, s.selection.name) : undefined;

interface Entry {
  node: Node;
  pods: readonly Pod[];
  waiting: readonly Pod[];
  ctx: CardContext;
  selPod: string | undefined;
  level: Level;
  out: NodeCardData;
}
const cache = new Map<string, Entry>();

/** A card's content, made again only when its node, pods, waiting pods, context, selection or level changed. */
export function liveContent(
  name: string,
  node: Node,
  pods: readonly Pod[],
  waiting: readonly Pod[],
  ctx: CardContext,
  selPod: string | undefined,
  level: Level,
): NodeCardData {
  const e = cache.get(name);
  if (
    e &&
    e.node === node &&
    e.pods === pods &&
    e.waiting === waiting &&
    e.ctx === ctx &&
    e.selPod === selPod &&
    e.level === level
  )
    return e.out;
  const out = cardContent(node, cardOrder(pods), waiting, ctx, selPod, level);
  cache.set(name, { node, pods, waiting, ctx, selPod, level, out });
  return out;
}

/** A card's content when it is made already for these inputs, else undefined (nothing is made). */
function cachedContent(
  name: string,
  node: Node,
  pods: readonly Pod[],
  waiting: readonly Pod[],
  ctx: CardContext,
  selPod: string | undefined,
  level: Level,
): NodeCardData | undefined {
  const e = cache.get(name);
  return e &&
    e.node === node &&
    e.pods === pods &&
    e.waiting === waiting &&
    e.ctx === ctx &&
    e.selPod === selPod &&
    e.level === level
    ? e.out
    : undefined;
}

/** The same, read from a store state (the overview canvas, the minimap). */
export function liveContentOf(
  s: AppState,
  name: string,
  ctx: CardContext,
  level: Level,
): NodeCardData | undefined {
  const node = s.mirror.get('Node', `/${name}`) as Node | undefined;
  if (!node) return undefined;
  return liveContent(
    name,
    node,
    s.podsByNode.get(name) ?? NO_PODS,
    s.waitingByNode.get(name) ?? NO_PODS,
    ctx,
    selectSelectedPodKey(s),
    level,
  );
}

/** Forget the nodes that are gone (called when the node list changes). */
export function pruneLiveContent(names: ReadonlySet<string>): void {
  for (const k of cache.keys()) if (!names.has(k)) cache.delete(k);
  for (const k of keysOf.keys()) if (!names.has(k)) keysOf.delete(k);
}

/** Counts renders of live cards by node name, when a test asks for it (see e2e/graph-renders.spec.ts). */
export const renderCounts: { on: boolean; byNode: Map<string, number> } = { on: false, byNode: new Map() };

/** A live card's content, subscribed to its node only. */
export function useLiveCard(name: string, level: Level): NodeCardData | null {
  const ctx = useContext(CardContextReact);
  const node = useStore(selectNode(name));
  const pods = useStore(selectPodsOnNode(name));
  const waiting = useStore(selectWaitingFor(name));
  const selPod = useStore(selectSelectedPodKey);
  if (renderCounts.on) renderCounts.byNode.set(name, (renderCounts.byNode.get(name) ?? 0) + 1);
  return useMemo(
    () => (node && ctx ? liveContent(name, node, pods, waiting, ctx, selPod, level) : null),
    [name, node, pods, waiting, ctx, selPod, level],
  );
}

const cellCache = new WeakMap<NodeCardData, { x: number; y: number; cell: OverviewCell }>();

/** The overview's squares for these nodes at these positions, from the store as it is now. */
const keysOf = new Map<string, { id: string; key: string }>();

/**
 * A time limit for liveCells: once `deadline` (performance.now()) has passed, a node whose content
 * would have to be made again keeps the cell `stale` gives (the one on screen, or an empty square)
 * and its name goes to `deferred`, so the caller finishes in a later frame. When the revision chain changes (a rollout starts) every
 * node's content is made again: spread over frames, 5,000 nodes do not make one long task.
 */
export interface CellBudget {
  deadline: number;
  stale: (id: string) => OverviewCell | undefined;
  /** the names whose old cell was kept (to be made in a later frame) */
  deferred: string[];
  /** return the kept cells too (the caller compares every cell); else leave them out */
  keepStale: boolean;
}

export function liveCells(
  s: AppState,
  names: readonly string[],
  positions: Readonly<Record<string, XY>>,
  ctx: CardContext,
  level: Level,
  budget?: CellBudget,
): OverviewCell[] {
  const out: OverviewCell[] = [];
  const selPod = selectSelectedPodKey(s);
  const nodes = s.mirror.maps.get('Node')!;
  let late = false;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (late && budget && !budget.keepStale) {
      // out of time, and nobody needs the old cells: the rest waits for the next frame as it is
      for (let j = i; j < names.length; j++) budget.deferred.push(names[j]);
      break;
    }
    let k = keysOf.get(name);
    if (!k) keysOf.set(name, (k = { id: nodeId(name), key: `/${name}` }));
    const id = k.id;
    const position = positions[id];
    if (!position) continue;
    const node = nodes.get(k.key) as Node | undefined;
    if (!node) continue;
    const pods = s.podsByNode.get(name) ?? NO_PODS;
    const waiting = s.waitingByNode.get(name) ?? NO_PODS;
    let data = cachedContent(name, node, pods, waiting, ctx, selPod, level);
    if (!data && budget && (late || performance.now() > budget.deadline)) {
      late = true;
      // the cell on screen stays until its turn (an empty square if the node was never drawn)
      budget.deferred.push(name);
      out.push(budget.stale(id) ?? placeholderCell(id, name, position));
      continue;
    }
    data ??= liveContent(name, node, pods, waiting, ctx, selPod, level);
    const c = cellCache.get(data);
    if (c && c.x === position.x && c.y === position.y) out.push(c.cell);
    else {
      const cell = overviewCell({ id, position, data });
      cellCache.set(data, { x: position.x, y: position.y, cell });
      out.push(cell);
    }
  }
  return out;
}

const namesSets = new WeakMap<readonly string[], ReadonlySet<string>>();
/** The node names as a set (made once per node list). */
export function nameSet(names: readonly string[]): ReadonlySet<string> {
  let s = namesSets.get(names);
  if (!s) namesSets.set(names, (s = new Set(names)));
  return s;
}

export interface LanePods {
  pods: readonly Pod[];
  nodeGone: readonly string[];
}
const NO_LANE: LanePods = { pods: NO_PODS, nodeGone: [] };
let laneMemo: { podsVersion: number; names: readonly string[]; out: LanePods } | undefined;

/**
 * The pods drawn in the unscheduled lane, sorted by key: those with nowhere to go, and those on (or
 * heading to) a node that does not exist; `nodeGone` names the ones bound to a node that is gone.
 * The same object while its pods are the same.
 */
export function selectLane(s: AppState): LanePods {
  if (laneMemo && laneMemo.podsVersion === s.podsVersion && laneMemo.names === s.nodeNames)
    return laneMemo.out;
  const have = nameSet(s.nodeNames);
  const pods: Pod[] = [];
  for (const [node, list] of s.podsByNode) if (node === '' || !have.has(node)) pods.push(...list);
  let out = NO_LANE;
  if (pods.length) {
    const key = (p: Pod) => namespacedName(p.metadata.namespace, p.metadata.name);
    pods.sort((a, b) => (key(a) < key(b) ? -1 : 1));
    const prev = laneMemo?.out;
    out =
      prev && prev.pods.length === pods.length && prev.pods.every((p, i) => p === pods[i])
        ? prev
        : { pods, nodeGone: pods.filter((p) => p.spec.nodeName).map(key) };
  }
  laneMemo = { podsVersion: s.podsVersion, names: s.nodeNames, out };
  return out;
}

/** Where the selected pod is drawn: its node's name, '' for the lane, undefined when no pod is selected. */
export function selectSelectedPodPlace(s: AppState): string | undefined {
  const key = selectSelectedPodKey(s);
  if (key === undefined) return undefined;
  const pod = s.mirror.get('Pod', key) as Pod | undefined;
  if (!pod) return '';
  const on = pod.spec.nodeName || placeOf(pod).on;
  return on && nameSet(s.nodeNames).has(on) ? on : '';
}

// The render counter is reachable from tests of the page (debug builds only, see src/state/debug.ts).
if (typeof window !== 'undefined' && isDebug())
  (window as unknown as { __dspRenders: typeof renderCounts }).__dspRenders = renderCounts;
