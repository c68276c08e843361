// JSON decoding into the API's Go types, as far as types go: a value of the wrong JSON kind gets Go's
// encoding/json error (`json: cannot unmarshal string into Go struct field PodSpec.spec.volumes of type
// []v1.Volume`), instead of reaching code that expects the right shape. Driven by the field types of the
// explain schema (api/schema.ts, which `kubectl explain` prints); fields it does not list are not checked (and stay as given).

import { SCHEMA } from './schema';
import { QUANTITY_REGEX_TEXT } from './quantity';
import { hasOwn } from './own';

/** Types the engine reads that the explain schema names without their fields (field: [type, ref?]). */
const EXTRA: Record<string, Record<string, [string, string?]>> = {
  EnvVarSource: {
    fieldRef: ['ObjectFieldSelector', 'ObjectFieldSelector'],
    resourceFieldRef: ['ResourceFieldSelector'],
    configMapKeyRef: ['ConfigMapKeySelector'],
    secretKeyRef: ['SecretKeySelector'],
  },
  ObjectFieldSelector: { apiVersion: ['string'], fieldPath: ['string'] },
  NodeStatus: {
    capacity: ['map[string]Quantity', 'Quantity'],
    allocatable: ['map[string]Quantity', 'Quantity'],
    phase: ['string'],
    conditions: ['[]NodeCondition', 'NodeCondition'],
    addresses: ['[]NodeAddress', 'NodeAddress'],
    nodeInfo: ['NodeSystemInfo', 'NodeSystemInfo'],
    images: ['[]ContainerImage'],
    volumesInUse: ['[]string'],
  },
  NodeCondition: {
    type: ['string'],
    status: ['string'],
    lastHeartbeatTime: ['string', 'Time'],
    lastTransitionTime: ['string', 'Time'],
    reason: ['string'],
    message: ['string'],
  },
  NodeAddress: { type: ['string'], address: ['string'] },
  NodeSystemInfo: Object.fromEntries(
    [
      'machineID',
      'systemUUID',
      'bootID',
      'kernelVersion',
      'osImage',
      'containerRuntimeVersion',
      'kubeletVersion',
      'kubeProxyVersion',
      'operatingSystem',
      'architecture',
    ].map((f) => [f, ['string']]),
  ),
};

type Fields = Map<string, { type: string; ref?: string }>;
const fieldCache = new Map<string, Fields | undefined>();

/** The fields of a struct: the explain schema's, else EXTRA's, else none known. */
function fieldsOf(struct: string): Fields | undefined {
  if (fieldCache.has(struct)) return fieldCache.get(struct);
  let out: Fields | undefined;
  if (hasOwn(SCHEMA, struct) && Object.keys(SCHEMA[struct].fields).length > 0) {
    out = new Map(Object.entries(SCHEMA[struct].fields).map(([k, f]) => [k, { type: f.type, ref: f.ref }]));
  } else if (hasOwn(EXTRA, struct))
    out = new Map(Object.entries(EXTRA[struct]).map(([k, [type, ref]]) => [k, { type, ref }]));
  fieldCache.set(struct, out);
  return out;
}

/** Fields to fill in where the explain schema lists a field without its type's name as a ref. */
const REF_FIXES = new Map([
  ['EnvVar.valueFrom', 'EnvVarSource'],
  ['Node.status', 'NodeStatus'],
]);

/** Go fields of type int64 among the schema's integers (the rest are int32). */
const INT64 = new Set([
  'ObjectMeta.generation',
  'ObjectMeta.deletionGracePeriodSeconds',
  'PodSpec.activeDeadlineSeconds',
  'PodSpec.terminationGracePeriodSeconds',
  'Toleration.tolerationSeconds',
  'DaemonSetStatus.observedGeneration',
  'DeploymentStatus.observedGeneration',
  'ReplicaSetStatus.observedGeneration',
  'PodDisruptionBudgetStatus.observedGeneration',
  'Condition.observedGeneration',
]);

/** The JSON kind as encoding/json names it in errors. */
function jsonKind(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  return 'object';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function goElem(t: string): string {
  if (t === 'string') return 'string';
  if (t === 'integer') return 'int32';
  if (t === 'boolean') return 'bool';
  return `v1.${t}`;
}

function goType(owner: string, name: string, t: string): string {
  if (t === 'string') return 'string';
  if (t === 'boolean') return 'bool';
  if (t === 'integer') return INT64.has(`${owner}.${name}`) ? 'int64' : 'int32';
  if (t.startsWith('[]')) return `[]${goElem(t.slice(2))}`;
  if (t === 'map[string]Quantity') return 'v1.ResourceList';
  if (t.startsWith('map[')) return t;
  return `v1.${t}`;
}

const unmarshal = (v: unknown, owner: string, path: string, type: string) =>
  `json: cannot unmarshal ${jsonKind(v)} into Go struct field ${owner}.${path} of type ${type}`;

/** A scalar of a named special type (Time, Quantity, IntOrString): their own UnmarshalJSON's errors. */
function special(ref: string, v: unknown): string | null | undefined {
  switch (ref) {
    case 'Time':
      return typeof v === 'string'
        ? null
        : `json: cannot unmarshal ${jsonKind(v)} into Go value of type string`;
    case 'Quantity':
      return typeof v === 'string' || typeof v === 'number'
        ? null
        : `quantities must match the regular expression '${QUANTITY_REGEX_TEXT}'`;
    case 'IntOrString':
      if (typeof v === 'string') return null;
      if (typeof v === 'number')
        return Number.isInteger(v) ? null : `json: cannot unmarshal number ${v} into Go value of type int32`;
      return `json: cannot unmarshal ${jsonKind(v)} into Go value of type int32`;
    default:
      return undefined;
  }
}

/** One value of a field (or one element of a list field): null, a wrong kind, or the checks inside. */
function checkValue(
  v: unknown,
  t: string,
  ref: string | undefined,
  owner: string,
  name: string,
  path: string,
  fill: boolean,
  elemOf?: string,
): string | null {
  if (v === null || v === undefined) return null;
  const type = elemOf ?? goType(owner, name, t);
  // Time, Quantity, IntOrString: named by the field's ref, or by its type (the v1.35 data has no ref for them)
  if (!t.startsWith('[]') && !t.startsWith('map[')) {
    const s = special(ref ?? t, v);
    if (s !== undefined) return s;
  }
  switch (t) {
    case 'string':
      return typeof v === 'string' ? null : unmarshal(v, owner, path, type);
    case 'boolean':
      return typeof v === 'boolean' ? null : unmarshal(v, owner, path, type);
    case 'integer':
      if (typeof v !== 'number') return unmarshal(v, owner, path, type);
      if (
        !Number.isInteger(v) ||
        (type === 'int64' ? !Number.isSafeInteger(v) : v < -(2 ** 31) || v > 2 ** 31 - 1)
      ) {
        return `json: cannot unmarshal number ${v} into Go struct field ${owner}.${path} of type ${type}`;
      }
      return null;
  }
  if (t.startsWith('[]')) {
    if (!Array.isArray(v)) return unmarshal(v, owner, path, type);
    const elem = t.slice(2);
    for (let i = 0; i < v.length; i++) {
      // null in a list decodes to the element's zero value
      if (v[i] === null && fill) v[i] = zero(elem);
      const e = checkValue(
        v[i],
        elem,
        fieldsOf(elem) || elem === 'Quantity' ? elem : undefined,
        owner,
        name,
        path,
        fill,
        goElem(elem),
      );
      if (e) return e;
    }
    return null;
  }
  if (t.startsWith('map[')) {
    if (!isObject(v)) return unmarshal(v, owner, path, type);
    const valueType = t.slice(t.indexOf(']') + 1);
    for (const [k, x] of Object.entries(v)) {
      if (x === null) {
        if (fill && valueType === 'string') v[k] = '';
        continue;
      }
      if (valueType === 'Quantity') {
        const e = special('Quantity', x);
        if (e) return e;
      } else if (typeof x !== 'string') return unmarshal(x, owner, path, 'string');
    }
    return null;
  }
  // a struct
  if (!isObject(v)) return unmarshal(v, owner, path, type);
  const struct = ref ?? t;
  return checkStruct(v, struct, path, fill);
}

/** The zero value of a list element type, as Go's decoder leaves it for a null. */
function zero(t: string): unknown {
  if (t === 'string') return '';
  if (t === 'integer') return 0;
  if (t === 'boolean') return false;
  return {};
}

function checkStruct(o: Record<string, unknown>, struct: string, path: string, fill: boolean): string | null {
  const fields = fieldsOf(struct);
  if (!fields) return null;
  for (const key of Object.keys(o)) {
    const f = fields.get(key);
    if (!f) continue; // unknown fields are dropped by the decoder
    if (o[key] === null && fill) {
      delete o[key]; // null decodes to the zero value, which is not written out
      continue;
    }
    const e = checkValue(
      o[key],
      f.type,
      f.ref ?? REF_FIXES.get(`${struct}.${key}`),
      struct,
      key,
      path ? `${path}.${key}` : key,
      fill,
    );
    if (e) return e;
  }
  return null;
}

/** The first type error decoding `obj` as `kind` (DaemonSet, Pod, Node, …), or null. */
export function typeError(obj: Record<string, unknown>, kind: string): string | null {
  return walk(obj, kind, false);
}

/**
 * What the decoder makes of nulls, in place, on an object about to be stored: null fields of known
 * structs are dropped, null list elements become zero values (`containers: [null]` is a container
 * without a name or image, which validation then reports), null string map values become "".
 */
export function normalizeDecoded(obj: object, kind: string): void {
  walk(obj as Record<string, unknown>, kind, true);
}

function walk(obj: Record<string, unknown>, kind: string, fill: boolean): string | null {
  const fields = fieldsOf(kind);
  if (!fields) return null;
  for (const key of Object.keys(obj)) {
    const f = fields.get(key);
    if (!f) continue;
    if (obj[key] === null && fill) {
      delete obj[key];
      continue;
    }
    const e = checkValue(obj[key], f.type, f.ref ?? REF_FIXES.get(`${kind}.${key}`), kind, key, key, fill);
    if (e) return e;
  }
  return null;
}

/**
 * What kubectl's resource builder says about a document it cannot decode even as metadata (every
 * object goes through a `metadataOnlyObject` first): the message after `unable to decode "FILE": `.
 */
export function metadataDecodeError(doc: Record<string, unknown>): string | null {
  if (hasOwn(doc, 'apiVersion') && doc.apiVersion !== null && typeof doc.apiVersion !== 'string') {
    return unmarshal(doc.apiVersion, 'metadataOnlyObject', 'apiVersion', 'string');
  }
  if (hasOwn(doc, 'metadata') && doc.metadata !== null) {
    if (!isObject(doc.metadata))
      return unmarshal(doc.metadata, 'metadataOnlyObject', 'metadata', 'v1.ObjectMeta');
    return checkStruct(doc.metadata, 'ObjectMeta', 'metadata', false);
  }
  return null;
}
