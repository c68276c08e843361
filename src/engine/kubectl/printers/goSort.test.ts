import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goSortSlice } from './goSort';

describe('goSortSlice (Go sort.Sort)', () => {
  it('sorts any slice, keeping every element once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), (xs) => {
        const tagged = xs.map((v, i) => ({ v, i }));
        const out = goSortSlice(tagged, (a, b) => a.v < b.v);
        for (let k = 1; k < out.length; k++) expect(out[k - 1].v).toBeLessThanOrEqual(out[k].v);
        expect(out.map((t) => t.i).sort((a, b) => a - b)).toEqual(tagged.map((t) => t.i));
      }),
    );
  });

  // The order of equal keys beyond 12 elements is checked against the real kubectl 1.33 by the
  // scenario src/scenarios/events.sim (21 events, many of the same second) in test:real.
  it('keeps equal elements in input order up to 12 (insertion sort) and in an already sorted slice', () => {
    const small = Array.from({ length: 12 }, (_, i) => ({ v: i % 2, i })).reverse();
    expect(goSortSlice(small, (a, b) => a.v < b.v).map((t) => t.i)).toEqual([
      10, 8, 6, 4, 2, 0, 11, 9, 7, 5, 3, 1,
    ]);
    const sorted = Array.from({ length: 100 }, (_, i) => ({ v: i >> 4, i }));
    expect(goSortSlice(sorted, (a, b) => a.v < b.v).map((t) => t.i)).toEqual(sorted.map((t) => t.i));
  });

  it('is not stable beyond 12 elements (pdqsort partitions around a pivot)', () => {
    const xs = Array.from({ length: 40 }, (_, i) => ({ v: (i * 7) % 3, i }));
    const out = goSortSlice(xs, (a, b) => a.v < b.v);
    const stable = [...xs].sort((a, b) => a.v - b.v);
    expect(out.map((t) => t.v)).toEqual(stable.map((t) => t.v));
    expect(out.map((t) => t.i)).not.toEqual(stable.map((t) => t.i));
  });

  it('leaves the input alone', () => {
    const xs = [3, 1, 2];
    goSortSlice(xs, (a, b) => a < b);
    expect(xs).toEqual([3, 1, 2]);
  });
});
