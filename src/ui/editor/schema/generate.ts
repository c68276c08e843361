// Generates kubernetes.schema.json: a JSON schema (draft-07) for the documents the playground's editor
// accepts — DaemonSet (apps/v1), Pod and Node (core/v1) — with the upstream Kubernetes field
// descriptions, which the `kubernetes-types` package carries as doc comments in its .d.ts files.
//
//   npx tsx src/ui/editor/schema/generate.ts          # rewrite the schema
//   npx tsx src/ui/editor/schema/generate.ts --check  # exit 1 if the committed file is out of date
//
// ts-json-schema-generator needs the TypeScript 5 compiler API (TypeScript 7, the project's compiler,
// has none). It depends on `typescript@^5.8` itself, so npm gives it its own nested copy; nothing else
// is needed. Runs offline, at development time only: the page imports the JSON output.

import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { API_VERSION } from '../../../engine/api/types'
import { createFormatter, createParser, SchemaGenerator, type CompletedConfig, DEFAULT_CONFIG } from 'ts-json-schema-generator'

type Schema = { [key: string]: unknown }

const here = dirname(fileURLToPath(import.meta.url))
const out = join(here, 'kubernetes.schema.json')
const require = createRequire(import.meta.url)
const typesRoot = dirname(require.resolve('kubernetes-types/package.json'))
const typesVersion = (JSON.parse(readFileSync(join(typesRoot, 'package.json'), 'utf8')) as { version: string }).version

/** The kinds the editor knows, with the file that declares each. */
const ROOTS = [
  { kind: 'DaemonSet', apiVersion: 'apps/v1', file: 'apps/v1.d.ts' },
  { kind: 'Pod', apiVersion: 'v1', file: 'core/v1.d.ts' },
  { kind: 'Node', apiVersion: 'v1', file: 'core/v1.d.ts' },
] as const

/**
 * The other kinds the playground's API server serves (src/engine/api/types.ts): the schema checks only
 * their apiVersion and metadata. Any other kind is flagged, as `kubectl apply` would fail on it with
 * "no matches for kind". `List` is kubectl's client-side wrapper: its items are checked one by one.
 */
const OTHER_KINDS = Object.entries(API_VERSION)
  .filter(([kind]) => !ROOTS.some((r) => r.kind === kind))
  .map(([kind, apiVersion]) => ({ kind, apiVersion }))

// resource.Quantity is `string` in kubernetes-types, but YAML like `cpu: 1` or `memory: 1e9` is a number,
// and the API server accepts both. The pattern is the one the Kubernetes OpenAPI publishes for quantities.
const QUANTITY: Schema = {
  type: ['string', 'number'],
  pattern:
    '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
  description:
    'Quantity is a fixed-point representation of a number: a number with an optional suffix, binary (Ki, Mi, Gi, Ti, Pi, Ei), decimal (m, k, M, G, T, P, E) or an exponent (e3). Examples: 100m (0.1 CPU), 1, 200Mi, 1.5Gi.',
}

// metav1.Time: an RFC 3339 timestamp; `creationTimestamp: null` is what `kubectl create --dry-run -o yaml`
// prints, and the API server accepts it.
const TIME: Schema = {
  type: ['string', 'null'],
  description: 'Time is an RFC 3339 date and time, e.g. 2026-01-01T00:00:00Z.',
}

type Program = Parameters<typeof createParser>[0]
type TypeScript5 = { createProgram(rootNames: string[], options: Record<string, unknown>): Program }

// The generator's own (nested) TypeScript 5, not the project's TypeScript 7.
const ts = createRequire(require.resolve('ts-json-schema-generator'))('typescript') as TypeScript5

const config: CompletedConfig = {
  ...DEFAULT_CONFIG,
  jsDoc: 'extended', // descriptions from the doc comments
  additionalProperties: false, // interfaces are closed: unknown fields are errors
  skipTypeCheck: true,
  expose: 'export',
  topRef: true,
  sortProps: true,
}

// A program of just the kubernetes-types files: no DOM lib and no @types packages, whose global `Node`
// types (DOM, estree) would otherwise shadow the Kubernetes Node.
function createSchemaGenerator(): SchemaGenerator {
  const program = ts.createProgram([...new Set(ROOTS.map((r) => join(typesRoot, r.file)))], {
    noEmit: true,
    types: [],
    lib: ['lib.es2020.d.ts'],
    strictNullChecks: false,
    skipLibCheck: true,
  })
  return new SchemaGenerator(program, createParser(program, config), createFormatter(config), config)
}

function refsOf(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) refsOf(n, into)
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') into.add(decodeURIComponent(v.replace('#/definitions/', '')))
      else refsOf(v, into)
    }
  }
}

/** A field's type as `kubectl explain` prints it: string, integer, []Toleration, map[string]Quantity… */
function typeLabel(s: Schema): string {
  if (typeof s.$ref === 'string') return decodeURIComponent(s.$ref.replace('#/definitions/', ''))
  const t = s.type
  if (Array.isArray(t)) return t.includes('number') && t.includes('string') ? 'IntOrString' : t.join(' | ')
  if (t === 'array') return `[]${typeLabel(s.items as Schema)}`
  if (t === 'object') {
    const values = s.additionalProperties
    return values && typeof values === 'object' ? `map[string]${typeLabel(values as Schema)}` : 'Object'
  }
  if (t === 'number') return 'integer' // every number in these kinds is an int32 or int64
  if (typeof t === 'string') return t
  throw new Error(`no type label for ${JSON.stringify(s)}`)
}

/**
 * Titles for hover and diagnostics: each definition is titled with its name (schema diagnostics then
 * say e.g. `yaml-schema: Container`), each field with its name and type as `kubectl explain` names it,
 * `tolerations ([]Toleration)`. (Not kubectl's `<type>`: the hover is Markdown, where `<string>` is
 * taken for an HTML tag and dropped.)
 */
function addTitles(definitions: Record<string, Schema>): void {
  for (const [name, def] of Object.entries(definitions)) {
    def.title ??= name
    const props = def.properties as Record<string, Schema> | undefined
    for (const [field, prop] of Object.entries(props ?? {})) prop.title = `${field} (${typeLabel(prop)})`
  }
}

/** Keeps only the definitions reachable from the roots, in a stable (sorted) order. */
function prune(definitions: Record<string, Schema>, roots: string[]): Record<string, Schema> {
  const seen = new Set<string>()
  const queue = [...roots]
  while (queue.length) {
    const name = queue.pop()!
    if (seen.has(name)) continue
    const def = definitions[name]
    if (!def) throw new Error(`missing definition ${name}`)
    seen.add(name)
    const refs = new Set<string>()
    refsOf(def, refs)
    queue.push(...refs)
  }
  return Object.fromEntries([...seen].sort().map((n) => [n, definitions[n]]))
}

/** The schema, as kubernetes.schema.json holds it. */
export function buildSchema(): Schema {
  const generator = createSchemaGenerator()
  const definitions: Record<string, Schema> = {}
  for (const root of ROOTS) {
    const schema = generator.createSchema(root.kind) as Schema
    for (const [name, def] of Object.entries(schema.definitions as Record<string, Schema>)) {
      const prev = definitions[name]
      if (prev && JSON.stringify(prev) !== JSON.stringify(def)) throw new Error(`two different definitions named ${name}`)
      definitions[name] = def
    }
  }

  definitions.Quantity = QUANTITY
  // `interface FieldsV1 {}` would come out as a closed empty object; managedFields content is free-form.
  definitions.FieldsV1 = { type: 'object', description: definitions.FieldsV1.description }
  definitions.Time = TIME
  definitions.MicroTime = { ...TIME, description: 'MicroTime is an RFC 3339 date and time with microseconds.' }

  for (const root of ROOTS) {
    const def = definitions[root.kind]
    const props = def.properties as Record<string, Schema>
    if (props.kind.const !== root.kind || props.apiVersion.const !== root.apiVersion) {
      throw new Error(`unexpected apiVersion/kind in ${root.kind}`)
    }
  }

  addTitles(definitions)
  // Every object the API server stores needs metadata (a name); apiVersion and kind are required at the
  // top of the schema, for every kind.
  for (const root of ROOTS) {
    const def = definitions[root.kind]
    def.required = [...new Set([...((def.required as string[] | undefined) ?? []), 'metadata'])].sort()
  }

  const first = definitions[ROOTS[0].kind].properties as Record<string, Schema>
  const kinds = ROOTS.map((r) => r.kind)
  const allKinds = [...kinds, ...OTHER_KINDS.map((k) => k.kind), 'List']
  const ifKind = (kind: string) => ({ properties: { kind: { const: kind } }, required: ['kind'] })
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment: `Generated by src/ui/editor/schema/generate.ts from kubernetes-types@${typesVersion}. Do not edit.`,
    title: 'Kubernetes object',
    description: `A Kubernetes object: ${allKinds.join(', ')}. ${kinds.join(', ')} are checked field by field.`,
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
      metadata: { $ref: '#/definitions/ObjectMeta', title: first.metadata.title, description: first.metadata.description },
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
    definitions: prune(definitions, kinds),
  }
}

/** The file's text. */
export function schemaText(): string {
  return `${JSON.stringify(buildSchema(), null, 1)}\n`
}

function main(): void {
  const text = schemaText()
  if (process.argv.includes('--check')) {
    let current = ''
    try {
      current = readFileSync(out, 'utf8')
    } catch {
      // missing file: out of date
    }
    if (current !== text) {
      console.error(`${out} is out of date: run npx tsx src/ui/editor/schema/generate.ts`)
      process.exit(1)
    }
    console.log(`${out} is up to date`)
  } else {
    writeFileSync(out, text)
    console.log(`wrote ${out} (${text.length} bytes)`)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
