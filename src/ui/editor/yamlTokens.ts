// A line-by-line YAML colouring for the read-only view of the manifest shown until Monaco has loaded
// (YamlPreview). It only needs to look like Monaco's YAML colours for the text a manifest has: comments,
// keys, list dashes, quoted strings, numbers and booleans, block scalars. It never changes the text:
// the tokens of a line joined together are the line.

export type TokenKind = 'comment' | 'key' | 'punct' | 'string' | 'number' | 'keyword' | 'text';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORD = /^(?:true|false|yes|no|on|off|null|~)$/i;
const NUMBER = /^[-+]?(?:\d[\d_]*(?:\.\d*)?(?:e[-+]?\d+)?|0x[\da-f]+|0o[0-7]+|\.inf|\.nan)$/i;

/** A scalar value (the rest of the line after `key:` or `- `), with a trailing comment split off. */
function value(s: string, out: Token[]): void {
  if (!s) return;
  const lead = /^\s*/.exec(s)![0];
  if (lead) out.push({ kind: 'text', text: lead });
  const rest = s.slice(lead.length);
  if (!rest) return;
  if (rest.startsWith('#')) {
    out.push({ kind: 'comment', text: rest });
    return;
  }
  const quoted = /^("(?:[^"\\]|\\.)*"?|'(?:[^']|'')*'?)/.exec(rest);
  let body = rest;
  let tail = '';
  if (quoted) {
    body = quoted[0];
    tail = rest.slice(body.length);
  } else {
    const c = /\s#/.exec(rest);
    if (c) {
      body = rest.slice(0, c.index);
      tail = rest.slice(c.index);
    }
  }
  const trimmed = body.trimEnd();
  const kind: TokenKind = quoted
    ? 'string'
    : KEYWORD.test(trimmed)
      ? 'keyword'
      : NUMBER.test(trimmed)
        ? 'number'
        : /^[|>][-+0-9]*$/.test(trimmed) || /^[[\]{},&*!]/.test(trimmed)
          ? 'punct'
          : 'string';
  out.push({ kind, text: body });
  if (tail) {
    const c = tail.indexOf('#');
    if (c > 0) out.push({ kind: 'text', text: tail.slice(0, c) });
    if (c >= 0) out.push({ kind: 'comment', text: tail.slice(c) });
    else out.push({ kind: 'text', text: tail });
  }
}

/** The tokens of one line. `inBlock`: the line is inside a block scalar (`|`, `>`), so it is text. */
export function tokenizeLine(line: string, inBlock = false): Token[] {
  const out: Token[] = [];
  if (inBlock) {
    if (line) out.push({ kind: 'string', text: line });
    return out;
  }
  let rest = line;
  const indent = /^\s*/.exec(rest)![0];
  if (indent) out.push({ kind: 'text', text: indent });
  rest = rest.slice(indent.length);
  if (rest.startsWith('#')) {
    out.push({ kind: 'comment', text: rest });
    return out;
  }
  if (/^(?:---|\.\.\.)(?:\s|$)/.test(rest)) {
    out.push({ kind: 'punct', text: rest.slice(0, 3) });
    value(rest.slice(3), out);
    return out;
  }
  // list dashes: "- ", possibly several ("- - a")
  for (let m = /^-(?=\s|$)\s*/.exec(rest); m; m = /^-(?=\s|$)\s*/.exec(rest)) {
    out.push({ kind: 'punct', text: '-' });
    if (m[0].length > 1) out.push({ kind: 'text', text: m[0].slice(1) });
    rest = rest.slice(m[0].length);
  }
  const key =
    /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#:"'][^#:]*?|[^\s#:"'][^:]*?[^\s])(\s*)(:)(?=\s|$)/.exec(rest);
  if (key) {
    out.push({ kind: 'key', text: key[1] });
    if (key[2]) out.push({ kind: 'text', text: key[2] });
    out.push({ kind: 'punct', text: ':' });
    rest = rest.slice(key[0].length);
  }
  value(rest, out);
  return out;
}

/** The tokens of every line of a text, following block scalars (`key: |`) by their indentation. */
export function tokenizeYaml(text: string): Token[][] {
  const lines = text.split('\n');
  const out: Token[][] = [];
  let blockIndent = -1; // the block scalar's parent indentation; -1: not in one
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const indent = /^\s*/.exec(line)![0].length;
    if (blockIndent >= 0 && (line.trim() === '' || indent > blockIndent)) {
      out.push(tokenizeLine(line, true));
      continue;
    }
    blockIndent = -1;
    const tokens = tokenizeLine(line);
    out.push(tokens);
    const last = [...tokens].reverse().find((t) => t.kind !== 'text' && t.kind !== 'comment');
    if (last?.kind === 'punct' && /^[|>][-+0-9]*$/.test(last.text.trim())) blockIndent = indent;
  }
  return out;
}
