// The patch `kubectl apply` sends for an existing object (apimachinery strategicpatch
// CreateThreeWayMergePatch): the deletions from the last-applied configuration (original) to the
// manifest (modified), merged with the changes and additions from the live object (current) to the
// manifest, with `$setElementOrder/LIST` for merged lists, `{"$patch":"delete", KEY: …}` for list
// items gone, and `$retainKeys` where the API asks for it; encoded as Go's json.Marshal of a map.
// kubectl prints it when the server rejects the patch ("error when applying patch: …").
//
// Merged lists are the ones applyMerge merges by key; a list that both loses and changes items
// lists the changed items first, then the deletions (upstream interleaves them by position).

import { hasOwn, ownGet, ownSet } from '../../api/own';
import { goJSON } from '../../api/encode';
import { mergeKeyOf } from './applyMerge';

export { goJSON };

type Json = unknown;
type JsonMap = Record<string, Json>;

interface DiffOptions {
  ignoreDeletions: boolean;
  ignoreChangesAndAdditions: boolean;
  buildRetainKeys?: boolean;
}

const set = (o: JsonMap, key: string, v: Json): void => ownSet<Json>(o, key, v);
const isMap = (v: Json): v is JsonMap => v !== null && typeof v === 'object' && !Array.isArray(v);

/** reflect.TypeOf for decoded JSON: map, slice, string, float64, bool or nil. */
function typeOf(v: Json): string {
  if (v === null) return 'nil';
  if (Array.isArray(v)) return 'slice';
  return typeof v;
}

function jsonEqual(a: Json, b: Json): boolean {
  return goJSON(a) === goJSON(b);
}

/** Maps whose patch strategy is retainKeys (DaemonSetSpec.updateStrategy; each of PodSpec.volumes). */
const RETAIN_KEYS_MAPS = new Set(['updateStrategy']);
const RETAIN_KEYS_LISTS = new Set(['volumes']);

function diffMaps(original: JsonMap, modified: JsonMap, opts: DiffOptions): JsonMap {
  const patch: JsonMap = {};
  const retainKeys: string[] = [];
  for (const key of Object.keys(modified)) {
    const mod = modified[key];
    if (opts.buildRetainKeys && mod !== null) retainKeys.push(key);
    if (!hasOwn(original, key)) {
      if (!opts.ignoreChangesAndAdditions) set(patch, key, mod);
      continue;
    }
    const orig = original[key];
    if (typeOf(orig) !== typeOf(mod)) {
      if (!opts.ignoreChangesAndAdditions) set(patch, key, mod);
      continue;
    }
    if (isMap(orig) && isMap(mod)) {
      const sub = diffMaps(orig, mod, { ...opts, buildRetainKeys: RETAIN_KEYS_MAPS.has(key) });
      if (Object.keys(sub).length > 0) set(patch, key, sub);
    } else if (Array.isArray(orig) && Array.isArray(mod)) {
      diffSlices(key, orig, mod, patch, opts);
    } else if (!opts.ignoreChangesAndAdditions && !jsonEqual(orig, mod)) {
      set(patch, key, mod);
    }
  }
  if (!opts.ignoreDeletions) {
    for (const key of Object.keys(original)) if (!hasOwn(modified, key)) set(patch, key, null);
  }
  const clears = Object.keys(original).some((k) => !hasOwn(modified, k));
  if (retainKeys.length > 0 && (Object.keys(patch).length > 0 || clears))
    patch.$retainKeys = retainKeys.sort();
  return patch;
}

function diffSlices(
  key: string,
  original: Json[],
  modified: Json[],
  patch: JsonMap,
  opts: DiffOptions,
): void {
  const mergeKey = mergeKeyOf(key);
  if (!mergeKey || ![...original, ...modified].every(isMap)) {
    if (!opts.ignoreChangesAndAdditions && !jsonEqual(original, modified)) set(patch, key, modified);
    return;
  }
  if (original.length === 0) {
    if (modified.length > 0 && !opts.ignoreChangesAndAdditions) set(patch, key, modified);
    return;
  }
  const elementOpts = { ...opts, buildRetainKeys: RETAIN_KEYS_LISTS.has(key) };
  const keyOf = (m: JsonMap) => String(ownGet(m, mergeKey));
  const origBy = new Map((original as JsonMap[]).map((m) => [keyOf(m), m]));
  const modKeys = new Set((modified as JsonMap[]).map(keyOf));
  const changed: Json[] = [];
  for (const m of modified as JsonMap[]) {
    const o = origBy.get(keyOf(m));
    if (!o) {
      if (!opts.ignoreChangesAndAdditions) changed.push(m);
      continue;
    }
    const sub = diffMaps(o, m, elementOpts);
    if (Object.keys(sub).length > 0) changed.push({ ...sub, [mergeKey]: m[mergeKey] });
  }
  const deletions: Json[] = [];
  if (!opts.ignoreDeletions) {
    const gone = (original as JsonMap[]).filter((o) => !modKeys.has(keyOf(o)));
    gone.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
    for (const o of gone) deletions.push({ $patch: 'delete', [mergeKey]: o[mergeKey] });
  }
  const list = [...changed, ...deletions];
  const sameOrder =
    original.length === modified.length &&
    original.every((o, i) => keyOf(o as JsonMap) === keyOf(modified[i] as JsonMap));
  if (list.length > 0) set(patch, key, list);
  if (
    (!opts.ignoreChangesAndAdditions && (list.length > 0 || !sameOrder)) ||
    (!opts.ignoreDeletions && list.length > 0)
  ) {
    set(
      patch,
      `$setElementOrder/${key}`,
      (modified as JsonMap[]).map((m) => ({ [mergeKey]: m[mergeKey] })),
    );
  }
}

/** mergeMap of two patches (the delta into the deletions): the delta wins, a null in it removes. */
function mergePatches(base: JsonMap, delta: JsonMap): JsonMap {
  const out: JsonMap = { ...base };
  for (const key of Object.keys(delta)) {
    const d = delta[key];
    const b = ownGet(out, key);
    if (key === '$retainKeys' && Array.isArray(b) && Array.isArray(d)) {
      set(out, key, [...new Set([...(b as string[]), ...(d as string[])])].sort());
    } else if (d === null) {
      delete out[key];
    } else if (isMap(b) && isMap(d)) {
      set(out, key, mergePatches(b, d));
    } else if (Array.isArray(b) && Array.isArray(d) && !key.startsWith('$') && mergeKeyOf(key)) {
      const mk = mergeKeyOf(key)!;
      const keyOf = (m: Json) => String(isMap(m) ? ownGet(m, mk) : m);
      const baseBy = new Map(b.map((m) => [keyOf(m), m]));
      const merged = d.map((m) => {
        const o = baseBy.get(keyOf(m));
        return isMap(o) && isMap(m) ? mergePatches(o, m) : m;
      });
      const inDelta = new Set(d.map(keyOf));
      set(out, key, [...merged, ...b.filter((m) => !inDelta.has(keyOf(m)))]);
    } else {
      set(out, key, d);
    }
  }
  return out;
}

/** CreateThreeWayMergePatch(original, modified, current) with overwrite. */
export function threeWayMergePatch(original: Json, modified: Json, current: Json): JsonMap {
  const o = isMap(original) ? original : {};
  const m = isMap(modified) ? modified : {};
  const c = isMap(current) ? current : {};
  const delta = diffMaps(c, m, { ignoreDeletions: true, ignoreChangesAndAdditions: false });
  const deletions = diffMaps(o, m, { ignoreDeletions: false, ignoreChangesAndAdditions: true });
  return mergePatches(deletions, delta);
}
