// Mirror of the engine's objects, per kind, keyed `namespace/name`, fed by the worker's batches
// (snapshot + deltas). It costs what changed: each kind is a Map mutated in place and each object an
// immutable record (a patch makes a new record that shares what did not change), so a batch costs its
// changes, not the size of the cluster. Readers get stable references:
// - `objects.Pod` etc.: a plain record of the kind, made only when someone reads it after a change
//   (and kept while the kind does not change), so a component that wants the whole kind still works;
// - `podsByNode` (see selectPodsOnNode): the pods drawn on each node; only a node whose pods changed
//   gets a new array, so a card subscribed to its node re-renders only when its node or pods change.

import type { StateCreator } from 'zustand';
import type {
  KEvent,
  Kind,
  KObject,
  Pod,
  EventRow,
  StepRecord,
  RecordedEvent,
  RenumberedRevision,
} from '../engine';
import { deepEqual, namespacedName, pinnedNodeName } from '../engine/predicates';
import { applyChanges, decodeGroup } from '../wire/delta';
import type { ChangeBatch, Input } from '../wire/protocol';
import type { AppState } from './store';
import { sameInputs } from './sameInputs';
import { continuesReset, resetGoesOn } from './cutBatch';

export type ObjectMap = Readonly<Record<string, KObject>>;
export type Objects = Readonly<Record<Kind, ObjectMap>>;

const KINDS: Kind[] = [
  'Namespace',
  'Node',
  'Pod',
  'DaemonSet',
  'ControllerRevision',
  'Event',
  'Deployment',
  'ReplicaSet',
  'PodDisruptionBudget',
  'PriorityClass',
];
const MAX_STEPS = 2000;
const MAX_EVENTS = 2000;

/**
 * node name → the pods drawn on it, sorted by key: the pods bound to it, and the pods not bound yet
 * that node affinity pins to it (a daemon pod on its way) unless the scheduler marked them
 * Unschedulable. '' holds the pods with nowhere to go. Unchanged nodes keep their array.
 */
export type PodsByNode = ReadonlyMap<string, readonly Pod[]>;

/** The nodes whose Node object, pods or waiting pods changed in one publish ('all' after a reset). */
export type NodesChanged = ReadonlySet<string> | 'all';

export interface ClusterSlice {
  objects: Objects;
  podsByNode: PodsByNode;
  /** node name → unschedulable pods pinned to it (they wait in the unscheduled lane) */
  waitingByNode: PodsByNode;
  /** the mirror itself, for per-object selectors (read only; changed in place before each publish) */
  mirror: Mirror;
  /** node names in order; a new array only when a node comes or goes */
  nodeNames: readonly string[];
  /** moves when any node's pods changed */
  podsVersion: number;
  /** moves when an Event changed (read them from mirror.maps, or objects.Event) */
  eventsVersion: number;
  /** moves on every applied batch (for subscribers that want "something changed") */
  mirrorVersion: number;
  /**
   * The nodes that changed in the last publish (a new set each publish): a view drawing every node
   * (the overview) follows these instead of looking at all of them. '' is the unscheduled lane.
   */
  nodesChanged: NodesChanged;
  /**
   * The DaemonSets' revisions the controller renumbered, with their old numbers (the engine keeps
   * them; a ControllerRevision has no record of them): what "was rev N" reads. Same array while equal.
   */
  renumbered: readonly RenumberedRevision[];
  now: number;
  start: number;
  playing: boolean;
  speed: number;
  inputs: Input[];
  /** the namespace of a console command without -n (the session's kubeconfig context's) */
  namespace: string;
  steps: StepRecord[];
  events: RecordedEvent[];
  /** applies one batch and publishes it */
  applyBatch: (b: ChangeBatch) => void;
  /** applies several batches (coalesced: one publish, one render) */
  applyBatches: (bs: readonly ChangeBatch[]) => void;
  /**
   * Puts batches into the mirror without publishing them (nothing re-renders): a large snapshot goes in
   * over several tasks this way, then one `publishStaged` shows it (src/state/batchQueue.ts, drain).
   */
  stageBatches: (bs: readonly ChangeBatch[]) => void;
  /** publishes what `stageBatches` put into the mirror (nothing when nothing waits) */
  publishStaged: () => void;
}

export function emptyObjects(): Objects {
  return Object.fromEntries(KINDS.map((k) => [k, {}])) as unknown as Objects;
}

/** An Event object for the page, made from a row (the worker sends rows, not objects). */
export function rowToEvent(r: EventRow): KEvent {
  const involvedObject: KEvent['involvedObject'] = { kind: r.kind, name: r.object };
  if (r.objectNamespace !== undefined) involvedObject.namespace = r.objectNamespace;
  if (r.uid !== undefined) involvedObject.uid = r.uid;
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: {
      name: r.name,
      namespace: r.namespace,
      uid: '',
      resourceVersion: r.resourceVersion,
      creationTimestamp: r.first,
    },
    involvedObject,
    reason: r.reason,
    message: r.message,
    source: r.host !== undefined ? { component: r.component, host: r.host } : { component: r.component },
    firstTimestamp: r.first,
    lastTimestamp: r.last,
    count: r.count,
    type: r.type,
  };
}

function isUnschedulable(pod: Pod): boolean {
  if (pod.spec.nodeName) return false;
  const c = pod.status?.conditions?.find((x) => x.type === 'PodScheduled');
  return c?.status === 'False' && c.reason === 'Unschedulable';
}

/** Where a pod is drawn: its node, the node it is pinned to (on its way), or '' (nowhere yet). */
export function placeOf(pod: Pod): { on: string; waitsFor?: string } {
  if (pod.spec.nodeName) return { on: pod.spec.nodeName };
  const pinned = pinnedNodeName(pod.spec);
  if (isUnschedulable(pod)) return pinned ? { on: '', waitsFor: pinned } : { on: '' };
  return { on: pinned ?? '' };
}

const NO_PODS: readonly Pod[] = Object.freeze([]);
const NO_RENUMBERED: readonly RenumberedRevision[] = Object.freeze([]);
export { NO_PODS };

const byKey = (a: [string, Pod], b: [string, Pod]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** A per-node index of pods: a set per node, and a sorted array per node rebuilt only when it changed. */
class PodIndex {
  private readonly sets = new Map<string, Map<string, Pod>>();
  readonly arrays = new Map<string, readonly Pod[]>();
  private readonly dirty = new Set<string>();

  remove(node: string, key: string): void {
    const s = this.sets.get(node);
    if (s?.delete(key)) this.dirty.add(node);
  }

  add(node: string, key: string, pod: Pod): void {
    let s = this.sets.get(node);
    if (!s) this.sets.set(node, (s = new Map()));
    s.set(key, pod);
    this.dirty.add(node);
  }

  clear(): void {
    for (const node of this.arrays.keys()) this.dirty.add(node);
    this.sets.clear();
  }

  /** Counts as changed at the next commit even if no node's pods did (a reset). */
  touch(): void {
    this.dirty.add('');
  }

  /** New arrays for the nodes whose pods changed (added to `touched`); true when any did. */
  commit(touched?: Set<string>): boolean {
    if (this.dirty.size === 0) return false;
    for (const node of this.dirty) {
      touched?.add(node);
      const s = this.sets.get(node);
      if (!s || s.size === 0) {
        this.sets.delete(node);
        this.arrays.delete(node);
      } else this.arrays.set(node, Object.freeze([...s.entries()].sort(byKey).map((e) => e[1])));
    }
    this.dirty.clear();
    return true;
  }
}

/**
 * The objects held on the page. `apply` costs O(changes): maps are changed in place, records are
 * immutable. What React reads is published by `snapshot()` after one or more batches.
 */
export class Mirror {
  readonly maps = new Map<Kind, Map<string, KObject>>(KINDS.map((k) => [k, new Map()]));
  private readonly records = new Map<Kind, ObjectMap>();
  private readonly changed = new Set<Kind>();
  private readonly placed = new Map<string, { on: string; waitsFor?: string }>();
  readonly pods = new PodIndex();
  readonly waiting = new PodIndex();
  private view: Objects = emptyObjects();
  /** what was held before the last reset, while the reset batch's parts go in (cutBatch.ts) */
  private beforeReset: Map<Kind, Map<string, KObject>> | undefined;
  private namesDirty = false;
  /** names of the nodes whose Node object or drawn pods changed since the last publish */
  private touched = new Set<string>();
  private touchedAll = false;
  /** node names in order; a new array only when a node comes or goes */
  nodeNames: readonly string[] = Object.freeze([]);

  /** The object of a kind and key, as held now. */
  get(kind: Kind, key: string): KObject | undefined {
    return this.maps.get(kind)!.get(key);
  }

  private put(kind: Kind, key: string, o: KObject | undefined): void {
    const m = this.maps.get(kind)!;
    const old = m.get(key);
    if (old === o) return;
    if (o) m.set(key, o);
    else m.delete(key);
    this.changed.add(kind);
    if (kind === 'Node') this.touched.add(key.slice(1));
    if (kind === 'Node' && (!old || !o)) this.namesDirty = true;
    if (kind === 'Pod') this.placePod(key, o as Pod | undefined);
  }

  private placePod(key: string, pod: Pod | undefined): void {
    const before = this.placed.get(key);
    if (before) {
      this.pods.remove(before.on, key);
      if (before.waitsFor !== undefined) this.waiting.remove(before.waitsFor, key);
    }
    if (!pod) {
      this.placed.delete(key);
      return;
    }
    const p = placeOf(pod);
    this.placed.set(key, p);
    this.pods.add(p.on, key, pod);
    if (p.waitsFor !== undefined) this.waiting.add(p.waitsFor, key, pod);
  }

  /** Applies a batch: new objects, patches onto the records held, deletes, Event rows. */
  apply(b: ChangeBatch): void {
    // On reset the objects held before still lend their identity to equal ones (same uid and version),
    // in the rest of a reset batch cut in parts too (cutBatch.ts).
    let before: Map<Kind, Map<string, KObject>> | undefined = continuesReset(b)
      ? this.beforeReset
      : undefined;
    this.beforeReset = undefined;
    if (b.reset) {
      before = new Map();
      for (const k of KINDS) {
        const m = this.maps.get(k)!;
        before.set(k, new Map(m));
        if (m.size) this.changed.add(k);
        m.clear();
      }
      this.touchedAll = true;
      this.placed.clear();
      this.pods.clear();
      this.waiting.clear();
      this.pods.touch();
    }
    if (before && resetGoesOn(b)) this.beforeReset = before;
    const put = (o: KObject) => {
      const kind = o.kind as Kind;
      const key = namespacedName(o.metadata.namespace, o.metadata.name);
      const old = before ? before.get(kind)!.get(key) : this.get(kind, key);
      this.put(
        kind,
        key,
        old &&
          old.metadata.resourceVersion === o.metadata.resourceVersion &&
          old.metadata.uid === o.metadata.uid
          ? old
          : o,
      );
    };
    for (const o of b.upserts) put(o);
    for (const g of b.compact ?? []) for (const o of decodeGroup<KObject>(g)) put(o);
    for (const p of b.patches ?? []) {
      const key = namespacedName(p.namespace, p.name);
      const old = this.get(p.kind, key);
      if (!old || old.metadata.resourceVersion === p.resourceVersion) continue;
      this.put(p.kind, key, applyChanges(old, p.changes));
    }
    for (const d of b.deletes) this.put(d.kind, namespacedName(d.namespace, d.name), undefined);
    for (const r of b.eventRows ?? []) {
      const key = namespacedName(r.namespace, r.name);
      if (this.get('Event', key)?.metadata.resourceVersion !== r.resourceVersion)
        this.put('Event', key, rowToEvent(r));
    }
    for (const d of b.eventDeletes ?? []) this.put('Event', namespacedName(d.namespace, d.name), undefined);
  }

  /** The whole kind as a record, made once per change of the kind (on first read). */
  record(kind: Kind): ObjectMap {
    let r = this.records.get(kind);
    if (!r) {
      r = Object.freeze(Object.fromEntries(this.maps.get(kind)!)) as ObjectMap;
      this.records.set(kind, r);
    }
    return r;
  }

  /**
   * What changed since the last call, for the store: a new `objects` view when a kind changed (its
   * records are made lazily; unchanged kinds keep theirs) and whether the pod indexes moved.
   */
  publish(): { objects: Objects; podsChanged: boolean; eventsChanged: boolean; nodesChanged: NodesChanged } {
    if (this.namesDirty) {
      this.namesDirty = false;
      this.nodeNames = Object.freeze([...this.maps.get('Node')!.values()].map((n) => n.metadata.name).sort());
    }
    const podsChanged = this.pods.commit(this.touched);
    const waitingChanged = this.waiting.commit(this.touched);
    const nodesChanged: NodesChanged = this.touchedAll ? 'all' : this.touched;
    this.touched = new Set();
    this.touchedAll = false;
    if (this.changed.size === 0)
      return {
        objects: this.view,
        podsChanged: podsChanged || waitingChanged,
        eventsChanged: false,
        nodesChanged,
      };
    const eventsChanged = this.changed.has('Event');
    for (const k of this.changed) this.records.delete(k);
    this.changed.clear();
    const view = {} as Record<Kind, ObjectMap>;
    for (const k of KINDS) Object.defineProperty(view, k, { enumerable: true, get: () => this.record(k) });
    this.view = view;
    return { objects: view, podsChanged: podsChanged || waitingChanged, eventsChanged, nodesChanged };
  }
}

/** One batch onto plain records (tests, and tools that hold objects outside the store). */
export function mergeObjects(prev: Objects, b: ChangeBatch): Objects {
  const m = new Mirror();
  if (!b.reset)
    for (const k of KINDS) for (const [key, o] of Object.entries(prev[k] ?? {})) m.maps.get(k)!.set(key, o);
  m.apply(b);
  const out = {} as Record<Kind, ObjectMap>;
  for (const k of KINDS) out[k] = m.record(k);
  return out;
}

export const createClusterSlice: StateCreator<AppState, [], [], ClusterSlice> = (set, get) => {
  const mirror = new Mirror();
  let version = 0;
  /** batches in the mirror, not yet published */
  let staged: ChangeBatch[] = [];
  const stageBatches = (bs: readonly ChangeBatch[]) => {
    for (const b of bs) {
      mirror.apply(b);
      staged.push(b);
    }
  };
  const publishStaged = () => {
    if (!staged.length) return;
    const bs = staged;
    staged = [];
    const { objects, podsChanged, eventsChanged, nodesChanged } = mirror.publish();
    const s = get();
    let steps = s.steps;
    let events = s.events;
    let renumbered = s.renumbered;
    for (const b of bs) {
      if (b.reset || b.renumbered) renumbered = b.renumbered ?? NO_RENUMBERED;
      if (b.reset) {
        steps = b.steps;
        events = b.events;
      } else {
        if (b.steps.length) steps = [...steps, ...b.steps];
        if (b.events.length) events = [...events, ...b.events];
      }
    }
    if (steps.length > MAX_STEPS) steps = steps.slice(-MAX_STEPS);
    if (events.length > MAX_EVENTS) events = events.slice(-MAX_EVENTS);
    const last = bs[bs.length - 1];
    set({
      objects,
      // The indexes are the mirror's own Maps (changed in place, never copied): a node whose pods
      // changed has a new array, which is what per-node selectors compare.
      ...(podsChanged ? { podsVersion: s.podsVersion + 1 } : {}),
      ...(eventsChanged ? { eventsVersion: s.eventsVersion + 1 } : {}),
      mirrorVersion: ++version,
      nodesChanged,
      nodeNames: mirror.nodeNames,
      now: last.now,
      start: last.start,
      playing: last.playing,
      speed: last.speed,
      // the same array while the commands are the same (every batch brings a copy): see sameInputs
      inputs: sameInputs(s.inputs, last.inputs) ? s.inputs : last.inputs,
      namespace: last.namespace ?? 'default',
      steps,
      events,
      ...(renumbered !== s.renumbered && !deepEqual(renumbered, s.renumbered) ? { renumbered } : {}),
    });
  };
  const applyBatches = (bs: readonly ChangeBatch[]) => {
    stageBatches(bs);
    publishStaged();
  };
  return {
    objects: emptyObjects(),
    mirror,
    nodeNames: mirror.nodeNames,
    podsByNode: mirror.pods.arrays,
    waitingByNode: mirror.waiting.arrays,
    podsVersion: 0,
    eventsVersion: 0,
    mirrorVersion: 0,
    nodesChanged: 'all',
    renumbered: NO_RENUMBERED,
    now: 0,
    start: 0,
    playing: false,
    speed: 1,
    inputs: [],
    namespace: 'default',
    steps: [],
    events: [],
    applyBatch: (b) => get().applyBatches([b]),
    applyBatches,
    stageBatches,
    publishStaged,
  };
};
