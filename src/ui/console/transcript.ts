// The scrollback as text (for "Copy all") and as display lines. Pure.

import type { ConsoleLine } from '../../state/consoleSlice'

/** The whole scrollback as a terminal would show it: commands after `$ `, output as printed. */
export function transcript(lines: readonly ConsoleLine[]): string {
  let out = ''
  for (const l of lines) {
    const text = l.kind === 'command' ? `$ ${l.text}` : l.text
    out += text.endsWith('\n') ? text : `${text}\n`
  }
  return out
}

/** The text a line shows: one trailing newline dropped (the block ends the line). */
export function displayText(l: ConsoleLine): string {
  return l.text.endsWith('\n') ? l.text.slice(0, -1) : l.text
}
