// The scrollback as text (for "Copy all") and as display lines. Pure.

import type { ConsoleLine } from '../../state/consoleSlice';

/** The whole scrollback as a terminal would show it: commands after `$ `, output as printed. */
export function transcript(lines: readonly ConsoleLine[]): string {
  let out = '';
  for (const l of lines) {
    const text = l.kind === 'command' ? `$ ${l.text}` : l.text;
    out += text.endsWith('\n') ? text : `${text}\n`;
  }
  return out;
}

/** The text a line shows: one trailing newline dropped (the block ends the line). */
export function displayText(l: ConsoleLine): string {
  return l.text.endsWith('\n') ? l.text.slice(0, -1) : l.text;
}

/** A piece of a displayed row: `keep` marks a word with a hyphen in it, kept whole when rows wrap. */
export interface RowPiece {
  text: string;
  keep: boolean;
}

/**
 * A row cut into pieces for wrapping: words with a hyphen (`--force`, `fluentd-elasticsearch`,
 * `NoSchedule`'s neighbours) are kept whole, since a browser would otherwise break after the hyphen
 * and show `--|force`; everything else wraps as usual. A row without a hyphen is one piece.
 */
export function rowPieces(row: string): RowPiece[] {
  if (!row.includes('-')) return [{ text: row, keep: false }];
  const out: RowPiece[] = [];
  let plain = '';
  for (const part of row.split(/(\s+)/)) {
    if (part !== '' && /\S-|-\S/.test(part)) {
      if (plain) out.push({ text: plain, keep: false });
      plain = '';
      out.push({ text: part, keep: true });
    } else plain += part;
  }
  if (plain) out.push({ text: plain, keep: false });
  return out;
}
