// The zoomed-out view of a large cluster: one canvas under React Flow's pane, redrawn when the
// viewport or the cluster changes (at most once a frame), instead of 1,000 React Flow nodes whose
// per-node subscriptions would make every pan frame and every batch cost O(n) in React.

import { useEffect, useRef, useState } from 'react';
import { useStoreApi } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { CardContext } from './system/buildGraph';
import { NODE_H, NODE_W, type Level, type XY } from './system/layout';
import { summarize, type OverviewCell } from './system/overview';
import { liveCells, nameSet, type CellBudget } from './liveCard';
import { useStore } from '../../state/store';
import { isDebug } from '../../state/debug';
import { alignedWait } from '../../state/useThrottledStore';

interface Palette {
  ok: string;
  warn: string;
  danger: string;
  muted: string;
  border: string;
  panel: string;
  fg: string;
  bg: string;
}

function readPalette(el: Element): Palette {
  const cs = getComputedStyle(el);
  const v = (name: string) => cs.getPropertyValue(name).trim() || '#888';
  return {
    ok: v('--ok'),
    warn: v('--warn'),
    danger: v('--danger'),
    muted: v('--muted'),
    border: v('--border'),
    panel: v('--panel-bg'),
    fg: v('--fg'),
    bg: v('--bg'),
  };
}

function fillOf(p: Palette, f: OverviewCell['fill']): string {
  switch (f) {
    case 'ok':
      return p.ok;
    case 'progress':
      return p.warn;
    case 'failed':
      return p.danger;
    case 'none':
      return p.border;
    default:
      return p.muted;
  }
}

/** What a full draw was made for: when any of it changes, the next draw is a full one. */
export interface Frame {
  transform: [number, number, number];
  w: number;
  h: number;
  dpr: number;
  palette: Palette;
  names: readonly string[];
  positions: Readonly<Record<string, XY>>;
}

/**
 * Counts what the overview drew (debug builds: see e2e/overview-redraw.spec.ts): full redraws and
 * cells drawn, so a test can tell that a change to one node redraws one cell, not the grid.
 */
export const overviewDraws: { full: number; cells: number; longestMs: number; redrawAll?: () => void } = {
  full: 0,
  cells: 0,
  longestMs: 0,
};

/** A cell's square on screen, in CSS pixels (fractional: a cell may be smaller than a pixel). */
function cellBox(c: OverviewCell, t: readonly [number, number, number]): [number, number, number, number] {
  const [tx, ty, k] = t;
  return [c.x * k + tx, c.y * k + ty, NODE_W * k, NODE_H * k];
}

function drawCell(
  ctx: CanvasRenderingContext2D,
  c: OverviewCell,
  [x, y, cw, ch]: readonly [number, number, number, number],
  p: Palette,
) {
  const inset = Math.max(1, Math.min(4, cw * 0.04));
  ctx.fillStyle = c.border === 'notready' ? p.danger : c.border === 'cordoned' ? p.warn : p.panel;
  ctx.fillRect(x, y, cw, ch);
  ctx.fillStyle = fillOf(p, c.fill);
  ctx.fillRect(x + inset, y + inset, cw - 2 * inset, ch - 2 * inset);
  if (cw >= 48) {
    ctx.fillStyle = c.fill === 'none' ? p.fg : p.panel;
    ctx.fillText(c.name, x + inset + 2, y + inset + 2, cw - 2 * inset - 4);
  }
  if (cw >= 24 && c.pods.length) {
    const s = Math.max(3, Math.min(14, cw / 8));
    const n = Math.min(4, c.pods.length);
    for (let i = 0; i < n; i++) {
      ctx.fillStyle = p.panel;
      ctx.fillRect(x + inset + 2 + i * (s + 2), y + ch - inset - s - 2, s, s);
      ctx.fillStyle = fillOf(p, c.pods[i]);
      ctx.fillRect(x + inset + 3 + i * (s + 2), y + ch - inset - s - 1, s - 2, s - 2);
    }
  }
  overviewDraws.cells++;
}

/** The font last set on each canvas's context. */
const fonts = new WeakMap<CanvasRenderingContext2D, string>();

/** Side of the screen buckets that find the cells touching a pixel (device pixels). */
const BUCKET = 32;

/**
 * What a full draw leaves for the partial ones: each cell as drawn, its rank in draw order, and the
 * buckets. The canvas's first full draw is painted in slices (issue 24: a 1,000-node link's first
 * draw was one long frame): `order` is the ids in draw order and `next` the first not painted yet;
 * `done` says a full draw has been painted to the end (every full draw after it is painted whole:
 * a pan must not show half a grid).
 */
export interface Drawn {
  cells: Map<string, OverviewCell>;
  rank: Map<string, number>;
  buckets: Map<number, string[]>;
  order: string[];
  next: number;
  done: boolean;
}

export function emptyDrawn(): Drawn {
  return { cells: new Map(), rank: new Map(), buckets: new Map(), order: [], next: 0, done: false };
}

/** The cells of the current full draw not painted yet (its slices still to come). */
export function unpainted(drawn: Drawn): number {
  return drawn.order.length - drawn.next;
}

/**
 * Paints the current full draw's cells from `drawn.next` on, in draw order, until `more()` says
 * stop (asked after each cell, so at least one cell is painted per call): each cell as it is now.
 */
function paintRest(ctx: CanvasRenderingContext2D, frame: Frame, drawn: Drawn, more: () => boolean): void {
  const { transform, palette: p, dpr } = frame;
  const W = Math.round(frame.w * dpr);
  const H = Math.round(frame.h * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  while (drawn.next < drawn.order.length) {
    const c = drawn.cells.get(drawn.order[drawn.next++])!;
    const [x0, y0, x1, y1] = pixels(c, transform, dpr);
    if (x1 > 0 && y1 > 0 && x0 < W && y0 < H) {
      drawCell(ctx, c, cellBox(c, transform), p);
      if (!more()) break;
    }
  }
  if (drawn.next >= drawn.order.length && !drawn.done) {
    drawn.done = true;
    overviewDraws.full++;
  }
}

/** The device pixels a cell touches: [x0, y0, x1, y1), whole pixels. */
function pixels(
  c: OverviewCell,
  t: readonly [number, number, number],
  dpr: number,
): [number, number, number, number] {
  const [x, y, w, h] = cellBox(c, t);
  return [Math.floor(x * dpr), Math.floor(y * dpr), Math.ceil((x + w) * dpr), Math.ceil((y + h) * dpr)];
}

const bucketKey = (bx: number, by: number) => (by + 32768) * 65536 + (bx + 32768);

/**
 * Draws the cells. With `prev` (the last frame, drawn for the same view) only the nodes whose cell
 * changed are drawn again: the pixels such a cell touches are cleared (clipped to whole pixels) and
 * every cell touching them is drawn again there in the order of a full draw, so the result is what a
 * full redraw gives (tiny cells share pixels; there the clipped edges may round 1–2/255 apart) at
 * the cost of the changed cells.
 */
/** The same view: the same size, colours, nodes, positions and viewport (else everything is drawn again). */
function sameView(a: Frame, b: Frame): boolean {
  return (
    a.w === b.w &&
    a.h === b.h &&
    a.dpr === b.dpr &&
    a.palette === b.palette &&
    a.names === b.names &&
    a.positions === b.positions &&
    a.transform[0] === b.transform[0] &&
    a.transform[1] === b.transform[1] &&
    a.transform[2] === b.transform[2]
  );
}

/**
 * `subset`: `cells` are only the nodes that changed (else every node's). Returns false when it could
 * not draw from a subset (a node the last full draw did not have): the caller draws again with all.
 * `more`: asked after each cell painted while the canvas's first full draw is not painted to its end;
 * when it says no, the rest waits for the next call (`unpainted`), which goes on where this one
 * stopped. Every later full draw is painted whole.
 */
export function draw(
  canvas: HTMLCanvasElement,
  cells: readonly OverviewCell[],
  frame: Frame,
  prev: Frame | null,
  drawn: Drawn,
  subset = false,
  more: () => boolean = () => true,
): boolean {
  const { w, h, dpr, palette: p, transform } = frame;
  const ctx = canvas.getContext('2d');
  if (!ctx) return true;
  const full = !prev || !sameView(prev, frame) || (!subset && cells.length !== drawn.rank.size);
  if (full && subset) return false;
  const W = Math.round(w * dpr);
  const H = Math.round(h * dpr);
  if (canvas.width !== W || canvas.height !== H) {
    // (resizing resets the context's state, the font included)
    canvas.width = W;
    canvas.height = H;
    fonts.delete(ctx);
  }
  const cw = NODE_W * transform[2];
  // Names are drawn only on cells wide enough; setting a font resolves it again (slow with fallback
  // fonts), so it is set only when it changes.
  if (cw >= 48) {
    const font = `${Math.min(12, Math.max(8, cw / 9))}px ui-monospace, monospace`;
    if (fonts.get(ctx) !== font) {
      ctx.font = font;
      ctx.textBaseline = 'top';
      fonts.set(ctx, font);
    }
  }
  const onScreen = ([x0, y0, x1, y1]: readonly number[]) => x1 > 0 && y1 > 0 && x0 < W && y0 < H;
  if (full) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, W, H);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawn.cells.clear();
    drawn.rank.clear();
    drawn.buckets.clear();
    drawn.order = [];
    drawn.next = 0;
    cells.forEach((c, i) => {
      drawn.cells.set(c.id, c);
      drawn.rank.set(c.id, i);
      drawn.order.push(c.id);
      const px = pixels(c, transform, dpr);
      if (!onScreen(px)) return;
      for (let by = Math.floor(px[1] / BUCKET); by <= Math.floor((px[3] - 1) / BUCKET); by++)
        for (let bx = Math.floor(px[0] / BUCKET); bx <= Math.floor((px[2] - 1) / BUCKET); bx++) {
          const k = bucketKey(bx, by);
          const list = drawn.buckets.get(k);
          if (list) list.push(c.id);
          else drawn.buckets.set(k, [c.id]);
        }
    });
    // the first full draw in slices; any later one whole
    if (drawn.done) {
      overviewDraws.full++;
      for (const c of cells) drawCell(ctx, c, cellBox(c, transform), p);
      drawn.next = drawn.order.length;
    } else paintRest(ctx, frame, drawn, more);
    return true;
  }
  // Same view: the cells that changed (a node's content is a new object only when it changed). The
  // node list is the same (else the draw is a full one), so every id was drawn before.
  const dirty: [number, number, number, number][] = [];
  for (const c of cells) {
    if (drawn.cells.get(c.id) === c) continue;
    const rank = drawn.rank.get(c.id);
    if (rank === undefined) {
      // a node the last full draw did not have (the list is being replaced): draw everything
      if (subset) return false;
      return draw(canvas, cells, frame, null, drawn, false, more);
    }
    drawn.cells.set(c.id, c);
    // a cell the first full draw has not painted yet: its slice paints it as it is now
    if (rank >= drawn.next) continue;
    const px = pixels(c, transform, dpr);
    if (onScreen(px)) dirty.push(px);
  }
  const finish = () => {
    if (unpainted(drawn) > 0) paintRest(ctx, frame, drawn, more);
    return true;
  };
  if (!dirty.length) return finish();
  // Much of the grid changed (a rollout started: every pod's revision moved): one full draw is
  // cheaper, from every node's cell as it is now (drawn.cells holds them in draw order).
  // (Not while the first full draw is still being painted: that would start it again.)
  if (drawn.done && dirty.length > drawn.rank.size / 8)
    return draw(canvas, subset ? [...drawn.cells.values()] : cells, frame, null, drawn, false, more);
  for (const [x0, y0, x1, y1] of dirty) {
    // every cell touching these pixels, in draw order
    const ids = new Set<string>();
    for (let by = Math.floor(y0 / BUCKET); by <= Math.floor((y1 - 1) / BUCKET); by++)
      for (let bx = Math.floor(x0 / BUCKET); bx <= Math.floor((x1 - 1) / BUCKET); bx++)
        for (const id of drawn.buckets.get(bucketKey(bx, by)) ?? []) ids.add(id);
    // (only cells painted already: the first draw's later slices paint the rest once, in order)
    const touching = [...ids]
      .filter((id) => drawn.rank.get(id)! < drawn.next)
      .map((id) => drawn.cells.get(id)!)
      .filter((c) => {
        const q = pixels(c, transform, dpr);
        return q[0] < x1 && q[2] > x0 && q[1] < y1 && q[3] > y0;
      })
      .sort((a, b) => drawn.rank.get(a.id)! - drawn.rank.get(b.id)!);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (touching.length === 1) {
      // no other cell shares these pixels (the usual case: cells have gaps): no clip needed
      ctx.clearRect(x0, y0, x1 - x0, y1 - y0);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      drawCell(ctx, touching[0], cellBox(touching[0], transform), p);
      continue;
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0, y0, x1 - x0, y1 - y0);
    ctx.clip();
    ctx.clearRect(x0, y0, x1 - x0, y1 - y0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    for (const c of touching) drawCell(ctx, c, cellBox(c, transform), p);
    ctx.restore();
  }
  return finish();
}

/** How often the canvas's accessible summary may change (ms): a screen reader need not hear every batch. */
const SUMMARY_MS = 1000;
/** How long a frame may spend making nodes' contents again for the overview (ms). */
const CELL_BUDGET_MS = 6;
/** How long a frame may spend painting the canvas's first full draw (ms, from the frame's start; at least one cell). */
const PAINT_BUDGET_MS = 8;
/** How often pod and node changes may redraw the overview (ms). */
const CLUSTER_REDRAW_MS = 100;

/**
 * The overview reads the store itself (not through React): on every published batch it redraws at
 * most once a frame, from the per-node contents (made again only for the nodes that changed).
 */
export function OverviewCanvas({
  names,
  positions,
  context,
  level,
  theme,
}: {
  names: readonly string[];
  positions: Readonly<Record<string, XY>>;
  context: CardContext;
  level: Level;
  theme: string;
}) {
  const { t } = useTranslation('graph');
  const ref = useRef<HTMLCanvasElement>(null);
  const store = useStoreApi();
  const latest = useRef({ names, positions, context, level });
  latest.current = { names, positions, context, level };
  const palette = useRef<Palette | null>(null);
  const frame = useRef(0);
  const [summary, setSummary] = useState<ReturnType<typeof summarize> | null>(null);
  const lastSummary = useRef(0);
  const last = useRef<Frame | null>(null);
  const drawn = useRef(emptyDrawn());
  const box = useRef<{ w: number; h: number } | null>(null);
  /** the nodes to draw again at the next frame ('all': every node) */
  const pending = useRef<Set<string> | 'all'>('all');

  const schedule = useRef(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const c = ref.current;
      if (!c) return;
      const l = latest.current;
      const t0 = performance.now();
      palette.current ??= readPalette(c);
      const fs = store.getState();
      // The canvas's size as the ResizeObserver last reported it (reading clientWidth here would
      // force a layout of the page in the middle of a frame).
      const size = box.current ?? { w: c.clientWidth, h: c.clientHeight };
      box.current = size;
      const next: Frame = {
        transform: fs.transform,
        w: size.w,
        h: size.h,
        dpr: window.devicePixelRatio || 1,
        palette: palette.current,
        names: l.names,
        positions: l.positions,
      };
      // Only the nodes that changed since the last frame, unless the view or what every cell
      // depends on changed; contents made again within a slice of the frame, the rest next frame.
      const want = pending.current;
      pending.current = new Set();
      const all = want === 'all' || !last.current || !sameView(last.current, next);
      const known = nameSet(l.names);
      const budget: CellBudget = {
        deadline: t0 + CELL_BUDGET_MS,
        stale: (id) => drawn.current.cells.get(id),
        deferred: [],
        keepStale: all,
      };
      const cells = liveCells(
        useStore.getState(),
        all ? l.names : [...want].filter((n) => known.has(n)),
        l.positions,
        l.context,
        l.level,
        budget,
      );
      const paintUntil = t0 + PAINT_BUDGET_MS;
      const more = () => performance.now() < paintUntil;
      if (draw(c, cells, next, last.current, drawn.current, !all, more)) last.current = next;
      else pending.current = 'all';
      if (budget.deferred.length && pending.current !== 'all')
        for (const n of budget.deferred) pending.current.add(n);
      if (budget.deferred.length || pending.current === 'all' || unpainted(drawn.current) > 0)
        schedule.current();
      const now = performance.now();
      overviewDraws.longestMs = Math.max(overviewDraws.longestMs, now - t0);
      if (now - lastSummary.current >= SUMMARY_MS) {
        lastSummary.current = now;
        const next = summarize([...drawn.current.cells.values()]);
        setSummary((old) => (old && JSON.stringify(old) === JSON.stringify(next) ? old : next));
      }
    });
  });

  // A new theme: colours read again, everything drawn again. Other changes draw what changed (the
  // draw itself tells a new view or node list from a change of some cells).
  useEffect(() => {
    palette.current = null;
    last.current = null;
    pending.current = 'all';
    schedule.current();
  }, [theme]);
  useEffect(() => {
    pending.current = 'all';
    schedule.current();
  }, [names, positions, context, level]);

  useEffect(() => {
    const again = schedule.current;
    // a test's way to compare the cells drawn one by one with the whole grid drawn again
    overviewDraws.redrawAll = () => {
      last.current = null;
      again();
    };
    const unsub = store.subscribe((s, prev) => {
      if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) again();
    });
    // Cluster changes redraw at most every CLUSTER_REDRAW_MS (a running clock changes pods with
    // every batch; each redraw of the whole canvas is uploaded again); panning redraws every frame.
    // The redraws keep to the wall clock's 100 ms grid, as the other views that follow a running
    // clock do (useThrottledStore), so they all change in the same frame.
    let clusterTimer: ReturnType<typeof setTimeout> | undefined;
    let lastCluster = 0;
    const unsubCluster = useStore.subscribe((s, prev) => {
      if (s.mirrorVersion === prev.mirrorVersion && s.selection === prev.selection) return;
      // which nodes to look at again: those of each publish (a selected pod marks its node's cell)
      if (s.selection !== prev.selection || s.nodesChanged === 'all') pending.current = 'all';
      else if (s.mirrorVersion !== prev.mirrorVersion && pending.current !== 'all')
        for (const n of s.nodesChanged) pending.current.add(n);
      if (clusterTimer !== undefined) return;
      const now = Date.now();
      clusterTimer = setTimeout(
        () => {
          clusterTimer = undefined;
          lastCluster = Date.now();
          again();
        },
        now - lastCluster >= CLUSTER_REDRAW_MS ? 0 : alignedWait(now, CLUSTER_REDRAW_MS),
      );
    });
    const ro = new ResizeObserver((entries) => {
      const r = entries[entries.length - 1]?.contentRect;
      if (r) box.current = { w: r.width, h: r.height };
      again();
    });
    if (ref.current) ro.observe(ref.current);
    return () => {
      unsub();
      unsubCluster();
      clearTimeout(clusterTimer);
      ro.disconnect();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [store]);

  const sum = summary ?? { nodes: names.length, notReady: 0, pods: {} };
  const pods = Object.entries(sum.pods)
    .map(([k, n]) => `${t(`overview.tone.${k}`)} ${n}`)
    .join(', ');
  return (
    <canvas
      ref={ref}
      className="overview-canvas"
      role="img"
      aria-label={t('overview.aria', {
        nodes: sum.nodes,
        notReady: sum.notReady,
        pods: pods || t('node.noPods'),
      })}
      data-testid="graph.overview"
    />
  );
}

// The draw counter is reachable from tests of the page (debug builds only, see src/state/debug.ts).
if (typeof window !== 'undefined' && isDebug())
  (window as unknown as { __dspOverview: typeof overviewDraws }).__dspOverview = overviewDraws;
