// `kubectl create -f FILE` (pkg/cmd/create/create.go): every object of every file is sent as a
// POST; successes print as they happen, failures are collected and printed at the end.

import { normalizeDecoded } from '../../api/decode';
import { StatusError } from '../../api/errors';
import { clone } from '../../api/objects';
import { flagArray, flagBool } from '../argv';
import { changeCause, RECORD_FLAG, shouldRecord, withChangeCause } from '../changeCause';
import { decodeError, loadManifests } from '../manifests';
import { CommandError, type CommandDef } from '../types';
import { lastAppliedConfiguration, LAST_APPLIED_ANNOTATION } from './applyMerge';
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
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';

export const createCommand: CommandDef = {
  name: 'create',
  short: 'Create a resource from a file or from stdin',
  usage: 'kubectl create -f FILENAME',
  flags: [
    FILENAME_FLAG,
    DRY_RUN_FLAG,
    RECORD_FLAG,
    VALIDATE_FLAG,
    {
      name: 'save-config',
      type: 'bool',
      usage: 'If true, the configuration of current object will be saved in its annotation.',
    },
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    const files = flagArray(ctx.args, 'filename');
    if (files.length === 0) throw new CommandError('must specify one of -f and -k');
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    const directive = validationDirective(ctx);
    const entries = loadManifests(ctx, files);
    if (entries.length === 0) throw new CommandError('no objects passed to create');
    const cause = shouldRecord(ctx) ? changeCause(ctx, 'create') : undefined;
    const errs: unknown[] = [];
    for (const e of entries) {
      if (e.error || !e.obj || !e.kind) {
        errs.push(e.error);
        diagnoseEntry(ctx, e, e.error);
        continue;
      }
      let obj = clone(e.obj);
      if (cause) obj = withChangeCause(obj, cause);
      if (flagBool(ctx.args, 'save-config')) {
        obj.metadata.annotations = {
          ...obj.metadata.annotations,
          [LAST_APPLIED_ANNOTATION]: lastAppliedConfiguration(obj),
        };
      }
      try {
        const bad = decodeError(obj, e.kind);
        if (bad) throw bad;
        normalizeDecoded(obj, e.kind);
        if (dry !== 'client') obj = serverDecode(ctx, e.kind, obj, directive);
        const created =
          dry === 'client'
            ? obj
            : ctx.sim.store.create(obj, { dryRun: dry === 'server', fieldManager: 'kubectl-create' });
        printWritten(ctx, e.kind, created, `created${dryRunSuffix(dry)}`);
      } catch (err) {
        if (!(err instanceof StatusError)) throw err;
        errs.push(addSourceToErr(err, 'creating', e.source));
        diagnoseEntry(ctx, e, err);
      }
    }
    finish(errs);
  },
};
