// The unscheduled lane (only when something is in it), kept while its pods and place are the same.

import type { Pod } from '../../../engine';
import {
  CELL_W,
  dsRowHeight,
  LANE_ID,
  lanePosition,
  NODE_W,
  type Level,
  type Positions,
  type WorkloadEntry,
  type XY,
} from './layout';
import type { PodView } from './model';
import type { GraphEdge, LaneNode } from './graphTypes';
import type { EdgeMode } from './podEdges';
import { sameList } from './sameList';

export interface LaneInput {
  pods: readonly Pod[];
  nodeGone: readonly string[];
  viewOf(pod: Pod): PodView;
  edgeFor(pod: Pod, target: string): GraphEdge | undefined;
  edgeMode: EdgeMode;
  /** `namespace/name` of the selected pod */
  selectedPod?: string;
  positions: Positions;
  measured: Readonly<Record<string, { width: number; height: number }>>;
  columns: number;
  level: Level;
  scale: number;
  hasDaemonSets: boolean;
  /** revisions per DaemonSet (the height of their row at smaller levels) */
  /** the workload cards of the row above (their heights set where the lane goes) */
  workloads: readonly WorkloadEntry[];
  /** moves when the revision chains change (the pods' views with them) */
  epoch: number;
}

export function createLaneCard() {
  let lane: { deps: unknown[]; out: LaneNode; edges: GraphEdge[] } | undefined;
  return function laneCard(a: LaneInput): { node: LaneNode; edges: GraphEdge[] } | undefined {
    if (!a.pods.length) {
      lane = undefined;
      return undefined;
    }
    const views = a.pods.map(a.viewOf);
    const selected = a.selectedPod && views.some((v) => v.key === a.selectedPod) ? a.selectedPod : undefined;
    const pos: XY =
      a.positions[LANE_ID] ??
      lanePosition(a.level, a.scale, a.hasDaemonSets, dsRowHeight(a.workloads, a.level, a.scale));
    const width = Math.min(Math.max(a.columns, 2), 3) * CELL_W - (CELL_W - NODE_W);
    const m = a.measured[LANE_ID];
    const deps = [
      ...views,
      a.nodeGone.join(','),
      selected,
      pos.x,
      pos.y,
      width,
      m?.width,
      m?.height,
      a.edgeMode,
      a.epoch,
    ];
    if (!lane || !sameList(lane.deps, deps)) {
      const out: LaneNode = {
        id: LANE_ID,
        type: 'lane',
        position: { x: pos.x, y: pos.y },
        data: {
          pods: views,
          nodeGone: a.nodeGone as string[],
          width,
          ...(selected ? { selectedPod: selected } : {}),
        },
        width,
        draggable: false,
        ...(m ? { measured: m } : {}),
      };
      const edges =
        a.edgeMode === 'none'
          ? []
          : (a.pods.map((p) => a.edgeFor(p, LANE_ID)).filter(Boolean) as GraphEdge[]);
      lane = { deps, out, edges };
    }
    return { node: lane.out, edges: lane.edges };
  };
}
