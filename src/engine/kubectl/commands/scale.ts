// `kubectl scale --replicas=N (TYPE NAME | TYPE/NAME)…` (pkg/cmd/scale/scale.go): writes the scale
// subresource of Deployments and ReplicaSets; `--current-replicas` is a precondition.

import { StatusError } from '../../api/errors';
import { qualifiedResource, type Deployment, type Kind } from '../../api/types';
import { flagString } from '../argv';
import { parseResourceArgs, resourceInfo } from '../resources';
import { CommandError, type CommandDef } from '../types';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish, nsFor } from './common';
import { printWritten } from './printObject';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';

const SCALABLE = new Set<Kind>(['Deployment', 'ReplicaSet']);

function intFlag(v: string | undefined, flag: string, def: number): number {
  if (v === undefined) return def;
  if (!/^[+-]?\d+$/.test(v))
    throw new CommandError(
      `invalid argument "${v}" for "--${flag}" flag: strconv.ParseInt: parsing "${v}": invalid syntax\nSee 'kubectl scale --help' for usage.`,
    );
  return Number(v);
}

export const scaleCommand: CommandDef = {
  name: 'scale',
  // kubectl's validArgs: deployment, replicaset, replicationcontroller, statefulset; those served
  validArgs: [...SCALABLE],
  short: 'Set a new size for a deployment, replica set, or replication controller',
  usage:
    'kubectl scale [--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME)',
  flags: [
    { name: 'replicas', type: 'int', usage: 'The new desired number of replicas. Required.' },
    {
      name: 'current-replicas',
      type: 'int',
      default: '-1',
      usage:
        'Precondition for current size. Requires that the current size of the resource match this value in order to scale. -1 (default) for no condition.',
    },
    {
      name: 'resource-version',
      type: 'string',
      usage:
        'Precondition for resource version. Requires that the current resource version match this value in order to scale.',
    },
    {
      name: 'all',
      type: 'bool',
      usage: 'Select all resources in the namespace of the specified resource types',
    },
    {
      name: 'selector',
      short: 'l',
      type: 'string',
      usage:
        "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints.",
    },
    DRY_RUN_FLAG,
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    resolvePrinter(ctx);
    const replicasFlag = flagString(ctx.args, 'replicas');
    if (replicasFlag === undefined) throw new CommandError('required flag(s) "replicas" not set');
    const replicas = intFlag(replicasFlag, 'replicas', 0);
    if (replicas < 0)
      throw new CommandError(
        'The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0',
      );
    const current = intFlag(flagString(ctx.args, 'current-replicas'), 'current-replicas', -1);
    const rv = flagString(ctx.args, 'resource-version');
    const dry = dryRunStrategy(ctx);
    const errs: unknown[] = [];
    let found = 0;
    let notFound: StatusError | undefined;
    for (const { kind, names } of parseResourceArgs(ctx.args.positional, 'scale')) {
      if (names.length === 0) throw new CommandError('resource(s) were provided, but no name was specified');
      for (const name of names) {
        try {
          const ns = nsFor(ctx, kind);
          const obj = ctx.sim.store.get(kind, ns, name);
          if (!obj) {
            // the builder's visitor drops what it cannot get; with nothing left kubectl says so
            notFound = new StatusError(404, 'NotFound', `${qualifiedResource(kind)} "${name}" not found`);
            continue;
          }
          found++;
          if (!SCALABLE.has(kind))
            throw new StatusError(404, 'NotFound', 'the server could not find the requested resource');
          const o = obj as Deployment;
          if (current >= 0 && (o.spec.replicas ?? 0) !== current) {
            throw new CommandError(`Expected replicas to be ${current}, was ${o.spec.replicas ?? 0}`);
          }
          if (rv && rv !== o.metadata.resourceVersion) {
            throw new StatusError(
              409,
              'Conflict',
              `Operation cannot be fulfilled on ${resourceInfo(kind).plural}.apps "${name}": the object has been modified; please apply your changes to the latest version and try again`,
            );
          }
          const next = { ...o, spec: { ...o.spec, replicas } };
          const written =
            dry === 'client'
              ? next
              : ctx.sim.store.update(next, {
                  dryRun: dry === 'server',
                  fieldManager: 'kubectl',
                  subresource: 'scale',
                });
          printWritten(ctx, kind, written, `scaled${dryRunSuffix(dry)}`);
        } catch (e) {
          if (!(e instanceof StatusError) && !(e instanceof CommandError)) throw e;
          errs.push(e);
        }
      }
    }
    if (found === 0 && notFound) throw new CommandError(`no objects passed to scale ${notFound.message}`);
    finish(errs);
  },
};
