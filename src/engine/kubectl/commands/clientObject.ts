// What `kubectl expose` and `kubectl autoscale` share: the objects their resource.Builder visits
// (`TYPE NAME…`, `TYPE/NAME…` or `-f FILE`, ContinueOnError: a missing object is an error kept for
// the end, the others are still visited), and the printing of an object the client built itself
// (a typed Service or HorizontalPodAutoscaler, for a kind the playground does not serve).

import type { Kind, KObject } from '../../api/types';
import { flagArray, flagString } from '../argv';
import { loadManifests } from '../manifests';
import { toTypedJSON } from '../printers/json';
import { PrintError, type Printer } from '../printers/printFlags';
import { toYAML } from '../printers/yaml';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext, type FlagSpec } from '../types';
import { formatSingleError, nsFor } from './common';

/** cli-runtime's error when neither arguments nor -f name a resource. */
export const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** cmdutil.AddDryRunFlag (the words of commands that print the object a client dry run would send). */
export const DRY_RUN_CLIENT_FLAG: FlagSpec = {
  name: 'dry-run',
  type: 'string',
  default: 'none',
  usage:
    'Must be "none", "server", or "client". If client strategy, only print the object that would be sent, without sending it. If server strategy, submit server-side request without persisting the resource.',
};

/** cmdutil.AddFilenameOptionFlags: -f, -k, -R. */
export function filenameFlags(usage: string): FlagSpec[] {
  return [
    {
      name: 'filename',
      short: 'f',
      type: 'stringArray',
      usage: `Filename, directory, or URL to files ${usage}`,
    },
    {
      name: 'kustomize',
      short: 'k',
      type: 'string',
      usage: "Process the kustomization directory. This flag can't be used together with -f or -R.",
    },
    {
      name: 'recursive',
      short: 'R',
      type: 'bool',
      usage:
        'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.',
    },
  ];
}

export const SAVE_CONFIG_FLAG: FlagSpec = {
  name: 'save-config',
  type: 'bool',
  usage:
    'If true, the configuration of current object will be saved in its annotation. Otherwise, the annotation will be unchanged. This flag is useful when you want to perform kubectl apply on this object in the future.',
};

/** One object the builder visits: found (with its kind), or the error in its place. */
export type Visited = { kind: Kind; obj: KObject } | { error: unknown };

/**
 * resource.Builder…ResourceTypeOrNameArgs(false, args…).FilenameParam(…).Flatten().Do(): the
 * builder's own errors (no resource, unknown type, a type without a name) are thrown; each object
 * then comes back as found or as its error, in the order named. Objects read from -f are used as
 * the file has them (the builder fetches nothing without Latest()).
 */
export function visitResources(ctx: CommandContext, verb: string): Visited[] {
  if (flagString(ctx.args, 'kustomize'))
    throw new CommandError('the playground reads no kustomization directories: use -f or TYPE NAME');
  const files = flagArray(ctx.args, 'filename');
  const out: Visited[] = [];
  if (files.length > 0 && ctx.args.positional.length > 0)
    throw new CommandError(
      'when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well',
    );
  if (files.length > 0) {
    for (const e of loadManifests(ctx, files)) {
      if (e.error || !e.obj || !e.kind) out.push({ error: e.error });
      else out.push({ kind: e.kind, obj: e.obj });
    }
    return out;
  }
  if (ctx.args.positional.length === 0) throw new CommandError(NO_RESOURCES);
  const requests = parseResourceArgs(ctx.args.positional, verb);
  if (requests.some((r) => r.names.length === 0))
    throw new CommandError('resource(s) were provided, but no name was specified');
  for (const { kind, names } of requests) {
    for (const name of names) {
      try {
        out.push({ kind, obj: ctx.sim.store.mustGet(kind, nsFor(ctx, kind), name) });
      } catch (e) {
        out.push({ error: e });
      }
    }
  }
  return out;
}

/**
 * PrintObj of a typed object the client built (`resource` is the name printer's word,
 * `service`, `horizontalpodautoscaler.autoscaling`). TYPED has its Go structs' field order, which
 * `-o json` keeps (`-o yaml` sorts the keys); templates and JSONPath read it as it is.
 * One printer for several objects (expose's) separates its YAML documents; autoscale makes a new
 * printer for each object, so its documents follow each other without `---`.
 */
export function printClientObject(
  ctx: CommandContext,
  printer: Printer,
  resource: string,
  typed: Record<string, unknown>,
  operation: string,
  /** the printer's count of objects so far: its YAML printer writes `---` before each one after the first */
  printed: { count: number } = { count: 0 },
): void {
  const name = (typed.metadata as { name: string }).name;
  if (printer.kind === 'name') return ctx.out.println(`${resource}/${name}`);
  if (printer.kind !== 'generic') return ctx.out.println(`${resource}/${name} ${operation}`);
  if (printer.format === 'json') return ctx.out.out(toTypedJSON(typed));
  if (printer.format === 'yaml') return ctx.out.out(`${printed.count++ > 0 ? '---\n' : ''}${toYAML(typed)}`);
  try {
    ctx.out.out(printer.print(typed));
  } catch (e) {
    if (!(e instanceof PrintError)) throw e;
    throw new CommandError(formatSingleError(e), 1, true);
  }
}
