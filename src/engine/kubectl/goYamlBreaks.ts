// go-yaml v2 reads U+0085 (NEL), U+2028 (LS) and U+2029 (PS) as line breaks, as YAML 1.1 says; the
// `yaml` package reads them as ordinary characters (YAML 1.2). goYaml.ts finds go-yaml's errors with
// them; this rewrites a text that has none so that the `yaml` package builds what go-yaml builds:
// - a scalar that spans one of them is replaced by its value as go-yaml reads it (scannerc.go: NEL
//   is read as "\n" and folded like it; LS and PS stay as they are, never folded into a space, so
//   "x<LS>  y" is "x<LS>y" where "x\n  y" is "x y"): double-quoted, on one line. A plain one too: a
//   value that spans lines has a space or a line break in it, so it is a string (the one YAML 1.1
//   type that has a space, the timestamp, kubectl writes back as the text it was). The lines it
//   spanned follow it as empty lines, so that what comes after stays on its line;
// - anywhere else (between tokens, ending a comment) they become "\n".
// Inside a flow collection, where go-yaml does not look at indentation and the `yaml` package does,
// the line breaks it adds are indented past the collection's start.

import { goYamlTokens, type GoYamlScalar } from './goYaml';

const GO_BREAKS = /[\u0085\u2028\u2029]/;

/** Line breaks as go-yaml counts lines (CR LF is one). */
const LINES = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/** The scalar double-quoted on one line, then the lines its span had (a block scalar's span ends with its last line's break). */
function rewrite(scalar: GoYamlScalar, span: string, newline: string): string {
  const quoted = JSON.stringify(scalar.value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return quoted + newline.repeat(span.match(LINES)?.length ?? 0);
}

/** A text rewritten for the `yaml` package, and where each of its offsets comes from in the original. */
export interface RewrittenYaml {
  text: string;
  /** the offset in the original text of an offset in `text` (UTF-16 units, as the yaml package counts) */
  origin: (offset: number) => number;
}

/** A piece of the original replaced by other text: where it starts, in each, and how long it is. */
interface Piece {
  out: number;
  outLen: number;
  orig: number;
  origLen: number;
}

/** `text` as the `yaml` package must read it to build what go-yaml builds (the same text when it has no NEL, LS or PS). */
export function goYamlLineBreaks(text: string): string {
  return rewriteGoYamlLineBreaks(text).text;
}

/** goYamlLineBreaks, with the way back to the original's offsets (for editor markers). */
export function rewriteGoYamlLineBreaks(text: string): RewrittenYaml {
  if (!GO_BREAKS.test(text)) return { text, origin: (o) => o };
  const chars = Array.from(text);
  const { scalars, flows } = goYamlTokens(text);
  const flowAt = (i: number) => flows.find((f) => f.start <= i && i < f.end);
  const newlineAt = (i: number) => {
    const flow = flowAt(i);
    return flow ? `\n${' '.repeat(flow.column + 1)}` : '\n';
  };
  const pieces: Piece[] = [];
  let out = '';
  let orig = 0;
  const replace = (by: string, span: string) => {
    pieces.push({ out: out.length, outLen: by.length, orig, origLen: span.length });
    out += by;
    orig += span.length;
  };
  let s = 0;
  for (let i = 0; i < chars.length;) {
    while (s < scalars.length && scalars[s].end <= i) s++;
    const scalar = scalars[s];
    if (scalar && scalar.start === i) {
      const span = chars.slice(scalar.start, scalar.end).join('');
      if (GO_BREAKS.test(span)) {
        replace(rewrite(scalar, span, newlineAt(i)), span);
        i = scalar.end;
        continue;
      }
    }
    const c = chars[i++];
    if (GO_BREAKS.test(c)) replace(newlineAt(i - 1), c);
    else {
      out += c;
      orig += c.length;
    }
  }
  const origin = (o: number): number => {
    let lo = 0;
    let hi = pieces.length - 1;
    let last: Piece | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (pieces[mid].out <= o) {
        last = pieces[mid];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (!last) return o;
    if (o < last.out + last.outLen) return last.orig + Math.min(o - last.out, last.origLen);
    return o - (last.out + last.outLen) + last.orig + last.origLen;
  };
  return { text: out, origin };
}
