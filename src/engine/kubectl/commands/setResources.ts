// `kubectl set resources (TYPE NAME | TYPE/NAME) [--limits=…] [--requests=…] [-c …]`
// (pkg/cmd/set/set_resources.go): sets requests and limits on the selected containers (every
// container by default, init containers last), each given resource replaced and the others kept.
// Unlike `set env` it has --record: with it the change-cause annotation names this command.

import { StatusError } from '../../api/errors';
import { clone, deepEqual } from '../../api/objects';
import { parseQuantity, QUANTITY_REGEX_TEXT } from '../../api/quantity';
import type { KObject } from '../../api/types';
import { flagBool, flagString } from '../argv';
import { changeCause, RECORD_FLAG, shouldRecord, withChangeCause } from '../changeCause';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';
import { CommandError, type CommandDef } from '../types';
import { ClientError, DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish } from './common';
import { targets } from './label';
import { printWritten } from './printObject';
import { POD_TEMPLATE_KINDS, podSpecOf } from './setImage';
import { canonicalQuantity } from './quantityText';
import { objectName, selectContainers } from './setHelpers';

/** The builder's error when neither arguments nor files name a resource. */
const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** generateversioned.populateResourceListV1: `cpu=100m,memory=256Mi` → a resource list. */
export function populateResourceList(spec: string): Map<string, string> | undefined {
  if (spec === '') return undefined;
  const out = new Map<string, string>();
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2)
      throw new CommandError(`Invalid argument syntax ${statement}, expected <resource>=<value>`);
    try {
      parseQuantity(parts[1]);
      if (!/^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/.test(parts[1])) throw new Error();
    } catch {
      throw new CommandError(`quantities must match the regular expression '${QUANTITY_REGEX_TEXT}'`);
    }
    out.set(parts[0], canonicalQuantity(parts[1]));
  }
  return out;
}

export const setResourcesCommand: CommandDef = {
  name: 'set resources',
  // the kinds with a pod template podSpecOf updates (kubectl 1.32's `set resources` has no
  // completion function, its shell falls back to file names; the console, with no files, offers these)
  validArgs: POD_TEMPLATE_KINDS,
  short: 'Update resource requests/limits on objects with pod templates',
  usage: 'kubectl set resources (-f FILENAME | TYPE NAME)  ([--limits=LIMITS & --requests=REQUESTS]',
  flags: [
    {
      name: 'all',
      type: 'bool',
      usage:
        'Select all resources, including uninitialized ones, in the namespace of the specified resource types',
    },
    {
      name: 'containers',
      short: 'c',
      type: 'string',
      default: '*',
      usage:
        'The names of containers in the selected pod templates to change, all containers are selected by default - may use wildcards',
    },
    {
      name: 'limits',
      type: 'string',
      usage:
        "The resource requirement requests for this container.  For example, 'cpu=100m,memory=256Mi'.  Note that server side components may assign requests depending on the server configuration, such as limit ranges.",
    },
    {
      name: 'requests',
      type: 'string',
      usage:
        "The resource requirement requests for this container.  For example, 'cpu=100m,memory=256Mi'.  Note that server side components may assign requests depending on the server configuration, such as limit ranges.",
    },
    {
      name: 'selector',
      short: 'l',
      type: 'string',
      usage:
        "Selector (label query) to filter on, not including uninitialized ones,supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2)",
    },
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-set',
      usage: 'Name of the manager used to track field ownership.',
    },
    DRY_RUN_FLAG,
    RECORD_FLAG,
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    // Complete: the record flag, the dry-run strategy, the printer, then the objects
    const cause = shouldRecord(ctx) ? changeCause(ctx, 'set resources') : undefined;
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    const all = flagBool(ctx.args, 'all');
    if (ctx.args.positional.length === 0) throw new CommandError(NO_RESOURCES);
    const found = targets(ctx, ctx.args.positional, 'set');
    // Validate
    if (all && flagString(ctx.args, 'selector'))
      throw new CommandError('cannot set --all and --selector at the same time');
    const limitsText = flagString(ctx.args, 'limits') ?? '';
    const requestsText = flagString(ctx.args, 'requests') ?? '';
    if (limitsText === '' && requestsText === '')
      throw new CommandError(
        'you must specify an update to requests or limits (in the form of --requests/--limits)',
      );
    const limits = populateResourceList(limitsText);
    const requests = populateResourceList(requestsText);
    const selector = flagString(ctx.args, 'containers') ?? '*';
    const errs: unknown[] = [];
    for (const { kind, obj } of found) {
      const name = obj.metadata.name;
      let next = clone(obj) as KObject;
      const spec = podSpecOf(kind, next);
      if (!spec) {
        errs.push(
          new ClientError(
            `error: ${objectName(kind, name)} the object is not a pod or does not have a pod template: *v1.${kind}\n`,
          ),
        );
        continue;
      }
      const containers = [
        ...selectContainers(spec.containers, selector),
        ...selectContainers(spec.initContainers, selector),
      ];
      if (containers.length === 0) {
        errs.push(new ClientError(`error: unable to find container named ${selector}`));
        continue;
      }
      for (const c of containers) {
        const r = { ...c.resources } as {
          limits?: Record<string, string>;
          requests?: Record<string, string>;
        };
        if (limits) r.limits = { ...r.limits, ...Object.fromEntries(limits) };
        if (requests) r.requests = { ...r.requests, ...Object.fromEntries(requests) };
        c.resources = r;
      }
      if (cause) next = withChangeCause(next, cause);
      if (deepEqual(next, obj)) continue;
      if (dry === 'client') {
        printWritten(ctx, kind, next, `resource requirements updated${dryRunSuffix(dry)}`);
        continue;
      }
      try {
        const written = ctx.sim.store.update(next, {
          dryRun: dry === 'server',
          fieldManager: flagString(ctx.args, 'field-manager') ?? 'kubectl-set',
        });
        printWritten(ctx, kind, written, `resource requirements updated${dryRunSuffix(dry)}`);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        errs.push(new ClientError(`failed to patch resources update to pod template ${e.message}`));
      }
    }
    finish(errs);
  },
};
