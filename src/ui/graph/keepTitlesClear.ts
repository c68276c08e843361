// After a zoom (wheel, zoom buttons), the smallest pan that takes the card titles out from under the
// controls floating over the graph (legend, Fit view, Add node, zoom buttons, minimap, the off-screen
// pill), read from the page: issue 22, "the legend or Add node covers the DaemonSet title after
// zooming". The DaemonSet's title comes first; a title that was in view before a zoom by the
// buttons (which zoom about the middle of the pane) is brought back if the zoom took it off.

import { clearShift, intersects, type Rect } from './system/clearShift';

const OBSTACLES =
  '.react-flow__panel, .react-flow__minimap, .react-flow__controls, .palette, .graph-pill, .graph-head-tools';
const DS_TITLES = '.react-flow__node-daemonSet .ds-name';
const NODE_TITLES = '.react-flow__node .node-name, .react-flow__node .compact-name';

const rectOf = (r: DOMRect): Rect => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });

/** Where a title's text is (its element may be wider than the text). */
function textRect(el: Element): Rect {
  const range = document.createRange();
  range.selectNodeContents(el);
  const t = range.getBoundingClientRect();
  const b = el.getBoundingClientRect();
  return t.width > 0
    ? { left: t.left, top: t.top, right: Math.min(t.right, b.right), bottom: t.bottom }
    : rectOf(b);
}

/** The pane as seen (a docked side panel covers its part). */
function paneRect(root: HTMLElement): Rect | null {
  const pane = root.querySelector<HTMLElement>('.react-flow');
  if (!pane) return null;
  const r = rectOf(pane.getBoundingClientRect());
  const inspector = root.querySelector<HTMLElement>('.inspector');
  if (inspector) {
    const ir = inspector.getBoundingClientRect();
    if (inspector.classList.contains('bottom')) r.bottom = Math.min(r.bottom, ir.top);
    else r.right = Math.min(r.right, ir.left);
  }
  return r;
}

function obstacles(root: HTMLElement, pane: Rect): Rect[] {
  const out: Rect[] = [];
  for (const el of root.querySelectorAll<HTMLElement>(OBSTACLES)) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && intersects(rectOf(r), pane)) out.push(rectOf(r));
  }
  return out;
}

interface Title {
  key: string;
  rect: Rect;
  ds: boolean;
}

function titles(root: HTMLElement): Title[] {
  const out: Title[] = [];
  for (const [sel, ds] of [
    [DS_TITLES, true],
    [NODE_TITLES, false],
  ] as const)
    for (const el of root.querySelectorAll<HTMLElement>(sel)) {
      const node = el.closest<HTMLElement>('.react-flow__node');
      out.push({ key: node?.dataset.id ?? el.textContent ?? '', rect: textRect(el), ds });
    }
  return out;
}

const insideRect = (a: Rect, p: Rect, slack = 0) =>
  a.left >= p.left - slack &&
  a.right <= p.right + slack &&
  a.top >= p.top - slack &&
  a.bottom <= p.bottom + slack;

/** The DaemonSet titles in view and uncovered now (kept in view by a zoom of the buttons). */
export function titlesInView(root: HTMLElement | null): Set<string> {
  const out = new Set<string>();
  if (!root) return out;
  const pane = paneRect(root);
  if (!pane) return out;
  const obs = obstacles(root, pane);
  for (const t of titles(root))
    if (t.ds && insideRect(t.rect, pane, 1) && !obs.some((o) => intersects(t.rect, o))) out.add(t.key);
  return out;
}

/**
 * The pan (screen px) that clears the first covered title (DaemonSet titles first), keeping the titles
 * that are clear now clear; `keep`: titles to bring back into view if the zoom took them off.
 */
export function titleShift(
  root: HTMLElement | null,
  keep: ReadonlySet<string> = new Set(),
): { dx: number; dy: number } | null {
  if (!root) return null;
  const pane = paneRect(root);
  if (!pane) return null;
  const obs = obstacles(root, pane);
  const all = titles(root);
  const clear = (t: Title) => insideRect(t.rect, pane) && !obs.some((o) => intersects(t.rect, o));
  const wanted = all.filter(
    (t) =>
      !clear(t) && (keep.has(t.key) || (intersects(t.rect, pane) && obs.some((o) => intersects(t.rect, o)))),
  );
  wanted.sort((a, b) => Number(b.ds) - Number(a.ds));
  const fine = all.filter(clear);
  for (const t of wanted) {
    const s =
      clearShift(
        t.rect,
        obs,
        pane,
        fine.map((f) => f.rect),
      ) ??
      clearShift(
        t.rect,
        obs,
        pane,
        fine.filter((f) => f.ds).map((f) => f.rect),
      );
    if (s) return s;
  }
  return null;
}
