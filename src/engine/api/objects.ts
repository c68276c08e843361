// Plain-JSON helpers for API objects: deep clone, deep equality, deep freeze.

import { ownSet } from './own';

export function clone<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) out.push(clone(v[i]));
    return out as T;
  }
  const out: Record<string, unknown> = {};
  const src = v as Record<string, unknown>;
  for (const k in src) {
    if (!Object.prototype.hasOwnProperty.call(src, k)) continue;
    const x = src[k];
    if (x !== undefined) ownSet(out, k, clone(x));
  }
  return out as T;
}

/**
 * Copies what is not frozen and shares what is: stored objects are deep-frozen, so a write built
 * by spreading a stored object shares its unchanged subtrees safely (structural sharing).
 */
export function cloneUnfrozen<T>(v: T): T {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) out.push(cloneUnfrozen(v[i]));
    return out as T;
  }
  const out: Record<string, unknown> = {};
  const src = v as Record<string, unknown>;
  for (const k in src) {
    if (!Object.prototype.hasOwnProperty.call(src, k)) continue;
    const x = src[k];
    if (x !== undefined) ownSet(out, k, cloneUnfrozen(x));
  }
  return out as T;
}

/**
 * `{ ...o }` for a plain object, key by key (a `__proto__` key stays an own property). Object spread
 * in V8 11 gave every copy its own hidden class once its call site was warm: the metadata of 5,000
 * nodes had 4,988 maps, and every read of a node's metadata was megamorphic.
 */
export function shallowCopy<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  const src = o as Record<string, unknown>;
  for (const k in src) if (Object.prototype.hasOwnProperty.call(src, k)) ownSet(out, k, src[k]);
  return out as T;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bb[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  // Keys whose value is undefined do not count (as if absent), on either side.
  let na = 0;
  for (const k in ao) {
    if (!Object.prototype.hasOwnProperty.call(ao, k)) continue;
    const v = ao[k];
    if (v === undefined) continue;
    na++;
    if (!Object.prototype.hasOwnProperty.call(bo, k) || !deepEqual(v, bo[k])) return false;
  }
  let nb = 0;
  for (const k in bo) if (Object.prototype.hasOwnProperty.call(bo, k) && bo[k] !== undefined) nb++;
  return na === nb;
}

export function deepFreeze<T>(v: T): T {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  Object.freeze(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (x !== null && typeof x === 'object') deepFreeze(x);
    }
    return v;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = o[k];
    if (x !== null && typeof x === 'object') deepFreeze(x);
  }
  return v;
}

/** JSON with keys sorted at every level (Go's map marshalling order). */
export function canonicalJSON(v: unknown): string {
  // Built as one string, without the map/filter/join arrays of the simple version (objects.test.ts
  // keeps it as the oracle): the DaemonSet controller hashes every template and revision with it.
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) {
    let s = '[';
    for (let i = 0; i < v.length; i++) {
      if (i > 0) s += ',';
      // join writes an undefined element (and a hole) as nothing
      if (i in v) s += canonicalJSON(v[i]) ?? '';
    }
    return `${s}]`;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  let n = 0;
  for (let i = 0; i < keys.length; i++) if (o[keys[i]] !== undefined) keys[n++] = keys[i];
  keys.length = n;
  keys.sort();
  let s = '{';
  for (let i = 0; i < n; i++) {
    if (i > 0) s += ',';
    s += `${JSON.stringify(keys[i])}:${canonicalJSON(o[keys[i]])}`;
  }
  return `${s}}`;
}

/** `out.push(...items)` without spreading: a spread of 100,000+ items overflows the call stack. */
export function pushAll<T>(out: T[], items: Iterable<T>): T[] {
  for (const x of items) out.push(x);
  return out;
}
