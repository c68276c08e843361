// Where things go on the canvas. Every Kubernetes node owns one cell (column, row) of a grid; it gets
// the first free cell the first time it is seen (or the free cell nearest to where it was dropped or
// dragged) and keeps it, so the picture never reshuffles as pods or nodes come and go, and two cards
// never overlap. The same cells are drawn at every level of detail ("semantic zoom"): full cards when
// there is room, compact cards, then two-line "tiny" cards (name; the pod's state in words), then the canvas overview of a very large
// cluster; only the cell size changes. Full cards keep the DaemonSets in a column to the left; the
// smaller levels put them in a row above the grid. The unscheduled lane sits above both. Pure.

export interface XY {
  x: number;
  y: number;
}

export type Positions = Readonly<Record<string, XY>>;

export interface Slot {
  col: number;
  row: number;
}

export type Slots = Readonly<Record<string, Slot>>;

export type Level = 'full' | 'compact' | 'tiny' | 'overview';
export const LEVELS: readonly Level[] = ['full', 'compact', 'tiny'];

export const NODE_W = 264;
export const NODE_H = 300;
export const GAP_X = 36;
export const GAP_Y = 36;
export const CELL_W = NODE_W + GAP_X;
export const CELL_H = NODE_H + GAP_Y;
export const DS_W = 300;
export const DS_X = -(DS_W + 90);
export const LANE_H = 150;
export const LANE_Y = -(LANE_H + 40);

export const nodeId = (name: string) => `node:${name}`;
export const dsId = (key: string) => `ds:${key}`;
/** A Deployment's card: drawn in the DaemonSets' column (full) or row (smaller levels), after them. */
export const deployId = (key: string) => `deploy:${key}`;
export const LANE_ID = 'lane:unscheduled';
/** Pods a node card lists; the rest are counted ("+2 more") and their edges end at the card. */
export const MAX_CARD_PODS = 3;
/** Where a card's pod rows start and how tall each is: fixed, so the edge ends are known without measuring. */
export const PODS_TOP = 176;
export const POD_ROW = 38;

export interface Geometry {
  /** card size in flow units */
  w: number;
  h: number;
  /** cell size (card + gap) */
  cellW: number;
  cellH: number;
}

/**
 * Card and cell sizes of a level. `scale` enlarges the smaller levels' cards and type together
 * (presentation mode: 1.25), so the same zoom shows larger text.
 */
export function geometry(level: Level, scale = 1): Geometry {
  if (level === 'compact') return { w: 240 * scale, h: 104 * scale, cellW: 260 * scale, cellH: 122 * scale };
  if (level === 'tiny') return { w: 250 * scale, h: 64 * scale, cellW: 264 * scale, cellH: 74 * scale };
  return { w: NODE_W, h: NODE_H, cellW: CELL_W, cellH: CELL_H };
}

/**
 * The smallest font (flow px) and the node-name font of each level, as the CSS sets them (nodes.css,
 * multiplied by `scale` for compact and tiny). What the legibility floors are computed from.
 */
export function levelFonts(level: Level, scale = 1): { min: number; name: number } {
  if (level === 'compact') return { min: 12 * scale, name: 16 * scale };
  // tiny: the workload cards' name and revision rows are 15 px (daemonset.css), the node cards' words 16
  if (level === 'tiny') return { min: 15 * scale, name: 18 * scale };
  return { min: 10, name: 14 };
}

export interface Readability {
  /** smallest text on screen (px) */
  minText: number;
  /** node names on screen (px) */
  name: number;
  /** compact / tiny scale */
  scale: number;
}

export const NORMAL: Readability = { minText: 10, name: 12, scale: 1 };
export const PRESENTING: Readability = { minText: 10, name: 18, scale: 1.25 };

/** The lowest zoom at which a level's text is still readable. */
export function levelFloor(level: Level, r: Readability): number {
  const f = levelFonts(level, r.scale);
  return Math.max(r.minText / f.min, r.name / f.name);
}

/** The level drawn at a zoom: the most detailed whose text is readable there; past the last, the overview (large clusters) or tiny cards. */
export function levelForZoom(zoom: number, r: Readability, nodes: number, overviewMin: number): Level {
  for (const l of LEVELS) if (zoom >= levelFloor(l, r) - 1e-6) return l;
  return nodes > overviewMin ? 'overview' : 'tiny';
}

const slotKey = (s: Slot) => `${s.col},${s.row}`;

/** The flow position of a node's cell at a level. */
export function slotPosition(s: Slot, level: Level, scale = 1): XY {
  const g = geometry(level, scale);
  return { x: s.col * g.cellW, y: s.row * g.cellH };
}

/**
 * Gives every id without a cell the first free cell, row by row, `columns` wide, in the order given.
 * Returns `prev` itself when nothing was added, so callers can tell nothing changed.
 */
export function placeNodes(prev: Slots, ids: readonly string[], columns: number): Slots {
  const missing = ids.filter((id) => !prev[id]);
  if (missing.length === 0) return prev;
  // The cells taken, as the index they have in the grid's row-by-row order (cells outside the
  // grid's columns are never handed out here): numbers, not "col,row" strings, for 1,000 new nodes.
  const taken = new Set<number>();
  for (const id of ids) {
    const s = prev[id];
    if (s && s.col < columns) taken.add(s.row * columns + s.col);
  }
  const next: Record<string, Slot> = { ...prev };
  let i = 0;
  for (const id of missing) {
    while (taken.has(i)) i++;
    next[id] = { col: i % columns, row: Math.floor(i / columns) };
    i++;
  }
  return next;
}

/**
 * The free cell nearest to a flow point (a drop or the end of a drag) at a level: the cell under the
 * card's centre if nobody else has it, else the closest free one (ties: upper, then left, first).
 * Cells have column and row ≥ 0. Deterministic.
 */
export function nearestFreeSlot(p: XY, level: Level, scale: number, slots: Slots, except?: string): Slot {
  const g = geometry(level, scale);
  const taken = new Set<string>();
  for (const [id, s] of Object.entries(slots)) if (id !== except) taken.add(slotKey(s));
  const fx = (p.x + g.w / 2) / g.cellW - 0.5;
  const fy = (p.y + g.h / 2) / g.cellH - 0.5;
  const c0 = Math.max(0, Math.round(fx));
  const r0 = Math.max(0, Math.round(fy));
  let best: Slot = { col: c0, row: r0 };
  let bestD = Infinity;
  for (let radius = 0; radius < 64; radius++) {
    for (let row = Math.max(0, r0 - radius); row <= r0 + radius; row++) {
      for (let col = Math.max(0, c0 - radius); col <= c0 + radius; col++) {
        if (Math.max(Math.abs(row - r0), Math.abs(col - c0)) !== radius) continue;
        if (taken.has(`${col},${row}`)) continue;
        const d = (col - fx) ** 2 * g.cellW ** 2 + (row - fy) ** 2 * g.cellH ** 2;
        if (d < bestD - 1e-9) {
          bestD = d;
          best = { col, row };
        }
      }
    }
    if (bestD < Infinity && Math.sqrt(bestD) <= (radius + 0.5) * Math.min(g.cellW, g.cellH)) break;
  }
  return best;
}

/** Estimated height of a full DaemonSet card (its revision list grows with the chain). */
export function dsCardHeight(revisions: number): number {
  return 236 + 28 * Math.max(1, revisions);
}

/** Revision rows a compact or tiny DaemonSet card lists: the last three; older ones fold into "+N". */
export const SMALL_REVS = 3;

/**
 * Lines a workload card's small rows take beyond one per row, at each small level (a long tag or
 * "was rev N" wraps; the current revision's change-cause at the compact level): see smallRows.ts.
 */
export interface SmallExtra {
  compact: number;
  tiny: number;
}

/** Height of one more line of a small card's rows, flow px at scale 1 (line-height 1.3 of 12 and 15 px, rounded up). */
export const EXTRA_LINE_H: Readonly<SmallExtra> = { compact: 16, tiny: 20 };

/**
 * Height of a compact or tiny DaemonSet (or Deployment) card: its head and rollout line, a row per
 * listed revision, and the lines its rows wrap onto (`extra`), so the slot follows the content.
 */
export function dsSmallHeight(level: Level, scale: number, revisions: number, extra?: SmallExtra): number {
  const g = geometry(level, scale);
  const rows = Math.min(SMALL_REVS, Math.max(1, revisions));
  if (level === 'compact')
    return Math.max(g.h, (76 + 18 * rows + EXTRA_LINE_H.compact * (extra?.compact ?? 0)) * scale);
  return Math.max(g.h, (30 + 22 * rows + EXTRA_LINE_H.tiny * (extra?.tiny ?? 0)) * scale);
}

/** A workload card as the layout sizes it. */
export interface WorkloadEntry {
  id: string;
  revisions: number;
  /** measured height (full cards) */
  height?: number;
  extra?: SmallExtra;
  /** grid cells the card spans at a smaller level (workloadSpan; 1 when not given) */
  span?: number;
}

/**
 * Cells of the grid's width each workload card spans in the row above the grid at a smaller level:
 * the row is shared out among them (issue 22: with one DaemonSet over a two-column grid its card is two
 * cells wide, so its name and its revisions' tags are read on one line, not wrapped or cut).
 */
export function workloadSpan(columns: number, count: number): number {
  return count > 0 ? Math.max(1, Math.floor(columns / count)) : 1;
}

/** A workload card's width at a smaller level, spanning `span` cells (the gap between cells included). */
export function workloadWidth(level: Level, scale = 1, span = 1): number {
  const g = geometry(level, scale);
  return g.w + (Math.max(1, span) - 1) * g.cellW;
}

/** Height of the row of DaemonSet cards above the grid at a smaller level (card + gap). */
export function dsRowHeight(
  entries: readonly { revisions: number; extra?: SmallExtra }[],
  level: Level,
  scale = 1,
): number {
  const g = geometry(level, scale);
  let h = g.h;
  for (const e of entries) h = Math.max(h, dsSmallHeight(level, scale, e.revisions, e.extra));
  return h + (g.cellH - g.h);
}

/**
 * Positions of the DaemonSet cards at a level, in the order given: a column left of the grid (full
 * cards; `heights` are the measured ones where known), or a row above it (smaller levels).
 */
export function dsPositions(entries: readonly WorkloadEntry[], level: Level, scale = 1): Record<string, XY> {
  const out: Record<string, XY> = {};
  if (level === 'full' || level === 'overview') {
    let y = 0;
    for (const e of entries) {
      out[e.id] = { x: DS_X, y };
      y += (e.height ?? dsCardHeight(e.revisions)) + 40;
    }
    return out;
  }
  const g = geometry(level, scale);
  const rowH = dsRowHeight(entries, level, scale);
  let x = 0;
  for (const e of entries) {
    out[e.id] = { x, y: -rowH };
    x += Math.max(1, e.span ?? 1) * g.cellW;
  }
  return out;
}

/**
 * The same spot of the picture at another level (semantic zoom switched under the pointer or the
 * pane's middle): a point on a DaemonSet card stays at the same place of that card, which moves from
 * the column left of the grid (full) to the row above it (smaller levels) and back; any other point
 * scales with the grid's cells. So a wheel notch over the DaemonSet card zooms towards that card.
 */
export function sameSpotAtLevel(
  p: XY,
  from: Level,
  to: Level,
  scale: number,
  ds: readonly WorkloadEntry[],
): XY {
  const a = from === 'overview' ? 'full' : from;
  const b = to === 'overview' ? 'full' : to;
  const size = (l: Level, e: WorkloadEntry) =>
    l === 'full'
      ? { w: DS_W, h: e.height ?? dsCardHeight(e.revisions) }
      : { w: workloadWidth(l, scale, e.span), h: dsSmallHeight(l, scale, e.revisions, e.extra) };
  const before = dsPositions(ds, a, scale);
  const after = dsPositions(ds, b, scale);
  for (const e of ds) {
    const p0 = before[e.id];
    const s0 = size(a, e);
    if (p.x < p0.x || p.y < p0.y || p.x > p0.x + s0.w || p.y > p0.y + s0.h) continue;
    const s1 = size(b, e);
    const p1 = after[e.id];
    return { x: p1.x + ((p.x - p0.x) / s0.w) * s1.w, y: p1.y + ((p.y - p0.y) / s0.h) * s1.h };
  }
  const ga = geometry(a, scale);
  const gb = geometry(b, scale);
  return { x: (p.x / ga.cellW) * gb.cellW, y: (p.y / ga.cellH) * gb.cellH };
}

/** Where the unscheduled lane goes at a level (above the DaemonSet row when there is one, `dsRow` tall). */
export function lanePosition(level: Level, scale = 1, hasDaemonSets = true, dsRow?: number): XY {
  if (level === 'full' || level === 'overview') return { x: 0, y: LANE_Y };
  const g = geometry(level, scale);
  return { x: 0, y: (hasDaemonSets ? -(dsRow ?? g.cellH) : 0) - LANE_H - 20 };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box around the node cells, the DaemonSets and the lane at a level. */
export function layoutBounds(
  slots: readonly Slot[],
  ds: readonly WorkloadEntry[],
  lane: { width: number } | null,
  level: Level,
  scale = 1,
): Rect | null {
  const g = geometry(level, scale);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const add = (x: number, y: number, w: number, h: number) => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + w);
    y1 = Math.max(y1, y + h);
  };
  for (const s of slots) add(s.col * g.cellW, s.row * g.cellH, g.w, g.h);
  const dp = dsPositions(ds, level, scale);
  for (const e of ds) {
    const p = dp[e.id];
    if (level === 'full' || level === 'overview') add(p.x, p.y, DS_W, e.height ?? dsCardHeight(e.revisions));
    else
      add(p.x, p.y, workloadWidth(level, scale, e.span), dsSmallHeight(level, scale, e.revisions, e.extra));
  }
  if (lane) {
    const p = lanePosition(level, scale, ds.length > 0, dsRowHeight(ds, level, scale));
    add(p.x, p.y, lane.width, LANE_H);
  }
  if (x0 === Infinity) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export interface Area {
  width: number;
  height: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The zoom that fits a box in the free part of the pane, and the viewport that centres it there. */
export function fitViewport(b: Rect, a: Area, maxZoom: number): { x: number; y: number; zoom: number } {
  const w = Math.max(1, a.width - a.left - a.right);
  const h = Math.max(1, a.height - a.top - a.bottom);
  const zoom = Math.min(maxZoom, w / Math.max(1, b.width), h / Math.max(1, b.height));
  return {
    zoom,
    x: a.left + (w - b.width * zoom) / 2 - b.x * zoom,
    y: a.top + (h - b.height * zoom) / 2 - b.y * zoom,
  };
}

/**
 * The smallest pane height at which a box still fits with the least detailed cards readable (their
 * words ≥ `minText`, 10 px, and node names ≥ 12 px): what the graph/console separator may leave
 * the graph. When the pane is too narrow for that at any height, its height now (the separator may not
 * take more of it).
 */
export function legibleHeight(b: Rect, a: Area, r: Readability): number {
  // the zoom below which tiny cards are not readable: their words ≥ minText and node names ≥ 12 px
  // (NORMAL's; presentation's 18 px names are what its layout aims at, not a limit for the console)
  const f = levelFonts('tiny', r.scale);
  const floor = Math.max(r.minText / f.min, NORMAL.name / f.name);
  const w = a.width - a.left - a.right;
  if (w / Math.max(1, b.width) < floor - 1e-6) return a.height;
  return Math.ceil(b.height * floor + a.top + a.bottom);
}

/**
 * The level and viewport that show everything: the most detailed level whose fit zoom keeps its text
 * readable (kept below the next level's floor, so that level is what gets drawn); when none does, the
 * least detailed level at whatever zoom fits.
 */
export function chooseView(
  boundsAt: (level: Level) => Rect | null,
  a: Area,
  r: Readability,
  nodes: number,
  overviewMin: number,
): { level: Level; x: number; y: number; zoom: number } | null {
  for (let i = 0; i < LEVELS.length; i++) {
    const level = LEVELS[i];
    const b = boundsAt(level);
    if (!b) return null;
    const cap = i === 0 ? 1.25 * levelFloor(level, r) : levelFloor(LEVELS[i - 1], r) - 0.002;
    const vp = fitViewport(b, a, cap);
    if (vp.zoom >= levelFloor(level, r)) return { level, ...vp };
  }
  const last: Level = nodes > overviewMin ? 'overview' : 'tiny';
  const b = boundsAt(last);
  if (!b) return null;
  return { level: last, ...fitViewport(b, a, levelFloor('tiny', r) - 0.002) };
}

/**
 * The cells that bound a grid of `count` cells filled row by row, `columns` wide: its first cell and
 * the far corner (the last column, the last row). `layoutBounds` of these two is that of every cell
 * (it takes the smallest and largest corners), so a grid's box costs the same for 6 nodes or 1,000.
 */
export function gridCorners(count: number, columns: number): Slot[] {
  if (count <= 0) return [];
  return [
    { col: 0, row: 0 },
    { col: Math.min(columns, count) - 1, row: Math.ceil(count / columns) - 1 },
  ];
}

/**
 * Columns for a new grid of `n` nodes in a pane: the count that lets `chooseView` pick the most
 * detailed level at the largest zoom (ties: fewer columns). Deterministic for the same inputs. Each
 * candidate's box comes from the grid's corners, not from a list of its cells: the first render of a
 * 1,000-node share link laid out 64 grids of 1,000 cells four times each (issue 24: ~490 ms of a phone's
 * main thread in one render). The same answer as laying out every cell (layout.test.ts keeps that oracle).
 */
export function chooseColumns(
  n: number,
  dsCount: number,
  a: Area,
  r: Readability,
  overviewMin: number,
): number {
  const count = Math.max(n, 1);
  const maxC = Math.min(count, 64);
  let best = { c: Math.max(1, Math.min(4, count)), rank: -1, zoom: 0 };
  const ds = Array.from({ length: dsCount }, (_, i) => ({ id: `ds${i}`, revisions: 1 }));
  for (let c = 1; c <= maxC; c++) {
    const slots = gridCorners(count, c);
    const v = chooseView((l) => layoutBounds(slots, ds, null, l, r.scale), a, r, count, overviewMin);
    if (!v) continue;
    const rank = 3 - Math.max(0, LEVELS.indexOf(v.level) === -1 ? 3 : LEVELS.indexOf(v.level));
    if (rank > best.rank || (rank === best.rank && v.zoom > best.zoom + 1e-6))
      best = { c, rank, zoom: v.zoom };
  }
  return best.c;
}

/** A dropped card is centred on the pointer (flow coordinates of the card's top-left corner). */
export function dropPosition(flow: XY, level: Level = 'full', scale = 1): XY {
  const g = geometry(level, scale);
  return { x: Math.round(flow.x - g.w / 2), y: Math.round(flow.y - Math.min(24, g.h / 2)) };
}
