// Adding a node from the palette: a name nobody has, the free cell nearest to where it was dropped
// (or the first free one), and the console command that adds it. The new card is brought on screen
// when the view would not show it by itself: added with the button, it is revealed (its cell may be
// anywhere); dropped after the user panned or zoomed (the view no longer follows the cards), it is put
// in `toShow`, and GraphPanel shows every card if it is not wholly in view (the nearest free cell of a
// drop near the pane's edge reaches past it).

import { useCallback, type RefObject } from 'react';
import type { ReactFlowInstance } from '@xyflow/react';
import { useStore } from '../../state/store';
import { runCommand } from '../../state/actions';
import { addCommand, kindSpec, uniqueName, type PaletteKind } from '../palette/kinds';
import type { NodeSpecInput } from './system/commands';
import { graphUi, useGraphUi } from './graphStore';
import { dropPosition, nearestFreeSlot, nodeId, type Level, type Slot, type Slots } from './system/layout';

export function useAddNode(
  flow: ReactFlowInstance,
  ids: readonly string[],
  level: Level,
  scale: number,
  slotsRef: RefObject<Slots>,
  toReveal: RefObject<string | null>,
  toShow: RefObject<string | null>,
  /** the user has panned or zoomed: the view does not follow the cards (GraphPanel) */
  moved: boolean,
) {
  const overCanvas = useCallback((x: number, y: number) => {
    const hit = document.elementFromPoint(x, y);
    return !!hit && !!hit.closest('.react-flow') && !hit.closest('.palette, .inspector, .react-flow__panel');
  }, []);
  const takenNames = () => [...useStore.getState().nodeNames, ...Object.keys(useGraphUi.getState().pending)];
  const suggestName = useCallback(() => uniqueName('node', takenNames()), []);
  const add = useCallback(
    (kind: PaletteKind, extra?: Partial<NodeSpecInput>, at?: { x: number; y: number }) => {
      const name = extra?.name ?? uniqueName(kindSpec(kind).prefix, takenNames());
      let where: Slot | null = null;
      if (at) {
        const l = level === 'overview' ? 'full' : level;
        const live: Record<string, Slot> = {};
        for (const id of ids) if (slotsRef.current[id]) live[id] = slotsRef.current[id];
        for (const p of Object.values(useGraphUi.getState().pending))
          if (p) live[`pending:${p.col},${p.row}`] = p;
        where = nearestFreeSlot(dropPosition(flow.screenToFlowPosition(at), l, scale), l, scale, live);
      }
      graphUi.reserve(name, where);
      if (!where) toReveal.current = nodeId(name);
      else if (moved) toShow.current = nodeId(name);
      void runCommand(addCommand(kind, name, extra)).then((res) => {
        if (!res || res.exitCode !== 0) graphUi.release(name);
      });
    },
    [flow, ids, level, scale, slotsRef, toReveal, toShow, moved],
  );
  return { add, overCanvas, suggestName };
}
