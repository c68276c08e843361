// The overview's first full draw is painted in slices (issue 24: a 1,000-node share link's first draw
// was one long frame on a phone); the slices together paint what one whole draw paints, each cell once.

import { describe, expect, it } from 'vitest';
import { draw, emptyDrawn, overviewDraws, unpainted, type Frame } from './OverviewCanvas';
import { placeholderCell, type OverviewCell } from './system/overview';
import { CELL_H, CELL_W } from './system/layout';

/** A canvas whose context records what is painted (fillRect with its colour, in order). */
function fakeCanvas() {
  const ops: string[] = [];
  const ctx = {
    fillStyle: '',
    font: '',
    textBaseline: '',
    setTransform: () => {},
    clearRect: (...a: number[]) => ops.push(`clear ${a.join(' ')}`),
    fillRect: (...a: number[]) => ops.push(`${ctx.fillStyle} ${a.map((v) => v.toFixed(3)).join(' ')}`),
    fillText: () => {},
    save: () => {},
    restore: () => {},
    beginPath: () => {},
    rect: () => {},
    clip: () => {},
  };
  const canvas = { width: 0, height: 0, getContext: () => ctx } as unknown as HTMLCanvasElement;
  return { canvas, ops };
}

const palette = {
  ok: 'ok',
  warn: 'warn',
  danger: 'danger',
  muted: 'muted',
  border: 'border',
  panel: 'panel',
  fg: 'fg',
  bg: 'bg',
};

function grid(n: number, fill: OverviewCell['fill'] = 'none'): OverviewCell[] {
  return Array.from({ length: n }, (_, i) => ({
    ...placeholderCell(`node:n${i}`, `n${i}`, { x: (i % 40) * CELL_W, y: Math.floor(i / 40) * CELL_H }),
    fill,
  }));
}

function frameOf(names: readonly string[], transform: [number, number, number] = [0, 0, 0.03]): Frame {
  return { transform, w: 412, h: 600, dpr: 1, palette, names, positions: {} };
}

/** A `more` that lets `n` cells be painted per call. */
const cellsPerCall = (n: number) => {
  let left = n;
  return () => --left > 0;
};

describe('the overview canvas', () => {
  it('paints its first full draw of 1,000 cells in slices, each cell once, the whole draw in the end', () => {
    const cells = grid(1000);
    const f = frameOf(cells.map((c) => c.name));
    const sliced = fakeCanvas();
    const drawn = emptyDrawn();
    const full0 = overviewDraws.full;
    const cells0 = overviewDraws.cells;
    expect(draw(sliced.canvas, cells, f, null, drawn, false, cellsPerCall(100))).toBe(true);
    // the first slice: 100 cells painted, the rest to come, no full draw counted yet
    expect(overviewDraws.cells - cells0).toBe(100);
    expect(unpainted(drawn)).toBe(900);
    expect(overviewDraws.full).toBe(full0);
    let calls = 1;
    while (unpainted(drawn) > 0) {
      // later frames: the same view, nothing changed
      draw(sliced.canvas, [], f, f, drawn, true, cellsPerCall(100));
      calls++;
    }
    expect(calls).toBe(10);
    expect(overviewDraws.cells - cells0).toBe(1000);
    expect(overviewDraws.full).toBe(full0 + 1);

    // one whole draw of the same cells paints the same, in the same order
    const whole = fakeCanvas();
    const done = { ...emptyDrawn(), done: true };
    draw(whole.canvas, cells, f, null, done, false, cellsPerCall(100));
    expect(unpainted(done)).toBe(0);
    expect(sliced.ops).toEqual(whole.ops);
  });

  it('a cell that changes before its slice is painted once, as it is then; a painted one is drawn again', () => {
    const cells = grid(1000);
    const f = frameOf(cells.map((c) => c.name));
    const { canvas, ops } = fakeCanvas();
    const drawn = emptyDrawn();
    draw(canvas, cells, f, null, drawn, false, cellsPerCall(100));
    const painted = { ...cells[10], fill: 'failed' as const };
    const later = { ...cells[700], fill: 'ok' as const };
    const before = ops.length;
    draw(canvas, [painted, later], f, f, drawn, true, cellsPerCall(100));
    // cell 10 drawn again in its own pixels (cleared first), then the next 100 cells of the draw
    expect(ops.slice(before).filter((o) => o.startsWith('clear')).length).toBe(1);
    while (unpainted(drawn) > 0) draw(canvas, [], f, f, drawn, true, cellsPerCall(100));
    const fills = ops.filter((o) => o.startsWith('danger') || o.startsWith('ok'));
    expect(fills).toHaveLength(2);
  });

  it('paints a later full draw (a pan, a zoom) whole: never half a grid', () => {
    const cells = grid(1000);
    const f = frameOf(cells.map((c) => c.name));
    const { canvas } = fakeCanvas();
    const drawn = emptyDrawn();
    draw(canvas, cells, f, null, drawn, false, () => true);
    expect(unpainted(drawn)).toBe(0);
    const cells0 = overviewDraws.cells;
    const panned = frameOf(f.names, [5, 0, 0.03]);
    draw(canvas, cells, panned, f, drawn, false, cellsPerCall(100));
    expect(unpainted(drawn)).toBe(0);
    expect(overviewDraws.cells - cells0).toBe(1000);
  });
});
