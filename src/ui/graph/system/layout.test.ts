import { describe, expect, it } from 'vitest';
import {
  dsPositions,
  dsSmallHeight,
  chooseColumns,
  chooseView,
  geometry,
  gridCorners,
  layoutBounds,
  LEVELS,
  levelFloor,
  levelFonts,
  levelForZoom,
  legibleHeight,
  nearestFreeSlot,
  NORMAL,
  placeNodes,
  PRESENTING,
  sameSpotAtLevel,
  slotPosition,
  type Area,
  type Level,
  type Slot,
  workloadSpan,
  workloadWidth,
} from './layout';

const pane = (width: number, height: number): Area => ({
  width,
  height,
  left: 12,
  top: 40,
  right: 12,
  bottom: 12,
});
const grid = (n: number, c: number): Slot[] =>
  Array.from({ length: n }, (_, i) => ({ col: i % c, row: Math.floor(i / c) }));
const ds1 = [{ id: 'ds:a', revisions: 1 }];

describe('levels of detail', () => {
  it('each level is drawn only where its smallest text is ≥ 10 px and names ≥ 12 px (18 px presenting)', () => {
    for (const r of [NORMAL, PRESENTING]) {
      for (const l of ['full', 'compact', 'tiny'] as const) {
        const z = levelFloor(l, r);
        const f = levelFonts(l, r.scale);
        expect(f.min * z).toBeGreaterThanOrEqual(r.minText - 1e-9);
        expect(f.name * z).toBeGreaterThanOrEqual(r.name - 1e-9);
        expect(levelForZoom(z, r, 6, 150)).toBe(l);
      }
    }
    expect(levelForZoom(0.1, NORMAL, 6, 150)).toBe('tiny');
    expect(levelForZoom(0.1, NORMAL, 1000, 150)).toBe('overview');
  });

  it('picks the most detailed level that fits, at a zoom inside that level', () => {
    const slots = grid(6, 3);
    const v = chooseView((l) => layoutBounds(slots, ds1, null, l), pane(755, 370), NORMAL, 6, 150)!;
    expect(v.level).toBe('compact');
    expect(levelForZoom(v.zoom, NORMAL, 6, 150)).toBe('compact');
    // Everything fits in the free area.
    const b = layoutBounds(slots, ds1, null, 'compact')!;
    expect(b.x * v.zoom + v.x).toBeGreaterThanOrEqual(12 - 1e-6);
    expect((b.x + b.width) * v.zoom + v.x).toBeLessThanOrEqual(755 - 12 + 1e-6);
    expect(b.y * v.zoom + v.y).toBeGreaterThanOrEqual(40 - 1e-6);
    expect((b.y + b.height) * v.zoom + v.y).toBeLessThanOrEqual(370 - 12 + 1e-6);
  });

  it('fit always shows everything: a cluster too big for any readable level still fits (overview)', () => {
    const slots = grid(400, 20);
    const v = chooseView(
      (l) => layoutBounds(slots, ds1, null, l === 'overview' ? 'full' : l),
      pane(800, 500),
      NORMAL,
      400,
      150,
    )!;
    expect(v.level).toBe('overview');
    const b = layoutBounds(slots, ds1, null, 'full')!;
    expect(b.width * v.zoom).toBeLessThanOrEqual(800 - 24 + 1e-6);
    expect(b.height * v.zoom).toBeLessThanOrEqual(500 - 52 + 1e-6);
  });

  it('chooses columns that suit the pane, deterministically', () => {
    const wide = chooseColumns(6, 1, pane(755, 370), NORMAL, 150);
    const tall = chooseColumns(6, 1, pane(370, 300), NORMAL, 150);
    expect(wide).toBeGreaterThan(tall);
    expect(chooseColumns(6, 1, pane(755, 370), NORMAL, 150)).toBe(wide);
  });

  // The oracle: chooseColumns as it was, every candidate grid laid out cell by cell.
  function chooseColumnsByCells(n: number, dsCount: number, a: Area, r: typeof NORMAL, overviewMin: number) {
    const count = Math.max(n, 1);
    let best = { c: Math.max(1, Math.min(4, count)), rank: -1, zoom: 0 };
    for (let c = 1; c <= Math.min(count, 64); c++) {
      const slots = Array.from({ length: count }, (_, i) => ({ col: i % c, row: Math.floor(i / c) }));
      const ds = Array.from({ length: dsCount }, (_, i) => ({ id: `ds${i}`, revisions: 1 }));
      const v = chooseView((l) => layoutBounds(slots, ds, null, l, r.scale), a, r, count, overviewMin);
      if (!v) continue;
      const rank = 3 - Math.max(0, LEVELS.indexOf(v.level) === -1 ? 3 : LEVELS.indexOf(v.level));
      if (rank > best.rank || (rank === best.rank && v.zoom > best.zoom + 1e-6))
        best = { c, rank, zoom: v.zoom };
    }
    return best.c;
  }

  it('chooses the columns that laying out every cell of each grid would (its corners bound it)', () => {
    const sizes = [0, 1, 2, 3, 6, 7, 12, 65, 151, 1000];
    const panes = [pane(412, 300), pane(755, 370), pane(370, 700), pane(1400, 800), pane(200, 900)];
    for (const n of sizes)
      for (const a of panes)
        for (const r of [NORMAL, PRESENTING])
          for (const ds of [0, 1, 3])
            expect([n, a.width, a.height, r.scale, ds, chooseColumns(n, ds, a, r, 150)]).toEqual([
              n,
              a.width,
              a.height,
              r.scale,
              ds,
              chooseColumnsByCells(n, ds, a, r, 150),
            ]);
    for (const n of [1, 4, 7, 64, 1000])
      for (const c of [1, 3, 8, 64])
        expect(layoutBounds(gridCorners(n, c), [], null, 'tiny')).toEqual(
          layoutBounds(
            Array.from({ length: n }, (_, i) => ({ col: i % c, row: Math.floor(i / c) })),
            [],
            null,
            'tiny',
          ),
        );
  });

  it('does not lay out every cell of a large grid (issue 24: the first render of a 1,000-node link)', () => {
    // Listing the cells of a grid of 2^32 nodes throws at once ("Invalid array length"): only a
    // chooseColumns that works from the grid's corners answers.
    expect(() => chooseColumnsByCells(2 ** 32, 1, pane(412, 600), NORMAL, 150)).toThrow(RangeError);
    const c = chooseColumns(2 ** 32, 1, pane(412, 600), NORMAL, 150);
    expect(Number.isInteger(c) && c >= 1 && c <= 64).toBe(true);
  });
});

describe('grid cells', () => {
  it('places new nodes in the first free cells, around cells taken inside and outside the grid', () => {
    // the oracle: placeNodes as it was, cells keyed "col,row"
    const byStrings = (prev: Record<string, Slot>, ids: string[], columns: number) => {
      const taken = new Set(ids.filter((id) => prev[id]).map((id) => `${prev[id].col},${prev[id].row}`));
      const next = { ...prev };
      let i = 0;
      for (const id of ids.filter((x) => !prev[x])) {
        let c: Slot;
        do {
          c = { col: i % columns, row: Math.floor(i / columns) };
          i++;
        } while (taken.has(`${c.col},${c.row}`));
        next[id] = c;
        taken.add(`${c.col},${c.row}`);
      }
      return next;
    };
    const ids = Array.from({ length: 60 }, (_, i) => `n${i}`);
    const prev: Record<string, Slot> = {
      n3: { col: 0, row: 0 },
      n7: { col: 2, row: 1 },
      n9: { col: 9, row: 0 },
      n11: { col: 1, row: 40 },
      gone: { col: 1, row: 0 },
    };
    for (const columns of [1, 3, 4, 8])
      expect(placeNodes(prev, ids, columns)).toEqual(byStrings(prev, ids, columns));
  });

  it('the same cells at every level never overlap', () => {
    const slots = placeNodes({}, ['a', 'b', 'c', 'd', 'e'], 2);
    for (const l of ['full', 'compact', 'tiny'] as const) {
      const g = geometry(l);
      const rects = Object.values(slots).map((s) => ({ ...slotPosition(s, l), w: g.w, h: g.h }));
      for (let i = 0; i < rects.length; i++)
        for (let j = i + 1; j < rects.length; j++) {
          const a = rects[i];
          const b = rects[j];
          const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          expect(overlap).toBe(false);
        }
    }
  });

  it('a drop or a drag lands in the nearest free cell', () => {
    const slots = { a: { col: 0, row: 0 }, b: { col: 1, row: 0 } };
    const g = geometry('compact');
    // Dropped right on b: the nearest free cell is below it (or next to it), never b's.
    const onB = nearestFreeSlot(slotPosition({ col: 1, row: 0 }, 'compact'), 'compact', 1, slots);
    expect(onB).not.toEqual({ col: 1, row: 0 });
    expect(Math.abs(onB.col - 1) + Math.abs(onB.row)).toBe(1);
    // Dropped a little off an empty cell: that cell.
    expect(nearestFreeSlot({ x: 3 * g.cellW + 20, y: g.cellH - 10 }, 'compact', 1, slots)).toEqual({
      col: 3,
      row: 1,
    });
    // Far up-left: clamped to the grid.
    expect(nearestFreeSlot({ x: -900, y: -900 }, 'compact', 1, {})).toEqual({ col: 0, row: 0 });
    // A card dragged onto its own cell keeps it.
    expect(
      nearestFreeSlot(slotPosition({ col: 0, row: 0 }, 'compact'), 'compact', 1, { b: slots.b }),
    ).toEqual({ col: 0, row: 0 });
  });

  it('a compact or tiny DaemonSet card grows a row per revision, up to three, and the grid stays below it', () => {
    for (const level of ['compact', 'tiny'] as const) {
      const h = [1, 2, 3, 7].map((n) => dsSmallHeight(level, 1, n));
      expect(h[0]).toBe(geometry(level).h);
      expect(h[1]).toBeGreaterThan(h[0]);
      expect(h[2]).toBeGreaterThan(h[1]);
      expect(h[3]).toBe(h[2]);
      const ds = [{ id: 'ds:a', revisions: 3 }];
      const y = dsPositions(ds, level)['ds:a'].y;
      expect(y + h[2]).toBeLessThan(0);
      expect(layoutBounds([{ col: 0, row: 0 }], ds, null, level)!.y).toBe(y);
    }
  });

  it('a level switch keeps the spot under the pointer: on the DaemonSet card it stays on that card', () => {
    const ds = [{ id: 'ds:a', revisions: 2, height: 320 }];
    const full = dsPositions(ds, 'full')['ds:a'];
    const compact = dsPositions(ds, 'compact')['ds:a'];
    // A third of the way into the full card's title row: the same place of the compact card, above the grid.
    const p = sameSpotAtLevel({ x: full.x + 100, y: full.y + 20 }, 'full', 'compact', 1, ds);
    expect(p.x).toBeCloseTo(compact.x + (100 / 300) * geometry('compact').w);
    expect(p.y).toBeCloseTo(compact.y + (20 / 320) * dsSmallHeight('compact', 1, 2));
    expect(p.y).toBeLessThan(0);
    // And back.
    const q = sameSpotAtLevel(p, 'compact', 'full', 1, ds);
    expect(q.x).toBeCloseTo(full.x + 100);
    expect(q.y).toBeCloseTo(full.y + 20);
    // Off the card, the point scales with the cells: node-2's cell stays node-2's cell.
    const cell = slotPosition({ col: 1, row: 1 }, 'full');
    expect(sameSpotAtLevel({ x: cell.x + 10, y: cell.y + 10 }, 'full', 'tiny', 1, ds)).toEqual({
      x: ((cell.x + 10) / geometry('full').cellW) * geometry('tiny').cellW,
      y: ((cell.y + 10) / geometry('full').cellH) * geometry('tiny').cellH,
    });
  });
});

describe('the height the separator may leave the graph', () => {
  it('is the height where the least detailed cards keep their words ≥ 10 px and names readable, in both readabilities', () => {
    for (const r of [NORMAL, PRESENTING]) {
      const b = layoutBounds(grid(6, 2), ds1, null, 'tiny', r.scale)!;
      const h = legibleHeight(b, pane(700, 300), r);
      const at = (height: number) =>
        chooseView((l) => layoutBounds(grid(6, 2), ds1, null, l, r.scale), pane(700, height), r, 6, 200)!;
      const textPx = (v: { level: Level; zoom: number }) => v.zoom * levelFonts(v.level, r.scale).min;
      const namePx = (v: { level: Level; zoom: number }) => v.zoom * levelFonts(v.level, r.scale).name;
      expect(textPx(at(h))).toBeGreaterThanOrEqual(10 - 1e-6);
      expect(namePx(at(h))).toBeGreaterThanOrEqual(12 - 1e-6);
      // a few pixels less and the words or the names would be drawn below 10 and 12 px
      const less = at(h - 4);
      expect(textPx(less) < 10 || namePx(less) < 12).toBe(true);
    }
  });

  it('is the height now when the pane is too narrow for readable cards at any height', () => {
    const b = layoutBounds(grid(8, 8), ds1, null, 'tiny')!;
    expect(legibleHeight(b, pane(300, 250), NORMAL)).toBe(250);
  });
});

describe('workload cards share the row above the grid at the tiny level', () => {
  it('one DaemonSet over a two-column grid spans both cells; two workloads a cell each', () => {
    expect(workloadSpan(2, 1)).toBe(2);
    expect(workloadSpan(2, 2)).toBe(1);
    expect(workloadSpan(4, 3)).toBe(1);
    expect(workloadSpan(6, 2)).toBe(3);
    expect(workloadSpan(1, 1)).toBe(1);
    const g = geometry('tiny');
    // as wide as the two cells below it (the gap between them included)
    expect(workloadWidth('tiny', 1, 2)).toBe(g.cellW + g.w);
    expect(workloadWidth('tiny', 1)).toBe(g.w);
  });

  it('places each card after the cells the one before spans, and the bounds hold them', () => {
    const g = geometry('tiny');
    const two = [
      { id: 'ds:a', revisions: 1, span: 2 },
      { id: 'deploy:b', revisions: 1, span: 2 },
    ];
    const p = dsPositions(two, 'tiny');
    expect(p['ds:a'].x).toBe(0);
    expect(p['deploy:b'].x).toBe(2 * g.cellW);
    const b = layoutBounds(grid(4, 4), two, null, 'tiny')!;
    expect(b.width).toBe(2 * g.cellW + workloadWidth('tiny', 1, 2));
  });
});
