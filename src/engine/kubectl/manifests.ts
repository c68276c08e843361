// Reading `-f FILE` / `-f -` the way kubectl's resource builder does (cli-runtime pkg/resource
// visitor.go + apimachinery's YAMLOrJSONDecoder, yamlOrJSON.ts): JSON values, or YAML documents split
// on `---` lines, each converted to JSON on its own (so YAML error lines count from the document's
// first line), `kind: List` items flattened, apiVersion/kind checked, kinds mapped to the resources
// the simulated server has, and the namespace filled in or checked against an explicit `-n`.

import { parseAllDocuments, type YAMLError } from 'yaml';
import { isValidQuantity, QUANTITY_REGEX_TEXT } from '../api/quantity';
import { StatusError } from '../api/errors';
import { API_VERSION, isKind, type Kind, type KObject, NAMESPACED } from '../api/types';
import { CommandError, type CommandContext } from './types';
import { ClientError } from './commands/common';
import { ownSet } from '../api/own';
import { utf8Length } from '../api/validation';
import { MAX_MANIFEST_CHARS, MAX_REQUEST_BYTES, yamlDepthError } from '../api/yamlLimits';
import { goYamlFirstError } from './goYaml';
import { goYamlLineBreaks } from './goYamlBreaks';
import { decodeYAMLOrJSON } from './yamlOrJSON';
import { validationDirective } from './commands/fieldValidationFlag';
import { metadataDecodeError, typeError } from '../api/decode';
import { canonicalJSON } from '../api/objects';

/** One object read from a manifest, or the error that stands in its place. */
export interface ManifestEntry {
  /** The file name as kubectl names it in messages (`STDIN` for `-f -`). */
  source: string;
  obj?: KObject;
  kind?: Kind;
  error?: unknown;
  /** 0-based index of the `---` document in its file (for editor markers) */
  document?: number;
  /** 1-based line in the file: of the error when it points at one, else where the object's document starts */
  line?: number;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function previousContentLine(lines: string[], idx: number): string | undefined {
  for (let i = idx - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.trim() !== '' && !l.trim().startsWith('#')) return l;
  }
  return undefined;
}

/**
 * go-yaml v2's message for the first error the `yaml` package found. Scanner errors report the
 * 1-based line of the problem; parser errors ("did not find expected …") report the 0-based mark,
 * i.e. one less — a go-yaml quirk users see every day.
 */
export function goYamlError(e: YAMLError, doc: string): { line: number; message: string } {
  const lines = doc.split('\n');
  const start = e.linePos?.[0]?.line ?? 1;
  const end = e.linePos?.[1]?.line ?? start;
  switch (e.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
      return { line: start, message: 'mapping values are not allowed in this context' };
    case 'TAB_AS_INDENT':
      return { line: start, message: 'found character that cannot start any token' };
    case 'MISSING_CHAR':
      if (/quote/i.test(e.message))
        return { line: Math.max(start, lines.length), message: 'found unexpected end of stream' };
      return { line: start, message: "did not find expected ',' or '}'" };
    case 'MULTILINE_IMPLICIT_KEY': {
      const first = lines[start - 1] ?? '';
      const prev = previousContentLine(lines, start - 1);
      if (prev !== undefined && indentOf(prev) === indentOf(first) && prev.includes(':')) {
        return { line: start + 1, message: "could not find expected ':'" };
      }
      return { line: end, message: 'mapping values are not allowed in this context' };
    }
    case 'BAD_INDENT': {
      const cur = lines[start - 1] ?? '';
      const prev = previousContentLine(lines, start - 1);
      if (prev !== undefined && indentOf(prev) === indentOf(cur) && prev.trimStart().startsWith('- ')) {
        return { line: Math.max(1, start - 1), message: "did not find expected '-' indicator" };
      }
      return { line: Math.max(1, start - 1), message: 'did not find expected key' };
    }
    default: {
      const message = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
      return { line: start, message };
    }
  }
}

/** Dates (YAML 1.1 timestamps) back to the RFC 3339 strings Go would marshal; drops undefined. */
function toPlainJSON(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString().replace('.000Z', 'Z');
  if (Array.isArray(v)) return v.map(toPlainJSON);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) ownSet(out, k, toPlainJSON(x));
    return out;
  }
  return v;
}

/** Go's json.Marshal of a decoded document: keys sorted, <, > and & escaped. */
function goJSON(v: unknown): string {
  return canonicalJSON(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * What the resource builder cannot decode before anything is sent: a kind that is not a string, and
 * apiVersion or metadata of the wrong types (it reads every document as a metadata-only object first).
 */
function builderDecodeError(source: string, obj: Record<string, unknown>): ClientError | null {
  if (
    Object.prototype.hasOwnProperty.call(obj, 'kind') &&
    obj.kind !== null &&
    typeof obj.kind !== 'string'
  ) {
    return new ClientError(
      `unable to decode ${JSON.stringify(source)}: Object 'Kind' is missing in '${goJSON(obj)}'`,
    );
  }
  const e = metadataDecodeError(obj);
  return e ? new ClientError(`unable to decode ${JSON.stringify(source)}: ${e}`) : null;
}

/**
 * validation.getObjectKind, which kubectl's validator (paramVerifyingSchema) runs on each document
 * before the builder decodes it, unless --validate=false/ignore: the document must be an object
 * whose apiVersion and kind are strings, the apiVersion a group version.
 */
function objectKindError(source: string, value: unknown): ClientError | null {
  const errs: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    errs.push('invalid object to validate');
  else {
    const fields = value as Record<string, unknown>;
    const apiVersion = fields.apiVersion;
    if (apiVersion === undefined || apiVersion === null) errs.push('apiVersion not set');
    else if (typeof apiVersion !== 'string') errs.push("apiVersion isn't string type");
    else if (apiVersion.split('/').length > 2) errs.push(`unexpected GroupVersion string: ${apiVersion}`);
    const kind = fields.kind;
    if (kind === undefined || kind === null) errs.push('kind not set');
    else if (typeof kind !== 'string') errs.push("kind isn't string type");
  }
  if (errs.length === 0) return null;
  const list = errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
  return new ClientError(
    `error validating "${source}": error validating data: ${list}; if you choose to ignore these errors, turn validation off with --validate=false`,
  );
}

/** Whether kubectl validates before decoding (any --validate but false/ignore; a bad value fails later). */
function validates(ctx: CommandContext): boolean {
  try {
    return validationDirective(ctx) !== 'Ignore';
  } catch {
    return true;
  }
}

function validationError(source: string, obj: Record<string, unknown>): ClientError | null {
  const errs: string[] = [];
  if (!obj.apiVersion) errs.push('apiVersion not set');
  if (!obj.kind) errs.push('kind not set');
  if (errs.length === 0) return null;
  const list = errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
  return new ClientError(
    `error validating "${source}": error validating data: ${list}; if you choose to ignore these errors, turn validation off with --validate=false`,
  );
}

/** RESTMapper lookup: the kinds this simulated API server serves, in their group/version. */
export function mapKind(apiVersion: unknown, kind: unknown): Kind | null {
  if (typeof kind !== 'string' || !isKind(kind)) return null;
  return API_VERSION[kind] === apiVersion ? kind : null;
}

function metaOf(obj: Record<string, unknown>): { name: string; namespace: string } {
  const md = (obj.metadata ?? {}) as Record<string, unknown>;
  return { name: String(md.name ?? ''), namespace: String(md.namespace ?? '') };
}

function readSource(ctx: CommandContext, filename: string): { source: string; text: string } {
  let read: { source: string; text: string };
  if (filename === '-') read = { source: 'STDIN', text: ctx.opts.stdin ?? '' };
  else {
    if (!ctx.opts.readFile) throw new CommandError(`the path "${filename}" does not exist`);
    try {
      read = { source: filename, text: ctx.opts.readFile(filename) };
    } catch {
      throw new CommandError(`the path "${filename}" does not exist`);
    }
  }
  if (read.text.length > MAX_MANIFEST_CHARS) {
    throw new CommandError(
      `error reading ${read.source}: the playground reads at most ${MAX_MANIFEST_CHARS} characters (4 MiB) from one file; the API server takes at most ${MAX_REQUEST_BYTES} bytes per object`,
    );
  }
  return read;
}

/** A YAML document's value as sigs.k8s.io/yaml's YAMLToJSON reads it, or its error (line 1-based in the document). */
function readYAMLDocument(doc: string): { value: unknown } | { line?: number; message: string } {
  // go-yaml's own words for a document it cannot read (the YAML reader ends each line with a
  // newline); the yaml package then builds the value, from a text where go-yaml's line breaks
  // (NEL, LS, PS) read as go-yaml reads them.
  const bad = goYamlFirstError(doc.endsWith('\n') ? doc : `${doc}\n`);
  if (bad) return { line: bad.line, message: `error converting YAML to JSON: yaml: ${bad.message}` };
  const text = goYamlLineBreaks(doc);
  const deep = yamlDepthError(text);
  if (deep)
    return {
      line: deep.line,
      message: `error converting YAML to JSON: yaml: line ${deep.line}: ${deep.message}`,
    };
  const parsed = parseAllDocuments(text, { version: '1.1', uniqueKeys: false, prettyErrors: true });
  // YAMLToJSON reads the first document of a chunk (after a `...` end marker the rest is ignored).
  const first = (Array.isArray(parsed) ? parsed : [])[0];
  const err =
    first?.errors[0] ??
    (!Array.isArray(parsed) ? (parsed as { errors?: YAMLError[] }).errors?.[0] : undefined);
  if (err) {
    const { line, message } = goYamlError(err, text);
    return {
      line: err.linePos?.[0]?.line ?? line,
      message: `error converting YAML to JSON: yaml: line ${line}: ${message}`,
    };
  }
  return { value: first ? toPlainJSON(first.toJS({ maxAliasCount: 1000 })) : null };
}

/** The JSON kind as encoding/json names it in an unmarshal error. */
function jsonKindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'string' ? 'string' : 'number';
}

/**
 * Reads every file named by `-f`. A missing file fails the whole command before anything is done
 * (builder error); a syntax or validation error ends that file's stream (earlier documents stay);
 * an object the builder cannot decode, an unknown kind or a namespace conflict only affects its own
 * object. Each stream is read as kubectl reads it (yamlOrJSON.ts): JSON values when it starts with
 * `{`, YAML documents otherwise.
 */
export function loadManifests(ctx: CommandContext, filenames: string[]): ManifestEntry[] {
  const sources = filenames.map((f) => readSource(ctx, f));
  const validating = validates(ctx);
  const out: ManifestEntry[] = [];
  for (const { source, text } of sources) {
    let document = -1;
    fileLoop: for (const part of decodeYAMLOrJSON(text)) {
      document++;
      if (part.kind === 'error') {
        out.push({
          source,
          document,
          line: part.line,
          error: new ClientError(`error parsing ${source}: ${part.message}`),
        });
        break;
      }
      let value: unknown;
      if (part.kind === 'json') value = part.value;
      else {
        const read = readYAMLDocument(part.text);
        if (!('value' in read)) {
          // after a JSON value, the JSON error is the one reported when the YAML does not decode either
          const line = part.jsonError
            ? part.jsonError.line
            : read.line !== undefined
              ? part.line - 1 + read.line
              : undefined;
          const message = part.jsonError ? part.jsonError.message : read.message;
          out.push({
            source,
            document,
            ...(line !== undefined ? { line } : {}),
            error: new ClientError(`error parsing ${source}: ${message}`),
          });
          break;
        }
        value = read.value;
      }
      if (value === null || value === undefined) continue;
      const kerr = validating ? objectKindError(source, value) : null;
      if (kerr) {
        out.push({ source, document, line: part.line, error: kerr });
        break;
      }
      if (typeof value !== 'object' || Array.isArray(value)) {
        // the builder's unstructured decoder takes only objects (an object of its own, then the next document)
        out.push({
          source,
          document,
          line: part.line,
          error: new ClientError(
            `unable to decode ${JSON.stringify(source)}: json: cannot unmarshal ${jsonKindOf(value)} into Go value of type unstructured.detector`,
          ),
        });
        continue;
      }
      const obj = value as Record<string, unknown>;
      const derr = builderDecodeError(source, obj);
      if (derr) {
        out.push({ source, document, line: part.line, error: derr });
        continue;
      }
      const verr = validationError(source, obj);
      if (verr) {
        out.push({ source, document, line: part.line, error: verr });
        break;
      }
      const items =
        obj.kind === 'List' && Array.isArray(obj.items) ? (obj.items as Record<string, unknown>[]) : [obj];
      for (const item of items) {
        const ierr =
          (item && typeof item === 'object' ? builderDecodeError(source, item) : null) ??
          validationError(source, item ?? {});
        if (ierr) {
          out.push({ source, document, line: part.line, error: ierr });
          break fileLoop;
        }
        const entry = { ...mapEntry(ctx, source, item), document, line: part.line };
        out.push(entry);
        if (entry.error && entry.kind) break fileLoop; // namespace conflicts end the stream
      }
    }
  }
  return out;
}

function mapEntry(ctx: CommandContext, source: string, item: Record<string, unknown>): ManifestEntry {
  const { name, namespace } = metaOf(item);
  const kind = mapKind(item.apiVersion, item.kind);
  if (!kind) {
    return {
      source,
      error: new ClientError(
        `resource mapping not found for name: "${name}" namespace: "${namespace}" from "${source}": no matches for kind "${String(item.kind)}" in version "${String(item.apiVersion)}"\nensure CRDs are installed first`,
      ),
    };
  }
  const obj = item as unknown as KObject;
  if (!obj.metadata || typeof obj.metadata !== 'object') obj.metadata = {} as KObject['metadata'];
  if (NAMESPACED[kind]) {
    if (namespace && ctx.namespaceExplicit && namespace !== ctx.namespace) {
      return {
        source,
        kind,
        error: new ClientError(
          `the namespace from the provided object "${namespace}" does not match the namespace "${ctx.namespace}". You must pass '--namespace=${namespace}' to perform this operation.`,
        ),
      };
    }
    if (!namespace) obj.metadata.namespace = ctx.namespace;
  }
  return { source, obj, kind };
}

// ------------------------------------------------------------------------------------ decoding

function goType(v: unknown): string {
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'object' : 'string';
}

function checkStringMap(m: unknown, struct: string, field: string): string | null {
  if (m === undefined || m === null) return null;
  if (typeof m !== 'object' || Array.isArray(m)) {
    return `json: cannot unmarshal ${goType(m)} into Go struct field ${struct}.${field} of type map[string]string`;
  }
  for (const v of Object.values(m as Record<string, unknown>)) {
    if (typeof v !== 'string' && v !== null) {
      return `json: cannot unmarshal ${goType(v)} into Go struct field ${struct}.${field} of type string`;
    }
  }
  return null;
}

function checkPodSpec(spec: unknown, path: string): string | null {
  if (!spec || typeof spec !== 'object') return null;
  const s = spec as Record<string, unknown>;
  const ns = checkStringMap(s.nodeSelector, 'PodSpec', `${path}.nodeSelector`);
  if (ns) return ns;
  for (const group of ['containers', 'initContainers']) {
    const cs = s[group];
    if (!Array.isArray(cs)) continue;
    for (const c of cs) {
      const res = (c as Record<string, unknown> | null)?.resources as Record<string, unknown> | undefined;
      for (const section of ['limits', 'requests']) {
        const m = res?.[section];
        if (!m || typeof m !== 'object') continue;
        for (const q of Object.values(m as Record<string, unknown>)) {
          if (!isValidQuantity(q))
            return `quantities must match the regular expression '${QUANTITY_REGEX_TEXT}'`;
        }
      }
    }
  }
  return null;
}

/**
 * What the API server's JSON decoder rejects before validation even runs: malformed quantities,
 * non-string label / annotation / nodeSelector values. Returns the BadRequest error, or null.
 */
export function decodeError(obj: KObject, kind: Kind): StatusError | null {
  // The request body limit comes first: the server does not even decode a larger body.
  if (utf8Length(JSON.stringify(obj)) > MAX_REQUEST_BYTES) {
    return new StatusError(
      413,
      'RequestEntityTooLarge',
      `Request entity too large: limit is ${MAX_REQUEST_BYTES}`,
    );
  }
  const md = obj.metadata as unknown as Record<string, unknown>;
  // Go's decoder reports the first value of a wrong JSON kind (in document order), then the rest
  let detail =
    typeError(obj as unknown as Record<string, unknown>, kind) ??
    checkStringMap(md?.labels, 'ObjectMeta', 'metadata.labels') ??
    checkStringMap(md?.annotations, 'ObjectMeta', 'metadata.annotations');
  if (!detail && kind === 'DaemonSet') {
    const spec = obj.spec as Record<string, unknown> | undefined;
    const tmpl = spec?.template as Record<string, unknown> | undefined;
    const tmd = tmpl?.metadata as Record<string, unknown> | undefined;
    detail =
      checkStringMap(tmd?.labels, 'ObjectMeta', 'spec.template.metadata.labels') ??
      checkStringMap(tmd?.annotations, 'ObjectMeta', 'spec.template.metadata.annotations') ??
      checkPodSpec(tmpl?.spec, 'spec.template.spec');
  } else if (!detail && kind === 'Pod') {
    detail = checkPodSpec(obj.spec, 'spec');
  }
  if (!detail) return null;
  const version = API_VERSION[kind].split('/').pop();
  return new StatusError(
    400,
    'BadRequest',
    `${kind} in version "${version}" cannot be handled as a ${kind}: ${detail}`,
  );
}
