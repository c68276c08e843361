// Bring a card into view, clear of the palette, the toolbar and the side panel, at the same zoom: a
// selection made elsewhere (the event log, the inspector), or a node added with the palette (set the
// returned ref to its id; it is revealed once its card exists). The view pans by the least that shows
// the whole card, smoothly unless the user prefers reduced motion.

import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { ReactFlowInstance } from '@xyflow/react';
import type { GraphNode } from './system/buildGraph';
import type { XY } from './system/layout';
import { freeArea, motion } from './paneArea';

export function useReveal(
  flow: ReactFlowInstance,
  rootRef: RefObject<HTMLDivElement | null>,
  nodes: GraphNode[],
  selectedId: string | null,
  /** a card's size in flow px where React Flow has not measured it yet (a card just added) */
  sizeOf: (n: GraphNode) => { width: number; height: number } | null = () => null,
  /** a node's cell where the graph has no card for it (the overview draws the nodes on its canvas) */
  cellOf: (id: string) => { position: XY; width: number; height: number } | undefined = () => undefined,
) {
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const sizeOfRef = useRef(sizeOf);
  sizeOfRef.current = sizeOf;
  const cellOfRef = useRef(cellOf);
  cellOfRef.current = cellOf;
  const reveal = useCallback(
    (id: string) => {
      const n: Pick<GraphNode, 'position' | 'width' | 'height' | 'measured'> | undefined =
        nodesRef.current.find((x) => x.id === id) ?? cellOfRef.current(id);
      const area = freeArea(rootRef.current, false);
      if (!n || !area) return;
      const { x, y, zoom } = flow.getViewport();
      const known = 'type' in n ? sizeOfRef.current(n as GraphNode) : null;
      const w = (n.measured?.width ?? n.width ?? known?.width ?? 0) * zoom;
      const h = (n.measured?.height ?? n.height ?? known?.height ?? 200) * zoom;
      const left = n.position.x * zoom + x;
      const top = n.position.y * zoom + y;
      const [l, r, tp, b] = [area.left, area.width - area.right, area.top, area.height - area.bottom];
      if (left >= l && top >= tp && left + w <= r && top + h <= b) return;
      const dx = left < l || w > r - l ? l - left : left + w > r ? r - (left + w) : 0;
      const dy = top < tp || h > b - tp ? tp - top : top + h > b ? b - (top + h) : 0;
      // A straight pan: the default path (d3's interpolateZoom) zooms out and back in on the way, which
      // switched the cards' level mid-pan, and the level switch's own viewport change then stopped the
      // pan half-way (the card stayed off-screen).
      void flow.setViewport({ x: x + dx, y: y + dy, zoom }, { duration: motion(300), interpolate: 'linear' });
    },
    [flow, rootRef],
  );
  useEffect(() => {
    if (!selectedId) return;
    // After the side panel has docked (it changes the free area).
    const h = requestAnimationFrame(() => reveal(selectedId));
    return () => cancelAnimationFrame(h);
  }, [selectedId, reveal]);
  const toReveal = useRef<string | null>(null);
  useEffect(() => {
    const id = toReveal.current;
    if (id && (nodes.some((n) => n.id === id) || cellOf(id))) {
      toReveal.current = null;
      requestAnimationFrame(() => reveal(id));
    }
  }, [nodes, cellOf, reveal]);
  return toReveal;
}
