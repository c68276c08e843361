// `-o yaml` as kubectl writes it: the object is marshalled to JSON and converted with
// sigs.k8s.io/yaml, i.e. emitted by go-yaml v2. That means: map keys sorted with go-yaml's
// "natural" key order, 2-space indentation, sequences not indented under their key, strings
// double-quoted when they would read back as another type (YAML 1.1: "true", "yes", "1",
// timestamps, ""), single-quoted when plain style is not allowed ("*", "a: b"), literal blocks for
// multi-line strings and long plain scalars folded at the first space past column 80.
//
// The `yaml` npm package makes different choices on all of these points (quote style, folding
// width, key order), so this is a small dedicated emitter for JSON-shaped data.

const BEST_WIDTH = 80;

// ---------------------------------------------------------------------------------------- resolve

const RESOLVE_MAP = new Set([
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'on',
  'On',
  'ON',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'off',
  'Off',
  'OFF',
  'true',
  'True',
  'TRUE',
  'false',
  'False',
  'FALSE',
  '~',
  'null',
  'Null',
  'NULL',
  '.nan',
  '.NaN',
  '.NAN',
  '.inf',
  '.Inf',
  '.INF',
  '+.inf',
  '+.Inf',
  '+.INF',
  '-.inf',
  '-.Inf',
  '-.INF',
  '<<',
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TIMESTAMP =
  /^\d{4}-\d{1,2}-\d{1,2}(?:(?:[Tt]| )\d{1,2}:\d{1,2}:\d{1,2}(?:\.\d+)?(?:Z|[+-]\d{1,2}:\d{2})?)?$/;

/** True when strconv.ParseInt(s, 0, 64) would accept `s`. */
function parsesAsGoInt(s: string): boolean {
  return /^[-+]?(0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|[1-9][0-9]*|0)$/.test(s);
}

/** go-yaml v2 resolve(): would this plain scalar read back as something other than a string? */
export function resolvesToNonString(s: string): boolean {
  if (s === '') return true;
  const c = s[0];
  const hint = /[0-9]/.test(c)
    ? 'D'
    : c === '+' || c === '-'
      ? 'S'
      : c === '.'
        ? '.'
        : 'yYnNtTfFoO~<'.includes(c)
          ? 'M'
          : '';
  if (!hint) return false;
  if (RESOLVE_MAP.has(s)) return true;
  if (hint === '.') return YAML_STYLE_FLOAT.test(s);
  if (hint === 'D' || hint === 'S') {
    if (TIMESTAMP.test(s)) return true;
    const plain = s.replace(/_/g, '');
    if (parsesAsGoInt(plain)) return true;
    if (YAML_STYLE_FLOAT.test(plain)) return true;
    if (/^-?0b[01]+$/.test(plain)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------- analyze

interface Analysis {
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
  multiline: boolean;
}

const isBlankz = (s: string, i: number) => i >= s.length || s[i] === ' ' || s[i] === '\t' || s[i] === '\n';

/** yaml_emitter_analyze_scalar (block context only). */
function analyze(s: string): Analysis {
  let blockIndicators = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let lineBreaks = false;
  let special = false;
  if (s.startsWith('---') || s.startsWith('...')) blockIndicators = true;
  let precededByWhitespace = true;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const followedByWhitespace = isBlankz(s, i + 1);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      if ((ch === '?' || ch === ':') && followedByWhitespace) blockIndicators = true;
      if (ch === '-' && followedByWhitespace) blockIndicators = true;
    } else {
      if (ch === ':' && followedByWhitespace) blockIndicators = true;
      if (ch === '#' && precededByWhitespace) blockIndicators = true;
    }
    const code = ch.charCodeAt(0);
    if ((code < 0x20 && ch !== '\n' && ch !== '\t') || code === 0x7f) special = true;
    if (ch === '\n') lineBreaks = true;
    if (ch === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === s.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (ch === '\n') {
      if (i === 0) leadingBreak = true;
      if (i === s.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousBreak = true;
      previousSpace = false;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankz(s, i);
  }
  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || special) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
    blockAllowed = false;
  }
  if (lineBreaks) blockPlainAllowed = false;
  if (blockIndicators) blockPlainAllowed = false;
  return { blockPlainAllowed, singleQuotedAllowed, blockAllowed, multiline: lineBreaks };
}

// ---------------------------------------------------------------------------------------- scalars

type Style = 'plain' | 'single' | 'double' | 'literal';

function selectStyle(s: string, simpleKey: boolean): Style {
  const a = analyze(s);
  let style: Style = s.includes('\n')
    ? 'literal'
    : resolvesToNonString(s) || BASE60_FLOAT.test(s)
      ? 'double'
      : 'plain';
  if (style === 'plain' && (!a.blockPlainAllowed || (s === '' && simpleKey))) style = 'single';
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}

/** Folds at spaces once the column passes the best width, as go-yaml's writers do. */
function fold(text: string, startColumn: number, indent: number, quoted: boolean): string {
  let out = '';
  let column = startColumn;
  let spaces = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === ' ') {
      const inner = !quoted || (i !== 0 && i !== text.length - 1);
      if (!spaces && column > BEST_WIDTH && inner && text[i + 1] !== ' ') {
        out += `\n${' '.repeat(indent)}`;
        column = indent;
      } else {
        out += ch;
        column++;
      }
      spaces = true;
    } else {
      out += ch;
      column++;
      spaces = false;
    }
  }
  return out;
}

function doubleQuoted(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/**
 * A scalar string as it appears after `key: ` / `- ` (startColumn = its column; indent = column
 * of the line that owns it + 2). Literal blocks return their header and indented body lines.
 */
function scalarString(s: string, startColumn: number, indent: number, simpleKey: boolean): string {
  switch (selectStyle(s, simpleKey)) {
    case 'plain':
      return simpleKey ? s : fold(s, startColumn, indent, false);
    case 'single': {
      const body = `'${s.replace(/'/g, "''")}'`;
      return simpleKey ? body : fold(body, startColumn, indent, true);
    }
    case 'double':
      return doubleQuoted(s);
    case 'literal': {
      const trailing = s.length - s.replace(/\n+$/, '').length;
      const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
      const indicator = s[0] === ' ' || s[0] === '\n' ? '2' : '';
      const body = trailing === 0 ? s : s.slice(0, s.length - trailing);
      const lines = body.split('\n').map((l) => (l === '' ? '' : `${' '.repeat(indent)}${l}`));
      for (let i = 1; i < trailing; i++) lines.push('');
      return `|${indicator}${chomp}\n${lines.join('\n')}`;
    }
  }
}

function scalar(v: unknown, startColumn: number, indent: number, simpleKey = false): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return String(v);
  return scalarString(String(v), startColumn, indent, simpleKey);
}

// ---------------------------------------------------------------------------------------- keys

const isLetter = (c: string) => /\p{L}/u.test(c);
const isDigit = (c: string) => c >= '0' && c <= '9';

/** go-yaml's keyList.Less for string keys: letters after other runes, digit runs compared numerically. */
export function goYamlKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  let digits = false;
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) {
      digits = isDigit(ar[i]);
      continue;
    }
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i] < br[i];
    if (al || bl) return digits ? al : bl;
    let an = 0;
    let bn = 0;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + Number(ar[ai]);
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + Number(br[bi]);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i] < br[i];
  }
  return ar.length < br.length;
}

function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort((x, y) => (goYamlKeyLess(x, y) ? -1 : goYamlKeyLess(y, x) ? 1 : 0));
}

// ---------------------------------------------------------------------------------------- nodes

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Lines of a mapping whose keys start at `indent`. */
function emitMap(o: Record<string, unknown>, indent: number, lines: string[], firstPrefix?: string): void {
  const pad = ' '.repeat(indent);
  let first = true;
  for (const k of sortedKeys(o)) {
    const prefix = first && firstPrefix !== undefined ? firstPrefix : pad;
    first = false;
    const key = scalar(k, indent, indent + 2, true);
    const v = o[k];
    if (isMap(v) && Object.keys(v).some((x) => v[x] !== undefined)) {
      lines.push(`${prefix}${key}:`);
      emitMap(v, indent + 2, lines);
    } else if (Array.isArray(v) && v.length > 0) {
      lines.push(`${prefix}${key}:`);
      emitSeq(v, indent, lines);
    } else {
      lines.push(`${prefix}${key}: ${inline(v, indent + key.length + 2, indent + 2)}`);
    }
  }
}

/** Lines of a sequence whose dashes start at `indent`. */
function emitSeq(a: unknown[], indent: number, lines: string[], firstPrefix?: string): void {
  const pad = ' '.repeat(indent);
  a.forEach((v, i) => {
    const prefix = `${i === 0 && firstPrefix !== undefined ? firstPrefix : pad}- `;
    if (isMap(v) && Object.keys(v).some((x) => v[x] !== undefined)) {
      emitMap(v, indent + 2, lines, prefix);
    } else if (Array.isArray(v) && v.length > 0) {
      emitSeq(v, indent + 2, lines, prefix);
    } else {
      lines.push(`${prefix}${inline(v, indent + 2, indent + 2)}`);
    }
  });
}

function inline(v: unknown, column: number, indent: number): string {
  if (isMap(v)) return '{}';
  if (Array.isArray(v)) return '[]';
  return scalar(v, column, indent);
}

/** Marshals JSON-shaped data as `kubectl get -o yaml` does (ends with a newline). */
export function toYAML(v: unknown): string {
  const lines: string[] = [];
  if (isMap(v) && Object.keys(v).length > 0) emitMap(v, 0, lines);
  else if (Array.isArray(v) && v.length > 0) emitSeq(v, 0, lines);
  else lines.push(inline(v, 0, 2));
  return `${lines.join('\n')}\n`;
}
