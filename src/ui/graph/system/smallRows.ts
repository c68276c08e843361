// How many lines the revision rows of a compact or tiny workload card take once they wrap (issue 22:
// a long image tag and "(was rev 1)" are words to read, not an ellipsis). The layout gives the card a
// slot as tall as its content, so the card never grows past its slot onto the node cards; the content
// is estimated here, without the DOM, from the same words the card draws: each row's fixed words (the
// revision number, "was", "failing", a ReplicaSet's replicas, measured at their widest in English and
// Chinese), the image tag in monospace, and at the compact level the current revision's change-cause
// on lines of its own. Widths are deliberately generous (a line too many leaves a blank line; a line
// too few would be cut off). Pure.

import { geometry, SMALL_REVS, type Level, type SmallExtra } from './layout';
import type { RevisionView } from './model';
import type { ReplicaSetEntry } from './deploymentModel';

/** One row of a small card's list. */
export interface SmallRow {
  /** em of the fixed words before the tag (see the *_EM constants), gaps included */
  before: number;
  /** the image tag (or what the revision changed), in monospace */
  what: string;
  /** em of the fixed words after it (a ReplicaSet's replicas, "+N") */
  after: number;
  /** room kept for the failing mark ("✗ failing", "✗ failed"; "✗" on tiny cards) */
  bad?: boolean;
  /** the change-cause, drawn under the current revision's row at the compact level */
  cause?: string;
}

/** Fixed words of a row, in em, the widest of en and zh-CN (DejaVu Sans, bold on the current row). */
export const REV_EM = 4.8; // the swatch, "rev 12" / "修订 12", in bold
export const WAS_EM = 7; // "(was rev 12)" / "（原修订 12）"
export const WAS_SHORT_EM = 5; // "(was 12)" / "（原 12）"
export const BAD_EM = 5.4; // "✗ failing" / "✗ 失败" (compact cards)
export const BAD_MARK_EM = 1.7; // "✗" alone (tiny cards: the word on hover and for screen readers)
export const DOT_EM = 0.9; // "· " and the gaps
export const REPLICAS_EM = 3.6; // "10/10" in monospace
export const FOLDED_EM = 2.2; // "+12"

/** Text per line, in em, of each level's rows: the card's inner width over its font size. */
const LINE_EM: Record<'compact' | 'tiny', number> = { compact: 17, tiny: 14.2 };
/** The rows' and the name's font at each level (flow px at scale 1, daemonset.css). */
const ROW_PX = { compact: 12, tiny: 15 } as const;
const NAME_PX = { compact: 14, tiny: 15 } as const;

/** Em a card spanning `span` grid cells has beyond one cell's, at a font size (workloadWidth). */
const spanEm = (level: 'compact' | 'tiny', span: number, px: number) =>
  ((Math.max(1, span) - 1) * geometry(level).cellW) / px;

/** Text per line of a row on a card `span` cells wide. */
const rowLineEm = (level: 'compact' | 'tiny', span = 1) =>
  LINE_EM[level] + spanEm(level, span, ROW_PX[level]);

const isWide = (c: string) =>
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(c);

/** Width of a character in em: CJK 1, monospace 0.62, proportional text 0.6 (DejaVu Sans's widest lowercase and digits). */
function charEm(c: string, mono: boolean): number {
  if (isWide(c)) return 1;
  return mono ? 0.61 : 0.6;
}

/**
 * Lines a text takes when it wraps greedily at spaces and after hyphens, a word longer than a line
 * breaking anywhere (CSS `overflow-wrap: anywhere`), after `start` em already used on the first line;
 * and the em used on its last line.
 */
export function wrap(
  text: string,
  lineEm: number,
  mono: boolean,
  start = 0,
): { lines: number; used: number } {
  let lines = 1;
  let used = start;
  while (used > lineEm) {
    used -= lineEm;
    lines++;
  }
  for (const w of text.split(/(?<=[\s-])/)) {
    let em = 0;
    for (const c of w) em += charEm(c, mono);
    if (used + em <= lineEm + 1e-9) {
      used += em;
      continue;
    }
    if (used > 0) {
      lines++;
      used = 0;
    }
    while (em > lineEm) {
      em -= lineEm;
      lines++;
    }
    used = em;
  }
  return { lines, used };
}

/** Lines one row takes at a level (its change-cause not counted). */
export function rowLines(r: SmallRow, level: 'compact' | 'tiny', span = 1): number {
  const lineEm = rowLineEm(level, span);
  const w = wrap(r.what, lineEm, true, r.before);
  const after = r.after + (r.bad ? (level === 'tiny' ? BAD_MARK_EM : BAD_EM) : 0);
  return w.lines + (after > 0 && w.used + after > lineEm + 1e-9 ? 1 : 0);
}

/** Lines the listed rows take beyond one each (what the card's slot adds), at a small level. */
export function extraLines(rows: readonly SmallRow[], level: Level, span = 1): number {
  if (level !== 'compact' && level !== 'tiny') return 0;
  let extra = 0;
  for (const r of rows.slice(0, SMALL_REVS)) {
    extra += rowLines(r, level, span) - 1;
    if (level === 'compact' && r.cause) extra += wrap(r.cause, rowLineEm('compact', span), false).lines;
  }
  return extra;
}

/** What a revision changed, in a word: its image's tag (the whole image on hover), else its change-cause. */
export function revisionWhat(r: { images: readonly string[]; changeCause?: string }): string {
  const image = r.images[0] ?? '';
  const last = image.slice(image.lastIndexOf('/') + 1);
  const colon = last.lastIndexOf(':');
  return colon >= 0 ? last.slice(colon + 1) : last || (r.changeCause ?? '');
}

/**
 * A DaemonSet's small rows as its card draws them: number, "(was rev N)", the tag, "failing" (room
 * kept on the current row, the one a failing rollout is on, and on a revision whose image did not
 * pull), "+N" folded on the last; the current row's change-cause under it.
 */
export function dsSmallRows(chain: readonly RevisionView[]): SmallRow[] {
  const shown = chain.slice(0, SMALL_REVS);
  const folded = chain.length > shown.length;
  return shown.map((r, i) => ({
    before: REV_EM + (r.was !== undefined ? WAS_EM : 0) + DOT_EM,
    what: revisionWhat(r),
    after: folded && i === shown.length - 1 ? FOLDED_EM : 0,
    bad: r.current || !!r.pullFailed,
    ...(r.current && r.changeCause ? { cause: r.changeCause } : {}),
  }));
}

/** A Deployment's small rows: number, "(was N)", the tag, its replicas, "+N"; the current row's change-cause. */
export function deploySmallRows(chain: readonly ReplicaSetEntry[]): SmallRow[] {
  const shown = chain.slice(0, SMALL_REVS);
  const folded = chain.length > shown.length;
  return shown.map((r, i) => ({
    before: REV_EM + (r.was !== undefined ? WAS_SHORT_EM : 0) + DOT_EM,
    what: revisionWhat(r),
    after: REPLICAS_EM + (folded && i === shown.length - 1 ? FOLDED_EM : 0),
    ...(r.current && r.changeCause ? { cause: r.changeCause } : {}),
  }));
}

/** The lines a card's rows add at each small level (what its slot grows by). */
export function smallExtra(rows: readonly SmallRow[], span = 1): SmallExtra {
  return { compact: extraLines(rows, 'compact', span), tiny: extraLines(rows, 'tiny', span) };
}

/**
 * Text per line of a small card's name, in em of the name's font (14 px compact, 15 px tiny): the
 * card's width less its padding and border (2 × 8 + 2 × 2 px, daemonset.css) over it.
 */
const nameLineEm = (level: 'compact' | 'tiny', span = 1) =>
  (geometry(level).w - 20) / NAME_PX[level] + spanEm(level, span, NAME_PX[level]);

/**
 * What shares the name's line, in em of the name's font: the menu button "⋯" on compact cards; on tiny
 * ones "⚠ ready/desired ↻" (the stalled and lagging glyphs come and go, so room is kept for both) —
 * and a glyph before the name (a Deployment's ❐).
 */
export function headSideEm(level: 'compact' | 'tiny', desired: number, glyph = false): number {
  const side = level === 'compact' ? 2.4 : 1.4 + (2 * String(Math.max(0, desired)).length + 1) * 0.61 + 1.4;
  return side + (glyph ? 1.5 : 0);
}

/**
 * Lines a small card's name takes beyond its first at each level (issue 22: a name is read whole,
 * never "fluentd-elasticsear…"): it wraps after hyphens beside what shares its line; the slot grows by
 * them as by the rows' (the name's line height, 1.1 × 14 or 15 px, is below a row's extra line).
 */
export function nameExtra(name: string, desired: number, glyph = false, span = 1): SmallExtra {
  const lines = (level: 'compact' | 'tiny') =>
    wrap(name, nameLineEm(level, span) - headSideEm(level, desired, glyph), true).lines - 1;
  return { compact: lines('compact'), tiny: lines('tiny') };
}

function addExtra(a: SmallExtra, b: SmallExtra): SmallExtra {
  return { compact: a.compact + b.compact, tiny: a.tiny + b.tiny };
}

/** All a DaemonSet card adds at each small level: its name's lines and its revision rows'. */
export function dsCardExtra(
  name: string,
  desired: number,
  chain: readonly RevisionView[],
  span = 1,
): SmallExtra {
  return addExtra(nameExtra(name, desired, false, span), smallExtra(dsSmallRows(chain), span));
}

/** All a Deployment card adds: its name's lines (after its ❐) and its ReplicaSet rows'. */
export function deployCardExtra(
  name: string,
  desired: number,
  chain: readonly ReplicaSetEntry[],
  span = 1,
): SmallExtra {
  return addExtra(nameExtra(name, desired, true, span), smallExtra(deploySmallRows(chain), span));
}
