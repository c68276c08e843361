// Whether two lists of inputs (the commands of a session) say the same. Every batch from the worker
// carries the session's inputs, a new array each time (structured clone): the mirror keeps the array
// it has when nothing in it changed, so views that read the inputs (the timeline bar's markers) do not
// re-render with every batch of a running clock (18 renders a second of the bar before, issue 24).

import type { Input } from '../wire/protocol';

export function sameInputs(a: readonly Input[], b: readonly Input[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  // newest first: a changed list (a command, a rewind) usually differs at its end
  for (let i = a.length - 1; i >= 0; i--) {
    const x = a[i];
    const y = b[i];
    if (x.at !== y.at || x.line !== y.line || x.stdin !== y.stdin) return false;
  }
  return true;
}
