// Strategic merge patch (k8s.io/apimachinery/pkg/util/strategicpatch, patch.go StrategicMergeMapPatch
// with the server's options: IgnoreUnmatchedNulls): maps merge key by key (null deletes), lists with
// a `merge` strategy merge element by element on their patch merge key, other lists are replaced.
// Directives: `$patch: replace|delete` (in a map or as a list element), `$retainKeys`,
// `$setElementOrder/<list>`, `$deleteFromPrimitiveList/<list>`. Element order as upstream's
// normalizeElementOrder: patch items in patch order, the original's other items kept at their
// places relative to them (so a new container comes first, as kubectl shows).

import { ownGet, ownSet } from '../own';
import { fieldMeta, type FieldMeta } from './patchMeta';

type Json = null | boolean | number | string | Json[] | JsonMap;
type JsonMap = { [k: string]: Json };

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ELEMENT_ORDER = '$setElementOrder/';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList/';

/** A patch the merge cannot apply; `badRequest` errors are the API server's 400s, others its 500s. */
export class PatchError extends Error {
  constructor(
    message: string,
    readonly badRequest = false,
  ) {
    super(message);
  }
}

const isMap = (v: unknown): v is JsonMap => typeof v === 'object' && v !== null && !Array.isArray(v);

/** fmt's %v of decoded JSON, for the error texts. */
function fmtV(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(fmtV).join(' ')}]`;
  if (isMap(v)) {
    const keys = Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${keys.map((k) => `${k}:${fmtV(v[k])}`).join(' ')}]`;
  }
  return String(v);
}

const errNoMergeKey = (m: JsonMap, k: string) =>
  new PatchError(`map: ${fmtV(m)} does not contain declared merge key: ${k}`);
const errBadPatchType = (t: unknown, m: JsonMap) =>
  new PatchError(`unknown patch type: ${fmtV(t)} in map: ${fmtV(m)}`);

/** reflect.TypeOf of a decoded JSON value (int64 and float64 are different types). */
function goType(v: Json): string {
  if (v === null) return 'nil';
  if (Array.isArray(v)) return 'slice';
  if (isMap(v)) return 'map';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return typeof v;
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function discardNullValuesFromPatch(v: Json): Json {
  if (Array.isArray(v)) v.forEach(discardNullValuesFromPatch);
  else if (isMap(v)) {
    for (const k of Object.keys(v)) {
      if (v[k] === null) delete v[k];
      else discardNullValuesFromPatch(v[k]);
    }
  }
  return v;
}

function handleDirectiveInMergeMap(directive: Json, patch: JsonMap): JsonMap {
  if (directive === 'replace') {
    const out = { ...patch };
    delete out[DIRECTIVE];
    return out;
  }
  if (directive === 'delete') return {};
  throw errBadPatchType(directive, patch);
}

function applyRetainKeysDirective(original: JsonMap, patch: JsonMap): void {
  if (!Object.hasOwn(patch, RETAIN_KEYS)) return;
  const keep = patch[RETAIN_KEYS];
  if (!Array.isArray(keep))
    throw new PatchError('invalid patch: the value of $retainKeys must be a list', true);
  for (const k of Object.keys(original)) if (!keep.includes(k)) delete original[k];
  delete patch[RETAIN_KEYS];
}

function mergeMap(original: JsonMap | null, patchIn: JsonMap, type: string | undefined): JsonMap {
  if (Object.hasOwn(patchIn, DIRECTIVE)) return handleDirectiveInMergeMap(patchIn[DIRECTIVE], patchIn);
  const out: JsonMap = original ?? {};
  const patch: JsonMap = { ...patchIn };
  applyRetainKeysDirective(out, patch);
  mergePatchIntoOriginal(out, patch, type);
  for (const key of Object.keys(patch)) {
    const patchV = patch[key];
    if (key.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
      const field = key.slice(DELETE_FROM_PRIMITIVE_LIST.length);
      if (!Array.isArray(patchV))
        throw new PatchError(
          'invalid patch: the value of a $deleteFromPrimitiveList directive must be a list',
          true,
        );
      const cur = ownGet(out, field);
      if (Array.isArray(cur))
        ownSet(
          out,
          field,
          cur.filter((x) => !patchV.some((d) => d === x)),
        );
      continue;
    }
    if (patchV === null) {
      delete out[key];
      continue;
    }
    if (!Object.hasOwn(out, key)) {
      ownSet(out, key, discardNullValuesFromPatch(patchV));
      continue;
    }
    const orig = out[key];
    if (goType(orig) !== goType(patchV)) {
      ownSet(out, key, discardNullValuesFromPatch(patchV));
      continue;
    }
    const meta = fieldMeta(type, key);
    if (isMap(orig) && isMap(patchV)) {
      ownSet(
        out,
        key,
        (meta.strategies ?? []).includes('replace') ? patchV : mergeMap(orig, patchV, meta.type),
      );
    } else if (Array.isArray(orig) && Array.isArray(patchV)) {
      ownSet(out, key, (meta.strategies ?? []).includes('merge') ? mergeSlice(orig, patchV, meta) : patchV);
    } else ownSet(out, key, patchV);
  }
  return out;
}

/** `$setElementOrder/<list>` with its list: merged together, ordered as the directive says. */
function mergePatchIntoOriginal(original: JsonMap, patch: JsonMap, type: string | undefined): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const field = key.slice(SET_ELEMENT_ORDER.length);
    const order = patch[key];
    delete patch[key];
    if (!Array.isArray(order))
      throw new PatchError('invalid patch: the value of a $setElementOrder directive must be a list', true);
    const patchList = patch[field];
    delete patch[field];
    const originalList = original[field];
    const meta = fieldMeta(type, field);
    const orig = Array.isArray(originalList) ? originalList : [];
    const pl = Array.isArray(patchList) ? patchList : [];
    if (orig.length === 0 && pl.length === 0 && order.length === 0) continue;
    ownSet(original, field, mergeSlice(orig, pl, meta, order));
  }
}

function sliceElementKind(...slices: Json[][]): 'map' | 'scalar' {
  let prev: string | undefined;
  for (const s of slices) {
    for (const v of s) {
      const t = goType(v);
      if (prev === undefined) {
        prev = t;
        if (t === 'slice') throw new PatchError('lists of lists are not supported', false);
      } else if (prev !== t) throw new PatchError(`list element types are not identical: ${fmtV(slices)}`);
    }
  }
  if (prev === undefined) throw new PatchError('no elements in any of the given slices');
  return prev === 'map' ? 'map' : 'scalar';
}

function keyOf(v: Json, mergeKey: string): Json | undefined {
  if (!isMap(v)) return undefined;
  return Object.hasOwn(v, mergeKey) ? v[mergeKey] : undefined;
}

function indexIn(list: Json[], v: Json, mergeKey: string | undefined): number {
  if (mergeKey === undefined) return list.findIndex((x) => x === v);
  const k = keyOf(v, mergeKey);
  return list.findIndex((x) => keyOf(x, mergeKey) === k);
}

function mergeSliceWithSpecialElements(original: Json[], patch: Json[], mergeKey: string): [Json[], Json[]] {
  const plain: Json[] = [];
  let replace = false;
  let orig = original;
  for (const v of patch) {
    const m = v as JsonMap;
    if (!Object.hasOwn(m, DIRECTIVE)) {
      plain.push(v);
      continue;
    }
    const t = m[DIRECTIVE];
    if (t === 'delete') {
      if (!Object.hasOwn(m, mergeKey)) throw errNoMergeKey(m, mergeKey);
      orig = orig.filter((o) => keyOf(o, mergeKey) !== m[mergeKey]);
    } else if (t === 'replace') replace = true;
    else if (t === 'merge') throw new PatchError('merging lists cannot yet be specified in the patch');
    else throw errBadPatchType(t, m);
  }
  if (replace) return [plain, []];
  return [orig, plain];
}

function mergeSliceWithoutSpecialElements(
  original: Json[],
  patch: Json[],
  mergeKey: string,
  type: string | undefined,
): Json[] {
  const out = [...original];
  for (const v of patch) {
    const m = v as JsonMap;
    if (!Object.hasOwn(m, mergeKey)) throw errNoMergeKey(m, mergeKey);
    const i = out.findIndex((o) => keyOf(o, mergeKey) === m[mergeKey]);
    if (i >= 0) out[i] = mergeMap(out[i] as JsonMap, m, type);
    else out.push(v);
  }
  return out;
}

function normalizeSliceOrder(toSort: Json[], order: Json[], mergeKey: string | undefined): Json[] {
  return toSort
    .map((v, i) => ({ v, i, at: indexIn(order, v, mergeKey) }))
    .sort((a, b) => (a.at >= 0 && b.at >= 0 ? a.at - b.at : a.i - b.i))
    .map((x) => x.v);
}

/** mergeSortedSlice: inserts `left` (server-only items) into `right` (patch items) by the live order. */
function mergeSortedSlice(
  left: Json[],
  right: Json[],
  serverOrder: Json[],
  mergeKey: string | undefined,
): Json[] {
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], mergeKey);
      const ri = indexIn(serverOrder, right[j], mergeKey);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

function mergeSlice(originalIn: Json[], patchIn: Json[], meta: FieldMeta, setElementOrder?: Json[]): Json[] {
  if (originalIn.length === 0 && patchIn.length === 0) return originalIn;
  const kind = sliceElementKind(originalIn, patchIn);
  let original = originalIn;
  let patch = patchIn;
  let merged: Json[];
  const mergeKey = kind === 'map' ? meta.mergeKey : undefined;
  if (kind === 'scalar') {
    merged = [];
    for (const v of [...original, ...patch]) if (!merged.some((m) => m === v)) merged.push(v);
  } else {
    if (!mergeKey)
      throw new PatchError(`cannot merge lists without merge key for ${meta.type ?? 'the list'}`);
    [original, patch] = mergeSliceWithSpecialElements(original, patch, mergeKey);
    merged = mergeSliceWithoutSpecialElements(original, patch, mergeKey, meta.type);
  }
  const order = setElementOrder ?? patch;
  const patchItems: Json[] = [];
  const serverOnly: Json[] = [];
  for (const v of merged) {
    if (mergeKey !== undefined && keyOf(v, mergeKey) === undefined)
      throw errNoMergeKey(v as JsonMap, mergeKey);
    (indexIn(order, v, mergeKey) >= 0 ? patchItems : serverOnly).push(v);
  }
  return mergeSortedSlice(
    normalizeSliceOrder(serverOnly, original, mergeKey),
    normalizeSliceOrder(patchItems, order, mergeKey),
    original,
    mergeKey,
  );
}

/** StrategicMergeMapPatch(original, patch, schema of `type`): a new object, the original untouched. */
export function strategicMergePatch(
  original: Record<string, unknown>,
  patch: Record<string, unknown>,
  type: string,
): Record<string, unknown> {
  return mergeMap(clone(original) as JsonMap, clone(patch) as JsonMap, type);
}
