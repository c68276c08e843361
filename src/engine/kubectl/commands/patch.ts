// `kubectl patch` (kubectl/pkg/cmd/patch/patch.go): TYPE NAME | TYPE/NAME | -f FILE, `-p` or
// `--patch-file` (JSON, or YAML converted to JSON), `--type strategic|merge|json`. The patch goes to
// the simulated API server, which applies it as the real one does (apiserver handlers/patch.go:
// strategic merge with the type's patch metadata, RFC 7386 merge, RFC 6902 JSON patch), validates
// and stores the result; `--local` and `--dry-run=client` apply it in kubectl instead and print the
// result. `… patched`, or `… patched (no change)` when the object came back the same.

import { parseAllDocuments } from 'yaml';
import { StatusError } from '../../api/errors';
import { checkGoJSON, GoJSONError, jsonKind, parseGoJSON } from '../../api/patch/goJson';
import { jsonMergePatch } from '../../api/patch/jsonMergePatch';
import { applyJSONPatch, decodePatch, JSONPatchError } from '../../api/patch/jsonPatch';
import { hasPatchMeta } from '../../api/patch/patchMeta';
import { PatchError, strategicMergePatch } from '../../api/patch/strategicMerge';
import { deepEqual } from '../../api/objects';
import { API_VERSION, kindGroup, type Kind, type KObject } from '../../api/types';
import { flagArray, flagBool, flagString } from '../argv';
import { changeCause, RECORD_FLAG, shouldRecord, withChangeCause } from '../changeCause';
import { goYamlFirstError } from '../goYaml';
import { goYamlLineBreaks } from '../goYamlBreaks';
import { looksLikeJSON } from '../jsonSniff';
import { goYamlError, loadManifests } from '../manifests';
import { goQuote } from '../printers/goValue';
import { OBJECT_PRINT_FLAGS, PrintError, resolvePrinter, type Printer } from '../printers/printFlags';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import {
  addSourceToErr,
  DRY_RUN_FLAG,
  dryRunStrategy,
  FILENAME_FLAG,
  finish,
  formatSingleError,
  nsFor,
} from './common';

const PATCH_TYPES = ['json', 'merge', 'strategic'];
type PatchType = 'json' | 'merge' | 'strategic';

const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** An error the simulated API server answers a PATCH with (no reason: kubectl prints `Error from server: …`). */
class ServerError extends CommandError {
  constructor(message: string) {
    super(`Error from server: ${message}`, 1, true);
  }
}

/**
 * k8s.io/apimachinery/pkg/util/yaml.ToJSON: text starting with `{` after white space (Go's: NEL, NBSP,
 * LS and PS too) is taken as JSON as it is, the rest as YAML.
 */
export function patchToJSON(text: string, flagValue: string): string {
  if (looksLikeJSON(text, Infinity)) return text;
  // go-yaml's own words for text it cannot read (goYaml.ts), then the value from the yaml package,
  // read with go-yaml's line breaks (goYamlBreaks.ts).
  const bad = goYamlFirstError(text);
  if (bad) throw new CommandError(`unable to parse ${goQuote(flagValue)}: yaml: ${bad.message}`);
  const yamlText = goYamlLineBreaks(text);
  const docs = parseAllDocuments(yamlText, { version: '1.1', uniqueKeys: false });
  const doc = Array.isArray(docs) ? docs[0] : docs;
  if (!doc) return 'null';
  if (doc.errors.length > 0) {
    const { line, message } = goYamlError(doc.errors[0], yamlText);
    throw new CommandError(`unable to parse ${goQuote(flagValue)}: yaml: line ${line}: ${message}`);
  }
  return JSON.stringify(doc.toJS() ?? null);
}

/**
 * Applies a patch to an object's JSON as the side that does it would: `server` errors are the API
 * server's (`Error from server (BadRequest): …`), client ones kubectl's own (`error: …`).
 */
export function applyPatch(
  obj: KObject,
  kind: Kind,
  type: PatchType,
  patchJSON: string,
  side: 'server' | 'client',
): KObject {
  const original = JSON.parse(JSON.stringify(obj)) as Record<string, unknown>;
  const badRequest = (msg: string) =>
    side === 'server' ? new StatusError(400, 'BadRequest', msg) : new CommandError(msg);
  if (type === 'strategic') {
    let patch: unknown;
    try {
      patch = parseGoJSON(patchJSON);
    } catch (e) {
      if (side === 'client') throw new CommandError('invalid JSON document');
      throw badRequest((e as Error).message);
    }
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
      if (side === 'client') throw new CommandError('invalid JSON document');
      throw badRequest(
        `json: cannot unmarshal ${jsonKind(patch)} into Go value of type map[string]interface {}`,
      );
    }
    if (!hasPatchMeta(kind))
      throw new CommandError(
        `strategic merge patch is not supported for ${API_VERSION[kind]}, Kind=${kind} locally, try --type merge`,
      );
    try {
      return strategicMergePatch(original, patch as Record<string, unknown>, kind) as KObject;
    } catch (e) {
      if (!(e instanceof PatchError)) throw e;
      if (side === 'client') throw new CommandError(e.message);
      throw e.badRequest ? badRequest(e.message) : new ServerError(e.message);
    }
  }
  if (type === 'merge') {
    let patch: unknown;
    try {
      patch = parseGoJSON(patchJSON);
    } catch {
      throw badRequest('Invalid JSON Patch');
    }
    if (patch === null) throw badRequest('Invalid JSON Patch');
    const out = jsonMergePatch(original, patch);
    if (typeof out !== 'object' || out === null || Array.isArray(out)) {
      throw badRequest(
        `json: cannot unmarshal ${jsonKind(out)} into Go value of type map[string]interface {}`,
      );
    }
    return out as KObject;
  }
  let ops;
  try {
    checkGoJSON(patchJSON);
    ops = decodePatch(JSON.parse(patchJSON));
  } catch (e) {
    if (e instanceof GoJSONError || e instanceof JSONPatchError) throw badRequest(e.message);
    throw e;
  }
  try {
    const out = applyJSONPatch(original, ops);
    if (typeof out !== 'object' || out === null || Array.isArray(out))
      throw new JSONPatchError(
        `json: cannot unmarshal ${jsonKind(out)} into Go value of type map[string]interface {}`,
      );
    return out as KObject;
  } catch (e) {
    if (!(e instanceof JSONPatchError)) throw e;
    if (side === 'client') {
      const m = /doc is missing key: (.*?)(: missing value)?$/.exec(e.message);
      throw new CommandError(m ? `Object to be patched is missing field (${m[1]})` : e.message);
    }
    // the server's generic 422 carries the library's message as a field-less cause: kubectl prints ": <message>"
    throw new CommandError(`The request is invalid: : ${e.message}`, 1, true);
  }
}

/** The API server's checks that a patch kept the object's identity (patch handler, rest.BeforeUpdate). */
function checkIdentity(live: KObject, patched: KObject): void {
  const name = patched.metadata?.name;
  if (name !== live.metadata.name) {
    throw new StatusError(
      400,
      'BadRequest',
      `the name of the object (${name ?? ''}) does not match the name on the URL (${live.metadata.name})`,
    );
  }
  if ((patched.metadata?.namespace ?? live.metadata.namespace) !== live.metadata.namespace) {
    throw new StatusError(
      400,
      'BadRequest',
      'the namespace of the provided object does not match the namespace sent on the request',
    );
  }
  if (patched.apiVersion !== live.apiVersion || patched.kind !== live.kind) {
    throw new StatusError(
      400,
      'BadRequest',
      `the API version in the data (${String(patched.apiVersion ?? '')}) does not match the expected API version (${live.apiVersion})`,
    );
  }
}

interface Target {
  kind: Kind;
  obj: KObject;
  source?: string;
}

function targets(ctx: CommandContext, local: boolean, errs: unknown[]): Target[] {
  const files = flagArray(ctx.args, 'filename');
  const out: Target[] = [];
  if (files.length > 0) {
    for (const e of loadManifests(ctx, files)) {
      if (e.error || !e.obj || !e.kind) {
        errs.push(e.error);
        continue;
      }
      if (local) {
        out.push({ kind: e.kind, obj: e.obj, source: e.source });
        continue;
      }
      try {
        out.push({
          kind: e.kind,
          obj: ctx.sim.store.mustGet(
            e.kind,
            nsFor(ctx, e.kind) === undefined ? undefined : (e.obj.metadata.namespace ?? ctx.namespace),
            e.obj.metadata.name,
          ),
          source: e.source,
        });
      } catch (err) {
        errs.push(err);
      }
    }
    return out;
  }
  if (ctx.args.positional.length === 0) throw new CommandError(NO_RESOURCES);
  for (const { kind, names } of parseResourceArgs(ctx.args.positional, 'patch')) {
    if (names.length === 0) throw new CommandError('resource(s) were provided, but no name was specified');
    for (const name of names) {
      try {
        out.push({ kind, obj: ctx.sim.store.mustGet(kind, nsFor(ctx, kind), name) });
      } catch (err) {
        errs.push(err);
      }
    }
  }
  return out;
}

function print(ctx: CommandContext, printer: Printer, kind: Kind, obj: KObject, didPatch: boolean): void {
  const op = didPatch ? 'patched' : 'patched (no change)';
  if (printer.kind === 'name') ctx.out.println(`${kindGroup(kind)}/${obj.metadata.name}`);
  else if (printer.kind === 'generic') {
    try {
      ctx.out.out(printer.print(obj));
    } catch (e) {
      if (!(e instanceof PrintError)) throw e;
      if (e.partial) ctx.out.out(e.partial);
      throw new CommandError(formatSingleError(e), 1, true);
    }
  } else ctx.out.println(`${kindGroup(kind)}/${obj.metadata.name} ${op}`);
  // (a human table is `kubectl get`'s alone: resolvePrinter never gives one here)
}

function run(ctx: CommandContext): void {
  const args = ctx.args;
  const dry = dryRunStrategy(ctx);
  const printer = resolvePrinter(ctx);
  const patchFlag = flagString(args, 'patch') ?? '';
  const patchFile = flagString(args, 'patch-file') ?? '';
  const local = flagBool(args, 'local');
  // Validate
  if (patchFlag && patchFile) throw new CommandError('cannot specify --patch and --patch-file together');
  if (!patchFlag && !patchFile)
    throw new CommandError('must specify --patch or --patch-file containing the contents of the patch');
  if (local && args.positional.length !== 0)
    throw new CommandError('cannot specify --local and server resources');
  if (local && dry === 'server')
    throw new CommandError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  const typeFlag = flagString(args, 'type') ?? '';
  if (typeFlag && !PATCH_TYPES.includes(typeFlag.toLowerCase())) {
    throw new CommandError(
      `--type must be one of [${PATCH_TYPES.join(' ')}], not ${JSON.stringify(typeFlag)}`,
    );
  }
  const type = (typeFlag.toLowerCase() || 'strategic') as PatchType;
  // RunPatch
  let text = patchFlag;
  if (patchFile) {
    try {
      if (!ctx.opts.readFile) throw new Error('no such file or directory');
      text = ctx.opts.readFile(patchFile);
    } catch {
      throw new CommandError(`unable to read patch file: open ${patchFile}: no such file or directory`);
    }
  }
  const patchJSON = patchToJSON(text, patchFlag);
  const subresource = flagString(args, 'subresource') ?? '';
  const errs: unknown[] = [];
  const list = targets(ctx, local, errs);
  const cause = shouldRecord(ctx) ? changeCause(ctx, 'patch') : undefined;
  for (const t of list) {
    try {
      if (!local && dry !== 'client') {
        // the served kinds have a status subresource only (no scale)
        if (subresource !== '' && subresource !== 'status')
          throw new CommandError(
            'Error from server (NotFound): the server could not find the requested resource',
            1,
            true,
          );
        let patched = applyPatch(t.obj, t.kind, type, patchJSON, 'server');
        checkIdentity(t.obj, patched);
        let didPatch = !deepEqual(patched, t.obj);
        if (cause && didPatch) patched = withChangeCause(patched, cause);
        let result = t.obj;
        if (didPatch) {
          result =
            subresource === 'status'
              ? ctx.sim.store.updateStatus(patched, { dryRun: dry === 'server' })
              : ctx.sim.store.update(patched, { dryRun: dry === 'server', fieldManager: 'kubectl-patch' });
          didPatch = !deepEqual(result, t.obj);
        }
        print(ctx, printer, t.kind, result, didPatch);
        continue;
      }
      const patched = applyPatch(t.obj, t.kind, type, patchJSON, 'client');
      print(ctx, printer, t.kind, patched, !deepEqual(patched, t.obj));
    } catch (e) {
      if (!(e instanceof StatusError) && !(e instanceof CommandError)) throw e;
      errs.push(addSourceToErr(e, 'patching', t.source));
    }
  }
  if (list.length === 0 && errs.length === 0) throw new CommandError('no objects passed to patch');
  finish(errs);
}

export const patchCommand: CommandDef = {
  name: 'patch',
  short: 'Update fields of a resource',
  usage: 'kubectl patch (-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE]',
  flags: [
    ...OBJECT_PRINT_FLAGS,
    {
      ...DRY_RUN_FLAG,
      usage:
        'Must be "none", "server", or "client". If client strategy, only print the object that would be sent, without sending it. If server strategy, submit server-side request without persisting the resource.',
    },
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-patch',
      usage: 'Name of the manager used to track field ownership.',
    },
    { ...FILENAME_FLAG, usage: 'Filename, directory, or URL to files identifying the resource to update' },
    {
      name: 'local',
      type: 'bool',
      usage: 'If true, patch will operate on the content of the file, not the server-side resource.',
    },
    {
      name: 'patch',
      short: 'p',
      type: 'string',
      usage: 'The patch to be applied to the resource JSON file.',
    },
    { name: 'patch-file', type: 'string', usage: 'A file containing a patch to be applied to the resource.' },
    {
      name: 'subresource',
      type: 'string',
      usage:
        'If specified, patch will operate on the subresource of the requested object. Must be one of [status scale]. This flag is beta and may change in the future.',
    },
    {
      name: 'type',
      type: 'string',
      default: 'strategic',
      usage: 'The type of patch being provided; one of [json merge strategic]',
    },
    RECORD_FLAG,
  ],
  run,
};
