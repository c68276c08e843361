// `kubectl get`: tables (plain, wide, --show-labels, -A), -o yaml|json|name, label and field
// selectors, several types at once. Follows kubectl's get.go: one table per resource type separated
// by a blank line, `kind/name` in the NAME column when several kinds are printed, NotFound errors
// after the output, `No resources found…` on stderr when nothing was printed.

import { pushAll } from '../../api/objects';
import { kubectlErrorText, type StatusError } from '../../api/errors';
import { NAMESPACED, type KObject } from '../../api/types';
import { flagBool, flagString } from '../argv';
import { asList } from '../printers/list';
import { OBJECT_PRINT_FLAGS, PrintError, resolvePrinter } from '../printers/printFlags';
import { sortObjects, sortTableRows } from '../printers/sortBy';
import { resourceName } from '../printers/name';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext, type CommandDef, type FlagSpec } from '../types';
import { formatSingleError } from './common';
import {
  expandAll,
  fetchObjects,
  labelColumns,
  multipleTypesRequested,
  renderTables,
  type FetchOptions,
} from './getListing';
import { runGetRaw } from './getRaw';
import { runGetWatch } from './getWatch';

function run(ctx: CommandContext): void {
  const args = ctx.args;
  const noHeaders = flagBool(args, 'no-headers');
  const printer = resolvePrinter(ctx, { get: true, noHeaders });
  if (flagString(args, 'raw') !== undefined) {
    runGetRaw(ctx, flagString(args, 'raw')!);
    return;
  }
  if (args.positional.length === 0) {
    throw new CommandError(
      'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
        'error: Required resource not specified.\n' +
        'Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
        "See 'kubectl get -h' for help and examples",
      1,
      true,
    );
  }
  const allNamespaces = flagBool(args, 'all-namespaces');
  const positional = expandAll(args.positional);
  const requests = parseResourceArgs(positional, 'get');
  const fetch: FetchOptions = {
    allNamespaces,
    labelSelector: flagString(args, 'selector'),
    fieldSelector: flagString(args, 'field-selector'),
  };
  const watch = flagBool(args, 'watch') || flagBool(args, 'watch-only');
  if (watch) {
    if (flagString(args, 'sort-by'))
      ctx.out.eprintln('warning: --watch or --watch-only requested, --sort-by will be ignored');
    runGetWatch(ctx, requests, fetch, printer);
    return;
  }
  // One group per result the builder visits (an Info): a list per type, or one named object.
  let groups: { objects: KObject[]; resourceVersion: string }[] = [];
  const errors: StatusError[] = [];
  for (const req of requests) {
    const r = fetchObjects(ctx, req, fetch);
    if (req.names.length > 0)
      for (const o of r.objects)
        groups.push({ objects: [o], resourceVersion: o.metadata.resourceVersion ?? '' });
    else groups.push({ objects: r.objects, resourceVersion: ctx.sim.store.resourceVersion() });
    pushAll(errors, r.errors);
  }
  const sortBy = flagString(args, 'sort-by');
  let objs: KObject[];
  if (sortBy && printer.kind === 'human') {
    // Server-side printing: each group is a Table. kubectl's Run sorts the Tables themselves when
    // there are several (by the field of the Table object: rarely there), then the SortingPrinter
    // sorts each Table's rows — and a Table it cannot sort prints nothing.
    if (groups.length > 1) {
      const tables = groups.map((g) => ({
        g,
        table: {
          apiVersion: 'meta.k8s.io/v1',
          kind: 'Table',
          metadata: { resourceVersion: g.resourceVersion },
          columnDefinitions: [],
          rows: [],
        },
      }));
      groups = sortObjects(tables, sortBy, (t) => t.table).map((t) => t.g);
    }
    objs = groups.flatMap((g) => sortTableRows(g.objects, sortBy) ?? []);
  } else {
    objs = groups.flatMap((g) => g.objects);
    if (sortBy) objs = sortObjects(objs, sortBy);
  }
  const ignoreNotFound = flagBool(args, 'ignore-not-found');
  const shownErrors = ignoreNotFound ? errors.filter((e) => e.reason !== 'NotFound') : errors;
  let printError: PrintError | undefined;

  if (printer.kind === 'generic') {
    const singleItemImplied =
      requests.length === 1 && requests[0].names.length === 1 && !positional[0].includes(',');
    if (!(objs.length === 0 && ignoreNotFound)) {
      const doc =
        singleItemImplied && objs.length === 1
          ? objs[0]
          : singleItemImplied && objs.length === 0
            ? null
            : asList(objs);
      if (doc) {
        try {
          ctx.out.out(printer.print(doc));
        } catch (e) {
          if (!(e instanceof PrintError)) throw e;
          printError = e;
        }
      }
    }
  } else if (printer.kind === 'name') {
    for (const o of objs) ctx.out.println(resourceName(o));
  } else {
    const text = renderTables(
      objs,
      {
        wide: printer.kind === 'human' && printer.wide,
        showLabels: flagBool(args, 'show-labels'),
        allNamespaces,
        noHeaders,
        withKind:
          flagBool(args, 'show-kind') ||
          multipleTypesRequested(args.positional) ||
          new Set(objs.map((o) => o.kind)).size > 1,
        labelColumns: labelColumns(ctx),
      },
      ctx.sim.now(),
    );
    ctx.out.out(text);
    if (!text && !ignoreNotFound && shownErrors.length === 0) {
      const allNamespaced = !allNamespaces && requests.every((r) => NAMESPACED[r.kind]);
      ctx.out.eprintln(
        allNamespaced ? `No resources found in ${ctx.namespace} namespace.` : 'No resources found',
      );
    }
  }
  if (printError) {
    if (printError.partial) ctx.out.out(printError.partial);
    throw new CommandError(formatSingleError(printError), 1, true);
  }
  if (shownErrors.length > 0) {
    for (const e of shownErrors) ctx.out.eprintln(kubectlErrorText(e));
    throw new CommandError('', 1, true);
  }
}

export const GET_FLAGS: FlagSpec[] = [
  {
    name: 'output',
    short: 'o',
    type: 'string',
    usage:
      'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file, custom-columns, custom-columns-file, wide). See custom columns [https://kubernetes.io/docs/reference/kubectl/#custom-columns], golang template [http://golang.org/pkg/text/template/#pkg-overview] and jsonpath template [https://kubernetes.io/docs/reference/kubectl/jsonpath/].',
  },
  ...OBJECT_PRINT_FLAGS.filter((f) => f.name !== 'output'),
  {
    name: 'selector',
    short: 'l',
    type: 'string',
    usage:
      "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.(e.g. -l key1=value1,key2=value2,key3 in (value3)). Matching objects must satisfy all of the specified label constraints.",
  },
  {
    name: 'all-namespaces',
    short: 'A',
    type: 'bool',
    usage:
      'If present, list the requested object(s) across all namespaces. Namespace in current context is ignored even if specified with --namespace.',
  },
  {
    name: 'show-labels',
    type: 'bool',
    usage: 'When printing, show all labels as the last column (default hide labels column)',
  },
  {
    name: 'show-kind',
    type: 'bool',
    usage: 'If present, list the resource type for the requested object(s).',
  },
  {
    name: 'label-columns',
    short: 'L',
    type: 'stringArray',
    usage:
      'Accepts a comma separated list of labels that are going to be presented as columns. Names are case-sensitive. You can also use multiple flag options like -L label1 -L label2...',
  },
  {
    name: 'sort-by',
    type: 'string',
    usage:
      "If non-empty, sort list types using this field specification.  The field specification is expressed as a JSONPath expression (e.g. '{.metadata.name}'). The field in the API resource specified by this JSONPath expression must be an integer or a string.",
  },
  {
    name: 'field-selector',
    type: 'string',
    usage:
      "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type.",
  },
  {
    name: 'no-headers',
    type: 'bool',
    usage:
      "When using the default or custom-column output format, don't print headers (default print headers).",
  },
  {
    name: 'ignore-not-found',
    type: 'bool',
    usage:
      'If set to true, suppresses NotFound error for specific objects that do not exist. Using this flag with commands that query for collections of resources has no effect when no resources are found.',
  },
  {
    name: 'watch',
    short: 'w',
    type: 'bool',
    usage: 'After listing/getting the requested object, watch for changes.',
  },
  {
    name: 'watch-only',
    type: 'bool',
    usage: 'Watch for changes to the requested object(s), without listing/getting first.',
  },
  {
    name: 'raw',
    type: 'string',
    usage: 'Raw URI to request from the server.  Uses the transport specified by the kubeconfig file.',
  },
  {
    name: 'chunk-size',
    type: 'int',
    default: '500',
    usage:
      'Return large lists in chunks rather than all at once. Pass 0 to disable. This flag is beta and may change in the future.',
  },
];

export const getCommand: CommandDef = {
  name: 'get',
  short: 'Display one or many resources',
  usage:
    'kubectl get [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags] [options]',
  flags: GET_FLAGS,
  run,
};
