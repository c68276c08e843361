// Mirror of the engine's objects, per kind, keyed `namespace/name`. Unchanged objects keep their
// identity across batches so components subscribed to one object do not re-render.

import type { StateCreator } from 'zustand'
import type { KEvent, Kind, KObject, Pod } from '../engine/api/types'
import type { EventRow } from '../engine/api/eventStore'
import { applyChanges, decodeGroup } from '../worker/delta'
import type { StepRecord } from '../engine/simulation'
import type { RecordedEvent } from '../engine/events'
import type { ChangeBatch, Input } from '../worker/protocol'
import type { AppState } from './store'

export type ObjectMap = Readonly<Record<string, KObject>>
export type Objects = Readonly<Record<Kind, ObjectMap>>

const KINDS: Kind[] = ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'Event']
const MAX_STEPS = 2000
const MAX_EVENTS = 2000

export function objectKey(o: { metadata: { namespace?: string; name: string } }): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name}`
}

/** node name → the pods bound to it ('' for pods without a node), in key order; unchanged nodes keep their array */
export type PodsByNode = Readonly<Record<string, readonly Pod[]>>

export interface ClusterSlice {
  objects: Objects
  podsByNode: PodsByNode
  now: number
  start: number
  playing: boolean
  speed: number
  inputs: Input[]
  steps: StepRecord[]
  events: RecordedEvent[]
  applyBatch: (b: ChangeBatch) => void
}

export function emptyObjects(): Objects {
  return Object.fromEntries(KINDS.map((k) => [k, {}])) as unknown as Objects
}

/** An Event object for the page, made from a row (the worker sends rows, not objects). */
export function rowToEvent(r: EventRow): KEvent {
  const involvedObject: KEvent['involvedObject'] = { kind: r.kind, name: r.object }
  if (r.objectNamespace !== undefined) involvedObject.namespace = r.objectNamespace
  if (r.uid !== undefined) involvedObject.uid = r.uid
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: r.name, namespace: r.namespace, uid: '', resourceVersion: r.resourceVersion, creationTimestamp: r.first },
    involvedObject,
    reason: r.reason,
    message: r.message,
    source: r.host !== undefined ? { component: r.component, host: r.host } : { component: r.component },
    firstTimestamp: r.first,
    lastTimestamp: r.last,
    count: r.count,
    type: r.type,
  }
}

/** The new objects of a batch: those sent whole and those of the compact groups. */
export function newObjects(b: ChangeBatch): KObject[] {
  if (!b.compact?.length) return b.upserts
  return [...b.upserts, ...b.compact.flatMap((g) => decodeGroup<KObject>(g))]
}

/**
 * Applies a batch to the mirror: new objects as they come, patches onto the objects held (sharing
 * what did not change), deletes, and Event rows. Only the kinds a batch touches get a new map; an
 * object whose resourceVersion is unchanged keeps its identity.
 */
export function mergeObjects(prev: Objects, b: ChangeBatch): Objects {
  const next: Record<string, Record<string, KObject>> = {}
  const touched = new Set<Kind>()
  const mapFor = (k: Kind) => {
    if (!touched.has(k)) {
      touched.add(k)
      next[k] = b.reset ? {} : { ...prev[k] }
    }
    return next[k]
  }
  if (b.reset) for (const k of KINDS) mapFor(k)
  for (const o of newObjects(b)) {
    const kind = o.kind as Kind
    const key = objectKey(o)
    const old = prev[kind]?.[key]
    mapFor(kind)[key] = old && old.metadata.resourceVersion === o.metadata.resourceVersion && old.metadata.uid === o.metadata.uid ? old : o
  }
  for (const p of b.patches ?? []) {
    const key = `${p.namespace ?? ''}/${p.name}`
    const m = mapFor(p.kind)
    const old = m[key]
    if (!old || old.metadata.resourceVersion === p.resourceVersion) continue
    m[key] = applyChanges(old, p.changes)
  }
  for (const d of b.deletes) delete mapFor(d.kind)[`${d.namespace ?? ''}/${d.name}`]
  if (b.eventRows?.length || b.eventDeletes?.length) {
    const m = mapFor('Event')
    for (const r of b.eventRows ?? []) {
      const key = `${r.namespace}/${r.name}`
      if (m[key]?.metadata.resourceVersion !== r.resourceVersion) m[key] = rowToEvent(r)
    }
    for (const d of b.eventDeletes ?? []) delete m[`${d.namespace}/${d.name}`]
  }
  const out: Record<string, ObjectMap> = { ...prev }
  for (const k of touched) {
    // A kind whose entries are all identical keeps its map identity too.
    const p = prev[k]
    const n = next[k]
    const pk = Object.keys(p)
    const same = pk.length === Object.keys(n).length && pk.every((key) => p[key] === n[key])
    out[k] = same ? p : n
  }
  return out as unknown as Objects
}

const NO_PODS: readonly Pod[] = Object.freeze([])

/** The pods-by-node index after a batch: only the nodes whose pods changed get a new array (O(changes)). */
export function indexPodsByNode(prevIndex: PodsByNode, prevPods: ObjectMap, nextPods: ObjectMap, b: ChangeBatch): PodsByNode {
  if (prevPods === nextPods && !b.reset) return prevIndex
  const nodeOf = (p: KObject) => (p as Pod).spec?.nodeName ?? ''
  if (b.reset) {
    const out: Record<string, Pod[]> = {}
    for (const key of Object.keys(nextPods).sort()) {
      const p = nextPods[key] as Pod
      ;(out[nodeOf(p)] ??= []).push(p)
    }
    return out
  }
  const changed = new Set<string>()
  for (const o of b.upserts) if (o.kind === 'Pod') changed.add(objectKey(o))
  for (const g of b.compact ?? []) if (g.kind === 'Pod') for (const o of decodeGroup<KObject>(g)) changed.add(objectKey(o))
  for (const p of b.patches ?? []) if (p.kind === 'Pod') changed.add(`${p.namespace ?? ''}/${p.name}`)
  for (const d of b.deletes) if (d.kind === 'Pod') changed.add(`${d.namespace ?? ''}/${d.name}`)
  const dirty = new Set<string>()
  for (const key of changed) {
    const a = prevPods[key]
    const n = nextPods[key]
    if (a === n) continue
    if (a) dirty.add(nodeOf(a))
    if (n) dirty.add(nodeOf(n))
  }
  if (dirty.size === 0) return prevIndex
  const out: Record<string, readonly Pod[]> = { ...prevIndex }
  for (const node of dirty) {
    const kept = (prevIndex[node] ?? []).filter((p) => !changed.has(objectKey(p)))
    for (const key of changed) {
      const p = nextPods[key]
      if (p && nodeOf(p) === node) kept.push(p as Pod)
    }
    kept.sort((x, y) => (objectKey(x) < objectKey(y) ? -1 : 1))
    if (kept.length) out[node] = kept
    else delete out[node]
  }
  return out
}

export { NO_PODS }

export const createClusterSlice: StateCreator<AppState, [], [], ClusterSlice> = (set) => ({
  objects: emptyObjects(),
  podsByNode: {},
  now: 0,
  start: 0,
  playing: false,
  speed: 1,
  inputs: [],
  steps: [],
  events: [],
  applyBatch: (b) =>
    set((s) => {
      const objects = mergeObjects(s.objects, b)
      return {
      objects,
      podsByNode: indexPodsByNode(s.podsByNode, s.objects.Pod, objects.Pod, b),
      now: b.now,
      start: b.start,
      playing: b.playing,
      speed: b.speed,
      inputs: b.inputs,
      steps: b.reset ? b.steps : b.steps.length ? [...s.steps, ...b.steps].slice(-MAX_STEPS) : s.steps,
      events: b.reset ? b.events : b.events.length ? [...s.events, ...b.events].slice(-MAX_EVENTS) : s.events,
      }
    }),
})
