// The zoomed-out overview of a large cluster: every node as one coloured square (the state of its
// pods) drawn on a canvas, instead of 1,000 React Flow cards. Pure: what to draw, and what is under
// the pointer.

import type { NodeCardData } from './buildGraph';
import { NODE_H, NODE_W, type XY } from './layout';
import type { PodTone } from './model';

/** Above this many nodes, zooming out switches from compact cards to the canvas overview. */
export const OVERVIEW_MIN_NODES = 150;

export type CellFill = PodTone | 'none';

export interface OverviewCell {
  id: string;
  name: string;
  x: number;
  y: number;
  fill: CellFill;
  border: 'ready' | 'notready' | 'cordoned';
  pods: PodTone[];
  /** one line for the tooltip and the screen reader summary */
  readonly label: string;
}

const WORST: readonly CellFill[] = ['failed', 'terminating', 'progress', 'unknown', 'ok', 'done'];

/** A node's square as drawn; its label is made when read (a tooltip), not for each of 5,000 cells. */
class Cell implements OverviewCell {
  constructor(
    readonly id: string,
    readonly name: string,
    readonly x: number,
    readonly y: number,
    readonly fill: CellFill,
    readonly border: OverviewCell['border'],
    readonly pods: PodTone[],
    private readonly data: NodeCardData,
  ) {}

  get label(): string {
    const s = this.data.summary;
    return `${s.name}: ${s.status}; ${this.data.pods.map((p) => `${p.name} ${p.status}`).join(', ') || 'no pods'}`;
  }
}

/** A node's square: the worst state among its pods fills it; its border tells NotReady and cordoned apart. */
export function overviewCell(n: { id: string; position: XY; data: NodeCardData }): OverviewCell {
  const s = n.data.summary;
  let fill: CellFill = 'none';
  for (const p of n.data.pods)
    if (fill === 'none' || WORST.indexOf(p.tone) < WORST.indexOf(fill)) fill = p.tone;
  return new Cell(
    n.id,
    s.name,
    n.position.x,
    n.position.y,
    fill,
    s.ready !== 'Ready' ? 'notready' : s.unschedulable ? 'cordoned' : 'ready',
    n.data.pods.map((p) => p.tone),
    n.data,
  );
}

/**
 * A node's square before its content is made (the first frames of a very large cluster: the
 * contents are made a slice per frame): an empty square with its name.
 */
export function placeholderCell(id: string, name: string, position: XY): OverviewCell {
  return { id, name, x: position.x, y: position.y, fill: 'none', border: 'ready', pods: [], label: name };
}

/** The cell under a point in flow coordinates (the last drawn wins, as on screen). */
export function cellAt(cells: readonly OverviewCell[], p: XY): OverviewCell | undefined {
  for (let i = cells.length - 1; i >= 0; i--) {
    const c = cells[i];
    if (p.x >= c.x && p.x <= c.x + NODE_W && p.y >= c.y && p.y <= c.y + NODE_H) return c;
  }
  return undefined;
}

/** Counts for the canvas's accessible summary: nodes by readiness, pods by state. */
export function summarize(cells: readonly OverviewCell[]): {
  nodes: number;
  notReady: number;
  pods: Record<string, number>;
} {
  const pods: Record<string, number> = {};
  let notReady = 0;
  for (const c of cells) {
    if (c.border === 'notready') notReady++;
    for (const t of c.pods) pods[t] = (pods[t] ?? 0) + 1;
  }
  return { nodes: cells.length, notReady, pods };
}
