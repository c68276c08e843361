// The graph as data: React Flow nodes and edges derived from the mirrored Kubernetes objects and a few
// UI settings. Pure and React-free (tested in Node).
//
// `createGraphBuilder()` returns a builder made of one memoised builder per part — the revision chains
// and pod views (revisionChains.ts), the DaemonSet cards (daemonSetCards.ts), the unscheduled lane
// (laneCard.ts), the node cards (nodeCards.ts) — each keeping the output objects of what did not
// change, so React Flow and the memoised cards skip them. The work per batch is linear in the number
// of pods and nodes, with small constants: facts about a pod are computed once per pod object
// (podFacts.ts), pods are indexed by node once (placePods.ts), and a card is rebuilt only when its
// node, its pods (by identity) or the revision chains changed. This matters on 1,000 nodes during a
// rolling update, when batches arrive every 50 ms.

import type { DaemonSet, Deployment, Node, Pod, ReplicaSet } from '../../../engine';
import type { RevisionView } from './model';
import { namespacedName } from '../../../engine/predicates';
import type { Selection } from '../../../state/uiSlice';
import { deployId, dsId, nodeId, workloadSpan, type Level } from './layout';
import type {
  CardContext,
  Graph,
  GraphEdge,
  GraphNode,
  GraphObjects,
  GraphUi,
  LiveCardNode,
  LiveGraphObjects,
  NodeCardNode,
} from './graphTypes';
import { createRevisionChains } from './revisionChains';
import { createDaemonSetCards } from './daemonSetCards';
import { createDeploymentCards, deploymentEntries } from './deploymentCards';
import { createLaneCard } from './laneCard';
import { createLiveCards, createNodeCards } from './nodeCards';
import { edgeMaker, type EdgeMode } from './podEdges';
import { placePods, type PodPlacement } from './placePods';
import { sameList } from './sameList';
import { deployCardExtra, dsCardExtra } from './smallRows';
import { replicaSetChain } from './deploymentModel';
import type { SmallExtra, WorkloadEntry } from './layout';

export type * from './graphTypes';
export { cardOrder, podKey } from './podFacts';
export { placePods, type PodPlacement } from './placePods';
export { CARD_HANDLES, cardHandles } from './handles';
export { noPodReason } from './noPodReason';
export { cardContent } from './cardContent';

const NONE: Readonly<Record<string, never>> = {};

function selectionKey(s: Selection | null, kind: string): string | undefined {
  if (!s || s.kind !== kind) return undefined;
  return kind === 'Node' ? s.name : namespacedName(s.namespace, s.name);
}

export function createGraphBuilder() {
  const chainsOf = createRevisionChains();
  const daemonSetCards = createDaemonSetCards();
  const deploymentCards = createDeploymentCards();
  const laneCard = createLaneCard();
  const nodeCards = createNodeCards();
  const liveCards = createLiveCards();
  let lastNodes: Readonly<Record<string, Node>> | undefined;
  let lastPods: Readonly<Record<string, Pod>> | undefined;
  let names: string[] = [];
  let placed: PodPlacement | undefined;

  // The lines each workload card's small rows wrap onto, kept per chain (see smallRows.ts).
  // and the lines its name wraps onto beside its counters.
  const dsExtras = new WeakMap<object, { head: string; e: SmallExtra }>();
  const dsExtra = (chain: readonly RevisionView[], ds: DaemonSet | undefined, span: number): SmallExtra => {
    const name = ds?.metadata.name ?? '';
    const desired = ds?.status?.desiredNumberScheduled ?? 0;
    const head = `${name}/${desired}/${span}`;
    let c = dsExtras.get(chain);
    if (!c || c.head !== head)
      dsExtras.set(chain, (c = { head, e: dsCardExtra(name, desired, chain, span) }));
    return c.e;
  };
  const deployExtra = (d: Deployment | undefined, rss: readonly ReplicaSet[], span: number): SmallExtra =>
    deployCardExtra(d?.metadata.name ?? '', d?.spec.replicas ?? 1, replicaSetChain(rss), span);

  let context: CardContext | undefined;
  let last: Graph | undefined;
  /** The previous graph when nothing in it changed (so React Flow is handed the same arrays). */
  const same = (g: Graph): Graph => {
    if (last && last.context === g.context && sameList(last.nodes, g.nodes) && sameList(last.edges, g.edges))
      return last;
    last = g;
    return g;
  };

  return function build(objects: GraphObjects | LiveGraphObjects, ui: GraphUi): Graph {
    const live = 'nodeNames' in objects;
    const measured = ui.measured ?? {};
    const level: Level = ui.level ?? 'full';
    const scale = ui.scale ?? 1;
    const small = level === 'compact' || level === 'tiny';
    const selNode = selectionKey(ui.selection, 'Node');
    const selPod = selectionKey(ui.selection, 'Pod');

    const revs = chainsOf(
      objects.DaemonSet,
      objects.ControllerRevision,
      objects.renumbered,
      objects.pullFailed,
    );
    const { dsKeys, chains } = revs;

    if (live) {
      names = objects.nodeNames as string[];
      placed = {
        byNode: new Map(),
        lane: objects.lane.pods as Pod[],
        nodeGone: objects.lane.nodeGone as string[],
        waitingFor: new Map(),
        waitingPods: new Map(),
      };
    } else {
      if (objects.Node !== lastNodes) {
        names = Object.keys(objects.Node)
          .map((k) => objects.Node[k].metadata.name)
          .sort();
      }
      if (!placed || objects.Node !== lastNodes || objects.Pod !== lastPods)
        placed = placePods(objects.Node, objects.Pod);
      lastNodes = objects.Node;
      lastPods = objects.Pod;
    }
    const columns = ui.columns ?? 4;
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    const edgeMode: EdgeMode = ui.showPodEdges ? (ui.compact || small ? 'card' : 'pod') : 'none';
    const edgeFor = edgeMaker(objects.DaemonSet, revs.revisionOf, edgeMode);

    // The workloads' column (row at smaller levels): the DaemonSets, then the Deployments.
    const deployments = objects.Deployment ?? NONE;
    const replicaSets = objects.ReplicaSet ?? NONE;
    const deps = deploymentEntries(deployments, replicaSets);
    // Tiny cards share the row above the grid among the workloads (as wide as its columns in use); at
    // the compact level a card keeps one cell, its pod lines leaving its right edge towards the grid.
    const span =
      level === 'tiny'
        ? workloadSpan(Math.min(columns, Math.max(1, names.length)), dsKeys.length + deps.length)
        : 1;
    const depEntries: WorkloadEntry[] = deps.map((e) => ({
      id: deployId(e.key),
      revisions: e.replicaSets.length,
      height: measured[deployId(e.key)]?.height,
      extra: deployExtra(deployments[e.key], e.replicaSets, span),
      span,
    }));
    const dsEntries: WorkloadEntry[] = dsKeys.map((k, i) => ({
      id: dsId(k),
      revisions: chains[i].length,
      height: measured[dsId(k)]?.height,
      extra: dsExtra(chains[i], objects.DaemonSet[k], span),
      span,
    }));
    for (const card of daemonSetCards({
      daemonSets: objects.DaemonSet,
      dsKeys,
      chains,
      positions: ui.positions,
      measured,
      selected: selectionKey(ui.selection, 'DaemonSet'),
      selectedRevision: selectionKey(ui.selection, 'ControllerRevision'),
      level,
      scale,
      after: depEntries,
      extras: dsEntries.map((e) => e.extra!),
      span,
    }))
      nodes.push(card);
    for (const card of deploymentCards({
      deployments,
      entries: deps,
      positions: ui.positions,
      measured,
      before: dsEntries,
      selected: selectionKey(ui.selection, 'Deployment'),
      level,
      scale,
      span,
      extras: depEntries.map((e) => e.extra!),
    }))
      nodes.push(card);

    // The unscheduled lane (only when something is in it).
    const lane = laneCard({
      pods: placed.lane,
      nodeGone: placed.nodeGone,
      viewOf: revs.viewOf,
      edgeFor,
      edgeMode,
      selectedPod: selPod,
      positions: ui.positions,
      measured,
      columns,
      level,
      scale,
      hasDaemonSets: dsKeys.length + deps.length > 0,
      workloads: [...dsEntries, ...depEntries],
      epoch: revs.epoch,
    });
    if (lane) {
      nodes.push(lane.node);
      for (const e of lane.edges) edges.push(e);
    }

    // One card per Kubernetes node, in its grid cell.
    const dsList = dsKeys.map((k) => objects.DaemonSet[k]);
    // Status updates (every sync during a rollout) must not rebuild every card: only spec changes.
    const dsSpecKey = dsList
      .map(
        (d) => `${d.metadata.uid}:${d.metadata.generation ?? ''}:${d.metadata.deletionTimestamp ? 'x' : ''}`,
      )
      .join(',');
    const ctxKey = `${revs.epoch}|${dsSpecKey}`;
    if (!context || context.key !== ctxKey)
      context = { viewOf: revs.viewOf, revisionOf: revs.revisionOf, dsList, key: ctxKey };
    const cards = {
      names,
      positions: ui.positions,
      columns,
      level,
      scale,
      selectedNode: selNode,
      edgeMode,
      edgeFor,
    };
    // No node cards where they are not drawn (GraphUi.nodeCards): their memos stay for when they are.
    if (!(ui.nodeCards ?? level !== 'overview')) return same({ nodes, edges, context });
    const into = { nodes: [] as (NodeCardNode | LiveCardNode)[], edges };
    if (live)
      liveCards({ ...cards, podsOn: objects.podsOn }, into as { nodes: LiveCardNode[]; edges: GraphEdge[] });
    else
      nodeCards(
        {
          ...cards,
          nodes: (objects as GraphObjects).Node,
          placed,
          context,
          epoch: revs.epoch,
          dsSpecKey,
          selectedPod: selPod,
          viewOf: revs.viewOf,
        },
        into as { nodes: NodeCardNode[]; edges: GraphEdge[] },
      );
    for (const n of into.nodes) nodes.push(n);
    return same({ nodes, edges, context });
  };
}

/** One-off build (tests, and anywhere a cache is not worth keeping). */
export function buildGraph(objects: GraphObjects, ui: GraphUi): Graph {
  return createGraphBuilder()(objects, ui);
}

/** The ids of node cards, sorted by name, for `placeNodes`. */
export function nodeCardIds(nodes: Readonly<Record<string, Node>>): string[] {
  return Object.values(nodes)
    .map((n) => n.metadata.name)
    .sort()
    .map(nodeId);
}
