// go-yaml v2 reads U+0085 (NEL), U+2028 (LS) and U+2029 (PS) as line breaks, as YAML 1.1 says; the
// `yaml` package reads them as ordinary characters (YAML 1.2). goYaml.ts finds go-yaml's errors with
// them; this rewrites a text that has none so that the `yaml` package builds what go-yaml builds:
// - a scalar that spans one of them is replaced by its value as go-yaml reads it (scannerc.go: NEL
//   is read as "\n" and folded like it; LS and PS stay as they are, never folded into a space, so
//   "x<LS>  y" is "x<LS>y" where "x\n  y" is "x y"): double-quoted, on one line. A plain one too: a
//   value that spans lines has a space or a line break in it, so it is a string (the one YAML 1.1
//   type that has a space, the timestamp, kubectl writes back as the text it was);
// - anywhere else (between tokens, ending a comment) they become "\n", indented inside a flow
//   collection (where go-yaml does not look at indentation, and the `yaml` package does).
// Lines after a rewritten scalar that spanned lines come earlier by as many lines.

import { goYamlTokens, type GoYamlScalar } from './goYaml';

const GO_BREAKS = /[\u0085\u2028\u2029]/;

function rewrite(scalar: GoYamlScalar): string {
  const quoted = JSON.stringify(scalar.value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  // a block scalar's span ends at the start of the next line
  return scalar.block ? `${quoted}\n` : quoted;
}

/** `text` as the `yaml` package must read it to build what go-yaml builds (the same text when it has no NEL, LS or PS). */
export function goYamlLineBreaks(text: string): string {
  if (!GO_BREAKS.test(text)) return text;
  const chars = Array.from(text);
  const { scalars, flows } = goYamlTokens(text);
  const flowAt = (i: number) => flows.find((f) => f.start <= i && i < f.end);
  let out = '';
  let s = 0;
  for (let i = 0; i < chars.length; ) {
    while (s < scalars.length && scalars[s].end <= i) s++;
    const scalar = scalars[s];
    if (scalar && scalar.start === i && GO_BREAKS.test(chars.slice(scalar.start, scalar.end).join(''))) {
      out += rewrite(scalar);
      i = scalar.end;
      continue;
    }
    const c = chars[i++];
    if (!GO_BREAKS.test(c)) out += c;
    else {
      const flow = flowAt(i - 1);
      out += flow ? `\n${' '.repeat(flow.column + 1)}` : '\n';
    }
  }
  return out;
}
