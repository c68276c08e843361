// Objects in the bytes the API server's JSON encoder writes them (json.Marshal of the typed object):
// kind, apiVersion, then metadata in ObjectMeta's field order, then spec and status; list items
// without kind/apiVersion (the items of a typed list carry no TypeMeta); a ControllerRevision's data
// (a RawExtension) as the JSON a Go client wrote, keys sorted. The API server (src/server) and the
// emulator's `kubectl get --raw` both encode with this.

import type { KObject } from './types';
import { OBJECT_META_FIELDS } from './podMetadataFields';

function ordered(o: Record<string, unknown>, first: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of first) if (Object.hasOwn(o, k) && o[k] !== undefined) out[k] = o[k];
  for (const k of Object.keys(o)) if (!Object.hasOwn(out, k) && o[k] !== undefined) out[k] = o[k];
  return out;
}

/** Go's json.Marshal of decoded JSON: map keys sorted, <, > and & escaped as \u003c, \u003e, \u0026. */
export function goJSON(v: unknown): string {
  const esc = (s: string) =>
    JSON.stringify(s)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
  if (typeof v === 'string') return esc(v);
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(goJSON).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${esc(k)}:${goJSON(o[k])}`).join(',')}}`;
}

/** The object with its envelope and metadata in the typed structs' order. */
export function serverObject(obj: KObject, inList: boolean): Record<string, unknown> {
  const plain = { ...(obj as unknown as Record<string, unknown>) };
  plain.metadata = ordered(obj.metadata as unknown as Record<string, unknown>, OBJECT_META_FIELDS);
  if (inList) {
    delete plain.kind;
    delete plain.apiVersion;
  }
  return ordered(plain, ['kind', 'apiVersion', 'metadata', 'spec', 'status']);
}

/** The JSON the server sends for OBJ (without the encoder's final newline). */
export function serverJSON(obj: KObject, inList = false): string {
  const o = serverObject(obj, inList);
  if (obj.kind !== 'ControllerRevision' || obj.data === undefined) return JSON.stringify(o);
  const mark = '\u0000data\u0000';
  return JSON.stringify({ ...o, data: mark }).replace(JSON.stringify(mark), () => goJSON(obj.data));
}
