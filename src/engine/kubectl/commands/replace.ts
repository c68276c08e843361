// `kubectl replace -f FILE` (pkg/cmd/replace/replace.go): a PUT of each object as the file has it —
// spec, labels and annotations replaced whole, the server keeping what it owns (uid, status, …).
// An object that does not exist is NotFound; a resourceVersion in the file must be the current one.
// `--force` deletes each object (waiting until it is gone) and creates it again.

import { conflict, StatusError } from '../../api/errors';
import { clone } from '../../api/objects';
import { kindGroup, NAMESPACED, type KObject } from '../../api/types';
import { parseDuration } from '../../clock';
import { flagArray, flagBool, flagString } from '../argv';
import { decodeError, loadManifests } from '../manifests';
import { toJSON } from '../printers/json';
import { toYAML } from '../printers/yaml';
import { CommandError, type CommandDef } from '../types';
import { lastAppliedConfiguration, LAST_APPLIED_ANNOTATION } from './applyMerge';
import {
  addSourceToErr,
  diagnoseEntry,
  DRY_RUN_FLAG,
  dryRunStrategy,
  dryRunSuffix,
  FILENAME_FLAG,
  finish,
  nameLine,
  stepUntil,
  VALIDATE_FLAG,
} from './common';
import { serverDecode, validationDirective } from './fieldValidationFlag';
import { omitManagedFields } from '../printers/printFlags';

type Policy = 'Background' | 'Foreground' | 'Orphan';

function cascade(v: string | undefined): Policy {
  switch (v ?? 'background') {
    case 'background':
    case 'true':
      return 'Background';
    case 'foreground':
      return 'Foreground';
    case 'orphan':
    case 'false':
      return 'Orphan';
    default:
      throw new CommandError(
        `invalid cascade value (${v}). Must be "background", "foreground", or "orphan".`,
      );
  }
}

export const replaceCommand: CommandDef = {
  name: 'replace',
  short: 'Replace a resource by file name or stdin',
  usage: 'kubectl replace -f FILENAME [options]',
  flags: [
    FILENAME_FLAG,
    {
      name: 'cascade',
      type: 'string',
      default: 'background',
      usage:
        'Must be "background", "orphan", or "foreground". Selects the deletion cascading strategy for the dependents (e.g. Pods created by a ReplicationController). Defaults to background.',
    },
    DRY_RUN_FLAG,
    {
      name: 'force',
      type: 'bool',
      usage:
        'If true, immediately remove resources from API and bypass graceful deletion. Note that immediate deletion of some resources may result in inconsistency or data loss and requires confirmation.',
    },
    {
      name: 'grace-period',
      type: 'int',
      default: '-1',
      usage:
        'Period of time in seconds given to the resource to terminate gracefully. Ignored if negative. Set to 1 for immediate shutdown. Can only be set to 0 when --force is true (force deletion).',
    },
    {
      name: 'save-config',
      type: 'bool',
      usage:
        'If true, the configuration of current object will be saved in its annotation. Otherwise, the annotation will be unchanged. This flag is useful when you want to perform kubectl apply on this object in the future.',
    },
    {
      name: 'timeout',
      type: 'duration',
      default: '0s',
      usage:
        'The length of time to wait before giving up on a delete, zero means determine a timeout from the size of the object',
    },
    { name: 'output', short: 'o', type: 'string', usage: 'Output format. One of: (json, yaml, name).' },
    VALIDATE_FLAG,
    {
      name: 'wait',
      type: 'bool',
      usage: 'If true, wait for resources to be gone before returning. This waits for finalizers.',
    },
  ],
  run(ctx) {
    const files = flagArray(ctx.args, 'filename');
    if (files.length === 0) throw new CommandError('must specify one of -f and -k');
    const dry = dryRunStrategy(ctx);
    const directive = validationDirective(ctx);
    const output = flagString(ctx.args, 'output') ?? '';
    if (output !== '' && output !== 'name' && output !== 'yaml' && output !== 'json') {
      throw new CommandError(
        `unable to match a printer suitable for the output format "${output}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`,
      );
    }
    const force = flagBool(ctx.args, 'force');
    const policy = cascade(flagString(ctx.args, 'cascade'));
    // DeleteFlags.ToOptions without delete's Complete: the grace period is used as given.
    const gp = Number(flagString(ctx.args, 'grace-period') ?? '-1');
    if (!force && gp >= 0) throw new CommandError('--grace-period must have --force specified');
    if (!force && parseDuration(flagString(ctx.args, 'timeout') ?? '0s') > 0)
      throw new CommandError('--timeout must have --force specified');
    if (force && dry !== 'none') throw new CommandError('--dry-run can not be used when --force is set');
    const entries = loadManifests(ctx, files);
    if (entries.length === 0) throw new CommandError('no objects passed to replace');
    const errs: unknown[] = [];
    const store = ctx.sim.store;
    const prepared: { e: (typeof entries)[number]; obj: KObject }[] = [];
    for (const e of entries) {
      if (e.error || !e.obj || !e.kind) {
        errs.push(e.error);
        diagnoseEntry(ctx, e, e.error);
        continue;
      }
      const obj = clone(e.obj);
      if (
        flagBool(ctx.args, 'save-config') ||
        obj.metadata.annotations?.[LAST_APPLIED_ANNOTATION] !== undefined
      ) {
        // CreateOrUpdateAnnotation: --save-config writes it; an existing one is kept up to date.
        obj.metadata.annotations = {
          ...obj.metadata.annotations,
          [LAST_APPLIED_ANNOTATION]: lastAppliedConfiguration(obj),
        };
      }
      prepared.push({ e, obj });
    }
    if (force) {
      // forceReplace: delete everything first (not-found is fine), wait until it is gone, then create.
      const gone: {
        kind: NonNullable<(typeof entries)[number]['kind']>;
        ns?: string;
        name: string;
        uid: string;
      }[] = [];
      for (const { e, obj } of prepared) {
        const kind = e.kind!;
        const live = store.get(kind, obj.metadata.namespace, obj.metadata.name);
        if (!live) continue;
        try {
          store.delete(kind, obj.metadata.namespace, obj.metadata.name, {
            gracePeriodSeconds: gp >= 0 ? gp : undefined,
            propagationPolicy: policy,
          });
          const ns =
            NAMESPACED[kind] && live.metadata.namespace ? ` from ${live.metadata.namespace} namespace` : '';
          ctx.out.println(
            `${kindGroup(kind)} "${obj.metadata.name}" ${gp === 0 ? 'force deleted' : 'deleted'}${ns}`,
          );
          gone.push({ kind, ns: live.metadata.namespace, name: obj.metadata.name, uid: live.metadata.uid });
        } catch (err) {
          if (!(err instanceof StatusError)) throw err;
          errs.push(addSourceToErr(err, 'deleting', e.source));
        }
      }
      const timeout = parseDuration(flagString(ctx.args, 'timeout') ?? '0s') || 7 * 24 * 3_600_000;
      const allGone = () => gone.every((g) => store.get(g.kind, g.ns, g.name)?.metadata.uid !== g.uid);
      if (!stepUntil(ctx.sim, allGone, timeout) && !allGone()) {
        const left = gone.find((g) => store.get(g.kind, g.ns, g.name)?.metadata.uid === g.uid)!;
        errs.push(
          new CommandError(
            `timed out waiting for the condition on ${kindGroup(left.kind).replace(/^(\w+)/, '$1s')}/${left.name}`,
          ),
        );
        finish(errs);
      }
    }
    for (const { e, obj } of prepared) {
      const kind = e.kind!;
      try {
        const bad = decodeError(obj, kind);
        if (bad) throw bad;
        const body = dry === 'client' ? obj : serverDecode(ctx, kind, obj, directive);
        let result: KObject = body;
        if (force) {
          if (dry !== 'client')
            result = store.create(body, { dryRun: dry === 'server', fieldManager: 'kubectl-replace' });
        } else {
          const live = store.mustGet(
            kind,
            obj.metadata.namespace ?? (NAMESPACED[kind] ? ctx.namespace : undefined),
            obj.metadata.name,
          );
          const rv = obj.metadata.resourceVersion;
          if (rv && rv !== live.metadata.resourceVersion) {
            throw conflict(
              kind,
              obj.metadata.name,
              'the object has been modified; please apply your changes to the latest version and try again',
            );
          }
          if (dry !== 'client')
            result = store.update(
              { ...body, metadata: { ...body.metadata, namespace: live.metadata.namespace } },
              { dryRun: dry === 'server', fieldManager: 'kubectl-replace' },
            );
        }
        if (output === 'yaml') ctx.out.out(toYAML(omitManagedFields(result)));
        else if (output === 'json') ctx.out.out(toJSON(omitManagedFields(result)));
        else if (output === 'name') ctx.out.println(`${kindGroup(kind)}/${obj.metadata.name}`);
        else ctx.out.println(nameLine(kind, obj.metadata.name, `replaced${dryRunSuffix(dry)}`));
      } catch (err) {
        if (!(err instanceof StatusError)) throw err;
        errs.push(addSourceToErr(err, 'replacing', e.source));
        diagnoseEntry(ctx, e, err);
      }
    }
    finish(errs);
  },
};
