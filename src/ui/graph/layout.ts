// Where things go on the canvas. Kubernetes nodes sit in a grid of equal cells; each gets a cell the
// first time it is seen (or the spot it was dropped on) and keeps it, so the picture never reshuffles
// as pods or nodes come and go. DaemonSets stack in a column to the left; the unscheduled lane sits
// above the grid.

export interface XY {
  x: number
  y: number
}

export type Positions = Readonly<Record<string, XY>>

export const NODE_W = 264
export const NODE_H = 300
export const GAP_X = 36
export const GAP_Y = 36
export const CELL_W = NODE_W + GAP_X
export const CELL_H = NODE_H + GAP_Y
export const DS_W = 300
export const DS_X = -(DS_W + 90)
export const LANE_H = 150
export const LANE_Y = -(LANE_H + 40)

export const nodeId = (name: string) => `node:${name}`
export const dsId = (key: string) => `ds:${key}`
export const LANE_ID = 'lane:unscheduled'
/** Pods a node card lists; the rest are counted ("+2 more") and their edges end at the card. */
export const MAX_CARD_PODS = 3
/** Where a card's pod rows start and how tall each is: fixed, so the edge ends are known without measuring. */
export const PODS_TOP = 176
export const POD_ROW = 38

/** Columns of the grid for a cluster of `n` nodes: roughly square, at least 4. */
export function gridColumns(n: number): number {
  return Math.max(4, Math.ceil(Math.sqrt(n * 1.2)))
}

export function slotPosition(i: number, columns: number): XY {
  return { x: (i % columns) * CELL_W, y: Math.floor(i / columns) * CELL_H }
}

function slotOf(p: XY, columns: number): number | undefined {
  const col = p.x / CELL_W
  const row = p.y / CELL_H
  if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col >= columns) return undefined
  return row * columns + col
}

/**
 * Gives every node id that has no position the first free grid cell, in the order given. Returns
 * `prev` itself when nothing was added, so callers can tell nothing changed.
 */
export function placeNodes(prev: Positions, ids: readonly string[], columns: number): Positions {
  const missing = ids.filter((id) => !prev[id])
  if (missing.length === 0) return prev
  const taken = new Set<number>()
  for (const id of ids) {
    const p = prev[id]
    if (!p) continue
    const s = slotOf(p, columns)
    if (s !== undefined) taken.add(s)
  }
  const next: Record<string, XY> = { ...prev }
  let slot = 0
  for (const id of missing) {
    while (taken.has(slot)) slot++
    next[id] = slotPosition(slot, columns)
    taken.add(slot)
  }
  return next
}

/** Estimated height of a DaemonSet card (its revision list grows with the chain). */
export function dsCardHeight(revisions: number): number {
  return 214 + 28 * Math.max(1, revisions)
}

/** Default positions of the DaemonSet cards: a column left of the grid, in the order given. */
export function dsColumn(entries: readonly { id: string; revisions: number }[]): Record<string, XY> {
  const out: Record<string, XY> = {}
  let y = 0
  for (const e of entries) {
    out[e.id] = { x: DS_X, y }
    y += dsCardHeight(e.revisions) + 40
  }
  return out
}

/** A dropped card is centred on the pointer. */
export function dropPosition(flow: XY): XY {
  return { x: Math.round(flow.x - NODE_W / 2), y: Math.round(flow.y - 24) }
}
