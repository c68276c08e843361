// Generates the playground's Kubernetes schemas from the upstream OpenAPI spec of the release the
// simulated cluster reports (KUBELET_VERSION, v1.35.0):
//
// - src/ui/editor/schema/kubernetes.schema.json — a JSON schema (draft-07) for the documents the editor accepts: DaemonSet,
//   Deployment and ReplicaSet (apps/v1), Pod and Node (core/v1), PriorityClass (scheduling.k8s.io/v1) and
//   PodDisruptionBudget (policy/v1) field by field, with the upstream field descriptions;
// - src/engine/api/schema.ts — `kubectl explain`'s data for the types a learner looks up (the API decoding reads its field types).
//
// (tools/schema/fieldSchema.ts then derives the API server's field structure from the
// first.) The input is kubernetes' api/openapi-spec/swagger.json of that release — the OpenAPI v2
// document, which has the same definitions and descriptions as the per-group v3 files — for example
// as the Kubernetes Python client v35.0.0 ships it (kubernetes/swagger.json.unprocessed, taken from
// the release-1.35 branch). It is not committed: pass its path.
//
//   npx tsx tools/schema/generate.ts --spec swagger.json          # rewrite both files
//   npx tsx tools/schema/generate.ts --spec swagger.json --check  # exit 1 if either is out of date
//
// Runs offline, at development time only: the page and the engine import the outputs.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_VERSION } from '../../src/engine/api/types';
import { KUBELET_VERSION } from '../../src/engine/version';

type Schema = { [key: string]: unknown };

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '../../src/ui/editor/schema/kubernetes.schema.json');
const explainOut = join(here, '../../src/engine/api/schema.ts');

/** The kinds the editor knows field by field, with their OpenAPI definitions. */
const ROOTS = [
  { kind: 'DaemonSet', apiVersion: 'apps/v1', definition: 'io.k8s.api.apps.v1.DaemonSet' },
  { kind: 'Pod', apiVersion: 'v1', definition: 'io.k8s.api.core.v1.Pod' },
  { kind: 'Node', apiVersion: 'v1', definition: 'io.k8s.api.core.v1.Node' },
  { kind: 'Deployment', apiVersion: 'apps/v1', definition: 'io.k8s.api.apps.v1.Deployment' },
  { kind: 'ReplicaSet', apiVersion: 'apps/v1', definition: 'io.k8s.api.apps.v1.ReplicaSet' },
  {
    kind: 'PriorityClass',
    apiVersion: 'scheduling.k8s.io/v1',
    definition: 'io.k8s.api.scheduling.v1.PriorityClass',
  },
  {
    kind: 'PodDisruptionBudget',
    apiVersion: 'policy/v1',
    definition: 'io.k8s.api.policy.v1.PodDisruptionBudget',
  },
] as const;

/**
 * The other kinds the playground's API server serves (src/engine/api/types.ts): the schema checks only
 * their apiVersion and metadata. Any other kind is flagged, as `kubectl apply` would fail on it with
 * "no matches for kind". `List` is kubectl's client-side wrapper: its items are checked one by one.
 */
const OTHER_KINDS = Object.entries(API_VERSION)
  .filter(([kind]) => !ROOTS.some((r) => r.kind === kind))
  .map(([kind, apiVersion]) => ({ kind, apiVersion }));

/** The types `kubectl explain` can open (others are shown by name only), and its resources' roots. */
const EXPLAIN_TYPES = [
  'DaemonSet',
  'DaemonSetSpec',
  'DaemonSetStatus',
  'DaemonSetCondition',
  'DaemonSetUpdateStrategy',
  'RollingUpdateDaemonSet',
  'ObjectMeta',
  'OwnerReference',
  'LabelSelector',
  'LabelSelectorRequirement',
  'PodTemplateSpec',
  'PodSpec',
  'Container',
  'ContainerPort',
  'EnvVar',
  'ResourceRequirements',
  'VolumeMount',
  'Volume',
  'HostPathVolumeSource',
  'EmptyDirVolumeSource',
  'Toleration',
  'Affinity',
  'NodeAffinity',
  'NodeSelector',
  'NodeSelectorTerm',
  'NodeSelectorRequirement',
  'PreferredSchedulingTerm',
  'Pod',
  'Node',
  'NodeSpec',
  'Taint',
  'Deployment',
  'DeploymentSpec',
  'DeploymentStatus',
  'DeploymentCondition',
  'DeploymentStrategy',
  'RollingUpdateDeployment',
  'ReplicaSet',
  'ReplicaSetSpec',
  'ReplicaSetStatus',
  'ReplicaSetCondition',
  'PriorityClass',
  'PodDisruptionBudget',
  'PodDisruptionBudgetSpec',
  'PodDisruptionBudgetStatus',
  'Condition',
];

/**
 * Enum values `kubectl explain` prints (ENUM: / enum:). The OpenAPI v3 documents carry them; the v2
 * document this is generated from does not, so these few are listed here, as v1.35 declares them.
 */
const ENUMS: Record<string, string[]> = {
  'DaemonSetUpdateStrategy.type': ['OnDelete', 'RollingUpdate'],
  'DeploymentStrategy.type': ['Recreate', 'RollingUpdate'],
  'PriorityClass.preemptionPolicy': ['Never', 'PreemptLowerPriority'],
  'PodDisruptionBudgetSpec.unhealthyPodEvictionPolicy': ['AlwaysAllow', 'IfHealthyBudget'],
  'PodSpec.dnsPolicy': ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'],
  'PodSpec.restartPolicy': ['Always', 'Never', 'OnFailure'],
  'Container.imagePullPolicy': ['Always', 'IfNotPresent', 'Never'],
  'Container.terminationMessagePolicy': ['FallbackToLogsOnError', 'File'],
  'ContainerPort.protocol': ['SCTP', 'TCP', 'UDP'],
  'HostPathVolumeSource.type': [
    '""',
    'BlockDevice',
    'CharDevice',
    'Directory',
    'DirectoryOrCreate',
    'File',
    'FileOrCreate',
    'Socket',
  ],
  'Toleration.effect': ['NoExecute', 'NoSchedule', 'PreferNoSchedule'],
  'Toleration.operator': ['Equal', 'Exists'],
  'NodeSelectorRequirement.operator': ['DoesNotExist', 'Exists', 'Gt', 'In', 'Lt', 'NotIn'],
  'Taint.effect': ['NoExecute', 'NoSchedule', 'PreferNoSchedule'],
};

// resource.Quantity is a string in the spec, but YAML like `cpu: 1` or `memory: 1e9` is a number, and
// the API server accepts both. The pattern is the one the Kubernetes OpenAPI publishes for quantities.
const QUANTITY: Schema = {
  type: ['string', 'number'],
  pattern:
    '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
  description:
    'Quantity is a fixed-point representation of a number: a number with an optional suffix, binary (Ki, Mi, Gi, Ti, Pi, Ei), decimal (m, k, M, G, T, P, E) or an exponent (e3). Examples: 100m (0.1 CPU), 1, 200Mi, 1.5Gi.',
};

// metav1.Time: an RFC 3339 timestamp; `creationTimestamp: null` is what `kubectl create --dry-run -o yaml`
// prints, and the API server accepts it.
const TIME: Schema = {
  type: ['string', 'null'],
  description: 'Time is an RFC 3339 date and time, e.g. 2026-01-01T00:00:00Z.',
};

const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
/** Definitions that become a named schema of our own (not the spec's, which is a plain string). */
const SPECIAL: Record<string, { name: string; schema: Schema }> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { name: 'Quantity', schema: QUANTITY },
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': { name: 'Time', schema: TIME },
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': {
    name: 'MicroTime',
    schema: { ...TIME, description: 'MicroTime is an RFC 3339 date and time with microseconds.' },
  },
};

export interface Spec {
  definitions: Record<string, Schema>;
}

const shortName = (key: string) => key.slice(key.lastIndexOf('.') + 1);
const refKey = (ref: string) => ref.replace('#/definitions/', '');

/** The definitions reachable from the roots (keys of the spec). */
function reachable(spec: Spec, roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  const refs = (node: unknown, into: string[]) => {
    if (Array.isArray(node)) for (const n of node) refs(n, into);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') into.push(refKey(v));
        else refs(v, into);
      }
    }
  };
  while (queue.length) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    const def = spec.definitions[key];
    if (!def) throw new Error(`missing definition ${key}`);
    seen.add(key);
    const next: string[] = [];
    refs(def, next);
    queue.push(...next);
  }
  return [...seen].sort();
}

/** One property (or items / map value) schema of the spec, in the editor schema's terms. */
function convert(p: Schema): Schema {
  const out: Schema = {};
  if (typeof p.$ref === 'string') {
    const key = refKey(p.$ref);
    if (key === INT_OR_STRING) out.type = ['number', 'string'];
    else out.$ref = `#/definitions/${SPECIAL[key]?.name ?? shortName(key)}`;
  } else if (p.type === 'array') {
    out.type = 'array';
    out.items = convert(p.items as Schema);
  } else if (p.type === 'object') {
    out.type = 'object';
    if (p.additionalProperties && typeof p.additionalProperties === 'object')
      out.additionalProperties = convert(p.additionalProperties as Schema);
  } else if (p.type === 'integer' || p.type === 'number') {
    out.type = 'number';
  } else if (typeof p.type === 'string') {
    out.type = p.type;
  } else {
    // a field without a type (runtime.RawExtension-like): anything
  }
  if (typeof p.description === 'string') out.description = p.description;
  return out;
}

/** A field's type as `kubectl explain` prints it: string, integer, []Toleration, map[string]Quantity… */
function typeLabel(s: Schema): string {
  if (typeof s.$ref === 'string') return decodeURIComponent(s.$ref.replace('#/definitions/', ''));
  const t = s.type;
  if (Array.isArray(t)) return t.includes('number') && t.includes('string') ? 'IntOrString' : t.join(' | ');
  if (t === 'array') return `[]${typeLabel(s.items as Schema)}`;
  if (t === 'object') {
    const values = s.additionalProperties;
    return values && typeof values === 'object' ? `map[string]${typeLabel(values as Schema)}` : 'Object';
  }
  if (t === 'number') return 'integer'; // every number in these kinds is an int32 or int64
  if (typeof t === 'string') return t;
  return 'Object';
}

/** The editor schema's definitions, named as the spec's last name segment. */
export function buildDefinitions(spec: Spec): Record<string, Schema> {
  const keys = reachable(
    spec,
    ROOTS.map((r) => r.definition),
  );
  const definitions: Record<string, Schema> = {};
  const origin = new Map<string, string>();
  for (const key of keys) {
    if (key === INT_OR_STRING) continue;
    const special = SPECIAL[key];
    const name = special?.name ?? shortName(key);
    if (origin.has(name)) throw new Error(`two definitions named ${name}: ${origin.get(name)} and ${key}`);
    origin.set(name, key);
    if (special) {
      definitions[name] = special.schema;
      continue;
    }
    const def = spec.definitions[key];
    const props = def.properties as Record<string, Schema> | undefined;
    if (!props) {
      // FieldsV1 and the like: free-form objects
      definitions[name] = {
        type: 'object',
        ...(typeof def.description === 'string' ? { description: def.description } : {}),
      };
      continue;
    }
    const properties: Record<string, Schema> = {};
    for (const f of Object.keys(props).sort()) properties[f] = convert(props[f]);
    definitions[name] = {
      type: 'object',
      properties,
      ...(Array.isArray(def.required) && def.required.length
        ? { required: [...(def.required as string[])].sort() }
        : {}),
      additionalProperties: false,
      ...(typeof def.description === 'string' ? { description: def.description } : {}),
    };
  }
  for (const root of ROOTS) {
    const props = definitions[root.kind].properties as Record<string, Schema>;
    props.apiVersion = { type: 'string', const: root.apiVersion, description: props.apiVersion.description };
    props.kind = { type: 'string', const: root.kind, description: props.kind.description };
    // Every object the API server stores needs metadata (a name).
    definitions[root.kind].required = [
      ...new Set([...((definitions[root.kind].required as string[] | undefined) ?? []), 'metadata']),
    ].sort();
  }
  // Titles for hover and diagnostics: each definition is titled with its name (schema diagnostics then
  // say e.g. `yaml-schema: Container`), each field with its name and type as `kubectl explain` names it,
  // `tolerations ([]Toleration)`. (Not kubectl's `<type>`: the hover is Markdown, where `<string>` is
  // taken for an HTML tag and dropped.)
  for (const [name, def] of Object.entries(definitions)) {
    def.title ??= name;
    for (const [field, prop] of Object.entries((def.properties as Record<string, Schema> | undefined) ?? {}))
      prop.title = `${field} (${typeLabel(prop)})`;
  }
  return Object.fromEntries(
    Object.keys(definitions)
      .sort()
      .map((n) => [n, definitions[n]]),
  );
}

/** Identifies the input in the outputs: the release and the document's SHA-256. */
function sourceNote(specText: string): string {
  const sha = createHash('sha256').update(specText).digest('hex');
  return `the Kubernetes ${KUBELET_VERSION} OpenAPI spec (api/openapi-spec/swagger.json, sha256 ${sha.slice(0, 16)})`;
}

/** The editor schema, as kubernetes.schema.json holds it. */
export function buildSchema(spec: Spec, specText: string): Schema {
  const definitions = buildDefinitions(spec);
  const first = definitions[ROOTS[0].kind].properties as Record<string, Schema>;
  const kinds = ROOTS.map((r) => r.kind);
  const allKinds = [...kinds, ...OTHER_KINDS.map((k) => k.kind), 'List'];
  const ifKind = (kind: string) => ({ properties: { kind: { const: kind } }, required: ['kind'] });
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment: `Generated by tools/schema/generate.ts from ${sourceNote(specText)}. Do not edit.`,
    title: 'Kubernetes object',
    description: `A Kubernetes ${KUBELET_VERSION} object: ${allKinds.join(', ')}. ${kinds.join(', ')} are checked field by field.`,
    type: 'object',
    required: ['apiVersion', 'kind'],
    properties: {
      // Completion offers these; the per-kind schemas below check apiVersion against the kind.
      apiVersion: {
        type: 'string',
        title: first.apiVersion.title,
        description: first.apiVersion.description,
        examples: [...new Set([...ROOTS, ...OTHER_KINDS].map((r) => r.apiVersion))],
      },
      kind: { type: 'string', title: first.kind.title, description: first.kind.description, enum: allKinds },
      metadata: {
        $ref: '#/definitions/ObjectMeta',
        title: first.metadata.title,
        description: first.metadata.description,
      },
    },
    // Each document of a multi-document YAML file is validated on its own, against the schema of its kind.
    // (oxlint's unicorn/no-thenable is about promises; these are JSON Schema's if/then.)
    allOf: [
      ...ROOTS.map((r) => ({
        if: ifKind(r.kind),
        // oxlint-disable-next-line unicorn/no-thenable
        then: { $ref: `#/definitions/${r.kind}` },
      })),
      ...OTHER_KINDS.map((k) => ({
        if: ifKind(k.kind),
        // oxlint-disable-next-line unicorn/no-thenable
        then: { required: ['metadata'], properties: { apiVersion: { const: k.apiVersion } } },
      })),
      {
        if: ifKind('List'),
        // oxlint-disable-next-line unicorn/no-thenable
        then: { properties: { apiVersion: { const: 'v1' }, items: { type: 'array', items: { $ref: '#' } } } },
      },
    ],
    definitions,
  };
}

/**
 * A string literal as prettier writes it here (.prettierrc.json: singleQuote): `npm run lint` holds
 * schema.ts to prettier's format, so the generator writes that format itself, or --check and lint
 * would disagree (a prettier pass once turned this line's double quotes into single ones).
 */
function singleQuoted(s: string): string {
  if (/['\\\n]/.test(s)) throw new Error(`unexpected character in ${JSON.stringify(s)}`);
  return `'${s}'`;
}

/** api/schema.ts's text: the EXPLAIN_TYPES with their fields, in the explain data's shape. */
export function explainText(spec: Spec, specText: string): string {
  const definitions = buildDefinitions(spec);
  const types: Record<string, unknown> = {
    Time: {
      description: String(spec.definitions['io.k8s.apimachinery.pkg.apis.meta.v1.Time'].description),
      fields: {},
    },
    Quantity: {
      description: String(spec.definitions['io.k8s.apimachinery.pkg.api.resource.Quantity'].description),
      fields: {},
    },
    IntOrString: { description: String(spec.definitions[INT_OR_STRING].description), fields: {} },
  };
  for (const name of EXPLAIN_TYPES) {
    const def = definitions[name];
    if (!def) throw new Error(`no definition ${name} for explain`);
    const required = new Set((def.required as string[] | undefined) ?? []);
    if (ROOTS.some((r) => r.kind === name)) required.delete('metadata'); // our addition, not the spec's
    const fields: Record<string, unknown> = {};
    for (const [f, p] of Object.entries(def.properties as Record<string, Schema>)) {
      let label = typeLabel(p);
      if (label === 'Time' || label === 'MicroTime') label = 'string'; // explain prints metav1.Time as <string>
      const item = label.replace(/^\[\]/, '').replace(/^map\[string\]/, '');
      const entry: Record<string, unknown> = { type: label, description: String(p.description ?? '') };
      if (definitions[item]?.properties) entry.ref = item;
      if (required.has(f)) entry.required = true;
      const en = ENUMS[`${name}.${f}`];
      if (en) entry.enum = en;
      fields[f] = entry;
    }
    types[name] = { description: String(def.description ?? ''), fields };
  }
  return `// Generated by tools/schema/generate.ts from ${sourceNote(specText)}, for \`kubectl explain\`:
// the fields of the kinds the playground serves (DaemonSet, Deployment, ReplicaSet, Pod, Node, PriorityClass,
// PodDisruptionBudget) a learner is likely to look up. Types not listed here are shown by name only (their
// fields are not browsable). Do not edit.

export interface FieldSchema {
  /** the type as explain prints it: \`string\`, \`[]Toleration\`, \`map[string]string\`, \`IntOrString\` */
  type: string;
  description: string;
  /** the object type whose fields this field (or its items) has */
  ref?: string;
  required?: boolean;
  enum?: string[];
}

export interface TypeSchema {
  description: string;
  fields: Record<string, FieldSchema>;
}

/** The Kubernetes release the data comes from (the version the simulated cluster reports). */
export const SCHEMA_VERSION = ${singleQuoted(KUBELET_VERSION)};

// prettier-ignore
export const SCHEMA: Record<string, TypeSchema> = ${JSON.stringify(types, null, 2)};
`;
}

/** The editor schema file's text. */
export function schemaText(spec: Spec, specText: string): string {
  return `${JSON.stringify(buildSchema(spec, specText), null, 1)}\n`;
}

function main(): void {
  const i = process.argv.indexOf('--spec');
  const path = i >= 0 ? process.argv[i + 1] : process.env.K8S_OPENAPI_SPEC;
  if (!path) {
    console.error(
      'usage: npx tsx tools/schema/generate.ts --spec SWAGGER_JSON [--check]  (or K8S_OPENAPI_SPEC=…)',
    );
    process.exit(2);
  }
  const specText = readFileSync(path, 'utf8');
  const spec = JSON.parse(specText) as Spec;
  const outputs: [string, string][] = [
    [out, schemaText(spec, specText)],
    [explainOut, explainText(spec, specText)],
  ];
  let stale = false;
  for (const [file, text] of outputs) {
    if (process.argv.includes('--check')) {
      let current = '';
      try {
        current = readFileSync(file, 'utf8');
      } catch {
        // missing file: out of date
      }
      if (current !== text) {
        console.error(`${file} is out of date: run npx tsx tools/schema/generate.ts --spec ${path}`);
        stale = true;
      } else console.log(`${file} is up to date`);
    } else {
      writeFileSync(file, text);
      console.log(`wrote ${file} (${text.length} bytes)`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
