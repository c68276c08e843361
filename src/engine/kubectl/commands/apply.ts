// `kubectl apply -f FILE` (client-side apply, pkg/cmd/apply/apply.go + patcher.go): create with the
// last-applied-configuration annotation, or three-way merge last-applied / manifest / live object.
// A patch that changes nothing prints `unchanged`.

import { normalizeDecoded } from '../../api/decode';
import { StatusError } from '../../api/errors';
import { clone, deepEqual } from '../../api/objects';
import { API_VERSION, RESOURCE } from '../../api/types';
import { flagArray, flagBool, flagString } from '../argv';
import { changeCause, RECORD_FLAG, shouldRecord, withChangeCause } from '../changeCause';
import { decodeError, loadManifests } from '../manifests';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { LAST_APPLIED_ANNOTATION, lastAppliedConfiguration, merge } from './applyMerge';
import { serverDecode, validationDirective } from './fieldValidationFlag';
import {
  addSourceToErr,
  diagnoseEntry,
  DRY_RUN_FLAG,
  dryRunStrategy,
  dryRunSuffix,
  FILENAME_FLAG,
  finish,
  VALIDATE_FLAG,
} from './common';
import { printWritten } from './printObject';
import { goJSON, threeWayMergePatch } from './threeWayPatch';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';

function parseLastApplied(s: string | undefined): unknown {
  if (!s) return undefined;
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

export const applyCommand: CommandDef = {
  name: 'apply',
  short: 'Apply a configuration to a resource by file name or stdin',
  usage: 'kubectl apply (-f FILENAME | -k DIRECTORY)',
  flags: [
    FILENAME_FLAG,
    DRY_RUN_FLAG,
    RECORD_FLAG,
    VALIDATE_FLAG,
    ...OBJECT_PRINT_FLAGS,
    { name: 'server-side', type: 'bool', usage: 'If true, apply runs in the server instead of the client.' },
    {
      name: 'force-conflicts',
      type: 'bool',
      usage: 'If true, server-side apply will force the changes against conflicts.',
    },
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-client-side-apply',
      usage: 'Name of the manager used to track field ownership.',
    },
  ],
  run(ctx) {
    const files = flagArray(ctx.args, 'filename');
    if (files.length === 0) throw new CommandError('must specify one of -f and -k');
    const serverSide = flagBool(ctx.args, 'server-side');
    if (flagBool(ctx.args, 'force-conflicts') && !serverSide)
      throw new CommandError('--force-conflicts only works with --server-side');
    if (serverSide) return serverSideApply(ctx, files);
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    const directive = validationDirective(ctx);
    const entries = loadManifests(ctx, files);
    if (entries.length === 0) throw new CommandError('no objects passed to apply');
    const cause = shouldRecord(ctx) ? changeCause(ctx, 'apply') : undefined;
    const store = ctx.sim.store;
    const errs: unknown[] = [];
    for (const e of entries) {
      if (e.error || !e.obj || !e.kind) {
        errs.push(e.error);
        diagnoseEntry(ctx, e, e.error);
        continue;
      }
      const kind = e.kind;
      let obj = clone(e.obj);
      if (cause) obj = withChangeCause(obj, cause);
      const applied = lastAppliedConfiguration(obj);
      obj.metadata.annotations = { ...obj.metadata.annotations, [LAST_APPLIED_ANNOTATION]: applied };
      const live = store.get(kind, obj.metadata.namespace, obj.metadata.name);
      const bad = decodeError(obj, kind);
      try {
        if (!live) {
          if (bad) throw bad;
          normalizeDecoded(obj, kind);
          const created =
            dry === 'client'
              ? obj
              : store.create(serverDecode(ctx, kind, obj, directive), {
                  dryRun: dry === 'server',
                  fieldManager: 'kubectl-client-side-apply',
                });
          printWritten(ctx, kind, created, `created${dryRunSuffix(dry)}`);
          continue;
        }
      } catch (err) {
        if (!(err instanceof StatusError)) throw err;
        errs.push(addSourceToErr(err, 'creating', e.source));
        diagnoseEntry(ctx, e, err);
        continue;
      }
      const original = parseLastApplied(live.metadata.annotations?.[LAST_APPLIED_ANNOTATION]);
      if (original === undefined) {
        ctx.out.err(
          `Warning: resource ${RESOURCE[kind].plural}/${obj.metadata.name} is missing the ${LAST_APPLIED_ANNOTATION} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`,
        );
      }
      const merged = merge(original, obj, live) as typeof live;
      if (!bad) normalizeDecoded(merged, kind); // null list elements in the patch: zero values, as the server decodes them
      if (deepEqual(merged, live)) {
        printWritten(ctx, kind, live, `unchanged${dryRunSuffix(dry)}`);
        continue;
      }
      try {
        if (bad) throw bad;
        const updated =
          dry !== 'client'
            ? store.update(serverDecode(ctx, kind, merged, directive), {
                dryRun: dry === 'server',
                fieldManager: 'kubectl-client-side-apply',
              })
            : merged;
        // apply.go warningChangesOnDeletingResource (seen from the real kubectl)
        if (live.metadata.deletionTimestamp)
          ctx.out.eprintln(
            `Warning: Detected changes to resource ${live.metadata.name} which is currently being deleted.`,
          );
        printWritten(ctx, kind, updated, `configured${dryRunSuffix(dry)}`);
      } catch (err) {
        if (!(err instanceof StatusError)) throw err;
        // patcher.Patch adds the source, applyOneObject the patch it sent and the object's Info
        const patch = goJSON(threeWayMergePatch(original, obj, live));
        const r = RESOURCE[kind];
        const gv = API_VERSION[kind].includes('/') ? API_VERSION[kind] : `/${API_VERSION[kind]}`;
        const info = `Resource: "${gv}, Resource=${r.plural}", GroupVersionKind: "${gv}, Kind=${kind}"\nName: ${JSON.stringify(live.metadata.name)}, Namespace: ${JSON.stringify(live.metadata.namespace ?? '')}`;
        errs.push(
          addSourceToErr(
            addSourceToErr(err, 'patching', e.source),
            `applying patch:\n${patch}\nto:\n${info}\nfor:`,
            e.source,
          ),
        );
        diagnoseEntry(ctx, e, err);
      }
    }
    finish(errs);
  },
};

/** The advice kubectl adds to an apply's 409 (apply.go applyOneObject). */
const CONFLICT_ADVICE = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`;

/**
 * `kubectl apply --server-side` (apply.go applyOneObject): each manifest sent as it is, as an apply
 * patch, under --field-manager (`kubectl` unless given), forced with --force-conflicts; the server
 * merges it with field ownership (api/managedFields.ts). A conflict is the server's message and
 * kubectl's advice.
 */
function serverSideApply(ctx: CommandContext, files: string[]): void {
  const dry = dryRunStrategy(ctx);
  resolvePrinter(ctx);
  const directive = validationDirective(ctx);
  const flagManager = flagString(ctx.args, 'field-manager');
  const manager =
    flagManager === undefined || flagManager === 'kubectl-client-side-apply' ? 'kubectl' : flagManager;
  const force = flagBool(ctx.args, 'force-conflicts');
  const entries = loadManifests(ctx, files);
  if (entries.length === 0) throw new CommandError('no objects passed to apply');
  const errs: unknown[] = [];
  for (const e of entries) {
    if (e.error || !e.obj || !e.kind) {
      errs.push(e.error);
      diagnoseEntry(ctx, e, e.error);
      continue;
    }
    const kind = e.kind;
    const obj = clone(e.obj);
    try {
      const bad = decodeError(obj, kind);
      if (bad) throw bad;
      normalizeDecoded(obj, kind);
      const written =
        dry === 'client'
          ? obj
          : ctx.sim.store.apply(serverDecode(ctx, kind, obj, directive), {
              fieldManager: manager,
              force,
              dryRun: dry === 'server',
            }).obj;
      printWritten(ctx, kind, written, `serverside-applied${dryRunSuffix(dry)}`);
    } catch (err) {
      if (!(err instanceof StatusError)) throw err;
      errs.push(
        err.code === 409 && err.reason === 'Conflict'
          ? new CommandError(`${err.message}\n${CONFLICT_ADVICE}`)
          : err,
      );
      diagnoseEntry(ctx, e, err);
    }
  }
  finish(errs);
}
