// The OpenAPI v3 `components.schemas` of the simulated cluster, made from the `kubectl explain`
// data (schema.ts): the API server publishes them at /openapi/v3 (src/server/openapi.ts) and the
// emulator's `kubectl explain` renders kubectl's template over the same document (plaintext.ts), so
// the real kubectl and the emulator explain from one source. Types the data does not list get an
// empty object schema (their fields are not browsable). IntOrString and Quantity are written as the
// API server's v3 documents write them (oneOf, no type), so explain names them.

import { SCHEMA } from '../../api/schema';

const META = new Set([
  'ObjectMeta',
  'OwnerReference',
  'LabelSelector',
  'LabelSelectorRequirement',
  'Time',
  'MicroTime',
  'ManagedFieldsEntry',
  'FieldsV1',
  'Condition',
]);
/** The group packages of the types outside core/v1 (their Go packages: k8s.io/api/apps/v1, …). */
const APPS =
  /^(DaemonSet|RollingUpdateDaemonSet|ControllerRevision|Deployment|RollingUpdateDeployment|ReplicaSet)/;
const POLICY = /^PodDisruptionBudget/;
const SCHEDULING = /^PriorityClass/;

/** `io.k8s.api.core.v1.PodSpec`, `io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`, … */
export function schemaName(short: string): string {
  if (META.has(short)) return `io.k8s.apimachinery.pkg.apis.meta.v1.${short}`;
  if (short === 'IntOrString') return 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
  if (short === 'Quantity') return 'io.k8s.apimachinery.pkg.api.resource.Quantity';
  if (APPS.test(short)) return `io.k8s.api.apps.v1.${short}`;
  if (POLICY.test(short)) return `io.k8s.api.policy.v1.${short}`;
  if (SCHEDULING.test(short)) return `io.k8s.api.scheduling.v1.${short}`;
  return `io.k8s.api.core.v1.${short}`;
}

const ref = (short: string) => ({ allOf: [{ $ref: `#/components/schemas/${schemaName(short)}` }] });

function typeSchema(type: string): Record<string, unknown> {
  if (type === 'string' || type === 'boolean') return { type };
  if (type === 'integer') return { type: 'integer', format: 'int32' };
  if (type.startsWith('[]')) return { type: 'array', items: typeSchema(type.slice(2)) };
  const m = /^map\[string\](.+)$/.exec(type);
  if (m) return { type: 'object', additionalProperties: typeSchema(m[1]) };
  return { ...ref(type), default: {} };
}

export const GVK = new Map([
  ['DaemonSet', { group: 'apps', kind: 'DaemonSet', version: 'v1' }],
  ['Pod', { group: '', kind: 'Pod', version: 'v1' }],
  ['Node', { group: '', kind: 'Node', version: 'v1' }],
  ['Deployment', { group: 'apps', kind: 'Deployment', version: 'v1' }],
  ['ReplicaSet', { group: 'apps', kind: 'ReplicaSet', version: 'v1' }],
  ['PriorityClass', { group: 'scheduling.k8s.io', kind: 'PriorityClass', version: 'v1' }],
  ['PodDisruptionBudget', { group: 'policy', kind: 'PodDisruptionBudget', version: 'v1' }],
]);

const SPECIAL: Record<string, Record<string, unknown>> = {
  Time: { type: 'string', format: 'date-time' },
  MicroTime: { type: 'string', format: 'date-time' },
  IntOrString: { oneOf: [{ type: 'integer' }, { type: 'string' }], format: 'int-or-string' },
  Quantity: { oneOf: [{ type: 'string' }, { type: 'number' }] },
};

let built: Record<string, unknown> | undefined;

export function componentSchemas(): Record<string, unknown> {
  if (built) return built;
  const out: Record<string, unknown> = {};
  const referenced = new Set<string>();
  for (const [short, t] of Object.entries(SCHEMA)) {
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const [name, f] of Object.entries(t.fields)) {
      const s = typeSchema(f.type);
      for (const r of JSON.stringify(s).matchAll(/schemas\/[a-z0-9.]+\.([A-Za-z0-9]+)"/g))
        referenced.add(r[1]);
      properties[name] = { ...s, description: f.description, ...(f.enum ? { enum: f.enum } : {}) };
      if (f.required) required.push(name);
    }
    const gvk = GVK.get(short);
    out[schemaName(short)] = {
      description: t.description,
      ...(SPECIAL[short] ?? { type: 'object' }),
      ...(Object.keys(properties).length ? { properties } : {}),
      ...(required.length ? { required } : {}),
      ...(gvk ? { 'x-kubernetes-group-version-kind': [gvk] } : {}),
    };
  }
  for (const short of referenced) {
    const name = schemaName(short);
    if (!Object.hasOwn(out, name)) out[name] = { description: '', ...(SPECIAL[short] ?? { type: 'object' }) };
  }
  built = out;
  return out;
}
