// The split between the cluster graph and the console (issue 22): the console's height the user chose
// by dragging the separator or with its keys, per layout (the course embed, presentation mode, the
// desktop page), kept in the store and in the page's storage so a reload keeps it. The limits are
// measured by the view (the console's chrome and line height, the frame's height); the rules are here.

/** The layouts where the graph and the console share the frame, each with its own remembered size. */
export type SplitLayout = 'embed' | 'present' | 'desk';

export type SplitSizes = Readonly<Partial<Record<SplitLayout, number>>>;

const LAYOUTS: readonly SplitLayout[] = ['embed', 'present', 'desk'];

/** The layout a page is in, or null where the panels stack and the page scrolls (a phone). */
export function splitLayoutOf(o: { embed: boolean; present: boolean; narrow: boolean }): SplitLayout | null {
  if (o.embed) return 'embed';
  if (o.narrow) return null;
  return o.present ? 'present' : 'desk';
}

/** The console's smallest height: its title row and input line, and this many lines of output. */
export const MIN_CONSOLE_LINES = 3;

/**
 * The graph's smallest share of the height it shares with the console, whatever it draws. Its cards
 * ask for more when they need it (the graph's legible height: the least detailed cards at 10 px).
 */
export const MIN_GRAPH_SHARE = 0.4;

export interface SplitLimits {
  /** console height (px) */
  min: number;
  max: number;
}

/**
 * The limits of the console's height: at least its chrome and MIN_CONSOLE_LINES lines, at most what
 * leaves the graph MIN_GRAPH_SHARE of the area and the height its cards need to stay readable. `chrome` is the console panel's height minus its output
 * area's; `line` the output's line height; `pad` the output's vertical padding; `area` the height the
 * graph and the console share (the gap between them left out).
 */
export function splitLimits(m: {
  chrome: number;
  line: number;
  pad: number;
  area: number;
  /** the graph panel's smallest height with its cards readable (the graph's: src/ui/graph), if known */
  graphMin?: number;
}): SplitLimits {
  const min = Math.ceil(m.chrome + m.pad + MIN_CONSOLE_LINES * m.line);
  const max = Math.floor(Math.min(m.area * (1 - MIN_GRAPH_SHARE), m.area - (m.graphMin ?? 0)));
  return { min, max: Math.max(min, max) };
}

export function clampSize(px: number, l: SplitLimits): number {
  return Math.round(Math.min(l.max, Math.max(l.min, px)));
}

/**
 * The console's height after a key on the separator (the window-splitter pattern of WAI-ARIA): ↑ makes
 * the console one line taller, ↓ one line shorter, Page Up / Page Down three lines, Home the smallest,
 * End the largest. null: not a key of the separator.
 */
export function sizeAfterKey(key: string, now: number, l: SplitLimits, line: number): number | null {
  const step = Math.max(1, line);
  switch (key) {
    case 'ArrowUp':
      return clampSize(now + step, l);
    case 'ArrowDown':
      return clampSize(now - step, l);
    case 'PageUp':
      return clampSize(now + 3 * step, l);
    case 'PageDown':
      return clampSize(now - 3 * step, l);
    case 'Home':
      return l.min;
    case 'End':
      return l.max;
    default:
      return null;
  }
}

/** Stored sizes, read back: only known layouts with whole, positive sizes (anything else is dropped). */
export function parseSplitSizes(raw: string | null): SplitSizes {
  if (!raw) return {};
  let o: unknown;
  try {
    o = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) return {};
  const out: Partial<Record<SplitLayout, number>> = {};
  for (const k of LAYOUTS) {
    if (!Object.hasOwn(o, k)) continue;
    const v = (o as Record<string, unknown>)[k];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 10_000) out[k] = Math.round(v);
  }
  return out;
}
