// Server-side field validation (KEP-2885; apiserver handlers with ?fieldValidation=Strict|Warn|Ignore,
// the strict JSON decoder of sigs.k8s.io/json): a request body with fields the kind does not have is
// rejected whole (Strict, what kubectl ≥ 1.27 asks for by default), accepted with a warning per field
// (Warn), or accepted with the fields dropped (Ignore). Nothing of a rejected object is stored.
//
// Duplicate fields never reach the server from kubectl: it converts YAML to JSON first, and a
// repeated key keeps its last value (checked against kubectl 1.32), so only unknown fields are reported.

import { StatusError } from './errors';
import { API_VERSION, type Kind } from './types';
import FIELDS from './fieldSchema/fields.json';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

const TYPES = new Map<string, Record<string, string>>(
  Object.entries(FIELDS.types as Record<string, Record<string, string>>),
);
const ROOTS = new Map<string, string>(Object.entries(FIELDS.roots as Record<string, string>));

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function walk(value: unknown, type: string, path: string, out: string[]): void {
  if (!type) return;
  if (type.startsWith('[]')) {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, type.slice(2), `${path}[${i}]`, out));
    return;
  }
  if (type.startsWith('map[')) {
    if (isObject(value))
      for (const [k, v] of Object.entries(value)) walk(v, type.slice(4, -1), path ? `${path}.${k}` : k, out);
    return;
  }
  const fields = TYPES.get(type);
  if (!fields || !isObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (!Object.hasOwn(fields, k)) out.push(p);
    else walk(v, fields[k], p, out);
  }
}

/** The paths of the fields of `obj` its kind does not have, in document order (`spec.template.spec.bogus`). */
export function unknownFields(kind: Kind, obj: unknown): string[] {
  const out: string[] = [];
  const root = ROOTS.get(kind);
  if (root) walk(obj, root, '', out);
  return out;
}

/** `DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "…", …` */
export function strictDecodingError(kind: Kind, paths: string[]): StatusError {
  const version = API_VERSION[kind].split('/').pop();
  const list = paths.map((p) => `unknown field ${JSON.stringify(p)}`).join(', ');
  return new StatusError(
    400,
    'BadRequest',
    `${kind} in version "${version}" cannot be handled as a ${kind}: strict decoding error: ${list}`,
  );
}

/**
 * A copy of `obj` without the unknown fields (what the decoder keeps under Warn and Ignore). Only
 * the objects and arrays on the way to a dropped field are copied (shallowly): the dropped values
 * are never walked, so an unknown field of any depth costs nothing.
 */
export function dropFields<T>(obj: T, paths: string[]): T {
  if (paths.length === 0) return obj;
  const shallow = (v: unknown): unknown =>
    Array.isArray(v) ? [...(v as unknown[])] : isObject(v) ? { ...v } : v;
  const copied = new WeakSet<object>();
  const own = (v: unknown): unknown => {
    const c = shallow(v);
    if (c && typeof c === 'object') copied.add(c);
    return c;
  };
  const copy = own(obj);
  for (const p of paths) {
    const parts = p.match(/[^.[\]]+|\[\d+\]/g) ?? [];
    let cur: unknown = copy;
    for (let i = 0; i < parts.length - 1 && cur !== undefined; i++) {
      const part = parts[i];
      const key: string | number = part.startsWith('[') ? Number(part.slice(1, -1)) : part;
      const container = cur as Record<string | number, unknown>;
      // keys come from the request body: own properties only (a `__proto__` key is data)
      let next = Object.hasOwn(container, key) ? container[key] : undefined;
      if (next && typeof next === 'object' && !copied.has(next)) {
        next = own(next);
        Object.defineProperty(container, key, {
          value: next,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      }
      cur = next;
    }
    if (isObject(cur)) delete cur[parts[parts.length - 1]];
  }
  return copy as T;
}

/**
 * Decodes a request body under a field validation directive: throws the strict decoding error
 * (Strict), or returns the object without unknown fields and the warnings to show (Warn: one per
 * field, `unknown field "…"`; Ignore: none).
 */
export function decodeWithFieldValidation<T>(
  kind: Kind,
  obj: T,
  directive: FieldValidation,
): { obj: T; warnings: string[] } {
  const paths = unknownFields(kind, obj);
  if (paths.length === 0) return { obj, warnings: [] };
  if (directive === 'Strict') throw strictDecodingError(kind, paths);
  return {
    obj: dropFields(obj, paths),
    warnings: directive === 'Warn' ? paths.map((p) => `unknown field ${JSON.stringify(p)}`) : [],
  };
}
