// `kubectl delete` (pkg/cmd/delete/delete.go): by file, by TYPE NAME / TYPE/NAME, by -l or --all;
// prints each deletion as it happens (`pod "x" deleted from default namespace`, kubectl ≥ 1.34),
// collects errors for the end, then waits (--wait, default true) until the objects are gone —
// here by running the simulation, so a pod's graceful termination takes its simulated time.

import { notFound, StatusError } from '../../api/errors';
import { matches, type Selector } from '../../api/labels';
import { builderLabelSelector } from './getListing';
import { type Kind, kindGroup, NAMESPACED } from '../../api/types';
import type { DeleteOptions } from '../../api/objectStore';
import { flagArray, flagBool, flagString, goDurationMs } from '../argv';
import { loadManifests } from '../manifests';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import {
  addSourceToErr,
  DRY_RUN_FLAG,
  dryRunStrategy,
  dryRunSuffix,
  FILENAME_FLAG,
  finish,
  nsFor,
  stepUntil,
} from './common';

export const FORCE_DELETE_WARNING =
  'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.';

const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

type Policy = NonNullable<DeleteOptions['propagationPolicy']>;

/** cmdutil.GetCascadingStrategy, with the deprecated boolean spellings. */
function cascadeStrategy(ctx: CommandContext): Policy {
  const v = flagString(ctx.args, 'cascade') ?? 'background';
  switch (v) {
    case 'background':
    case 'true':
      return 'Background';
    case 'orphan':
    case 'false':
      if (v === 'false')
        ctx.out.eprintln(
          'warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.',
        );
      return 'Orphan';
    case 'foreground':
      return 'Foreground';
    default:
      throw new CommandError(
        `invalid cascade value (${v}). Must be "background", "foreground", or "orphan".`,
      );
  }
}

/** --grace-period / --now / --force resolution (DeleteOptions.Complete + Validate). */
export function gracePeriod(ctx: CommandContext): number {
  let gp = Number(flagString(ctx.args, 'grace-period') ?? '-1');
  const force = flagBool(ctx.args, 'force');
  if (flagBool(ctx.args, 'now')) {
    if (gp !== -1) throw new CommandError('--now and --grace-period cannot be specified together');
    gp = 1;
  }
  if (gp === 0 && !force) gp = 1;
  if (force && gp < 0) gp = 0;
  if (force && gp > 0)
    throw new CommandError('--force and --grace-period greater than 0 cannot be specified together');
  if (force && gp === 0) ctx.out.eprintln(FORCE_DELETE_WARNING);
  return gp;
}

interface Target {
  kind: Kind;
  namespace?: string;
  name: string;
  source?: string;
}

function collectTargets(ctx: CommandContext, errs: unknown[]): { targets: Target[]; bySelector: boolean } {
  const files = flagArray(ctx.args, 'filename');
  const positional = ctx.args.positional;
  const all = flagBool(ctx.args, 'all');
  const select = flagString(ctx.args, 'selector');
  if (files.length === 0 && positional.length === 0) throw new CommandError(NO_RESOURCES);
  if (all && select) throw new CommandError('cannot set --all and --selector at the same time');
  const targets: Target[] = [];
  for (const e of files.length ? loadManifests(ctx, files) : []) {
    if (e.error || !e.obj || !e.kind) errs.push(e.error);
    else
      targets.push({
        kind: e.kind,
        namespace: e.obj.metadata.namespace,
        name: e.obj.metadata.name,
        source: e.source,
      });
  }
  let bySelector = false;
  for (const { kind, names } of positional.length ? parseResourceArgs(positional) : []) {
    if (names.length > 0) {
      if (select) throw new CommandError('name cannot be provided when a selector is specified');
      for (const name of names) targets.push({ kind, namespace: nsFor(ctx, kind), name });
      continue;
    }
    if (!all && !select) throw new CommandError('resource(s) were provided, but no name was specified');
    bySelector = true;
    let sel: Selector = [];
    try {
      if (select) sel = builderLabelSelector(kind, select);
    } catch (e) {
      // the builder continues on error: each type's 400 is printed, the other types still deleted
      errs.push(e);
      continue;
    }
    for (const o of ctx.sim.store.list(kind, nsFor(ctx, kind))) {
      if (matches(sel, o.metadata.labels))
        targets.push({ kind, namespace: o.metadata.namespace, name: o.metadata.name });
    }
  }
  return { targets, bySelector };
}

function deletedLine(t: Target, operation: string): string {
  const ns = NAMESPACED[t.kind] && t.namespace ? ` from ${t.namespace} namespace` : '';
  return `${kindGroup(t.kind)} "${t.name}" ${operation}${ns}`;
}

export const deleteCommand: CommandDef = {
  name: 'delete',
  short: 'Delete resources by file names, stdin, resources and names, or by resources and label selector',
  usage: 'kubectl delete ([-f FILENAME] | TYPE [(NAME | -l label | --all)])',
  flags: [
    FILENAME_FLAG,
    { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on.' },
    {
      name: 'all',
      type: 'bool',
      usage: 'Delete all resources, in the namespace of the specified resource types.',
    },
    {
      name: 'cascade',
      type: 'string',
      default: 'background',
      usage: 'Must be "background", "orphan", or "foreground".',
    },
    {
      name: 'grace-period',
      type: 'int',
      default: '-1',
      usage: 'Period of time in seconds given to the resource to terminate gracefully.',
    },
    {
      name: 'force',
      type: 'bool',
      usage: 'If true, immediately remove resources from API and bypass graceful deletion.',
    },
    {
      name: 'now',
      type: 'bool',
      usage: 'If true, resources are signaled for immediate shutdown (same as --grace-period=1).',
    },
    {
      name: 'wait',
      type: 'bool',
      default: 'true',
      usage: 'If true, wait for resources to be gone before returning.',
    },
    {
      name: 'timeout',
      type: 'duration',
      default: '0s',
      usage: 'The length of time to wait before giving up on a delete.',
    },
    { name: 'ignore-not-found', type: 'bool', usage: 'Treat "resource not found" as a successful delete.' },
    DRY_RUN_FLAG,
    {
      name: 'output',
      short: 'o',
      type: 'string',
      usage: 'Output mode. Use "-o name" for shorter output (resource/name).',
    },
  ],
  run(ctx) {
    const dry = dryRunStrategy(ctx);
    const policy = cascadeStrategy(ctx);
    const gp = gracePeriod(ctx);
    const errs: unknown[] = [];
    const { targets, bySelector } = collectTargets(ctx, errs);
    const ignoreNotFound = ctx.args.flags.has('ignore-not-found')
      ? flagBool(ctx.args, 'ignore-not-found')
      : bySelector;
    const operation = `${gp === 0 ? 'force deleted' : 'deleted'}${dryRunSuffix(dry)}`;
    const deleted: { t: Target; uid: string; grace: number }[] = [];
    let found = 0;
    for (const t of targets) {
      const obj = ctx.sim.store.get(t.kind, t.namespace, t.name);
      if (!obj) {
        if (!ignoreNotFound) errs.push(addSourceToErr(notFound(t.kind, t.name), 'deleting', t.source));
        continue;
      }
      found++;
      try {
        if (dry !== 'client') {
          ctx.sim.store.delete(t.kind, t.namespace, t.name, {
            gracePeriodSeconds: gp >= 0 ? gp : undefined,
            propagationPolicy: policy,
            dryRun: dry === 'server',
          });
        }
        const podGrace =
          (obj.spec as { terminationGracePeriodSeconds?: number } | undefined)
            ?.terminationGracePeriodSeconds ?? 30;
        deleted.push({ t, uid: obj.metadata.uid, grace: gp >= 0 ? gp : podGrace });
        ctx.out.println(
          flagString(ctx.args, 'output') === 'name'
            ? `${kindGroup(t.kind)}/${t.name}`
            : deletedLine(t, operation),
        );
      } catch (err) {
        if (!(err instanceof StatusError)) throw err;
        errs.push(addSourceToErr(err, 'deleting', t.source));
      }
    }
    if (found === 0 && bySelector && errs.length === 0) ctx.out.println('No resources found');
    if (flagString(ctx.args, 'wait') !== 'false' && dry === 'none') waitForDeletion(ctx, deleted);
    finish(errs);
  },
};

/** delete's wait: run the simulation until every deleted object is gone (or replaced by a new uid). */
function waitForDeletion(ctx: CommandContext, deleted: { t: Target; uid: string; grace: number }[]): void {
  if (deleted.length === 0) return;
  const timeout = flagString(ctx.args, 'timeout');
  const explicit = timeout !== undefined && goDurationMs(timeout) > 0;
  const limit = explicit
    ? goDurationMs(timeout!)
    : (deleted.reduce((m, d) => Math.max(m, d.grace), -Infinity) + 60) * 1000;
  const gone = () =>
    deleted.every(({ t, uid }) => ctx.sim.store.get(t.kind, t.namespace, t.name)?.metadata.uid !== uid);
  const start = ctx.sim.now();
  if (!stepUntil(ctx.sim, gone, limit) && explicit) {
    const left = deleted.find(
      ({ t, uid }) => ctx.sim.store.get(t.kind, t.namespace, t.name)?.metadata.uid === uid,
    )!;
    if (ctx.sim.now() < start + limit) ctx.sim.advance(start + limit - ctx.sim.now());
    throw new CommandError(
      `timed out waiting for the condition on ${kindGroup(left.t.kind).replace(/^(\w+)/, (k) => `${k}s`)}/${left.t.name}`,
    );
  }
}
