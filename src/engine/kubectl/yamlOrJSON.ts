// apimachinery's YAMLOrJSONDecoder (pkg/util/yaml/decoder.go, kubectl 1.33+) as kubectl's resource
// builder runs it on each `-f` stream (cli-runtime StreamVisitor, buffer 4096), after the file reader
// dropped a leading byte-order mark:
// - a stream whose first 4096 bytes start with `{` after white space (jsonSniff.ts; Go's white space:
//   NEL, NBSP, LS and PS too) is read as JSON values, one after the other (`{…}{…}` is two objects),
//   with json.Decoder: JSON strings may hold any character, U+2028 included, and YAML never sees them;
// - when a JSON value does not read and at most one value did, the decoder rewinds to the end of the
//   last value, eats white space up to the first line break (consumeWhitespace: it needs 4 bytes to
//   look at, and gives up when fewer are left) and reads the rest as YAML documents; if the first of
//   them does not decode either, the JSON error is the one reported (`json: offset N: …`). After two
//   JSON values, a bad one is reported as it is;
// - any other stream is YAML documents, split at `---` lines (YAMLReader), each read with go-yaml.

import { GoJSONError, scanGoJSONValue } from '../api/patch/goJson';
import { dropByteOrderMark, isGoSpace, looksLikeJSON } from './jsonSniff';
import { utf8Length } from '../api/validation';
import { MAX_YAML_DEPTH } from '../api/yamlLimits';

/** What the decoder hands on, in stream order. `line` is the 1-based line where it starts (or fails). */
export type StreamPart =
  | { kind: 'json'; value: unknown; line: number }
  /** a YAML document; `jsonError` is reported instead of its own error when it does not decode */
  | { kind: 'yaml'; text: string; line: number; jsonError?: { message: string; line: number } }
  | { kind: 'error'; message: string; line: number };

/** 1-based line numbers of indexes of one text (its line starts found once). */
function lineCounter(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** strings.TrimSpace */
function goTrim(s: string): string {
  const chars = Array.from(s);
  let a = 0;
  let b = chars.length;
  while (a < b && isGoSpace(chars[a])) a++;
  while (b > a && isGoSpace(chars[b - 1])) b--;
  return chars.slice(a, b).join('');
}

/** JSON.parse, with a lone surrogate escape read as U+FFFD as encoding/json reads it. */
function parseJSON(raw: string): unknown {
  return JSON.parse(raw, (_key, v: unknown) =>
    typeof v === 'string'
      ? v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
      : v,
  );
}

/** consumeWhitespace: where YAML starts after a JSON value that did not read, or undefined when the decoder gives up. */
function consumeWhitespace(text: string, from: number): number | undefined {
  const rest = Array.from(text.slice(from));
  let bytesLeft = utf8Length(text.slice(from));
  let at = from;
  for (const c of rest) {
    // ReadN(4): fewer than 4 bytes left is EOF
    if (bytesLeft < 4) return undefined;
    // utf8.DecodeRune says RuneError for U+FFFD too, and the decoder stops there
    if (c === '\ufffd') return undefined;
    if (!isGoSpace(c)) return at;
    at += c.length;
    bytesLeft -= utf8Length(c);
    if (c === '\n') return at;
  }
  return undefined;
}

/** The YAML documents of `text` from `from` on (YAMLReader), each with the line it starts on. */
function* yamlDocuments(
  text: string,
  from: number,
  startLine: number,
  jsonError?: { message: string; line: number },
): Generator<StreamPart> {
  const lines = text.slice(from).split('\n');
  let line = startLine;
  let cur: string[] = [];
  let curLine = line;
  let first = true;
  // a separator with no line before it (since the last one) ends no document
  const flush = function* (): Generator<StreamPart> {
    if (cur.length === 0) return;
    yield { kind: 'yaml', text: cur.join('\n'), line: curLine, ...(first && jsonError ? { jsonError } : {}) };
    first = false;
  };
  for (const l of lines) {
    if (l.startsWith('---')) {
      const rest = goTrim(l.slice(3));
      // only a comment may follow a separator; the document read so far is dropped with it
      if (rest && !rest.startsWith('#')) {
        yield first && jsonError
          ? { kind: 'error', ...jsonError }
          : { kind: 'error', message: `invalid Yaml document separator: ${rest}`, line };
        return;
      }
      yield* flush();
      cur = [];
      curLine = line + 1;
      line++;
      continue;
    }
    cur.push(l);
    line++;
  }
  yield* flush();
}

/** The parts of a `-f` stream, as YAMLOrJSONDecoder reads them. */
export function* decodeYAMLOrJSON(stream: string): Generator<StreamPart> {
  const text = dropByteOrderMark(stream);
  if (!looksLikeJSON(text)) {
    yield* yamlDocuments(text, 0, 1);
    return;
  }
  const lineAt = lineCounter(text);
  let pos = 0;
  let count = 0;
  for (;;) {
    let end: number;
    try {
      // nesting: the playground's limit for manifests, in encoding/json's words (it stops at 10,000)
      end = scanGoJSONValue(text, pos, MAX_YAML_DEPTH);
    } catch (e) {
      if (!(e instanceof GoJSONError)) throw e;
      // json.Decoder: only white space left is the end of the stream; a value cut short is io.ErrUnexpectedEOF
      if (e.eof && /^[ \t\r\n]*$/.test(text.slice(pos))) return;
      const raw = e.eof ? 'unexpected EOF' : e.message;
      const where = lineAt(e.eof ? text.length : e.index);
      if (count > 1) {
        yield { kind: 'error', message: raw, line: where };
        return;
      }
      const firstErr = {
        message: e.eof ? raw : `json: offset ${utf8Length(text.slice(0, e.index)) + 1}: ${raw}`,
        line: where,
      };
      const yamlStart = consumeWhitespace(text, pos);
      if (yamlStart === undefined) {
        yield { kind: 'error', ...firstErr };
        return;
      }
      yield* yamlDocuments(text, yamlStart, lineAt(yamlStart), firstErr);
      return;
    }
    const start = pos + /^[ \t\r\n]*/.exec(text.slice(pos, end))![0].length;
    count++;
    yield { kind: 'json', value: parseJSON(text.slice(start, end)), line: lineAt(start) };
    pos = end;
  }
}
