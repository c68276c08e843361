// A port of Go's text/tabwriter (the subset kubectl uses: left alignment, a pad character, no
// escapes): text is split into tab-terminated cells; a column block is a run of consecutive lines
// that have a cell in that column, and every cell of a block is padded to the widest one + padding.
// The last cell of a line is not part of any column and is written as is.

export interface TabWriterOptions {
  minwidth: number;
  tabwidth: number;
  padding: number;
  /** liggitt/tabwriter's RememberWidths: column widths kept across flushes (kubectl get --watch) */
  remember?: number[];
}

/** cli-runtime printers.GetNewTabWriter: used for `kubectl get` tables. */
export const TABLE_TABWRITER: TabWriterOptions = { minwidth: 6, tabwidth: 4, padding: 3 };
/** kubectl describe's tabbedString: `tabwriter.Init(buf, 0, 8, 2, ' ', 0)`. */
export const DESCRIBE_TABWRITER: TabWriterOptions = { minwidth: 0, tabwidth: 8, padding: 2 };
/** rollout history's table: `tabwriter.NewWriter(out, 0, 8, 2, ' ', 0)`. */
export const HISTORY_TABWRITER: TabWriterOptions = DESCRIBE_TABWRITER;

/** Width in runes, as utf8.RuneCountInString. */
function runeWidth(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Formats `text` the way a Go tabwriter with these options would on Flush. */
export function tabwrite(text: string, opts: TabWriterOptions): string {
  const rawLines = text.split('\n');
  // A trailing newline does not start a new (empty) line.
  const endsWithNewline = rawLines[rawLines.length - 1] === '';
  if (endsWithNewline) rawLines.pop();
  const lines = rawLines.map((l) => l.split('\t'));
  const widths: number[] = [];
  const out: string[] = [];

  const writeLines = (line0: number, line1: number) => {
    for (let i = line0; i < line1; i++) {
      const cells = lines[i];
      let s = '';
      for (let j = 0; j < cells.length; j++) {
        const c = cells[j];
        s += c;
        if (j < widths.length && j < cells.length - 1) s += ' '.repeat(Math.max(0, widths[j] - runeWidth(c)));
      }
      out.push(s);
    }
  };

  const format = (line0: number, line1: number) => {
    const column = widths.length;
    for (let t = line0; t < line1; t++) {
      // number of tab-terminated cells on the line is cells.length - 1
      if (column >= lines[t].length - 1) continue;
      // a cell exists in this column: this line starts a column block
      writeLines(line0, t);
      line0 = t;
      let width = opts.minwidth;
      for (; t < line1; t++) {
        if (column >= lines[t].length - 1) break;
        const w = runeWidth(lines[t][column]) + opts.padding;
        if (w > width) width = w;
      }
      if (opts.remember) {
        const r = opts.remember[column] ?? 0;
        if (width < r) width = r;
        else opts.remember[column] = width;
      }
      widths.push(width);
      format(line0, t);
      widths.pop();
      // as in Go, the loop's increment skips line t, which has no cell in this column
      line0 = t;
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out.join('\n') + (endsWithNewline ? '\n' : '');
}
