// Whether kubectl takes a text for JSON (apimachinery pkg/util/yaml: GuessJSONStream, IsJSONBuffer):
// a `{` after white space as Go's unicode.IsSpace has it. Small on purpose: the page's editor asks
// it too (ui/editor/locate.ts), before anything of the engine is loaded.

/** The builder's buffer: how far into a stream the decoder looks for `{`. */
export const SNIFF_BYTES = 4096;

/** Go's unicode.IsSpace. */
export function isGoSpace(c: string): boolean {
  return /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/u.test(c);
}

/** The file reader's unicode.BOMOverride: one leading byte-order mark is dropped. */
export function dropByteOrderMark(text: string): string {
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

/** GuessJSONStream / IsJSONBuffer: the first `size` bytes start with `{` after white space. */
export function looksLikeJSON(text: string, size = SNIFF_BYTES): boolean {
  let bytes = 0;
  for (const c of text) {
    const cp = c.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes > size) return false;
    if (c === '{') return true;
    if (!isGoSpace(c)) return false;
  }
  return false;
}
