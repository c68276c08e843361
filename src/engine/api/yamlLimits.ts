// Limits on the YAML the simulated kubectl reads. go-yaml (what kubectl uses) refuses nesting deeper
// than 10,000 levels; the JavaScript parser runs out of stack long before (about 880 levels in Node),
// so the playground stops at MAX_YAML_DEPTH with go-yaml's words and the real line. The check walks
// the `yaml` package's own lexer and (non-recursive) CST parser, so it cannot overflow the stack.

import { Lexer, Parser } from 'yaml';

/**
 * Deepest nesting of mappings and sequences (block or flow) in one manifest; in a JSON manifest, of
 * objects and arrays (encoding/json's words: `invalid character '[' exceeded max depth`).
 */
export const MAX_YAML_DEPTH = 100;
/** Largest manifest file or stdin read by `-f` (characters). The API server takes at most 3 MiB per object. */
export const MAX_MANIFEST_CHARS = 4 * 1024 * 1024;
/** The API server's request body limit (`--max-request-bytes` default, apiserver `MaxRequestBodyBytes`). */
export const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

export interface DepthError {
  /** 1-based line in the text where the nesting goes past the limit */
  line: number;
  message: string;
}

function collections(stack: readonly { type: string }[]): number {
  let n = 0;
  for (const t of stack)
    if (t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection') n++;
  return n;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The first place where `text` nests collections (mappings, sequences, block or flow) deeper than
 * `max`, or null: `a: {b: [c]}` is 3 deep. Linear in the text (the count is bounded by max + 1).
 */
export function yamlDepthError(text: string, max = MAX_YAML_DEPTH): DepthError | null {
  // Cheap bound first: a line opens at most one implicit mapping, plus one collection per `[`, `{`,
  // `-` or `?`; a text with fewer of those than the limit cannot go deeper.
  let bound = 1;
  for (let i = 0; i < text.length && bound <= max; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 91 || c === 123 || c === 45 || c === 63) bound++;
  }
  if (bound <= max) return null;
  const parser = new Parser();
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) void token;
    // The stack also holds the document and pending scalars: count the open collections only.
    // A deeper stack than max + 1 is a cheap sign that it is worth counting.
    if (parser.stack.length > max && collections(parser.stack) > max) {
      return { line: lineAt(text, parser.offset), message: `exceeded max depth of ${max}` };
    }
  }
  return null;
}
