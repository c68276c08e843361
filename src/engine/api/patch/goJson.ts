// encoding/json's decoding as the API server and kubectl run it on patches and manifests: the
// scanner's syntax error texts (`invalid character 'b' looking for beginning of object key string`,
// `unexpected end of JSON input`) and the unmarshal type errors, so bad input fails with the words
// kubectl shows.

import { goQuote } from '../errors';

/** A syntax error of encoding/json's scanner: at `index` (of the text), or the text ended inside a value (`eof`). */
export class GoJSONError extends Error {
  constructor(
    message: string,
    readonly index: number,
    readonly eof = false,
  ) {
    super(message);
  }
}

/**
 * scanner.go quoteChar. The scanner reads bytes: a character outside ASCII is named by its first
 * UTF-8 byte, taken as a Latin-1 character (U+00A0 is 'Â', U+2028 is 'â').
 */
function quoteChar(ch: string): string {
  if (ch === "'") return `'\\''`;
  if (ch === '"') return `'"'`;
  const c = ch.codePointAt(0) ?? 0;
  const first =
    c < 0x80 ? c : c < 0x800 ? 0xc0 | (c >> 6) : c < 0x10000 ? 0xe0 | (c >> 12) : 0xf0 | (c >> 18);
  return `'${goQuote(String.fromCharCode(first)).slice(1, -1)}'`;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** encoding/json's maxNestingDepth: objects and arrays open at once. */
export const GO_JSON_MAX_DEPTH = 10000;

/**
 * Scans one JSON value of `text` from `start` (after white space) as encoding/json's scanner does and
 * returns the index just after it; throws its first syntax error. A number ends where its digits end
 * (json.Decoder reads `0 1` and `01` alike as two values). Objects and arrays nest at most `maxDepth`
 * deep; the scan keeps its own stack, so no depth runs the JavaScript stack out.
 */
export function scanGoJSONValue(text: string, start: number, maxDepth = GO_JSON_MAX_DEPTH): number {
  let i = start;
  const n = text.length;
  const ws = () => {
    while (i < n && isSpace(text[i])) i++;
  };
  const eof = (): never => {
    throw new GoJSONError('unexpected end of JSON input', n, true);
  };
  const bad = (ctx: string): never => {
    throw new GoJSONError(
      `invalid character ${quoteChar(String.fromCodePoint(text.codePointAt(i)!))} ${ctx}`,
      i,
    );
  };
  const string = (): void => {
    i++;
    for (;;) {
      if (i >= n) eof();
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        if (i >= n) eof();
        if ('"\\/bfnrt'.includes(text[i])) {
          i++;
          continue;
        }
        if (text[i] === 'u') {
          for (let k = 0; k < 4; k++) {
            i++;
            if (i >= n) eof();
            if (!/[0-9a-fA-F]/.test(text[i])) bad('in \\u hexadecimal character escape');
          }
          i++;
          continue;
        }
        bad('in string escape code');
      }
      if (c < ' ') bad('in string literal');
      i++;
    }
  };
  /** An object key and its colon. */
  const key = (): void => {
    ws();
    if (i >= n) eof();
    if (text[i] !== '"') bad('looking for beginning of object key string');
    string();
    ws();
    if (i >= n) eof();
    if (text[i] !== ':') bad('after object key');
    i++;
  };
  const number = (): void => {
    if (text[i] === '-') {
      i++;
      if (i >= n) eof();
      if (!(text[i] >= '0' && text[i] <= '9')) bad('in numeric literal');
    }
    if (text[i] === '0') i++;
    else while (i < n && text[i] >= '0' && text[i] <= '9') i++;
    if (text[i] === '.') {
      i++;
      if (i >= n) eof();
      if (!(text[i] >= '0' && text[i] <= '9')) bad('after decimal point in numeric literal');
      while (i < n && text[i] >= '0' && text[i] <= '9') i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (i >= n) eof();
      if (!(text[i] >= '0' && text[i] <= '9')) bad('in exponent of numeric literal');
      while (i < n && text[i] >= '0' && text[i] <= '9') i++;
    }
  };
  const literal = (lit: string): void => {
    for (let k = 1; k < lit.length; k++) {
      i++;
      if (i >= n) eof();
      if (text[i] !== lit[k]) bad(`in literal ${lit} (expecting ${quoteChar(lit[k])})`);
    }
    i++;
  };
  /** The objects and arrays open around the value being read. */
  const open: string[] = [];
  for (;;) {
    // a value
    ws();
    if (i >= n) eof();
    const c = text[i];
    let scalar = true;
    if (c === '{' || c === '[') {
      open.push(c);
      if (open.length > maxDepth) bad('exceeded max depth');
      i++;
      ws();
      if (i >= n) eof();
      if (text[i] === (c === '{' ? '}' : ']')) {
        open.pop();
        i++;
      } else {
        if (c === '{') key();
        scalar = false;
      }
    } else if (c === '"') string();
    else if (c === '-' || (c >= '0' && c <= '9')) number();
    else if (c === 't' || c === 'f' || c === 'n') literal(c === 't' ? 'true' : c === 'f' ? 'false' : 'null');
    else bad('looking for beginning of value');
    if (!scalar) continue;
    // after a value: a comma and the next member, or the ends of the collections it closes
    for (;;) {
      if (open.length === 0) return i;
      const top = open[open.length - 1];
      ws();
      if (i >= n) eof();
      if (text[i] === ',') {
        i++;
        if (top === '{') key();
        break;
      }
      if (text[i] === (top === '{' ? '}' : ']')) {
        open.pop();
        i++;
        continue;
      }
      bad(top === '{' ? 'after object key:value pair' : 'after array element');
    }
  }
}

/** Checks `text` as json.Unmarshal's scanner does (one value, then only white space); throws its first syntax error. */
export function checkGoJSON(text: string): void {
  let i = scanGoJSONValue(text, 0);
  while (i < text.length && isSpace(text[i])) i++;
  if (i < text.length) {
    throw new GoJSONError(
      `invalid character ${quoteChar(String.fromCodePoint(text.codePointAt(i)!))} after top-level value`,
      i,
    );
  }
}

/** json.Unmarshal(text, &v): the syntax check, then JSON.parse. */
export function parseGoJSON(text: string): unknown {
  checkGoJSON(text);
  return JSON.parse(text);
}

/** The Go kind name an unmarshal type error reports for a JSON value. */
export function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  return typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : 'string';
}
