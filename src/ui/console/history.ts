// ↑/↓ through the command history, as a shell does: the line being typed is kept as a draft and comes
// back when you go down past the newest entry. Pure.

export interface HistoryCursor {
  /** index into the history, or null when on the line being typed */
  index: number | null;
  /** what was typed before the first ↑ */
  draft: string;
}

export const FRESH: HistoryCursor = { index: null, draft: '' };

export interface HistoryMove {
  cursor: HistoryCursor;
  line: string;
}

/** One entry back (older). Null when there is nothing older. */
export function historyUp(history: readonly string[], cur: HistoryCursor, line: string): HistoryMove | null {
  if (history.length === 0) return null;
  if (cur.index === null)
    return { cursor: { index: history.length - 1, draft: line }, line: history[history.length - 1] };
  if (cur.index <= 0) return null;
  const index = Math.min(cur.index, history.length) - 1;
  return { cursor: { index, draft: cur.draft }, line: history[index] };
}

/** One entry forward (newer); past the newest, back to the draft. Null when already on the draft. */
export function historyDown(history: readonly string[], cur: HistoryCursor): HistoryMove | null {
  if (cur.index === null) return null;
  if (cur.index < history.length - 1)
    return { cursor: { index: cur.index + 1, draft: cur.draft }, line: history[cur.index + 1] };
  return { cursor: FRESH, line: cur.draft };
}
