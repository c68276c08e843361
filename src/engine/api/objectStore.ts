// The in-memory API server: typed object storage with the metadata bookkeeping of a real one
// (uid, resourceVersion, generation, creationTimestamp, graceful deletion), defaulting and
// validation on write, label-selector lists and a change feed for controllers and the UI.

import { ListOrder } from './listOrder';
import type { Clock } from '../clock';
import type { Random } from '../random';
import { alreadyExists, invalid, notFound, StatusError, badRequest } from './errors';
import { matches, type Selector } from './labels';
import {
  type Kind,
  type KindMap,
  type KObject,
  type ObjectReference,
  type Pod,
  type PriorityClass,
  NAMESPACED,
  API_VERSION,
} from './types';
import { setPodCondition } from './podCondition';
import { podStatus } from './podStatusFields';
import { podSpec } from './podSpecFields';
import {
  prepareEphemeralContainersUpdate,
  prepareForCreate,
  prepareForUpdate,
  validateCreate,
  validateEphemeralContainersWrite,
  validateUpdate,
  type StrategyContext,
} from './strategy';
import { admitPriorityClass, checkPriorityClassDelete, type PriorityClassLister } from './priority';
import { deepEqual, deepFreeze, clone, cloneUnfrozen, shallowCopy } from './objects';
import { clearDeletion, keepField } from './deletionFields';
import { METADATA_LAID_OUT, podMetadata } from './podMetadataFields';
import { PodCreateMemo } from './podCreateMemo';
import { serverSideApply, updateManagedFields } from './managedFields';
import {
  EventStore,
  fromObject,
  makeRecord,
  patchRecord,
  type EventListener,
  type EventRecord,
  type EventRecordInput,
  type ReferenceBase,
} from './eventStore';

export type ChangeType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** A change as watchers see it. Every change has all four fields (`old` undefined when there is none), so all share one shape. */
export interface Change {
  type: ChangeType;
  kind: Kind;
  obj: KObject;
  old: KObject | undefined;
}

export type Listener = (c: Change) => void;

export interface WriteOptions {
  dryRun?: boolean;
  /**
   * Who writes (the request's fieldManager, kubectl's `kubectl-set`, …): the write's fields are
   * recorded as that manager's Update entry in metadata.managedFields (managedFields.ts). Without
   * one (the controllers, the kubelet) the entries stay as they are.
   */
  fieldManager?: string;
  /** the subresource written (`scale`), recorded with the manager's entry */
  subresource?: string;
}

export interface ApplyOptions extends WriteOptions {
  fieldManager: string;
  /** --force-conflicts: take over the fields other managers own instead of failing */
  force?: boolean;
}

export interface DeleteOptions extends WriteOptions {
  gracePeriodSeconds?: number;
  propagationPolicy?: 'Background' | 'Orphan' | 'Foreground';
}

/** metav1.FinalizerDeleteDependents: set by a delete with propagationPolicy Foreground. */
export const FOREGROUND_DELETION_FINALIZER = 'foregroundDeletion';

const HEX = Array.from('0123456789abcdef', (ch) => ch.charCodeAt(0));
const VARIANT = Array.from('89ab', (ch) => ch.charCodeAt(0));
const DASH = 45;
const FOUR = 52;
/** xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: counts of random hex digits; -1 a dash, -2 the 4, -3 the variant */
const UID_GROUPS = [8, -1, 4, -1, -2, 3, -1, -3, 3, -1, 12];
const UID_CODES: number[] = Array.from({ length: 36 }, () => 0);

/** cache.MetaNamespaceKeyFunc: `namespace/name`, or the bare name of a cluster-scoped object (the store's index key; compare namespacedName). */
export function metaNamespaceKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/**
 * Where one stored object lives: both indexes hold the same cell, so a write swaps `obj` in place
 * instead of building the `ns/name` key and setting two maps again.
 */
interface Cell {
  obj: KObject;
}

/** One kind's storage and watchers, found with one lookup by kind. */
interface KindTable {
  namespaced: boolean;
  /** `namespace/name` (or name) → cell (the same map as `objects` holds) */
  byKey: Map<string, Cell>;
  /** namespace → name → cell (the same map as `byNamespace` holds) */
  byNs: Map<string, Map<string, Cell>>;
  /** the listeners that want this kind, in subscription order */
  listeners: Listener[];
  /** changes of this kind delivered so far (changes()) */
  changes: number;
}

/** v1.LabelMetadataName: the label every Namespace carries, its value the namespace's name. */
export const LABEL_METADATA_NAME = 'kubernetes.io/metadata.name';

/**
 * namespaceStrategy.Canonicalize (pkg/registry/core/namespace/strategy.go): after validation, on
 * create (once a generateName is resolved) and on every update, the namespace's
 * `kubernetes.io/metadata.name` label is set to its name — removing or changing it changes nothing.
 */
function canonicalizeNamespace(obj: KObject): void {
  const md = obj.metadata;
  if (md.labels?.[LABEL_METADATA_NAME] === md.name) return;
  md.labels = { ...md.labels, [LABEL_METADATA_NAME]: md.name };
}

export class ObjectStore {
  /** per kind: `namespace/name` (or name) → cell, in the order objects were first stored */
  private readonly objects = new Map<Kind, Map<string, Cell>>();
  /** per namespaced kind: namespace → name → cell (lookups without building the `ns/name` key) */
  private readonly byNamespace = new Map<Kind, Map<string, Map<string, Cell>>>();
  private rv = 1000;
  /** committed writes (creates, updates, deletes), for benchmarks */
  writes = 0;
  private readonly tables = new Map<Kind, KindTable>();
  /** Nodes this store accepts at most (the session's node budget, script/budget.ts). */
  nodeLimit = Infinity;
  /**
   * Events, kept compactly apart from the other kinds (see eventStore.ts). Their writes reach only
   * the listeners that subscribe to the kind Event by name (a watch of events): listeners of every
   * kind (controllers, the page) never pay for making Event objects.
   */
  readonly events = new EventStore();
  /** Called after an owner is deleted with the Background or Orphan policy (garbage collector). */
  onOwnerDeleted?: (owner: KObject, policy: 'Background' | 'Orphan') => void;

  constructor(
    private readonly clock: Clock,
    private readonly uids: Random,
  ) {
    for (const k of Object.keys(NAMESPACED) as Kind[]) {
      const byKey = new Map<string, Cell>();
      const byNs = new Map<string, Map<string, Cell>>();
      this.objects.set(k, byKey);
      this.byNamespace.set(k, byNs);
      this.tables.set(k, { namespaced: NAMESPACED[k], byKey, byNs, listeners: [], changes: 0 });
    }
    const eventListeners = this.tables.get('Event')!.listeners;
    const toWatchers: EventListener = (type, r, prev) => {
      if (eventListeners.length === 0) return;
      const c: Change =
        type === 'delete'
          ? { type: 'DELETED', kind: 'Event', obj: this.events.object(r), old: undefined }
          : prev === undefined
            ? { type: 'ADDED', kind: 'Event', obj: this.events.object(r), old: undefined }
            : { type: 'MODIFIED', kind: 'Event', obj: this.events.object(r), old: this.events.object(prev) };
      for (let i = 0; i < eventListeners.length; i++) eventListeners[i](c);
    };
    // no records are made for it while nothing watches Events
    toWatchers.idle = () => eventListeners.length === 0;
    this.events.listeners.push(toWatchers);
  }

  /**
   * Calls `l` with every change (of the given kinds only, if `kinds` is given), after the
   * listeners subscribed before it. Returns the unsubscribe function. Changes of Events reach only
   * a listener whose `kinds` name 'Event' (see `events`).
   */
  subscribe(l: Listener, kinds?: readonly Kind[]): () => void {
    const wants = (kind: Kind) => (kinds === undefined ? kind !== 'Event' : kinds.includes(kind));
    // Each kind's list changes in place, as the one list did: a listener that subscribes or
    // unsubscribes while a change is being delivered has the same effect on that delivery.
    for (const [kind, t] of this.tables) if (wants(kind)) t.listeners.push(l);
    return () => {
      for (const [kind, t] of this.tables) {
        if (!wants(kind)) continue;
        const i = t.listeners.indexOf(l);
        if (i >= 0) t.listeners.splice(i, 1);
      }
    };
  }

  private emit(c: Change): void {
    this.writes++;
    // a prepared pod holds the priority admission resolved from the classes as they were
    if (c.kind === 'PriorityClass' && this.podCreateMemo) this.podCreateMemo = new PodCreateMemo();
    const t = this.tables.get(c.kind)!;
    t.changes++;
    const ls = t.listeners;
    for (let i = 0; i < ls.length; i++) ls[i](c);
  }

  /**
   * How many changes of `kind` (Events apart) the store has delivered: a controller that counts them
   * around its own writes knows whether anything else changed an object of the kind meanwhile.
   */
  changes(kind: Exclude<Kind, 'Event'>): number {
    return this.tables.get(kind)!.changes;
  }

  resourceVersion(): string {
    return String(this.rv);
  }

  /**
   * Moves the resourceVersion counter forward to at least `rv` (never back), with no change record:
   * a server that replaced its store (or restarted) keeps its versions increasing, so a client
   * resuming from an older version is told it is too old instead of missing what happened between.
   */
  advanceResourceVersion(rv: number): void {
    if (Number.isSafeInteger(rv) && rv > this.rv) this.rv = rv;
  }

  /** where the objects made before the store's history (createBootstrap) draw their uids and versions */
  private bootstrapUids: number | undefined;
  private bootstrapRV = 1000 - 64;

  /**
   * Creates an object the API server makes for itself at start-up (the built-in PriorityClasses):
   * the usual create, but its uid and resourceVersion come from a sequence of their own, below the
   * store's first version, so the objects of a session's history keep theirs whatever the server
   * bootstraps.
   */
  createBootstrap<K extends Kind>(input: KObject): KindMap[K] {
    const uids = this.uids.getState();
    const rv = this.rv;
    this.uids.setState(this.bootstrapUids ?? (uids ^ 0x2545f491) >>> 0);
    this.rv = this.bootstrapRV;
    try {
      return this.create<K>(input);
    } finally {
      this.bootstrapUids = this.uids.getState();
      this.bootstrapRV = this.rv;
      this.uids.setState(uids);
      this.rv = rv;
    }
  }

  private nextRV(): string {
    this.rv += 1;
    return String(this.rv);
  }

  newUID(): string {
    // The same draws, in the same order, as one hex character at a time (`uids.int(16)`, the
    // variant `uids.int(4)`), built as char codes. The draws are Random's mulberry32 steps run here
    // on its state in integer arithmetic: int(n) for n = 2^k is floor(u / 2^32 * 2^k) = u >>> (32 - k)
    // exactly, so no float is made per digit (writePath.test.ts holds this to Random itself).
    const c = UID_CODES;
    let state = this.uids.getState();
    let j = 0;
    for (let g = 0; g < UID_GROUPS.length; g++) {
      const n = UID_GROUPS[g];
      if (n === -1) c[j++] = DASH;
      else if (n === -2) c[j++] = FOUR;
      else {
        const draws = n === -3 ? 1 : n;
        const shift = n === -3 ? 30 : 28;
        for (let i = 0; i < draws; i++) {
          state = (state + 0x6d2b79f5) >>> 0;
          let t = Math.imul(state ^ (state >>> 15), state | 1);
          t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
          const u = (t ^ (t >>> 14)) >>> 0;
          c[j++] = n === -3 ? VARIANT[u >>> shift] : HEX[u >>> shift];
        }
      }
    }
    this.uids.setState(state);
    return String.fromCharCode.apply(null, c as unknown as number[]);
  }

  get<K extends Kind>(kind: K, namespace: string | undefined, name: string): KindMap[K] | undefined {
    if (kind === 'Event') {
      this.events.expire(this.clock.now());
      return this.events.get(namespace ?? 'default', name) as KindMap[K] | undefined;
    }
    return this.cell(kind, namespace, name)?.obj as KindMap[K] | undefined;
  }

  private cell(kind: Kind, namespace: string | undefined, name: string): Cell | undefined {
    const t = this.tables.get(kind);
    if (t === undefined) return this.objects.get(kind)!.get(name);
    if (!t.namespaced) return t.byKey.get(name);
    if (namespace === undefined) return undefined;
    return t.byNs.get(namespace)?.get(name);
  }

  /** Stores an object (under its kind's key, and in the namespace index that `get` reads). */
  private put(kind: Kind, obj: KObject): void {
    const md = obj.metadata;
    const namespaced = NAMESPACED[kind];
    const found = this.cell(kind, namespaced ? md.namespace : undefined, md.name);
    if (found) {
      found.obj = obj;
      return;
    }
    this.putNew(kind, obj);
  }

  /** Stores an object under a name nothing is stored under (the caller has just looked). */
  private putNew(kind: Kind, obj: KObject): Cell {
    const md = obj.metadata;
    const namespaced = NAMESPACED[kind];
    const cell: Cell = { obj };
    this.objects.get(kind)!.set(metaNamespaceKey(md.namespace, md.name), cell);
    if (!namespaced) return cell;
    const idx = this.byNamespace.get(kind)!;
    let m = idx.get(md.namespace!);
    if (!m) idx.set(md.namespace!, (m = new Map()));
    m.set(md.name, cell);
    return cell;
  }

  mustGet<K extends Kind>(kind: K, namespace: string | undefined, name: string): KindMap[K] {
    const o = this.get(kind, namespace, name);
    if (!o) throw notFound(kind, name);
    return o;
  }

  /** Calls `fn` for each object of a kind (in a namespace), in no particular but stable order. */
  each<K extends Kind>(kind: K, namespace: string | undefined, fn: (o: KindMap[K]) => void): void {
    if (kind === 'Event') {
      this.events.expire(this.clock.now());
      for (const r of this.events.values())
        if (namespace === undefined || r.namespace === namespace) fn(this.events.object(r) as KindMap[K]);
      return;
    }
    for (const { obj: o } of this.objects.get(kind)!.values()) {
      if (namespace !== undefined && NAMESPACED[kind] && o.metadata.namespace !== namespace) continue;
      fn(o as KindMap[K]);
    }
  }

  /** Objects of a kind in API list order (namespace, then name), optionally filtered. */
  list<K extends Kind>(kind: K, namespace?: string, selector?: Selector): KindMap[K][] {
    if (kind === 'Event') {
      this.events.expire(this.clock.now());
      const out: KindMap[K][] = [];
      for (const r of this.events.list(namespace)) {
        const o = this.events.object(r);
        if (selector && !matches(selector, o.metadata.labels)) continue;
        out.push(o as KindMap[K]);
      }
      return out;
    }
    const m = this.objects.get(kind)!;
    const cells = this.listOrder(kind).cells(() => m.values());
    const out: KindMap[K][] = [];
    for (let i = 0; i < cells.length; i++) {
      const o = cells[i].obj;
      if (namespace !== undefined && NAMESPACED[kind] && o.metadata.namespace !== namespace) continue;
      if (selector && !matches(selector, o.metadata.labels)) continue;
      out.push(o as KindMap[K]);
    }
    return out;
  }

  /** list order per kind, told of every object that comes or goes (listOrder.ts) */
  private readonly listOrders = new Map<Kind, ListOrder<Cell>>();

  private listOrder(kind: Kind): ListOrder<Cell> {
    let o = this.listOrders.get(kind);
    if (!o) this.listOrders.set(kind, (o = new ListOrder<Cell>()));
    return o;
  }

  count(kind: Kind): number {
    if (kind === 'Event') {
      this.events.expire(this.clock.now());
      return this.events.size;
    }
    return this.objects.get(kind)!.size;
  }

  /** Records a new Event (the event recorder's create, with its fields in a record). */
  createEvent(r: EventRecordInput): EventRecord {
    const slot = this.events.put(
      makeRecord(
        r,
        '',
        String(this.drawEvent()),
        this.clock.iso(),
        this.clock.now(),
        undefined,
        this.eventUidState,
      ),
    );
    return this.events.recordAt(slot);
  }

  /**
   * The event recorder's create, its fields one by one (no record made), of an Event whose name no
   * stored Event has (EventStore.addEvent: no lookup by name; `refRV`: see there). Returns its slot
   * in `events`.
   */
  recordEvent(
    namespace: string,
    name: string,
    involvedObject: ReferenceBase | ObjectReference,
    refRV: number,
    reason: string,
    message: string,
    source: { component: string; host?: string },
    firstTimestamp: string,
    lastTimestamp: string,
    count: number,
    type: 'Normal' | 'Warning',
    reportingComponent: string | undefined,
  ): number {
    const rv = this.drawEvent();
    return this.events.addEvent(
      namespace,
      name,
      involvedObject,
      refRV,
      reason,
      message,
      source,
      firstTimestamp,
      lastTimestamp,
      count,
      type,
      reportingComponent,
      this.eventUidState,
      rv,
      this.clock.iso(),
      this.clock.now(),
    );
  }

  /** the uid generator's state `drawEvent` drew the last Event's uid from */
  private eventUidState = -1;

  /**
   * The server's part of a new Event: expires the old ones, draws its uid (the generator moves on by
   * its 31 mulberry32 steps, each adding the same constant to the state; newUID spells it out from
   * that state, left in `eventUidState`, when the Event is read) and its resourceVersion (returned
   * as its number: nextRV's text is made only when the Event is read).
   */
  private drawEvent(): number {
    this.events.expire(this.clock.now());
    const uidState = this.uids.getState();
    this.uids.setState(uidState + 31 * 0x6d2b79f5);
    this.events.spellUID ??= (state) => {
      const now = this.uids.getState();
      this.uids.setState(state);
      const uid = this.newUID();
      this.uids.setState(now);
      return uid;
    };
    this.eventUidState = uidState;
    this.writes++;
    return (this.rv += 1);
  }

  /** Updates an Event (the event recorder's patch of count, lastTimestamp and message). */
  updateEvent(prev: EventRecord, count: number, lastTimestamp: string, message: string): EventRecord {
    const rec = patchRecord(prev, count, lastTimestamp, message, this.nextRV(), this.clock.now());
    this.writes++;
    return this.events.recordAt(this.events.put(rec, prev));
  }

  /** updateEvent of the Event in a slot of `events`, its record not made. */
  patchEvent(slot: number, count: number, lastTimestamp: string, message: string): void {
    this.writes++;
    this.events.patchEvent(slot, count, lastTimestamp, message, (this.rv += 1), this.clock.now());
  }

  /** Creates an object. `generateName` is honoured; the stored object is returned (frozen). */
  create<K extends Kind>(input: KObject, opts: WriteOptions = {}): KindMap[K] {
    const kind = input.kind as K;
    if (!this.objects.has(kind))
      throw badRequest(`the server could not find the requested resource (kind ${input.kind})`);
    // A pod like the last one made from the same template takes the memo's prepared copy.
    const memo = kind === 'Pod' ? this.podCreateMemo : undefined;
    const prepared = memo?.lookup(input as Pod);
    const obj = prepared ?? (clone(input) as KObject);
    if (!prepared) {
      obj.apiVersion = API_VERSION[kind];
      obj.metadata = shallowCopy(obj.metadata);
    }
    const md = obj.metadata;
    if (NAMESPACED[kind]) {
      md.namespace = md.namespace || 'default';
      if (!this.get('Namespace', undefined, md.namespace)) {
        throw new StatusError(404, 'NotFound', `namespaces "${md.namespace}" not found`);
      }
    } else {
      delete md.namespace;
    }
    if (!prepared) {
      prepareForCreate(kind, obj, this.strategy);
      validateCreate(kind, obj);
      memo?.remember(input as Pod, obj);
    }
    if (kind === 'PriorityClass') admitPriorityClass(obj as PriorityClass, 'Create', this.priorityClasses);
    if (kind === 'Node' && this.count('Node') >= this.nodeLimit) {
      // Like a ResourceQuota (validating admission, after validation): the session's node budget.
      throw new StatusError(
        403,
        'Forbidden',
        `nodes "${md.name || md.generateName || ''}" is forbidden: exceeded the playground's limit of ${this.nodeLimit} nodes`,
      );
    }
    // a generated name just found free needs no second look
    let free = false;
    if (!md.name && md.generateName) {
      // The real name generator retries on conflict; so do we.
      for (let i = 0; i < 8; i++) {
        const candidate = this.generateName(md.generateName);
        if (!this.get(kind, md.namespace, candidate)) {
          md.name = candidate;
          free = true;
          break;
        }
      }
    }
    if (!free && this.get(kind, md.namespace, md.name)) throw alreadyExists(kind, md.name);
    if (kind === 'Namespace') canonicalizeNamespace(obj);
    if (opts.fieldManager !== undefined)
      md.managedFields = updateManagedFields(undefined, obj, opts.fieldManager, this.clock.iso());
    if (opts.dryRun) return deepFreeze(obj) as KindMap[K];
    md.uid = this.newUID();
    md.resourceVersion = this.nextRV();
    md.creationTimestamp = this.clock.iso();
    // (a pod's or workload's metadata laid out as every stored pod's is: podMetadataFields.ts)
    if (METADATA_LAID_OUT.has(kind)) obj.metadata = podMetadata(md, md.resourceVersion, undefined, undefined);
    else clearDeletion(kind, md);
    const frozen = deepFreeze(obj);
    if (kind === 'Event') {
      this.writes++;
      this.events.put(fromObject(frozen as KindMap['Event'], this.clock.now()));
      return frozen as KindMap[K];
    }
    // `get` found nothing under this name above, and nothing was stored since
    this.listOrder(kind).add(this.putNew(kind, frozen));
    this.emit({ type: 'ADDED', kind, obj: frozen, old: undefined });
    return frozen as KindMap[K];
  }

  /** The served PriorityClasses, as the Priority admission plugin's lister reads them. */
  readonly priorityClasses: PriorityClassLister = {
    get: (name) => this.get('PriorityClass', undefined, name),
    list: () => this.list('PriorityClass'),
  };

  /** What the write strategies read besides the object. */
  private strategyContext: StrategyContext | undefined;
  private get strategy(): StrategyContext {
    this.strategyContext ??= { clock: this.clock, priorityClasses: this.priorityClasses };
    return this.strategyContext;
  }

  /** Pod creates from one template share its defaulted, validated parts (podCreateMemo.ts); undefined: the simple path */
  podCreateMemo: PodCreateMemo | undefined = new PodCreateMemo();

  /** Name generation is injected by the simulation (seeded random). */
  generateName: (base: string) => string = (base) => `${base}00000`;

  /**
   * Replaces an object's spec and metadata (not status). Generation and defaulting follow the
   * kind's strategy. A write that changes nothing does not bump resourceVersion (like a no-op PATCH).
   */
  update<K extends Kind>(input: KObject, opts: WriteOptions = {}): KindMap[K] {
    return this.write(input, 'main', opts);
  }

  /**
   * Server-side apply (PATCH application/apply-patch+yaml): creates the object from `config`, or
   * merges `config` into the stored one with field ownership and conflicts (managedFields.ts).
   * Returns the stored object and whether the apply created it.
   */
  apply<K extends Kind>(config: KObject, opts: ApplyOptions): { obj: KindMap[K]; created: boolean } {
    const kind = config.kind as K;
    const md = config.metadata;
    const ns = NAMESPACED[kind] ? md.namespace || 'default' : undefined;
    const live = this.get(kind, ns, md.name);
    const { object } = serverSideApply(
      live,
      config,
      opts.fieldManager,
      opts.force ?? false,
      this.clock.iso(),
    );
    const write = { dryRun: opts.dryRun };
    if (!live) return { obj: this.create<K>(object, write), created: true };
    return { obj: this.update<K>(object, write), created: false };
  }

  /**
   * The pods/binding subresource (BindingREST.setPodNodeAndMetadata): one write that sets
   * spec.nodeName and the PodScheduled=True condition. Refused for a pod being deleted or bound already.
   */
  bind(namespace: string, name: string, nodeName: string): Pod {
    const cell = this.mustCell('Pod', namespace, name);
    const old = cell.obj as Pod;
    if (old.metadata.deletionTimestamp)
      throw new StatusError(409, 'Conflict', `pod ${name} is being deleted, cannot be assigned to a host`);
    if (old.spec.nodeName)
      throw new StatusError(
        409,
        'Conflict',
        `pod ${name} is already assigned to node "${old.spec.nodeName}"`,
      );
    // (the status laid out as every pod status is: podStatusFields.ts)
    const status = podStatus(old.status, {
      conditions: setPodCondition(
        old.status?.conditions,
        { type: 'PodScheduled', status: 'True' },
        this.clock.iso(),
      ),
    });
    // (the spec too: podSpecFields.ts)
    // (the metadata with its new resourceVersion made by commit: podMetadataFields.ts)
    const obj = { ...old, spec: podSpec(old.spec, nodeName), status } as Pod;
    return this.commit('Pod', old, obj, {}, true, cell);
  }

  /**
   * The pods/ephemeralcontainers subresource (PUT, or PATCH of the pod it returns): only
   * `spec.ephemeralContainers` is taken from `input`, validated as the API server does (strategy.ts
   * prepareEphemeralContainersUpdate, validateEphemeralContainersWrite); nothing changed: no write.
   */
  updateEphemeralContainers(input: Pod, opts: WriteOptions = {}): Pod {
    const cell = this.mustCell('Pod', input.metadata.namespace, input.metadata.name);
    const old = cell.obj as Pod;
    const obj = prepareEphemeralContainersUpdate(cloneUnfrozen(input), old);
    validateEphemeralContainersWrite(obj, old);
    if (opts.fieldManager !== undefined) {
      const mf = updateManagedFields(old, obj, opts.fieldManager, this.clock.iso(), 'ephemeralcontainers');
      if (mf === undefined) delete obj.metadata.managedFields;
      else obj.metadata.managedFields = mf;
    }
    return this.commit('Pod', old, obj, opts, false, cell);
  }

  /** Writes only `.status` (the status subresource). */
  updateStatus<K extends Kind>(input: KObject, opts: WriteOptions = {}): KindMap[K] {
    return this.write(input, 'status', opts);
  }

  private write<K extends Kind>(input: KObject, sub: 'main' | 'status', opts: WriteOptions): KindMap[K] {
    const kind = input.kind as K;
    // where the object lives (its commit swaps the cell's object without looking it up again)
    const cell =
      kind === 'Event' ? undefined : this.mustCell(kind, input.metadata.namespace, input.metadata.name);
    const old = cell ? cell.obj : this.mustGet(kind, input.metadata.namespace, input.metadata.name);
    if (sub === 'status') {
      // The status subresource takes only `.status` from the input; everything else is the stored object's.
      const status = cloneUnfrozen((input as { status?: unknown }).status);
      if (kind !== 'Deployment' && deepEqual((old as { status?: unknown }).status, status))
        return old as KindMap[K];
      // (a pod's metadata is made anew by commit: podMetadataFields.ts)
      const merged = {
        ...old,
        metadata: kind === 'Pod' ? old.metadata : { ...old.metadata },
        status,
      } as KObject;
      // deploymentStatusStrategy.PrepareForUpdate keeps only spec and labels: the controller's status
      // write carries the revision annotation with it
      const annotations = kind === 'Deployment' ? input.metadata.annotations : undefined;
      if (annotations && !deepEqual(annotations, old.metadata.annotations))
        merged.metadata.annotations = cloneUnfrozen(annotations);
      // (another kind's equal status returned above: compared once, not again here)
      else if (kind === 'Deployment' && deepEqual((old as { status?: unknown }).status, status))
        return old as KindMap[K];
      return this.commit(kind, old, merged, opts, true, cell);
    }
    // DaemonSet defaulting mutates nested fields, so it gets a full copy; other kinds share the
    // frozen subtrees they did not change.
    const obj = (
      kind === 'DaemonSet' || kind === 'Deployment' || kind === 'ReplicaSet' || kind === 'Pod'
        ? clone(input)
        : cloneUnfrozen(input)
    ) as KObject;
    obj.apiVersion = old.apiVersion;
    // Server-owned metadata always comes from the stored object.
    // (a spread with these overrides: the same keys in the same order, see shallowCopy)
    const md = shallowCopy(obj.metadata);
    keepField(md, 'uid', old.metadata.uid);
    keepField(md, 'creationTimestamp', old.metadata.creationTimestamp);
    keepField(md, 'resourceVersion', old.metadata.resourceVersion);
    keepField(md, 'namespace', old.metadata.namespace);
    keepField(md, 'name', old.metadata.name);
    obj.metadata = md;
    if (old.metadata.generation !== undefined) keepField(md, 'generation', old.metadata.generation);
    if (old.metadata.deletionTimestamp) {
      keepField(md, 'deletionTimestamp', old.metadata.deletionTimestamp);
      keepField(md, 'deletionGracePeriodSeconds', old.metadata.deletionGracePeriodSeconds);
    } else clearDeletion(kind, obj.metadata);
    if (obj.metadata.namespace === undefined) delete obj.metadata.namespace;
    if (sub === 'main' && old.metadata.deletionTimestamp) {
      // ValidateObjectMetaUpdate: finalizers may only be removed from an object being deleted.
      const had = new Set(old.metadata.finalizers ?? []);
      const added = (obj.metadata.finalizers ?? []).filter((f) => !had.has(f));
      if (added.length) {
        throw invalid(kind, old.metadata.name, [
          {
            type: 'Forbidden',
            field: 'metadata.finalizers',
            detail: `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`,
          },
        ]);
      }
    }
    if ('status' in old) obj.status = old.status;
    // an update without managedFields keeps the stored ones (an empty list resets them)
    if (md.managedFields === undefined && old.metadata.managedFields !== undefined)
      md.managedFields = old.metadata.managedFields;
    prepareForUpdate(kind, obj, old, this.strategy);
    validateUpdate(kind, obj, old);
    if (kind === 'PriorityClass') admitPriorityClass(obj as PriorityClass, 'Update', this.priorityClasses);
    if (kind === 'Namespace') canonicalizeNamespace(obj);
    if (opts.fieldManager !== undefined) {
      const mf = updateManagedFields(old, obj, opts.fieldManager, this.clock.iso(), opts.subresource);
      if (mf === undefined) delete md.managedFields;
      else md.managedFields = mf;
    }
    return this.commit(kind, old, obj, opts, false, cell);
  }

  /** The cell of a stored object (not an Event), or NotFound as `mustGet` says it. */
  private mustCell(kind: Kind, namespace: string | undefined, name: string): Cell {
    const c = this.cell(kind, namespace, name);
    if (!c) throw notFound(kind, name);
    return c;
  }

  /** `cell`: where `old` is stored, when the caller has it (else looked up by name). */
  private commit<K extends Kind>(
    kind: K,
    old: KObject,
    obj: KObject,
    opts: WriteOptions,
    changed = false,
    cell?: Cell,
  ): KindMap[K] {
    if (!changed && deepEqual(old, obj)) return old as KindMap[K];
    if (opts.dryRun) return deepFreeze(obj) as KindMap[K];
    const rv = this.nextRV();
    const md = obj.metadata;
    // a pod's or workload's metadata made anew with its resourceVersion, not stored into (podMetadataFields.ts)
    if (METADATA_LAID_OUT.has(kind))
      obj.metadata = podMetadata(md, rv, md.deletionTimestamp, md.deletionGracePeriodSeconds);
    else md.resourceVersion = rv;
    const frozen = deepFreeze(obj);
    if (kind === 'Event') {
      this.writes++;
      this.events.put(fromObject(frozen as KindMap['Event'], this.clock.now()));
      if (frozen.metadata.deletionTimestamp && !frozen.metadata.finalizers?.length)
        this.remove(kind, frozen.metadata.namespace, frozen.metadata.name);
      return frozen as KindMap[K];
    }
    if (cell) cell.obj = frozen;
    else this.put(kind, frozen);
    this.emit({ type: 'MODIFIED', kind, obj: frozen, old });
    // An object whose last finalizer went away while it was being deleted disappears now, and the
    // garbage collector takes care of whatever dependents are left (as after a background delete).
    if (frozen.metadata.deletionTimestamp && !frozen.metadata.finalizers?.length && kind !== 'Pod') {
      const removed = this.remove(kind, frozen.metadata.namespace, frozen.metadata.name);
      this.onOwnerDeleted?.(removed, 'Background');
    }
    return frozen as KindMap[K];
  }

  /**
   * Deletes an object the way the API server does. Pods bound to a node and not yet terminal get a
   * deletionTimestamp and are removed later by their kubelet (graceful deletion); everything else
   * goes at once. Returns the object as it stands after the call.
   */
  delete<K extends Kind>(
    kind: K,
    namespace: string | undefined,
    name: string,
    opts: DeleteOptions = {},
  ): KindMap[K] {
    const old = this.mustGet(kind, namespace, name);
    if (kind === 'PriorityClass') checkPriorityClassDelete(name);
    if (opts.dryRun) return old;
    if (kind === 'Pod') {
      const pod = old as KindMap['Pod'];
      const defaultGrace = pod.spec.terminationGracePeriodSeconds ?? 30;
      let grace = opts.gracePeriodSeconds ?? defaultGrace;
      const phase = pod.status?.phase;
      if (!pod.spec.nodeName || phase === 'Failed' || phase === 'Succeeded') grace = 0;
      if (grace > 0) {
        if (old.metadata.deletionTimestamp) {
          // A second delete may only shorten the grace period.
          const cur = old.metadata.deletionGracePeriodSeconds ?? defaultGrace;
          if (grace >= cur) return old;
        }
        // Only metadata changes: the rest of the stored (frozen) pod is shared; the metadata is
        // made with its deletion fields, not given them later (podMetadataFields.ts).
        const deletionTimestamp = this.clock.iso(this.clock.now() + grace * 1000);
        const metadata = podMetadata(old.metadata, this.nextRV(), deletionTimestamp, grace);
        const frozen = deepFreeze({ ...old, metadata } as KObject);
        this.put(kind, frozen);
        this.emit({ type: 'MODIFIED', kind, obj: frozen, old });
        return frozen as KindMap[K];
      }
    }
    const policy = opts.propagationPolicy ?? 'Background';
    const finalizers = old.metadata.finalizers ?? [];
    // Foreground: the object stays, marked for deletion, until the garbage collector has deleted
    // its blocking dependents and removed the finalizer (deletionFinalizersForGarbageCollection).
    const addForeground =
      policy === 'Foreground' && kind !== 'Pod' && !finalizers.includes(FOREGROUND_DELETION_FINALIZER);
    if (finalizers.length || addForeground) {
      if (old.metadata.deletionTimestamp && !addForeground) return old;
      const obj = clone(old) as KObject;
      const md = obj.metadata;
      if (kind === 'Pod')
        // (a pod's metadata made with its deletion fields: podMetadataFields.ts)
        obj.metadata = podMetadata(md, this.nextRV(), this.clock.iso(), 0);
      else {
        if (!md.deletionTimestamp) {
          md.deletionTimestamp = this.clock.iso();
          md.deletionGracePeriodSeconds = 0;
        }
        if (addForeground) md.finalizers = [...finalizers, FOREGROUND_DELETION_FINALIZER];
        md.resourceVersion = this.nextRV();
        // (a workload's metadata laid out as on its writes: podMetadataFields.ts)
        if (METADATA_LAID_OUT.has(kind))
          obj.metadata = podMetadata(
            md,
            md.resourceVersion,
            md.deletionTimestamp,
            md.deletionGracePeriodSeconds,
          );
      }
      const frozen = deepFreeze(obj);
      if (kind === 'Event') {
        this.events.put(fromObject(frozen as KindMap['Event'], this.clock.now()));
        return frozen as KindMap[K];
      }
      this.put(kind, frozen);
      this.emit({ type: 'MODIFIED', kind, obj: frozen, old });
      return frozen as KindMap[K];
    }
    const removed = this.remove(kind, namespace, name);
    this.onOwnerDeleted?.(removed, policy === 'Orphan' ? 'Orphan' : 'Background');
    return removed as KindMap[K];
  }

  /** Removes an object from storage now (kubelet's final grace-0 delete, pod GC force delete). */
  remove(kind: Kind, namespace: string | undefined, name: string): KObject {
    if (kind === 'Event') {
      const old = this.get('Event', namespace, name);
      if (!old) throw notFound(kind, name);
      this.events.delete(namespace ?? 'default', name);
      this.nextRV();
      this.writes++;
      return old;
    }
    const key = metaNamespaceKey(NAMESPACED[kind] ? namespace : undefined, name);
    const cell = this.objects.get(kind)!.get(key);
    const old = cell?.obj;
    if (!old) throw notFound(kind, name);
    this.objects.get(kind)!.delete(key);
    if (NAMESPACED[kind]) this.byNamespace.get(kind)!.get(old.metadata.namespace!)?.delete(name);
    this.listOrder(kind).remove(cell!);
    this.nextRV();
    this.emit({ type: 'DELETED', kind, obj: old, old: undefined });
    return old;
  }

  /**
   * Puts an object exactly as another API server holds it (the page's mirror of a connected cluster,
   * src/connect): no defaulting, no validation, no new resourceVersion, no change record. Kinds this
   * store does not keep are ignored.
   */
  restore(input: KObject): void {
    const kind = input.kind as Kind;
    const m = this.objects.get(kind);
    if (!m) return;
    const obj = deepFreeze(clone(input));
    const rv = Number(obj.metadata.resourceVersion);
    if (Number.isSafeInteger(rv) && rv > this.rv) this.rv = rv;
    if (kind === 'Event') {
      this.events.put(fromObject(obj as KindMap['Event'], this.clock.now()));
      return;
    }
    this.put(kind, obj);
    this.listOrder(kind).reset();
  }

  /** Every stored object, for snapshots (`events: false` leaves the Events out). */
  all(opts: { events?: boolean } = {}): KObject[] {
    const out: KObject[] = [];
    for (const [kind, m] of this.objects) {
      if (kind === 'Event') {
        if (opts.events !== false) for (const r of this.events.values()) out.push(this.events.object(r));
      } else for (const c of m.values()) out.push(c.obj);
    }
    return out;
  }
}

export { StatusError };
