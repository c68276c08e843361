// Field ownership (metadata.managedFields) and server-side apply, after the API server's field
// manager (k8s.io/apimachinery/pkg/util/managedfields) and sigs.k8s.io/structured-merge-diff:
//
// - every write that names a field manager records which fields it set: an Update entry per
//   manager with the fields it added or changed (typed.Compare of the old and new object), which
//   other managers lose (merge.Updater.Update);
// - an apply (PATCH application/apply-patch+yaml) merges its configuration into the live object,
//   owns exactly the configuration's fields (ToFieldSet) as an Apply entry, removes the fields it
//   applied last time and no longer does (prune, unless another manager owns them), and fails with
//   409 Conflict when it would change a field another manager owns — unless forced, when it takes
//   the field over (merge.Updater.Apply).
//
// The schema is hand-modelled for the kinds served (the associative lists of containers, env,
// ports, volumes, volumeMounts, ownerReferences, the atomic label selector; any other list atomic,
// any other object a struct of fields), not read from OpenAPI: see README "Server-side apply".

import { StatusError } from './errors';
import { deepEqual } from './objects';
import type { KObject, ManagedFieldsEntry } from './types';

export type { ManagedFieldsEntry };

/** A set of field paths, as fieldpath.Set: each node a path element, `member` when the path itself is in the set. */
export class FieldSet {
  member = false;
  readonly children = new Map<string, FieldSet>();

  /** the node at a path element, made if absent */
  child(pe: string): FieldSet {
    let c = this.children.get(pe);
    if (!c) this.children.set(pe, (c = new FieldSet()));
    return c;
  }

  insert(path: readonly string[]): void {
    path.reduce((n: FieldSet, pe) => n.child(pe), this).member = true;
  }

  has(path: readonly string[]): boolean {
    const n = path.reduce((m: FieldSet | undefined, pe) => m?.children.get(pe), this);
    return n?.member ?? false;
  }

  /** every member path, members of a node before its children, each level in path element order */
  paths(prefix: string[] = [], out: string[][] = []): string[][] {
    const keys = [...this.children.keys()].sort(comparePE);
    for (const k of keys) if (this.children.get(k)!.member) out.push([...prefix, k]);
    for (const k of keys) this.children.get(k)!.paths([...prefix, k], out);
    return out;
  }

  get empty(): boolean {
    return this.paths().length === 0;
  }

  static of(paths: readonly (readonly string[])[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  union(o: FieldSet): FieldSet {
    return FieldSet.of([...this.paths(), ...o.paths()]);
  }

  intersection(o: FieldSet): FieldSet {
    return FieldSet.of(this.paths().filter((p) => o.has(p)));
  }

  difference(o: FieldSet): FieldSet {
    return FieldSet.of(this.paths().filter((p) => !o.has(p)));
  }

  equals(o: FieldSet): boolean {
    const a = this.paths().map((p) => p.join('\u0000'));
    const b = o.paths().map((p) => p.join('\u0000'));
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }

  /** The fieldsV1 encoding (SetToFields): `{"f:spec": {"f:replicas": {}}, …}`, `.` for a member with children. */
  toFieldsV1(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const keys = [...this.children.keys()].sort(comparePE);
    for (const k of keys) {
      const c = this.children.get(k)!;
      const inner = c.toFieldsV1();
      if (c.member && Object.keys(inner).length > 0) out[k] = { '.': {}, ...inner };
      else if (c.member || Object.keys(inner).length > 0) out[k] = inner;
    }
    return out;
  }

  static fromFieldsV1(v: unknown): FieldSet {
    const s = new FieldSet();
    const walk = (node: unknown, path: string[]) => {
      if (!node || typeof node !== 'object' || Array.isArray(node)) return;
      const entries = Object.entries(node as Record<string, unknown>);
      if (entries.length === 0 && path.length > 0) s.insert(path);
      for (const [k, child] of entries) {
        if (k === '.') s.insert(path);
        else walk(child, [...path, k]);
      }
    };
    walk(v, []);
    return s;
  }
}

/** PathElement order: field names, then keys, then values, then indexes; each by its text. */
function comparePE(a: string, b: string): number {
  const rank = (s: string) => 'fkvi'.indexOf(s[0]);
  const d = rank(a) - rank(b);
  if (d !== 0) return d;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A path element as a conflict message spells it (PathElement.String). */
function peString(pe: string): string {
  if (pe.startsWith('f:')) return `.${pe.slice(2)}`;
  if (pe.startsWith('k:')) {
    const key = JSON.parse(pe.slice(2)) as Record<string, unknown>;
    return `[${Object.keys(key)
      .sort()
      .map((k) => `${k}=${JSON.stringify(key[k])}`)
      .join(',')}]`;
  }
  if (pe.startsWith('v:')) return `[=${pe.slice(2)}]`;
  return `[${pe.slice(2)}]`;
}

export function pathString(path: readonly string[]): string {
  return path.map(peString).join('');
}

// ---- the schema -------------------------------------------------------------------------------

type Shape =
  | { t: 'struct'; fields?: Record<string, Shape> }
  | { t: 'map' }
  | { t: 'atomic' }
  | { t: 'listMap'; keys: string[]; defaults?: Record<string, unknown>; elem: Shape }
  | { t: 'set' };

const struct = (fields?: Record<string, Shape>): Shape => ({ t: 'struct', fields });
const MAP: Shape = { t: 'map' };
const ATOMIC: Shape = { t: 'atomic' };
const listMap = (keys: string[], elem: Shape = struct(), defaults?: Record<string, unknown>): Shape => ({
  t: 'listMap',
  keys,
  elem,
  defaults,
});

const OBJECT_META = struct({
  labels: MAP,
  annotations: MAP,
  finalizers: { t: 'set' },
  ownerReferences: listMap(['uid']),
});
const CONTAINER = struct({
  ports: listMap(['containerPort', 'protocol'], struct(), { protocol: 'TCP' }),
  env: listMap(['name']),
  volumeMounts: listMap(['mountPath']),
  resources: struct({ limits: MAP, requests: MAP }),
});
const POD_SPEC = struct({
  containers: listMap(['name'], CONTAINER),
  initContainers: listMap(['name'], CONTAINER),
  ephemeralContainers: listMap(['name'], CONTAINER),
  volumes: listMap(['name']),
  nodeSelector: MAP,
  overhead: MAP,
});
const TEMPLATE = struct({ metadata: OBJECT_META, spec: POD_SPEC });
/** spec.selector: a LabelSelector is `+structType=atomic` */
const WORKLOAD_SPEC = struct({ selector: ATOMIC, template: TEMPLATE });

const ROOTS: Record<string, Shape> = {
  Pod: struct({ metadata: OBJECT_META, spec: POD_SPEC }),
  DaemonSet: struct({ metadata: OBJECT_META, spec: WORKLOAD_SPEC }),
  Deployment: struct({ metadata: OBJECT_META, spec: WORKLOAD_SPEC }),
  ReplicaSet: struct({ metadata: OBJECT_META, spec: WORKLOAD_SPEC }),
  PodDisruptionBudget: struct({ metadata: OBJECT_META, spec: struct({ selector: ATOMIC }) }),
};

function rootShape(kind: string): Shape {
  return ROOTS[kind] ?? struct({ metadata: OBJECT_META });
}

/** The shape of a field of a struct; an object value of a field not modelled is a struct, any list atomic. */
function fieldShape(parent: Shape, key: string, value: unknown): Shape {
  if (parent.t === 'struct' && parent.fields && Object.hasOwn(parent.fields, key)) return parent.fields[key];
  if (Array.isArray(value)) return ATOMIC;
  return struct();
}

/**
 * The paths the server owns or resets, never in a manager's set (the field manager's stripper and
 * the main resource's reset fields): apiVersion, kind, status and the server's metadata.
 */
const IGNORED = FieldSet.of([
  ['f:apiVersion'],
  ['f:kind'],
  ['f:status'],
  ...[
    'name',
    'namespace',
    'uid',
    'resourceVersion',
    'generation',
    'creationTimestamp',
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
    'managedFields',
    'selfLink',
  ].map((f) => ['f:metadata', `f:${f}`]),
]);

function ignored(path: readonly string[]): boolean {
  let n: FieldSet | undefined = IGNORED;
  for (const pe of path) {
    n = n.children.get(pe);
    if (!n) return false;
    if (n.member) return true;
  }
  return false;
}

/** Drops the ignored paths and everything under them. */
function strip(s: FieldSet): FieldSet {
  return FieldSet.of(s.paths().filter((p) => !ignored(p)));
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The path element of an item of an associative list or set. */
function itemPE(shape: Shape, item: unknown): string {
  if (shape.t === 'set') return `v:${JSON.stringify(item)}`;
  if (shape.t !== 'listMap' || !isObject(item)) return `v:${JSON.stringify(item)}`;
  const key: Record<string, unknown> = {};
  for (const k of [...shape.keys].sort()) {
    const v = Object.hasOwn(item, k) ? item[k] : shape.defaults?.[k];
    if (v !== undefined) key[k] = v;
  }
  return `k:${JSON.stringify(key)}`;
}

// ---- ToFieldSet and Compare ----------------------------------------------------------------------

/** typed.TypedValue.ToFieldSet: the fields a configuration sets (leaves, list items, empty objects). */
export function toFieldSet(obj: unknown, kind: string): FieldSet {
  const set = new FieldSet();
  const walk = (v: unknown, shape: Shape, path: string[]) => {
    if (shape.t === 'atomic' || (!isObject(v) && !Array.isArray(v))) {
      set.insert(path);
      return;
    }
    if (Array.isArray(v)) {
      if (shape.t !== 'listMap' && shape.t !== 'set') {
        set.insert(path);
        return;
      }
      for (const item of v) {
        const p = [...path, itemPE(shape, item)];
        if (shape.t === 'listMap' && isObject(item)) walk(item, shape.elem, p);
        set.insert(p);
      }
      return;
    }
    const entries = Object.entries(v);
    if (entries.length === 0 && path.length > 0) {
      set.insert(path);
      return;
    }
    for (const [k, child] of entries) {
      const p = [...path, `f:${k}`];
      const s = shape.t === 'map' ? ATOMIC : fieldShape(shape, k, child);
      walk(child, s, p);
      // a map's entries are members; a struct's fields only when they are leaves (above)
      if (shape.t === 'map') set.insert(p);
    }
  };
  walk(obj, rootShape(kind), []);
  return strip(set);
}

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/** typed.TypedValue.Compare: the paths added, changed and removed from `lhs` to `rhs`. */
export function compare(lhs: unknown, rhs: unknown, kind: string): Comparison {
  const c: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  const leaf = (l: unknown, r: unknown, path: string[]) => {
    if (l === undefined) c.added.insert(path);
    else if (r === undefined) c.removed.insert(path);
    else if (!deepEqual(l, r)) c.modified.insert(path);
  };
  const walk = (l: unknown, r: unknown, shape: Shape, path: string[]) => {
    const v = r ?? l;
    const emptyish = (x: unknown) =>
      x === undefined ||
      x === null ||
      (Array.isArray(x) ? x.length === 0 : isObject(x) && Object.keys(x).length === 0);
    if (shape.t === 'atomic' || (!isObject(v) && !Array.isArray(v)) || (emptyish(l) && emptyish(r))) {
      leaf(l, r, path);
      return;
    }
    if (Array.isArray(v)) {
      if (shape.t !== 'listMap' && shape.t !== 'set') {
        leaf(l, r, path);
        return;
      }
      const items = (x: unknown) => {
        const m = new Map<string, unknown>();
        if (Array.isArray(x)) for (const it of x) if (!m.has(itemPE(shape, it))) m.set(itemPE(shape, it), it);
        return m;
      };
      const lm = items(l);
      const rm = items(r);
      for (const pe of new Set([...lm.keys(), ...rm.keys()])) {
        const li = lm.get(pe);
        const ri = rm.get(pe);
        const elem = shape.t === 'listMap' ? shape.elem : ATOMIC;
        walk(li, ri, isObject(li ?? ri) ? elem : ATOMIC, [...path, pe]);
      }
    } else {
      const lo = isObject(l) ? l : {};
      const ro = isObject(r) ? r : {};
      for (const k of new Set([...Object.keys(lo), ...Object.keys(ro)])) {
        const lv = Object.hasOwn(lo, k) ? lo[k] : undefined;
        const rv = Object.hasOwn(ro, k) ? ro[k] : undefined;
        if (lv === undefined && rv === undefined) continue;
        const s = shape.t === 'map' ? ATOMIC : fieldShape(shape, k, rv ?? lv);
        walk(lv, rv, s, [...path, `f:${k}`]);
      }
    }
    if (path.length > 0) {
      if (l === undefined) c.added.insert(path);
      else if (r === undefined) c.removed.insert(path);
    }
  };
  walk(lhs, rhs, rootShape(kind), []);
  return { added: strip(c.added), modified: strip(c.modified), removed: strip(c.removed) };
}

/**
 * The object a create compares against (the typed zero value, as the field manager's "live" object
 * of a create): the structs that are values, not pointers, are there empty, so only what is under
 * them counts as added.
 */
function zeroObject(kind: string): Record<string, unknown> {
  const template = { metadata: {}, spec: {} };
  switch (kind) {
    case 'Deployment':
      return { metadata: {}, spec: { template, strategy: {} }, status: {} };
    case 'DaemonSet':
      return { metadata: {}, spec: { template, updateStrategy: {} }, status: {} };
    case 'ReplicaSet':
      return { metadata: {}, spec: { template }, status: {} };
    default:
      return { metadata: {}, spec: {}, status: {} };
  }
}

/** the annotation the DaemonSet strategy sets (PrepareForCreate/Update), after the field manager has looked */
const TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

/** The object as the field manager sees it: before the registry strategy adds its own fields. */
function beforeStrategy<T extends KObject | undefined>(o: T): T {
  const a = o?.metadata.annotations;
  if (!o || !a || !Object.hasOwn(a, TEMPLATE_GENERATION)) return o;
  const { [TEMPLATE_GENERATION]: _, ...rest } = a;
  const metadata: KObject['metadata'] = { ...o.metadata, annotations: rest };
  if (Object.keys(rest).length === 0) delete metadata.annotations;
  return { ...o, metadata } as T;
}

// ---- managedFields entries ----------------------------------------------------------------------

interface Managed {
  entry: ManagedFieldsEntry;
  set: FieldSet;
}

/** The managers of an object, keyed as the field manager keys them (manager, operation, subresource). */
function decode(o: KObject | undefined): Map<string, Managed> {
  const m = new Map<string, Managed>();
  const entries = o?.metadata.managedFields;
  for (const e of entries ?? []) {
    if (!e || typeof e !== 'object' || typeof e.manager !== 'string') continue;
    m.set(key(e.manager, e.operation, e.subresource), { entry: e, set: FieldSet.fromFieldsV1(e.fieldsV1) });
  }
  return m;
}

function key(manager: string, operation: string, subresource?: string): string {
  return JSON.stringify([manager, operation, subresource ?? '']);
}

/** printManager: how a conflict names a manager (an Update manager with its version and time). */
function managerText(e: ManagedFieldsEntry): string {
  let s = JSON.stringify(e.manager);
  if (e.subresource) s += ` with subresource ${JSON.stringify(e.subresource)}`;
  if (e.operation === 'Update')
    return e.time ? `${s} using ${e.apiVersion} at ${e.time}` : `${s} using ${e.apiVersion}`;
  return s;
}

/** sortEncodedManagedFields: Apply before Update, then by time, manager, apiVersion and subresource. */
function encode(m: Map<string, Managed>): ManagedFieldsEntry[] {
  const out: ManagedFieldsEntry[] = [];
  for (const { entry, set } of m.values()) {
    if (set.empty) continue;
    out.push({ ...entry, fieldsV1: set.toFieldsV1() });
  }
  const cmp = (a: string | undefined, b: string | undefined) =>
    (a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0;
  return out.sort(
    (p, q) =>
      cmp(p.operation, q.operation) ||
      cmp(p.time, q.time) ||
      cmp(p.manager, q.manager) ||
      cmp(p.apiVersion, q.apiVersion) ||
      cmp(p.subresource, q.subresource),
  );
}

function entry(
  manager: string,
  operation: 'Apply' | 'Update',
  apiVersion: string,
  time: string,
): ManagedFieldsEntry {
  return { manager, operation, apiVersion, time, fieldsType: 'FieldsV1', fieldsV1: {} };
}

/**
 * The managedFields after a write by `manager` (an Update: create, replace, patch, …) from `live`
 * (undefined for a create) to `next`. Unchanged entries (and their times) when nothing changed.
 */
export function updateManagedFields(
  live: KObject | undefined,
  next: KObject,
  manager: string,
  time: string,
  subresource?: string,
): ManagedFieldsEntry[] | undefined {
  const kind = String(next.kind);
  // managedFields the client sent take the place of the stored ones (an empty list resets them)
  const sent = next.metadata.managedFields;
  const managers = decode(sent !== undefined ? next : live);
  const c = compare(beforeStrategy(live) ?? zeroObject(kind), beforeStrategy(next), kind);
  const changed = c.added.union(c.modified);
  if (changed.empty && c.removed.empty) return sent ?? live?.metadata.managedFields;
  const k = key(manager, 'Update', subresource);
  for (const [mk, m] of managers) {
    if (mk === k) continue;
    m.set = m.set.difference(changed).difference(c.removed);
  }
  const own = managers.get(k);
  const set = (own?.set ?? new FieldSet()).difference(c.removed).union(changed);
  const e = entry(manager, 'Update', String(next.apiVersion), time);
  if (subresource) e.subresource = subresource;
  managers.set(k, { entry: e, set });
  const out = encode(managers);
  return out;
}

/** The 409 of an apply that would change fields other managers own (internal/conflict.go NewConflictError). */
export function applyConflict(conflicts: { entry: ManagedFieldsEntry; path: string[] }[]): StatusError {
  let message: string;
  if (conflicts.length === 1) {
    message = `Apply failed with 1 conflict: conflict with ${managerText(conflicts[0].entry)}: ${pathString(conflicts[0].path)}`;
  } else {
    const by = new Map<string, { entry: ManagedFieldsEntry; paths: string[][] }>();
    for (const c of conflicts) {
      const k = key(c.entry.manager, c.entry.operation, c.entry.subresource);
      if (!by.has(k)) by.set(k, { entry: c.entry, paths: [] });
      by.get(k)!.paths.push(c.path);
    }
    const lines: string[] = [];
    for (const k of [...by.keys()].sort()) {
      const g = by.get(k)!;
      lines.push(`conflicts with ${managerText(g.entry)}:`);
      for (const p of g.paths) lines.push(`- ${pathString(p)}`);
    }
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  const err = new StatusError(409, 'Conflict', message);
  err.causes = conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${managerText(c.entry)}`,
    field: pathString(c.path),
  }));
  return err;
}

// ---- merge and prune ----------------------------------------------------------------------------

/** typed merge: the configuration's values over the live object's, lists merged by key, atomic parts replaced. */
function mergeValue(live: unknown, config: unknown, shape: Shape): unknown {
  if (config === undefined) return live;
  if (shape.t === 'atomic' || (!isObject(config) && !Array.isArray(config))) return config;
  if (Array.isArray(config)) {
    if ((shape.t !== 'listMap' && shape.t !== 'set') || !Array.isArray(live)) return config;
    const out = [...live];
    const at = new Map(out.map((it, i) => [itemPE(shape, it), i]));
    for (const item of config) {
      const pe = itemPE(shape, item);
      const i = at.get(pe);
      const elem = shape.t === 'listMap' ? shape.elem : ATOMIC;
      if (i === undefined) {
        at.set(pe, out.length);
        out.push(item);
      } else out[i] = mergeValue(out[i], item, isObject(item) ? elem : ATOMIC);
    }
    return out;
  }
  if (!isObject(live)) return config;
  const out: Record<string, unknown> = { ...live };
  for (const [k, v] of Object.entries(config)) {
    const s = shape.t === 'map' ? ATOMIC : fieldShape(shape, k, v);
    out[k] = mergeValue(Object.hasOwn(live, k) ? live[k] : undefined, v, s);
  }
  return out;
}

/**
 * Removes the value at each path (a field, or an item of an associative list); a list or object
 * left empty by it goes too, as typed.RemoveItems leaves no empty list or map behind.
 */
function removePaths(obj: Record<string, unknown>, paths: string[][], kind: string): void {
  for (const path of paths) {
    // the containers walked through, each with how to take the next step out of it
    const trail: { node: unknown; pe: string }[] = [];
    let node: unknown = obj;
    let shape = rootShape(kind);
    let found = true;
    for (const pe of path) {
      trail.push({ node, pe });
      if (pe.startsWith('f:') && isObject(node)) {
        const k = pe.slice(2);
        shape = shape.t === 'map' ? ATOMIC : fieldShape(shape, k, node[k]);
        node = node[k];
      } else if (Array.isArray(node)) {
        const item = node.find((it) => itemPE(shape, it) === pe);
        shape = shape.t === 'listMap' ? shape.elem : ATOMIC;
        node = item;
      } else node = undefined;
      if (node === undefined) {
        found = false;
        break;
      }
    }
    if (!found) continue;
    for (let i = trail.length - 1; i >= 0; i--) {
      const { node: parent, pe } = trail[i];
      if (isObject(parent)) delete parent[pe.slice(2)];
      else if (Array.isArray(parent)) {
        const parentShape = shapeAt(kind, path.slice(0, i));
        const idx = parent.findIndex((it) => itemPE(parentShape, it) === pe);
        if (idx >= 0) parent.splice(idx, 1);
      }
      const empty = Array.isArray(parent)
        ? parent.length === 0
        : isObject(parent) && Object.keys(parent).length === 0;
      if (!empty || i === 0) break;
    }
  }
}

/** The shape of the value at a path of an object of `kind`. */
function shapeAt(kind: string, path: string[]): Shape {
  let shape = rootShape(kind);
  for (const pe of path) {
    if (pe.startsWith('f:')) shape = shape.t === 'map' ? ATOMIC : fieldShape(shape, pe.slice(2), undefined);
    else shape = shape.t === 'listMap' ? shape.elem : ATOMIC;
  }
  return shape;
}

export interface ApplyResult {
  /** the object to store (the configuration merged into the live object, pruned), with its managedFields */
  object: KObject;
}

/**
 * Server-side apply of `config` by `manager` over `live` (undefined: the apply creates the object).
 * Throws the 409 Conflict when the apply changes fields other managers own, unless `force`.
 */
export function serverSideApply(
  live: KObject | undefined,
  config: KObject,
  manager: string,
  force: boolean,
  time: string,
): ApplyResult {
  const kind = String(config.kind);
  const apiVersion = String(config.apiVersion);
  const set = toFieldSet(config, kind);
  const k = key(manager, 'Apply');
  if (!live) {
    const object = JSON.parse(JSON.stringify(config)) as KObject;
    const e = entry(manager, 'Apply', apiVersion, time);
    object.metadata.managedFields = encode(new Map([[k, { entry: e, set }]]));
    return { object };
  }
  const managers = decode(live);
  const liveCopy = JSON.parse(JSON.stringify(live)) as Record<string, unknown>;
  const merged = mergeValue(liveCopy, JSON.parse(JSON.stringify(config)), rootShape(kind)) as Record<
    string,
    unknown
  >;
  // prune: what this manager applied last time and not now, unless another manager owns it
  const last = managers.get(k)?.set;
  if (last) {
    let others = new FieldSet();
    for (const [mk, m] of managers) if (mk !== k) others = others.union(m.set);
    const gone = last.difference(set).difference(others);
    removePaths(merged, gone.paths(), kind);
  }
  const c = compare(live, merged, kind);
  const changed = c.added.union(c.modified);
  const conflicts: { entry: ManagedFieldsEntry; path: string[] }[] = [];
  for (const [mk, m] of managers) {
    if (mk === k) continue;
    for (const p of m.set.intersection(changed).paths()) conflicts.push({ entry: m.entry, path: p });
  }
  if (conflicts.length > 0 && !force) throw applyConflict(conflicts);
  for (const [mk, m] of managers) {
    if (mk === k) continue;
    m.set = m.set.difference(changed).difference(c.removed);
  }
  const prev = managers.get(k);
  const sameSet = prev !== undefined && prev.set.equals(set);
  const nothingChanged = changed.empty && c.removed.empty;
  const e = sameSet && nothingChanged ? prev.entry : entry(manager, 'Apply', apiVersion, time);
  managers.set(k, { entry: e, set });
  (merged.metadata as { managedFields?: ManagedFieldsEntry[] }).managedFields = encode(managers);
  return { object: merged as unknown as KObject };
}
