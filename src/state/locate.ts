// Maps API field paths (as the Kubernetes API server prints them in validation errors) to ranges in the
// editor's YAML text, and turns YAML syntax errors into editor markers. Pure: no Monaco, no DOM, so it
// runs in Vitest's Node environment.

import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Document,
  type Node as YamlNode,
  type YAMLError,
} from 'yaml';
import type { EditorMarker, TextRange } from './editorMarkers';
import { looksLikeJSON } from '../engine/scripts';
import { yamlDepthError } from '../engine/yaml';
import type { RewrittenYaml } from '../engine';

/** One step of a field path: `.name`, `[0]` (list index) or `[key]` (map key, e.g. `requests[cpu]`). */
export type PathSegment = { field: string } | { index: number } | { key: string };

/**
 * Splits a field path as `k8s.io/apimachinery/pkg/util/validation/field.Path` prints it:
 * `spec.template.spec.containers[0].resources.requests[cpu]`, `metadata.labels[app.kubernetes.io/name]`.
 */
export function parseFieldPath(path: string): PathSegment[] {
  const out: PathSegment[] = [];
  let i = 0;
  let name = '';
  const flush = () => {
    if (name) out.push({ field: name });
    name = '';
  };
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      flush();
      i++;
    } else if (c === '[') {
      flush();
      const close = path.indexOf(']', i + 1);
      const inner = close < 0 ? path.slice(i + 1) : path.slice(i + 1, close);
      out.push(/^\d+$/.test(inner) ? { index: Number(inner) } : { key: inner });
      i = close < 0 ? path.length : close + 1;
    } else {
      name += c;
      i++;
    }
  }
  flush();
  return out;
}

// The engine parses manifests as YAML 1.1 (like kubectl's go-yaml) and allows duplicate keys.
const PARSE_OPTIONS = { version: '1.1', uniqueKeys: false, prettyErrors: false } as const;

/**
 * The documents as the yaml package reads `text`; `origin` maps its offsets back to the buffer's,
 * where `lines` counts the editor's lines.
 */
type Parsed = {
  docs: Document.Parsed[];
  lines: LineCounter;
  text: string;
  origin: (offset: number) => number;
};

const GO_LINE_BREAKS = /[\u0085\u2028\u2029]/;
let rewriteLineBreaks: ((text: string) => RewrittenYaml) | undefined;

/**
 * Loads go-yaml's reading of NEL, LS and PS (the engine's YAML scanner, kept out of the page's first
 * load) when `buffer` has one of them; the functions below read such a buffer as go-yaml does once it
 * is loaded (and as the yaml package does before).
 */
export async function prepareLocate(buffer: string): Promise<void> {
  if (rewriteLineBreaks || !GO_LINE_BREAKS.test(buffer)) return;
  rewriteLineBreaks = (await import('../engine/kubectl/goYamlBreaks')).rewriteGoYamlLineBreaks;
}

/** The text the yaml package reads for `buffer`, and the way back to the buffer's offsets. */
function asKubectlReads(buffer: string): RewrittenYaml {
  if (looksLikeJSON(buffer) || !rewriteLineBreaks || !GO_LINE_BREAKS.test(buffer))
    return { text: buffer, origin: (o) => o };
  return rewriteLineBreaks(buffer);
}

/**
 * The buffer as kubectl reads it (engine/kubectl/yamlOrJSON.ts): JSON as it is (the yaml package
 * reads a JSON object as one), YAML with go-yaml's line breaks (NEL, LS, PS) read as go-yaml reads them
 * (the editor does not break lines there: positions are mapped back to the buffer).
 */
function parse(buffer: string): Parsed {
  const { text, origin } = asKubectlReads(buffer);
  const docs = parseAllDocuments(text, PARSE_OPTIONS);
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let i = buffer.indexOf('\n'); i !== -1; i = buffer.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
  return { docs: Array.isArray(docs) ? docs : [], lines, text, origin };
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return key.source ?? String(key.value);
  if (key === null || key === undefined) return undefined;
  return String(key);
}

/** The end of the line holding `offset`, without trailing blanks. */
function lineEnd(text: string, offset: number): number {
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  while (end > offset && /\s/.test(text[end - 1])) end--;
  return end;
}

function toRange(text: string, lines: LineCounter, start: number, end: number): TextRange {
  // Markers spanning a whole block are noise: keep to the first line, and at least one character.
  const stop = Math.max(Math.min(end, lineEnd(text, start)), start + 1);
  const a = lines.linePos(start);
  const b = lines.linePos(stop);
  const line = Math.max(a.line, 1);
  // At the end of a line (an error pointing at the line break): one column past its last character.
  if (b.line !== a.line || stop > text.length)
    return { line, column: a.col, endLine: line, endColumn: a.col + 1 };
  return { line, column: a.col, endLine: line, endColumn: b.col };
}

/** Offsets to highlight for a node reached by the walk: a map entry, a list item or the document. */
type Hit = { start: number; end: number };

function nodeHit(node: YamlNode): Hit | undefined {
  if (!node.range) return undefined;
  return { start: node.range[0], end: node.range[1] };
}

function pairHit(key: YamlNode | null, value: YamlNode | null): Hit | undefined {
  const k = key && key.range ? key.range : undefined;
  if (!k) return value ? nodeHit(value) : undefined;
  // `image: nginx` or `labels: {}`: key and value; `spec:` followed by a block: the key.
  const inline = value && value.range && (isScalar(value) || ((isMap(value) || isSeq(value)) && value.flow));
  return { start: k[0], end: inline ? value.range![1] : k[1] };
}

function documentHit(doc: Document.Parsed): Hit | undefined {
  const contents = doc.contents;
  if (contents && (isMap(contents) || isSeq(contents)) && contents.items.length) {
    const first = contents.items[0];
    if (isMap(contents)) {
      const p = first as { key: YamlNode | null; value: YamlNode | null };
      return pairHit(p.key, p.value);
    }
    return nodeHit(first as YamlNode);
  }
  if (contents?.range) return nodeHit(contents);
  return { start: doc.range[0], end: doc.range[1] };
}

/**
 * The range of the field `path` in document `documentIndex` (0-based, counting documents as the
 * `yaml` package's parseAllDocuments does, i.e. every `---`-separated document). When the field
 * is absent, the nearest ancestor that exists: a `Required value` error for
 * `spec.template.spec.containers[0].image` points at the `- name: …` line of the first container.
 * An empty path, or a path whose first field is missing, gives the document's first line.
 * Undefined when there is no such document.
 */
export function locateField(yamlText: string, documentIndex: number, path: string): TextRange | undefined {
  const { docs, lines, origin } = parse(yamlText);
  const doc = docs[documentIndex];
  if (!doc) return undefined;
  let node: unknown = doc.contents;
  let hit: Hit | undefined;
  for (const seg of parseFieldPath(path)) {
    if (isMap(node)) {
      const want = 'field' in seg ? seg.field : 'key' in seg ? seg.key : String(seg.index);
      const pair = node.items.find((p) => keyText(p.key) === want);
      if (!pair) break;
      const next = pairHit(pair.key as YamlNode | null, pair.value as YamlNode | null);
      if (!next) break;
      hit = next;
      node = pair.value;
    } else if (isSeq(node) && 'index' in seg) {
      const item = node.items[seg.index] as YamlNode | undefined;
      if (!item) break;
      if (isMap(item) && item.items.length && !item.flow) {
        // A block map in a list: its first entry, i.e. the `- name: …` line.
        const first = item.items[0];
        hit = pairHit(first.key as YamlNode | null, first.value as YamlNode | null) ?? nodeHit(item);
      } else {
        hit = nodeHit(item) ?? hit;
      }
      node = item;
    } else {
      break;
    }
  }
  hit ??= documentHit(doc);
  return hit && toRange(yamlText, lines, origin(hit.start), origin(hit.end));
}

/** Index of the first document whose kind and metadata.name (and namespace, when given) match. */
export function findDocument(
  yamlText: string,
  match: { kind: string; name: string; namespace?: string },
): number | undefined {
  const { docs } = parse(yamlText);
  const i = docs.findIndex((d) => {
    if (d.errors.length) return false;
    const obj = d.toJS({ maxAliasCount: 1000 }) as {
      kind?: unknown;
      metadata?: { name?: unknown; namespace?: unknown };
    } | null;
    if (!obj || typeof obj !== 'object') return false;
    if (obj.kind !== match.kind || obj.metadata?.name !== match.name) return false;
    return match.namespace === undefined || (obj.metadata?.namespace ?? 'default') === match.namespace;
  });
  return i < 0 ? undefined : i;
}

function marker(
  buffer: string,
  { lines, text, origin }: Parsed,
  e: YAMLError,
  severity: EditorMarker['severity'],
): EditorMarker {
  const [start, end] = e.pos;
  const r = toRange(buffer, lines, origin(Math.min(start, Math.max(text.length - 1, 0))), origin(end));
  return { ...r, message: e.message, severity };
}

/**
 * YAML syntax errors (and warnings) of every document, as editor markers. None for a buffer kubectl
 * reads as JSON: its decoder says what is wrong with it, and where (`kubectl apply` reports it).
 */
export function yamlSyntaxMarkers(buffer: string): EditorMarker[] {
  if (looksLikeJSON(buffer)) return [];
  // Nesting past the engine's limit: its message on its line (the parser would run out of stack)
  const { text, origin } = asKubectlReads(buffer);
  const deep = yamlDepthError(text);
  if (deep) {
    // its line in the text read, back to the buffer's line
    const lineStart = text
      .split('\n')
      .slice(0, deep.line - 1)
      .reduce((n, l) => n + l.length + 1, 0);
    const line = buffer.slice(0, origin(lineStart)).split('\n').length;
    return [{ line, column: 1, message: deep.message, severity: 'error' }];
  }
  const parsed = parse(buffer);
  return parsed.docs.flatMap((d) => [
    ...d.errors.map((e) => marker(buffer, parsed, e, 'error')),
    ...d.warnings.map((e) => marker(buffer, parsed, e, 'warning')),
  ]);
}
