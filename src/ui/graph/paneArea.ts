// The part of the graph pane the cards may use (what the palette, the toolbar and a side panel leave
// free), read from the DOM, and the pane's size as a ResizeObserver sees it.

import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Area } from './system/layout';

/** Room kept free below the cards when fitting (the overview's hint, the zoom buttons). */
export const FIT_MARGIN = 12;
export const FIT_BOTTOM_OVERVIEW = 44;

/** Animation length, or none when the user prefers reduced motion. */
export function motion(ms: number): number {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : ms;
}

/** The part of the pane the cards may use: what the palette, the toolbar and a side panel leave free. */
export function freeArea(el: HTMLElement | null, overview: boolean): Area | null {
  if (!el || el.clientWidth === 0 || el.clientHeight === 0) return null;
  const base = el.getBoundingClientRect();
  const below = (sel: string) => {
    const x = el.querySelector<HTMLElement>(sel);
    return x ? x.getBoundingClientRect().bottom - base.top : 0;
  };
  const palette = el.querySelector<HTMLElement>('.palette');
  const column = palette && palette.classList.contains('column') && !palette.classList.contains('closed');
  const inspector = el.querySelector<HTMLElement>('.inspector');
  const docked = inspector ? (inspector.classList.contains('bottom') ? 'bottom' : 'right') : null;
  const top = Math.max(below('.graph-toolbar'), column ? 0 : below('.palette')) + 8;
  return {
    width: el.clientWidth,
    height: el.clientHeight,
    // The zoom buttons (bottom left) keep a strip free, so no card is fitted under them.
    left:
      column && palette
        ? palette.getBoundingClientRect().right - base.left + 12
        : Math.max(FIT_MARGIN, controlsRight(el, base) + 8),
    top,
    right: FIT_MARGIN + (docked === 'right' && inspector ? inspector.offsetWidth : 0),
    bottom:
      (overview ? FIT_BOTTOM_OVERVIEW : FIT_MARGIN) +
      (docked === 'bottom' && inspector ? inspector.offsetHeight : 0),
  };
}

export type PaneSize = { w: number; h: number };

/**
 * The pane's size in CSS px, null before it has one. `initial`: its size as its slot had it before the
 * pane mounted (GraphSlot); then the mount reads nothing and the observer's first report confirms it.
 */
export function usePaneSize(
  rootRef: RefObject<HTMLDivElement | null>,
  initial: PaneSize | null = null,
): PaneSize | null {
  const [start] = useState(initial);
  const [size, setSize] = useState<PaneSize | null>(start);
  // A layout effect, and the size read at once: the first paint of the pane already has its size (a
  // small pane's folded toolbar). Left to the observer's first report, which React renders after the
  // paint, the toolbar drew unfolded first and then folded (a layout shift on a phone, issue 24). The
  // pane mounts after the page's first commit, so the read lays out only the pane.
  useLayoutEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const read = () => {
      const w = el.clientWidth;
      const h = el.clientHeight;
      setSize((old) => (old && old.w === w && old.h === h ? old : w && h ? { w, h } : old));
    };
    if (!start) read();
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [start]);
  return size;
}

/** The right edge of React Flow's zoom buttons in the pane, 0 without them. */
function controlsRight(el: HTMLElement, base: DOMRect): number {
  const c = el.querySelector<HTMLElement>('.react-flow__controls');
  return c ? c.getBoundingClientRect().right - base.left : 0;
}

/** How many of these cards are not fully visible: outside the pane, partly off it, or under the side panel. */
export function notFullyVisible(el: HTMLElement | null, ids: readonly string[]): number {
  const pane = el?.querySelector<HTMLElement>('.react-flow');
  if (!el || !pane) return 0;
  const r = pane.getBoundingClientRect();
  let right = r.right;
  let bottom = r.bottom;
  const inspector = el.querySelector<HTMLElement>('.inspector');
  if (inspector) {
    const ir = inspector.getBoundingClientRect();
    if (inspector.classList.contains('bottom')) bottom = Math.min(bottom, ir.top);
    else right = Math.min(right, ir.left);
  }
  const drawn = new Map<string, DOMRect>();
  for (const n of pane.querySelectorAll<HTMLElement>('.react-flow__node')) {
    const id = n.dataset.id;
    if (id) drawn.set(id, n.getBoundingClientRect());
  }
  let off = 0;
  for (const id of ids) {
    const c = drawn.get(id);
    if (!c || c.left < r.left - 1 || c.top < r.top - 1 || c.right > right + 1 || c.bottom > bottom + 1) off++;
  }
  return off;
}
