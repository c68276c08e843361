// `-o json` as kubectl writes it. `kubectl get` works on unstructured objects (plain maps), so
// encoding/json sorts the keys of every object byte-wise (apiVersion, items, kind, metadata; in
// metadata annotations, creationTimestamp, labels, name, …). MarshalIndent uses four spaces and
// Go's HTML-safe escaping of <, >, & (\u003c, \u003e, \u0026).

import { ownSet } from '../../api/own';

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v !== 'object' || v === null) return v;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)
    .filter((x) => o[x] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    ownSet(out, k, sortKeys(o[k]));
  return out;
}

/** Marshals JSON-shaped data as `kubectl get -o json` does, with a final newline. */
export function toJSON(obj: unknown): string {
  return goMarshalIndent(sortKeys(obj));
}

/**
 * Marshals a typed object the client built itself (a generator's Service, HorizontalPodAutoscaler):
 * encoding/json writes a Go struct's fields in declaration order, so OBJ's keys must already be in
 * that order (and a zero creationTimestamp is there as `null`).
 */
export function toTypedJSON(obj: unknown): string {
  return goMarshalIndent(obj);
}

function goMarshalIndent(obj: unknown): string {
  const text = JSON.stringify(obj, null, 4)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `${text}\n`;
}
