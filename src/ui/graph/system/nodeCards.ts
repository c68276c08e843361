// One card per Kubernetes node, in its grid cell: made from the mirrored objects (static cards, used
// by tests and one-off builds), or carrying only the node's name (live cards, which read their node
// and pods from the store). Either kind is kept while its inputs are the same objects.

import type { Node, Pod } from '../../../engine';
import { geometry, nodeId, type Level, type Positions } from './layout';
import type { CardContext, GraphEdge, LiveCardNode, NodeCardNode } from './graphTypes';
import type { EdgeMode } from './podEdges';
import type { PodPlacement } from './placePods';
import { cardContent } from './cardContent';
import { cardHandles } from './handles';
import { cardOrder, factsOf } from './podFacts';
import { sameList } from './sameList';

export interface NodeCardsInput {
  names: readonly string[];
  positions: Positions;
  columns: number;
  level: Level;
  scale: number;
  /** name of the selected node */
  selectedNode?: string;
  edgeMode: EdgeMode;
  edgeFor(pod: Pod, target: string, slot?: number): GraphEdge | undefined;
}

interface CardMemo {
  node: Node;
  pods: Pod[];
  revEpoch: number;
  selectedPod?: string;
  waiting: number;
  selected: boolean;
  x: number;
  y: number;
  level: Level;
  /** the DaemonSets' specs the card's why-line depends on (uid:generation), not their status */
  dsKey: string;
  out: NodeCardNode;
  edgeMode: string;
  edges: GraphEdge[];
}

const defaultPosition = (i: number, columns: number, g: { cellW: number; cellH: number }) => ({
  x: (i % columns) * g.cellW,
  y: Math.floor(i / columns) * g.cellH,
});

/** Cards made from the mirrored objects. */
export function createNodeCards() {
  let cards = new Map<string, CardMemo>();
  return function nodeCards(
    a: NodeCardsInput & {
      nodes: Readonly<Record<string, Node>>;
      placed: PodPlacement;
      context: CardContext;
      epoch: number;
      dsSpecKey: string;
      selectedPod?: string;
      viewOf(pod: Pod): unknown;
    },
    into: { nodes: NodeCardNode[]; edges: GraphEdge[] },
  ): void {
    const geo = geometry(a.level, a.scale);
    const cardSize = { width: geo.w, height: geo.h };
    const handles = cardHandles(a.level, geo.h);
    const next = new Map<string, CardMemo>();
    for (let i = 0; i < a.names.length; i++) {
      const name = a.names[i];
      const node = a.nodes[`/${name}`];
      const id = nodeId(name);
      const pods = a.placed.byNode.get(name) ?? [];
      const pos = a.positions[id] ?? defaultPosition(i, a.columns, geo);
      let selectedPod: string | undefined;
      if (a.selectedPod)
        for (const p of pods) if (factsOf(p).key === a.selectedPod) selectedPod = a.selectedPod;
      const waiting = a.placed.waitingFor.get(name) ?? 0;
      const selected = a.selectedNode === name;
      const old = cards.get(id);
      let memo: CardMemo;
      if (
        old &&
        old.node === node &&
        old.revEpoch === a.epoch &&
        old.selectedPod === selectedPod &&
        old.waiting === waiting &&
        old.selected === selected &&
        old.x === pos.x &&
        old.y === pos.y &&
        old.level === a.level &&
        old.dsKey === a.dsSpecKey &&
        sameList(old.pods, pods)
      ) {
        memo = old;
      } else {
        const out: NodeCardNode = {
          id,
          type: 'k8sNode',
          position: { x: pos.x, y: pos.y },
          data: cardContent(
            node,
            pods,
            a.placed.waitingPods.get(name) ?? [],
            a.context,
            selectedPod,
            a.level,
          ),
          selected,
          // Cards have a fixed size, so React Flow need not measure them before it can place them,
          // cull them, fit them or keep their handles (a controlled flow hands `measured` back).
          width: cardSize.width,
          height: cardSize.height,
          measured: cardSize,
          handles,
          ariaLabel: `node/${name}`,
        };
        memo = {
          node,
          pods,
          revEpoch: a.epoch,
          selectedPod,
          waiting,
          selected,
          x: pos.x,
          y: pos.y,
          level: a.level,
          dsKey: a.dsSpecKey,
          out,
          edgeMode: '',
          edges: [],
        };
      }
      if (memo.edgeMode !== a.edgeMode) {
        memo.edgeMode = a.edgeMode;
        memo.edges = [];
        if (a.edgeMode !== 'none') {
          for (let j = 0; j < pods.length; j++) {
            const p = pods[j];
            a.viewOf(p);
            const e = a.edgeFor(p, id, j);
            if (e) memo.edges.push(e);
          }
        }
      }
      next.set(id, memo);
      into.nodes.push(memo.out);
      for (const e of memo.edges) into.edges.push(e);
    }
    cards = next;
  };
}

interface LiveMemo {
  x: number;
  y: number;
  level: Level;
  selected: boolean;
  out: LiveCardNode;
  pods?: readonly Pod[];
  edgeMode: string;
  edges: GraphEdge[];
}

/** Live cards: the node's name only; edges (when drawn) from the pods `podsOn` gives. */
export function createLiveCards() {
  let liveCards = new Map<string, LiveMemo>();
  return function liveCards_(
    a: NodeCardsInput & { podsOn?: (name: string) => readonly Pod[] },
    into: { nodes: LiveCardNode[]; edges: GraphEdge[] },
  ): void {
    const geo = geometry(a.level, a.scale);
    const cardSize = { width: geo.w, height: geo.h };
    const handles = cardHandles(a.level, geo.h);
    const next = new Map<string, LiveMemo>();
    for (let i = 0; i < a.names.length; i++) {
      const name = a.names[i];
      const id = nodeId(name);
      const pos = a.positions[id] ?? defaultPosition(i, a.columns, geo);
      const selected = a.selectedNode === name;
      let memo = liveCards.get(name);
      if (
        !memo ||
        memo.x !== pos.x ||
        memo.y !== pos.y ||
        memo.level !== a.level ||
        memo.selected !== selected
      ) {
        const out: LiveCardNode = {
          id,
          type: 'k8sNode',
          position: { x: pos.x, y: pos.y },
          data: { live: true, name, level: a.level },
          selected,
          width: cardSize.width,
          height: cardSize.height,
          measured: cardSize,
          handles,
          ariaLabel: `node/${name}`,
        };
        memo = { x: pos.x, y: pos.y, level: a.level, selected, out, edgeMode: '', edges: [] };
      }
      if (a.edgeMode !== 'none' && a.podsOn) {
        const pods = a.podsOn(name);
        if (
          memo.edgeMode !== a.edgeMode ||
          memo.pods !== pods ||
          memo.edges.length === 0 ||
          memo.level !== a.level
        ) {
          const m = memo;
          m.edges = [];
          cardOrder(pods).forEach((p, j) => {
            const e = a.edgeFor(p, id, j);
            if (e) m.edges.push(e);
          });
        }
        memo.pods = pods;
      } else memo.edges = [];
      memo.edgeMode = a.edgeMode;
      next.set(name, memo);
      into.nodes.push(memo.out);
      for (const e of memo.edges) into.edges.push(e);
    }
    liveCards = next;
  };
}
