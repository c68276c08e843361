// Bash-style brace patterns, the notation of the catalogue's tag data: `1.27.{0..3}{,-alpine}` is
// 1.27.0 … 1.27.3, each also with -alpine. `{a,b}` lists alternatives (nested freely, an empty one
// allowed), `{n..m}` counts from n to m; everything else is literal. Only the catalogue's own data
// is read here, so a malformed pattern is a bug in that data and throws.
// The catalogue matches tags with braceMatcher, which parses the patterns and walks them (spelling
// out the 9,000 tags of node is far slower); expandBraces spells them out, for the tests.

/** Every string `pattern` stands for, in order. */
export function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) {
    if (pattern.includes('}')) throw new Error(`brace pattern ${JSON.stringify(pattern)}: unmatched }`);
    return [pattern];
  }
  let depth = 0;
  let close = -1;
  const commas: number[] = [];
  for (let i = open; i < pattern.length && close < 0; i++) {
    const ch = pattern[i];
    if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) close = i;
    else if (ch === ',' && depth === 1) commas.push(i);
  }
  if (close < 0) throw new Error(`brace pattern ${JSON.stringify(pattern)}: unmatched {`);
  const head = pattern.slice(0, open);
  const items = alternatives(pattern, open, close, commas);
  const tails = expandBraces(pattern.slice(close + 1));
  const out: string[] = [];
  for (const item of items) for (const tail of tails) out.push(head + item + tail);
  return out;
}

/** The expanded alternatives of the group `pattern[open..close]`. */
function alternatives(pattern: string, open: number, close: number, commas: number[]): string[] {
  const body = pattern.slice(open + 1, close);
  const range = /^(\d+)\.\.(\d+)$/.exec(body);
  if (range) {
    const from = Number(range[1]);
    const to = Number(range[2]);
    if (from > to) throw new Error(`brace pattern ${JSON.stringify(pattern)}: empty range {${body}}`);
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  }
  const out: string[] = [];
  let start = open + 1;
  for (const end of [...commas, close]) {
    for (const s of expandBraces(pattern.slice(start, end))) out.push(s);
    start = end + 1;
  }
  return out;
}

/** A parsed pattern: a sequence of literals and groups (a group: its alternatives, each a sequence). */
type Sequence = ReadonlyArray<string | ReadonlyArray<Sequence>>;

/**
 * A test for membership in the set the space-separated `patterns` stand for, without spelling the set
 * out: the patterns are parsed once, and a string is matched by walking them (literals prune at once,
 * so a lookup visits a few hundred nodes at most).
 */
export function braceMatcher(patterns: string): (s: string) => boolean {
  const root: Sequence = [patterns === '' ? [] : patterns.split(' ').map(parse)];
  return (s) => matches(root, 0, s, 0, (end) => end === s.length);
}

/** Whether `s` from `pos` matches `seq` from node `i`, and the rest of `s` satisfies `then`. */
function matches(seq: Sequence, i: number, s: string, pos: number, then: (end: number) => boolean): boolean {
  if (i === seq.length) return then(pos);
  const node = seq[i];
  if (typeof node === 'string')
    return s.startsWith(node, pos) && matches(seq, i + 1, s, pos + node.length, then);
  for (const alternative of node) {
    if (matches(alternative, 0, s, pos, (end) => matches(seq, i + 1, s, end, then))) return true;
  }
  return false;
}

/** The end of the digits of `s` from `i`. */
function digitsEnd(s: string, i: number): number {
  while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
  return i;
}

/** The range group `{n..m}` opening at `open`, or undefined if the group there is a list. */
function rangeAt(pattern: string, open: number): { from: number; to: number; close: number } | undefined {
  const fromEnd = digitsEnd(pattern, open + 1);
  if (fromEnd === open + 1 || !pattern.startsWith('..', fromEnd)) return undefined;
  const toEnd = digitsEnd(pattern, fromEnd + 2);
  if (toEnd === fromEnd + 2 || pattern[toEnd] !== '}') return undefined;
  return {
    from: Number(pattern.slice(open + 1, fromEnd)),
    to: Number(pattern.slice(fromEnd + 2, toEnd)),
    close: toEnd,
  };
}

/** One brace pattern as a Sequence (same grammar and errors as expandBraces). */
function parse(pattern: string): Sequence {
  const fail = (what: string) => new Error(`brace pattern ${JSON.stringify(pattern)}: ${what}`);
  // the sequence being built, and for each open group: its alternatives so far and the sequence around it
  let seq: Array<string | ReadonlyArray<Sequence>> = [];
  const open: Array<{ alternatives: Sequence[]; outer: Array<string | ReadonlyArray<Sequence>> }> = [];
  let literalStart = 0;
  const flush = (end: number) => {
    if (end > literalStart) seq.push(pattern.slice(literalStart, end));
  };
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch !== '{' && ch !== '}' && (ch !== ',' || open.length === 0)) continue;
    flush(i);
    literalStart = i + 1;
    if (ch === '{') {
      const range = rangeAt(pattern, i);
      if (range) {
        const { from, to } = range;
        if (from > to) throw fail(`empty range {${from}..${to}}`);
        seq.push(Array.from({ length: to - from + 1 }, (_, k) => [String(from + k)]));
        i = range.close;
        literalStart = i + 1;
      } else {
        open.push({ alternatives: [], outer: seq });
        seq = [];
      }
    } else {
      const group = open.at(-1);
      if (group === undefined) throw fail('unmatched }');
      group.alternatives.push(seq);
      seq = [];
      if (ch === '}') {
        open.pop();
        group.outer.push(group.alternatives);
        seq = group.outer;
      }
    }
  }
  if (open.length > 0) throw fail('unmatched {');
  flush(pattern.length);
  return seq;
}
