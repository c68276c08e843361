// kubectl's `explain` output (pkg/explain/v2/templates/plaintext.tmpl, 1.27+) rendered over an
// OpenAPI v3 document: the same walk as the template — the field path followed through
// properties, items, additionalProperties and allOf; descriptions of a field and of its type as
// separate paragraphs; fields sorted by name; `wrap` (go-wordwrap) and `indent` as its functions
// do them. Everything looked up by a name from outside (a field path) goes through Object.hasOwn,
// as a Go map lookup does.

export type Schema = Record<string, unknown>;

export interface Document {
  components: { schemas: Record<string, Schema> };
}

export interface GroupVersionKind {
  group: string;
  kind: string;
  version: string;
}

/** A `throw` of the template: what was written before it stays written. */
export class ExplainError extends Error {
  constructor(
    message: string,
    readonly written: string,
  ) {
    super(message);
  }
}

function isMap(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Go template truth: false, 0, nil, "" and empty maps and lists are false. */
function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isMap(v)) return Object.keys(v).length > 0;
  return true;
}

function own(m: unknown, key: string): unknown {
  return isMap(m) && Object.hasOwn(m, key) ? m[key] : undefined;
}

/** `resolveRef`: `#/components/schemas/NAME` in the document, or undefined. */
function resolveRef(ref: unknown, doc: Document): Schema | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let cur: unknown = doc;
  for (const k of ref.slice(1).split('/')) {
    if (k === '') continue;
    const next = own(cur, k);
    if (!isMap(next)) return undefined;
    cur = next;
  }
  return cur as Schema;
}

/** A non-boolean additionalProperties schema (the template's `not (eq "bool" (printf "%T" …))`). */
function additional(s: Schema): Schema | undefined {
  const ap = s.additionalProperties;
  return truthy(ap) && typeof ap !== 'boolean' && isMap(ap) ? ap : undefined;
}

function allOf(s: Schema): Schema[] {
  return Array.isArray(s.allOf) ? (s.allOf as unknown[]).filter(isMap) : [];
}

const runeLength = (s: string) => Array.from(s).length;

/**
 * The template's `wrap`: github.com/mitchellh/go-wordwrap v1.0.1 WrapString — breaks at white
 * space, keeps the text's own line breaks, never splits a word longer than the limit (URLs),
 * counts runes, and does not take a no-break space for a space.
 */
export function wrap(lim: number, s: string): string {
  let out = '';
  let current = 0;
  let word = '';
  let space = '';
  for (const ch of s) {
    if (ch === '\n') {
      if (word.length === 0) {
        if (current + runeLength(space) > lim) current = 0;
        else out += space;
        space = '';
      } else {
        out += space + word;
        space = '';
        word = '';
      }
      out += ch;
      current = 0;
    } else if (/\s/u.test(ch) && ch !== '\u00a0') {
      if (space.length === 0 || word.length > 0) {
        current += runeLength(space) + runeLength(word);
        out += space + word;
        space = '';
        word = '';
      }
      space += ch;
    } else {
      word += ch;
      if (current + runeLength(space) + runeLength(word) > lim && runeLength(word) < lim) {
        out += '\n';
        current = 0;
        space = '';
      }
    }
  }
  if (word.length === 0) {
    if (current + runeLength(space) <= lim) out += space;
  } else out += space + word;
  return out;
}

/** The template's `indent`: pads the first line and every line after a newline. */
export function indent(n: number, s: string): string {
  const pad = ' '.repeat(n);
  return pad + s.replace(/\n/g, `\n${pad}`);
}

/** Go's %v of an enum value from JSON. */
function enumText(e: unknown): string {
  if (e === '') return '""';
  if (e === null) return '<nil>';
  return String(e);
}

function extractEnum(s: Schema, longView: boolean, limitArg: number, indentAmount = 0): string {
  const values = s.enum;
  if (!Array.isArray(values) || values.length === 0) return '';
  const limit = limitArg || -1;
  let out = longView ? 'ENUM:' : `\n${' '.repeat(indentAmount)}enum: `;
  for (let i = 0; i < values.length; i++) {
    if (limit > -1 && i >= limit) {
      out += ', ....';
      break;
    }
    if (i > 0 && !longView) out += ', ';
    else if (longView) out += '\n    ';
    out += enumText(values[i]);
  }
  return out;
}

function typeGuess(s: Schema, doc: Document): string {
  if (!truthy(s)) throw new Error("expected schema argument to subtemplate 'typeguess'");
  const items = s.items;
  if (truthy(items) && isMap(items)) return `[]${typeGuess(items, doc)}`;
  const ap = additional(s);
  if (ap) return `map[string]${typeGuess(ap, doc)}`;
  const all = allOf(s);
  if (all.length === 1 && !truthy(s.properties)) return typeGuess(all[0], doc);
  const ref = s.$ref;
  if (truthy(ref)) {
    const refSchema = resolveRef(ref, doc);
    if (!refSchema || !truthy(refSchema.type) || refSchema.type === 'object') {
      const name = String(ref).split('/').pop() ?? '';
      return name.split('.').pop() || 'Object';
    }
    return String(refSchema.type);
  }
  if (s.type === 'object') return 'Object';
  return truthy(s.type) ? String(s.type) : 'Object';
}

function description(s: Schema, doc: Document): string {
  const d = resolveRef(s.$ref, doc) ?? s;
  if (!truthy(d)) return '';
  let out = truthy(d.description) ? `${String(d.description)}\n` : '';
  for (const a of allOf(d)) out += description(a, doc);
  if (truthy(d.items) && isMap(d.items)) out += description(d.items, doc);
  const ap = additional(d);
  if (ap) out += description(ap, doc);
  return out;
}

function fieldDetail(name: string, s: Schema, short: boolean, level: number, doc: Document): string {
  const ind = level * 2;
  const field = own(s.properties, name) as Schema;
  const required = Array.isArray(s.required) && s.required.includes(name);
  let out = `${indent(ind, name)}\t<${typeGuess(field, doc)}>${required ? ' -required-' : ''}${extractEnum(field, false, 4, ind)}\n`;
  if (!short) {
    const text = truthy(field.description) ? String(field.description) : '<no description>';
    out += `${indent(ind + 2, wrap(78 - ind, text))}\n\n`;
  }
  return out;
}

function fieldList(
  s: Schema,
  level: number,
  history: ReadonlySet<string>,
  recursive: boolean,
  doc: Document,
): string {
  const ref = typeof s.$ref === 'string' ? s.$ref : '';
  if (ref && history.has(ref)) return '';
  const next = new Set(history).add(ref);
  const resolved = resolveRef(ref, doc) ?? s;
  let out = '';
  const props = isMap(resolved.properties) ? resolved.properties : {};
  for (const k of Object.keys(props).sort()) {
    out += fieldDetail(k, resolved, recursive, level, doc);
    const v = props[k];
    if (recursive && isMap(v)) out += fieldList(v, level + 1, next, recursive, doc);
  }
  for (const a of allOf(resolved)) out += fieldList(a, level, next, recursive, doc);
  if (truthy(resolved.items) && isMap(resolved.items))
    out += fieldList(resolved.items, level, next, recursive, doc);
  const ap = additional(resolved);
  if (ap) out += fieldList(ap, level, next, recursive, doc);
  return out;
}

function output(
  s: Schema,
  path: string[],
  history: ReadonlySet<string>,
  recursive: boolean,
  doc: Document,
): string {
  const ref = typeof s.$ref === 'string' ? s.$ref : '';
  const next = new Set(history).add(ref);
  const resolved = resolveRef(ref, doc) ?? s;
  if (path.length === 0) {
    let out = `DESCRIPTION:\n${indent(4, wrap(76, description(resolved, doc) || '<empty>'))}\n`;
    const fields = fieldList(resolved, 1, new Set(), recursive, doc);
    if (fields) out += `FIELDS:\n${fields}`;
    return out;
  }
  if (ref && history.has(ref)) return '';
  const sub = own(resolved.properties, path[0]);
  if (truthy(resolved.properties) && truthy(sub) && isMap(sub)) {
    let out = '';
    if (path.length === 1)
      out += `FIELD: ${path[0]} <${typeGuess(sub, doc)}>\n${extractEnum(sub, true, -1)}\n\n`;
    return out + output(sub, path.slice(1), new Set(), recursive, doc);
  }
  if (truthy(resolved.items) && isMap(resolved.items))
    return output(resolved.items, path, next, recursive, doc);
  const ap = additional(resolved);
  if (ap) return output(ap, path, next, recursive, doc);
  for (const a of allOf(resolved)) {
    const o = output(a, path, next, recursive, doc);
    if (o) return o;
  }
  return '';
}

const sameGVK = (a: unknown, b: GroupVersionKind) =>
  isMap(a) &&
  a.group === b.group &&
  a.kind === b.kind &&
  a.version === b.version &&
  Object.keys(a).length === 3;

/**
 * The whole explain text for a kind and field path. A `throw` of the template (a field that does not
 * exist, a kind without a schema) is an ExplainError carrying what was written before it.
 */
export function renderExplain(
  doc: Document,
  gvk: GroupVersionKind,
  fieldPath: string[],
  recursive: boolean,
): string {
  const header = `${gvk.group ? `GROUP:      ${gvk.group}\n` : ''}KIND:       ${gvk.kind}\nVERSION:    ${gvk.version}\n\n`;
  const schemas = doc.components.schemas;
  for (const name of Object.keys(schemas).sort()) {
    const s = schemas[name];
    const gvks = s['x-kubernetes-group-version-kind'];
    if (!Array.isArray(gvks) || !gvks.some((g) => sameGVK(g, gvk))) continue;
    const out = output(s, fieldPath, new Set(), recursive, doc);
    if (!out)
      throw new ExplainError(`error: field "${fieldPath[fieldPath.length - 1]}" does not exist`, header);
    return `${header}${out}\n`;
  }
  throw new ExplainError(
    `error: GVK map[group:${gvk.group} kind:${gvk.kind} version:${gvk.version}] not found in OpenAPI schema`,
    header,
  );
}
