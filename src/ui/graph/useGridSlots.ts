// Grid cells: a new node gets the cell it was dropped on, or the first free one; nobody moves. The
// first nodes (or a cluster replaced by a much bigger one) start a grid whose columns suit the pane.
// A card the user moved keeps its cell (the store's `placed`, which share links and reloads restore):
// it is placed first, and whoever else had that cell takes a free one.

import { useEffect, useMemo, useRef } from 'react';
import { graphUi, useGraphUi } from './graphStore';
import {
  chooseColumns,
  nearestFreeSlot,
  nodeId,
  placeNodes,
  slotPosition,
  type Readability,
  type Slot,
  type Slots,
} from './system/layout';
import { OVERVIEW_MIN_NODES } from './system/overview';
import { FIT_MARGIN } from './paneArea';
import { useStore } from '../../state/store';

export interface GridLayout {
  columns: number | null;
  gridFor: number;
  slots: Slots;
}

export function useGridSlots(
  ids: readonly string[],
  names: ReadonlySet<string>,
  size: { w: number; h: number } | null,
  dsCount: number,
  readability: Readability,
  /** the band at the top of the pane the toolbar takes (FIT_MARGIN when the toolbar is elsewhere) */
  band: number,
): GridLayout {
  const slots = useGraphUi((s) => s.slots);
  const columnsStored = useGraphUi((s) => s.columns);
  const gridFor = useGraphUi((s) => s.gridFor);
  const pending = useGraphUi((s) => s.pending);
  const placed = useStore((s) => s.placed);
  /** the layout last committed: given again when the cells are the same (see below) */
  const committed = useRef<GridLayout | null>(null);
  const layout = useMemo((): GridLayout => {
    const n = ids.length;
    let columns = columnsStored;
    let base: Slots = slots;
    let planned = gridFor;
    if (n > 0 && size && (columns === null || n > Math.max(8, 2 * gridFor))) {
      // First nodes, or a cluster replaced by a much bigger one: start a grid that suits the pane.
      planned = Math.max(n, 6);
      // The pane as it is without a side panel: the toolbar's band on top, margins around.
      const area = {
        width: size.w,
        height: size.h,
        left: FIT_MARGIN,
        top: band,
        right: FIT_MARGIN,
        bottom: FIT_MARGIN,
      };
      columns = chooseColumns(planned, Math.max(1, dsCount), area, readability, OVERVIEW_MIN_NODES);
      base = {};
    }
    const live: Record<string, Slot> = {};
    const pinned = new Set<string>();
    for (const name of Object.keys(placed))
      if (names.has(name)) {
        live[nodeId(name)] = placed[name];
        pinned.add(`${placed[name].col},${placed[name].row}`);
      }
    for (const id of ids)
      if (base[id] && !live[id] && (pinned.size === 0 || !pinned.has(`${base[id].col},${base[id].row}`)))
        live[id] = base[id];
    for (const [name, at] of Object.entries(pending)) {
      const id = nodeId(name);
      if (at && names.has(name) && !live[id])
        live[id] = nearestFreeSlot(slotPosition(at, 'full'), 'full', 1, live);
    }
    // No grid before the pane has a size (its columns depend on it).
    if (columns === null) return { columns: null, gridFor: planned, slots: live };
    const next = { columns, gridFor: planned, slots: placeNodes(live, ids, columns) };
    // The same cells as the layout committed (the store has just been given them, below): the same
    // object, so the cards' positions and the graph are not made again for nothing (issue 24: on a
    // 1,000-node link that was a second pass over every card in the first grid's commit).
    const prev = committed.current;
    if (
      prev &&
      prev.columns === next.columns &&
      prev.gridFor === next.gridFor &&
      sameSlots(prev.slots, next.slots)
    )
      return prev;
    return next;
    // readability, dsCount and band only matter when a grid starts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, columnsStored, slots, pending, names, size, gridFor, placed]);
  useEffect(() => {
    committed.current = layout;
    let changed = false;
    for (const id in layout.slots) {
      const c = layout.slots[id];
      if (slots[id]?.col !== c.col || slots[id]?.row !== c.row) {
        changed = true;
        break;
      }
    }
    if (changed || layout.columns !== columnsStored || layout.gridFor !== gridFor)
      useGraphUi.setState({
        // (a first grid: its cells as they are, not a copy of 1,000 entries)
        slots: isEmpty(slots) ? layout.slots : { ...slots, ...layout.slots },
        columns: layout.columns,
        gridFor: layout.gridFor,
      });
    for (const name of Object.keys(pending)) if (names.has(name)) graphUi.release(name);
  }, [layout, slots, columnsStored, gridFor, pending, names]);
  return layout;
}

/** The same ids in the same cells. */
function sameSlots(a: Slots, b: Slots): boolean {
  if (a === b) return true;
  let n = 0;
  for (const id in b) {
    const x = a[id];
    const y = b[id];
    if (!x || x.col !== y.col || x.row !== y.row) return false;
    n++;
  }
  return n === Object.keys(a).length;
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}
