import { describe, expect, it } from 'vitest';
import { keyTarget, rowOffsets, slices, visibleRange } from './virtualRows';

describe('virtual rows', () => {
  const heights = [20, 40, 20, 20, 60, 20, 20, 20, 20, 20];
  const offsets = rowOffsets(heights.length, (i) => heights[i]);

  it('offsets are the sums of the heights before each row', () => {
    expect([...offsets]).toEqual([0, 20, 60, 80, 100, 160, 180, 200, 220, 240, 260]);
  });

  it('the range covers the band in view, widened by the overscan', () => {
    expect(visibleRange(offsets, 0, 50, 0)).toEqual([0, 2]);
    // 70..130: rows 2 (60-80), 3 (80-100), 4 (100-160)
    expect(visibleRange(offsets, 70, 60, 0)).toEqual([2, 5]);
    expect(visibleRange(offsets, 70, 60, 1)).toEqual([1, 6]);
    expect(visibleRange(offsets, 250, 100, 3)).toEqual([6, 10]);
    expect(visibleRange(offsets, -30, 40, 0)).toEqual([0, 1]);
    expect(
      visibleRange(
        rowOffsets(0, () => 20),
        0,
        100,
        5,
      ),
    ).toEqual([0, 0]);
  });

  it('the range of a brute-force scan, on random heights and views', () => {
    for (let n = 0; n < 200; n++) {
      const count = 1 + ((n * 7919) % 50);
      const hs = Array.from({ length: count }, (_, i) => 10 + ((i * 31 + n) % 40));
      const off = rowOffsets(count, (i) => hs[i]);
      const top = (n * 37) % (off[count] + 20);
      const height = 1 + ((n * 13) % 200);
      const seen: number[] = [];
      for (let i = 0; i < count; i++) if (off[i + 1] > top && off[i] <= top + height) seen.push(i);
      const [a, b] = visibleRange(off, top, height, 0);
      if (seen.length) {
        expect(a).toBe(seen[0]);
        expect(b).toBe(seen[seen.length - 1] + 1);
      }
    }
  });

  it('slices: spacers stand in for the rows not drawn, heights add up, the focused row stays', () => {
    const s = slices(offsets, 3, 5);
    expect(s).toEqual([{ gap: 80, from: 0 }, { row: 3 }, { row: 4 }, { gap: 100, from: 5 }]);
    const kept = slices(offsets, 3, 5, 8);
    expect(kept).toEqual([
      { gap: 80, from: 0 },
      { row: 3 },
      { row: 4 },
      { gap: 60, from: 5 },
      { row: 8 },
      { gap: 20, from: 9 },
    ]);
    const total = (xs: typeof s) => xs.reduce((t, x) => t + ('gap' in x ? x.gap : heights[x.row]), 0);
    expect(total(s)).toBe(260);
    expect(total(kept)).toBe(260);
    expect(slices(offsets, 0, 10)).toEqual(heights.map((_, i) => ({ row: i })));
    expect(slices(offsets, 2, 4, 3)).toEqual([
      { gap: 60, from: 0 },
      { row: 2 },
      { row: 3 },
      { gap: 160, from: 4 },
    ]);
  });

  it('keys move the focus within the list', () => {
    expect(keyTarget('ArrowDown', 0, 10, 5)).toBe(1);
    expect(keyTarget('ArrowDown', 9, 10, 5)).toBe(9);
    expect(keyTarget('ArrowUp', 0, 10, 5)).toBe(0);
    expect(keyTarget('PageDown', 7, 10, 5)).toBe(9);
    expect(keyTarget('PageUp', 7, 10, 5)).toBe(2);
    expect(keyTarget('Home', 7, 10, 5)).toBe(0);
    expect(keyTarget('End', 1, 10, 5)).toBe(9);
    expect(keyTarget('a', 1, 10, 5)).toBeUndefined();
    expect(keyTarget('End', 0, 0, 5)).toBeUndefined();
  });
});
