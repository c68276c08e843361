// Mirror of the engine's objects, per kind, keyed `namespace/name`. Unchanged objects keep their
// identity across batches so components subscribed to one object do not re-render.

import type { StateCreator } from 'zustand'
import type { Kind, KObject } from '../engine/api/types'
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

export interface ClusterSlice {
  objects: Objects
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

/** Applies a batch to the mirror, keeping the identity of objects whose resourceVersion is unchanged. */
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
  for (const o of b.upserts) {
    const kind = o.kind as Kind
    const key = objectKey(o)
    const old = prev[kind]?.[key]
    mapFor(kind)[key] = old && old.metadata.resourceVersion === o.metadata.resourceVersion && old.metadata.uid === o.metadata.uid ? old : o
  }
  for (const d of b.deletes) delete mapFor(d.kind)[`${d.namespace ?? ''}/${d.name}`]
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

export const createClusterSlice: StateCreator<AppState, [], [], ClusterSlice> = (set) => ({
  objects: emptyObjects(),
  now: 0,
  start: 0,
  playing: false,
  speed: 1,
  inputs: [],
  steps: [],
  events: [],
  applyBatch: (b) =>
    set((s) => ({
      objects: mergeObjects(s.objects, b),
      now: b.now,
      start: b.start,
      playing: b.playing,
      speed: b.speed,
      inputs: b.inputs,
      steps: b.reset ? b.steps : b.steps.length ? [...s.steps, ...b.steps].slice(-MAX_STEPS) : s.steps,
      events: b.reset ? b.events : b.events.length ? [...s.events, ...b.events].slice(-MAX_EVENTS) : s.events,
    })),
})
