// Compact per-object changes between the worker and the page: for an object the page already has,
// only the fields that changed (a pod's phase, readiness conditions, node, deletionTimestamp, …) go
// over postMessage, as (path, value) pairs. Engine objects are frozen and share unchanged subtrees,
// so the diff follows only the branches whose identity changed; the page applies it with the same
// structural sharing, so unchanged parts keep their identity for React.

export type Path = readonly string[];

/**
 * One change: set the field at path `p` to `v`, or remove it when `u`. The path's steps (keys, or
 * array indexes) are joined with a tab, which no field name or label key contains; short names keep
 * the messages small.
 */
export interface FieldChange {
  p: string;
  v?: unknown;
  u?: 1;
}

const SEP = '\t';

export function pathOf(c: FieldChange): Path {
  return c.p === '' ? [] : c.p.split(SEP);
}

const set = (path: readonly string[], value: unknown): FieldChange => ({ p: path.join(SEP), v: value });

import { deepEqual } from '../engine/predicates';

const MAX_DEPTH = 7;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The changes that turn `a` into `b`. Objects are followed key by key and arrays of the same length
 * element by element (a path step into an array is its index), down to MAX_DEPTH; what differs below
 * is replaced whole.
 */
export function diffObjects(
  a: unknown,
  b: unknown,
  path: string[] = [],
  out: FieldChange[] = [],
): FieldChange[] {
  if (a === b) return out;
  const deeper = path.length < MAX_DEPTH;
  if (deeper && Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < b.length; i++) diffObjects(a[i], b[i], [...path, String(i)], out);
    return out;
  }
  if (!deeper || !isPlainObject(a) || !isPlainObject(b)) {
    if (!deepEqual(a, b)) out.push(set(path, b));
    return out;
  }
  for (const k of Object.keys(b)) {
    const bv = b[k];
    if (bv === undefined) continue;
    if (a[k] === bv) continue;
    if (!(k in a) || a[k] === undefined) out.push(set([...path, k], bv));
    else diffObjects(a[k], bv, [...path, k], out);
  }
  for (const k of Object.keys(a)) {
    if (a[k] !== undefined && (!(k in b) || b[k] === undefined))
      out.push({ p: [...path, k].join(SEP), u: 1 });
  }
  return out;
}

/** Applies changes to `base`, copying only the objects on the changed paths. */
export function applyChanges<T>(base: T, changes: readonly FieldChange[]): T {
  if (changes.length === 1 && changes[0].p === '') return changes[0].v as T;
  const copies = new Set<object>();
  const copy = (o: Record<string, unknown>): Record<string, unknown> => {
    if (copies.has(o)) return o;
    const c = (Array.isArray(o) ? o.slice() : { ...o }) as Record<string, unknown>;
    copies.add(c);
    return c;
  };
  const root = copy(base as Record<string, unknown>);
  for (const ch of changes) {
    const path = pathOf(ch);
    let cur = root;
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i];
      const next = cur[k];
      const c = typeof next === 'object' && next !== null ? copy(next as Record<string, unknown>) : {};
      cur[k] = c;
      cur = c;
    }
    const last = path[path.length - 1];
    if (ch.u) delete cur[last];
    else cur[last] = ch.v;
  }
  return root as T;
}

/**
 * Many new objects of one kind (a large cluster's nodes, the pods of an apply) are nearly alike:
 * each is sent as the changes from the one before it.
 */
export interface CompactGroup {
  kind: string;
  items: FieldChange[][];
}

export function encodeGroup<T extends object>(kind: string, objects: readonly T[]): CompactGroup {
  const items: FieldChange[][] = [];
  let prev: T | undefined;
  for (const o of objects) {
    items.push(prev ? diffObjects(prev, o) : [{ p: '', v: o }]);
    prev = o;
  }
  return { kind, items };
}

export function decodeGroup<T>(g: CompactGroup): T[] {
  const out: T[] = [];
  let prev: T | undefined;
  for (const changes of g.items) {
    prev = prev === undefined ? (changes[0].v as T) : applyChanges(prev, changes);
    out.push(prev);
  }
  return out;
}
