// Controls must not cover card titles (issue 22: "the legend or Add node covers the DaemonSet title
// after zooming"; "the minimap covers node-1's card"). Pure geometry: the smallest pan that moves a
// title out from under the controls that float over the graph and keeps it inside the pane.

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const intersects = (a: Rect, b: Rect): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const inside = (a: Rect, pane: Rect): boolean =>
  a.left >= pane.left && a.right <= pane.right && a.top >= pane.top && a.bottom <= pane.bottom;

const shifted = (r: Rect, dx: number, dy: number): Rect => ({
  left: r.left + dx,
  right: r.right + dx,
  top: r.top + dy,
  bottom: r.bottom + dy,
});

/** Room left between a title and a control after the shift (px). */
export const GAP = 6;

/**
 * The smallest (dx, dy) that puts `title` inside `pane` and off every obstacle, trying the pane's
 * edges and each obstacle's sides (and their corners), moving in x, in y, or both; `null` when the
 * title is already clear, `undefined` when no such shift exists (a title wider than the free room).
 * `others` are titles that are clear now: a shift that would put one of them under a control or
 * outside the pane is not taken.
 */
export function clearShift(
  title: Rect,
  obstacles: readonly Rect[],
  pane: Rect,
  others: readonly Rect[] = [],
): { dx: number; dy: number } | null | undefined {
  const ok = (dx: number, dy: number) => {
    const t = shifted(title, dx, dy);
    if (!inside(t, pane) || obstacles.some((o) => intersects(t, o))) return false;
    return others.every((r) => {
      const s = shifted(r, dx, dy);
      return inside(s, pane) && !obstacles.some((o) => intersects(s, o));
    });
  };
  if (inside(title, pane) && !obstacles.some((o) => intersects(title, o))) return null;
  const xs = new Set<number>([0]);
  const ys = new Set<number>([0]);
  // into the pane
  // into the pane, a little in from its edge (so the card's frame shows too)
  const m = GAP * 2;
  xs.add(Math.max(0, pane.left + m - title.left) || Math.min(0, pane.right - m - title.right));
  ys.add(Math.max(0, pane.top + m - title.top) || Math.min(0, pane.bottom - m - title.bottom));
  for (const o of obstacles) {
    xs.add(o.right + GAP - title.left);
    xs.add(o.left - GAP - title.right);
    ys.add(o.bottom + GAP - title.top);
    ys.add(o.top - GAP - title.bottom);
  }
  let best: { dx: number; dy: number } | undefined;
  let bestCost = Infinity;
  for (const dx of xs)
    for (const dy of ys) {
      const cost = Math.hypot(dx, dy);
      if (cost < bestCost && ok(dx, dy)) {
        best = { dx, dy };
        bestCost = cost;
      }
    }
  return best;
}
