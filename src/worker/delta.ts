// Compact per-object changes between the worker and the page: for an object the page already has,
// only the fields that changed (a pod's phase, readiness conditions, node, deletionTimestamp, …) go
// over postMessage, as (path, value) pairs. Engine objects are frozen and share unchanged subtrees,
// so the diff follows only the branches whose identity changed; the page applies it with the same
// structural sharing, so unchanged parts keep their identity for React.

export type Path = readonly string[]

/** One change: set `path` to `value`, or remove it when `unset`. */
export interface FieldChange {
  path: Path
  value?: unknown
  unset?: true
}

import { deepEqual } from '../engine/api/objects'

const MAX_DEPTH = 7

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * The changes that turn `a` into `b`. Objects are followed key by key and arrays of the same length
 * element by element (a path step into an array is its index), down to MAX_DEPTH; what differs below
 * is replaced whole.
 */
export function diffObjects(a: unknown, b: unknown, path: string[] = [], out: FieldChange[] = []): FieldChange[] {
  if (a === b) return out
  const deeper = path.length < MAX_DEPTH
  if (deeper && Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < b.length; i++) diffObjects(a[i], b[i], [...path, String(i)], out)
    return out
  }
  if (!deeper || !isPlainObject(a) || !isPlainObject(b)) {
    if (!deepEqual(a, b)) out.push({ path: [...path], value: b })
    return out
  }
  for (const k of Object.keys(b)) {
    const bv = b[k]
    if (bv === undefined) continue
    if (a[k] === bv) continue
    if (!(k in a) || a[k] === undefined) out.push({ path: [...path, k], value: bv })
    else diffObjects(a[k], bv, [...path, k], out)
  }
  for (const k of Object.keys(a)) {
    if (a[k] !== undefined && (!(k in b) || b[k] === undefined)) out.push({ path: [...path, k], unset: true })
  }
  return out
}

/** Applies changes to `base`, copying only the objects on the changed paths. */
export function applyChanges<T>(base: T, changes: readonly FieldChange[]): T {
  if (changes.length === 1 && changes[0].path.length === 0) return changes[0].value as T
  const copies = new Set<object>()
  const copy = (o: Record<string, unknown>): Record<string, unknown> => {
    if (copies.has(o)) return o
    const c = (Array.isArray(o) ? o.slice() : { ...o }) as Record<string, unknown>
    copies.add(c)
    return c
  }
  const root = copy(base as Record<string, unknown>)
  for (const ch of changes) {
    let cur = root
    for (let i = 0; i < ch.path.length - 1; i++) {
      const k = ch.path[i]
      const next = cur[k]
      const c = typeof next === 'object' && next !== null ? copy(next as Record<string, unknown>) : {}
      cur[k] = c
      cur = c
    }
    const last = ch.path[ch.path.length - 1]
    if (ch.unset) delete cur[last]
    else cur[last] = ch.value
  }
  return root as T
}

/**
 * Many new objects of one kind (a large cluster's nodes, the pods of an apply) are nearly alike:
 * each is sent as the changes from the one before it.
 */
export interface CompactGroup {
  kind: string
  items: FieldChange[][]
}

export function encodeGroup<T extends object>(kind: string, objects: readonly T[]): CompactGroup {
  const items: FieldChange[][] = []
  let prev: T | undefined
  for (const o of objects) {
    items.push(prev ? diffObjects(prev, o) : [{ path: [], value: o }])
    prev = o
  }
  return { kind, items }
}

export function decodeGroup<T>(g: CompactGroup): T[] {
  const out: T[] = []
  let prev: T | undefined
  for (const changes of g.items) {
    prev = prev === undefined ? (changes[0].value as T) : applyChanges(prev, changes)
    out.push(prev)
  }
  return out
}
