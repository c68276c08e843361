// kubectl's human-readable table: upper-cased headers and tab-separated cells aligned by the
// cli-runtime tabwriter (minwidth 6, padding 3); the last column is never padded.

import { TABLE_TABWRITER, tabwrite } from './tabwriter';

export interface Table {
  headers: string[];
  rows: string[][];
}

/** Renders a table (headers included) to text ending in a newline. */
export function printTable(t: Table, noHeaders = false): string {
  const lines: string[] = [];
  if (!noHeaders) lines.push(t.headers.map((h) => h.toUpperCase()).join('\t'));
  for (const r of t.rows) lines.push(r.join('\t'));
  if (lines.length === 0) return '';
  return tabwrite(`${lines.join('\n')}\n`, TABLE_TABWRITER);
}
