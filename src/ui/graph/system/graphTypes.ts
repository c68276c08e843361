// The graph's data shapes: what the builder reads (the mirrored objects, or the live graph's node
// names and lane) and what it hands React Flow (cards with their data, edges). Types only.

import type { Edge, Node as FlowNode } from '@xyflow/react';
import type {
  ControllerRevision,
  DaemonSet,
  Deployment,
  Node,
  Pod,
  RenumberedRevision,
  ReplicaSet,
} from '../../../engine';
import type { DeploymentView } from './deploymentModel';
import type { Selection } from '../../../state/uiSlice';
import type { DaemonSetView, NodeSummary, PodView, RevisionRef } from './model';
import type { Level, Positions, SmallExtra } from './layout';

export interface GraphObjects {
  Node: Readonly<Record<string, Node>>;
  Pod: Readonly<Record<string, Pod>>;
  DaemonSet: Readonly<Record<string, DaemonSet>>;
  ControllerRevision: Readonly<Record<string, ControllerRevision>>;
  /** the revisions the DaemonSet controller renumbered, with their old numbers (none: no "was rev N") */
  renumbered?: readonly RenumberedRevision[];
  /** `namespace/image` of the images a kubelet failed to pull (state/failedPulls.ts): their revisions marked */
  pullFailed?: readonly string[];
  /** drawn as Deployment cards beside the DaemonSets' (none when absent) */
  Deployment?: Readonly<Record<string, Deployment>>;
  ReplicaSet?: Readonly<Record<string, ReplicaSet>>;
}

/**
 * The page's graph: no whole Pod map. Cards are "live": they carry their node's name only and read
 * their node and pods from the store themselves (per-node selectors), so a pod change re-renders one
 * card and nothing else; the graph is rebuilt only when nodes come and go, the DaemonSets' specs or
 * revision chains change, the lane changes, or the view does.
 */
export interface LiveGraphObjects {
  /** node names in order */
  nodeNames: readonly string[];
  DaemonSet: Readonly<Record<string, DaemonSet>>;
  ControllerRevision: Readonly<Record<string, ControllerRevision>>;
  renumbered?: readonly RenumberedRevision[];
  pullFailed?: readonly string[];
  Deployment?: Readonly<Record<string, Deployment>>;
  ReplicaSet?: Readonly<Record<string, ReplicaSet>>;
  /** the pods drawn in the unscheduled lane, sorted by key, and those of them whose node is gone */
  lane: { pods: readonly Pod[]; nodeGone: readonly string[] };
  /** the pods drawn on a node (only asked for when pod edges are drawn) */
  podsOn?: (name: string) => readonly Pod[];
}

/** What every card needs besides its own node and pods: pod views with their revisions, the DaemonSets' specs. */
export interface CardContext {
  viewOf(pod: Pod): PodView;
  revisionOf(pod: Pod): RevisionRef | undefined;
  dsList: readonly DaemonSet[];
  /** moves when a revision chain or a DaemonSet spec changes */
  key: string;
}

export interface GraphUi {
  /** positions by React Flow id (grid cells, drops and drags); missing ones get defaults */
  positions: Positions;
  /** sizes React Flow measured, by id (a controlled flow must hand them back) */
  measured?: Readonly<Record<string, { width: number; height: number }>>;
  showPodEdges: boolean;
  /** zoomed out: edges end at the card instead of at each pod (pods are not drawn one by one) */
  compact?: boolean;
  selection: Selection | null;
  /** grid columns of the lane's width; defaults to 4 */
  columns?: number;
  /** level of detail (semantic zoom): decides card sizes and default places; full when absent */
  level?: Level;
  /** compact / tiny card scale (presentation mode) */
  scale?: number;
  /**
   * Whether the node cards (and the edges to them) are made: by default everywhere but in the
   * overview, whose canvas draws the nodes itself (1,000 card objects nobody draws, otherwise). The
   * page also leaves them out before its first view is set, when React Flow is given no cards yet.
   */
  nodeCards?: boolean;
}

/** Why a node has no daemon pod, in one short line: the first failing check (controller, then scheduler). */
export type NoPodReason =
  | { kind: 'taint'; taint: string }
  | { kind: 'nodeSelector' }
  | { kind: 'nodeName' }
  | { kind: 'nodeAffinity' }
  | { kind: 'insufficient'; resource: string }
  | { kind: 'scheduler'; message: string }
  | { kind: 'noDaemonSets' };

export type NodeCardData = {
  summary: NodeSummary;
  pods: PodView[];
  /** a pod owned by a DaemonSet, not terminating, is on (or heading to) this node */
  hasDaemonPod: boolean;
  /** unschedulable pods pinned to this node (drawn in the lane) */
  waiting: number;
  /** key of the selected pod when it is on this card */
  selectedPod?: string;
  /** level of detail the card is drawn at */
  level: Level;
  /** why no daemon pod runs here (nodes without one) */
  reason?: NoPodReason;
};

export type DaemonSetCardData = {
  ds: DaemonSetView;
  /** name of the selected ControllerRevision when it is in this chain */
  selectedRevision?: string;
  level: Level;
  /** grid cells the card spans at a smaller level (layout.ts workloadSpan) */
  span?: number;
  /** the lines its name and rows add at the smaller levels (smallRows.ts), as the layout sized it */
  extra?: SmallExtra;
};

export type DeploymentCardData = {
  deployment: DeploymentView;
  level: Level;
  /** grid cells the card spans at a smaller level */
  span?: number;
  /** the lines its name and rows add at the smaller levels, as the layout sized it */
  extra?: SmallExtra;
};

export type LaneData = {
  pods: PodView[];
  /** pods bound to nodes that no longer exist, by pod key */
  nodeGone: string[];
  selectedPod?: string;
  width: number;
};

/** A live card: the node's name; the card reads the rest from the store (see LiveGraphObjects). */
export type LiveCardData = { live: true; name: string; level: Level };

export type NodeCardNode = FlowNode<NodeCardData, 'k8sNode'>;
export type LiveCardNode = FlowNode<LiveCardData, 'k8sNode'>;
export type DaemonSetNode = FlowNode<DaemonSetCardData, 'daemonSet'>;
export type DeploymentNode = FlowNode<DeploymentCardData, 'deployment'>;
export type LaneNode = FlowNode<LaneData, 'lane'>;
export type GraphNode = NodeCardNode | LiveCardNode | DaemonSetNode | DeploymentNode | LaneNode;
export type GraphEdge = Edge;

export interface Graph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** what live cards need besides their node and pods */
  context: CardContext;
}
