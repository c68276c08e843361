// Which rows of a long table are drawn: those in view (plus a margin) and the one holding the focus.
// Rows may differ in height (a long message wraps): each row's height is its measured one when it
// has been drawn, else an estimate; the rows not drawn are stood in for by two spacers. Pure.

/** Offsets of each row's top, and the total height at the end: `out[i]` = the sum of heights before row i. */
export function rowOffsets(count: number, heightOf: (i: number) => number): Float64Array {
  const out = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) out[i + 1] = out[i] + heightOf(i);
  return out;
}

/** The first row whose bottom is below `y` (count when none is). */
function rowAt(offsets: Float64Array, y: number): number {
  const count = offsets.length - 1;
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The rows [start, end) that cover the band from `top` to `top + height` (in the rows' own
 * coordinates), widened by `overscan` rows on each side.
 */
export function visibleRange(
  offsets: Float64Array,
  top: number,
  height: number,
  overscan: number,
): [number, number] {
  const count = offsets.length - 1;
  if (count === 0) return [0, 0];
  const first = rowAt(offsets, Math.max(0, top));
  const last = rowAt(offsets, Math.max(0, top + Math.max(height, 0)));
  return [Math.max(0, first - overscan), Math.min(count, last + 1 + overscan)];
}

/** What the table body holds, in order: a spacer (its height) or a row (its index). */
export type Slice = { gap: number; from: number } | { row: number };

/**
 * The body as drawn: the rows [start, end), and `keep` (the focused row) even when it is out of
 * that range (so scrolling never takes the focus away), with spacers for the rows between.
 */
export function slices(offsets: Float64Array, start: number, end: number, keep?: number): Slice[] {
  const count = offsets.length - 1;
  const rows: number[] = [];
  if (keep !== undefined && keep >= 0 && keep < count && keep < start) rows.push(keep);
  for (let i = start; i < end; i++) rows.push(i);
  if (keep !== undefined && keep >= 0 && keep < count && keep >= end) rows.push(keep);
  const out: Slice[] = [];
  let at = 0;
  for (const r of rows) {
    if (offsets[r] > offsets[at]) out.push({ gap: offsets[r] - offsets[at], from: at });
    out.push({ row: r });
    at = r + 1;
  }
  if (offsets[count] > offsets[at]) out.push({ gap: offsets[count] - offsets[at], from: at });
  return out;
}

/** The row a key moves the focus to from row `i` (`page`: rows in a screenful), or undefined for other keys. */
export function keyTarget(key: string, i: number, count: number, page: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, i + 1);
    case 'ArrowUp':
      return Math.max(0, i - 1);
    case 'PageDown':
      return Math.min(count - 1, i + Math.max(1, page));
    case 'PageUp':
      return Math.max(0, i - Math.max(1, page));
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
