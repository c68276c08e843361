// `kubectl get`: tables (plain, wide, --show-labels, -A), -o yaml|json|name, label and field
// selectors, several types at once. Follows kubectl's get.go: one table per resource type separated
// by a blank line, `kind/name` in the NAME column when several kinds are printed, NotFound errors
// after the output, `No resources found…` on stderr when nothing was printed.

import { pushAll } from '../../api/objects';
import { ownGet } from '../../api/own';
import { kubectlErrorText, notFound, StatusError } from '../../api/errors';
import { matches, parseSelector, type Selector } from '../../api/labels';
import { NAMESPACED, RESOURCE, type Kind, type KEvent, type KObject } from '../../api/types';
import { flagArray, flagBool, flagString } from '../argv';
import { COLUMNS, headersFor } from '../printers/columns';
import { asList } from '../printers/list';
import { OBJECT_PRINT_FLAGS, PrintError, resolvePrinter } from '../printers/printFlags';
import { sortObjects, sortTableRows } from '../printers/sortBy';
import { resourceName } from '../printers/name';
import { printTable } from '../printers/table';
import { TABLE_TABWRITER, tabwrite } from '../printers/tabwriter';
import { parseResourceArgs, type ResourceRequest } from '../resources';
import { CommandError, type CommandContext, type CommandDef, type FlagSpec } from '../types';
import { formatSingleError } from './common';
import { runGetRaw } from './getRaw';
import { runGetWatch } from './getWatch';
import { formatLabels } from '../../api/labels';

/** `/v1, Resource=pods`, `apps/v1, Resource=daemonsets` (schema.GroupVersionResource.String). */
function gvrString(kind: Kind): string {
  const r = RESOURCE[kind];
  return `${r.group ? `${r.group}/` : '/'}v1, Resource=${r.plural}`;
}

// ------------------------------------------------------------------------------ field selectors

/** The fields each kind can be selected by besides metadata.name/namespace (the API server's field label conversions). */
export const FIELD_LABELS: Partial<Record<Kind, string[]>> = {
  Pod: [
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.nominatedNodeName',
  ],
  Node: ['spec.unschedulable'],
  Namespace: ['status.phase'],
  Event: [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
  ],
};

interface FieldRequirement {
  path: string;
  value: string;
  equal: boolean;
}

function fieldValue(obj: KObject, path: string): string {
  if (path === 'source') return String((obj as KEvent).source?.component ?? '');
  let v: unknown = obj;
  for (const p of path.split('.')) v = v && typeof v === 'object' ? ownGet(v as Record<string, unknown>, p) : undefined;
  if (v === undefined || v === null) return path === 'spec.hostNetwork' || path === 'spec.unschedulable' ? 'false' : '';
  return String(v);
}

function parseFieldSelector(kind: Kind, s: string, labelSelector: string): FieldRequirement[] {
  const out: FieldRequirement[] = [];
  for (const part of s.split(',').filter((p) => p.trim() !== '')) {
    const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(part.trim());
    const bad = (msg: string) =>
      new StatusError(
        400,
        'BadRequest',
        `Unable to find "${gvrString(kind)}" that match label selector "${labelSelector}", field selector "${s}": ${msg}`,
      );
    if (!m) throw bad(`invalid selector: '${part}'; can't understand '${part}'`);
    const path = m[1].trim();
    const allowed = ['metadata.name', 'metadata.namespace', ...(FIELD_LABELS[kind] ?? [])];
    if (!allowed.includes(path)) throw bad(`field label not supported: ${path}`);
    out.push({ path, value: m[3].trim(), equal: m[2] !== '!=' });
  }
  return out;
}

// ------------------------------------------------------------------------------ fetching

export interface FetchOptions {
  allNamespaces: boolean;
  labelSelector?: string;
  fieldSelector?: string;
}

export interface FetchResult {
  objects: KObject[];
  errors: StatusError[];
}

/** The label and field selector of a request as a predicate (BadRequest for a bad selector). */
export function objectFilter(kind: Kind, o: FetchOptions): (obj: KObject) => boolean {
  let selector: Selector | undefined;
  if (o.labelSelector) {
    try {
      selector = parseSelector(o.labelSelector);
    } catch (e) {
      throw new StatusError(
        400,
        'BadRequest',
        `Unable to find "${gvrString(kind)}" that match label selector "${o.labelSelector}", field selector "${
          o.fieldSelector ?? ''
        }": ${(e as Error).message}`,
      );
    }
  }
  const fields = o.fieldSelector ? parseFieldSelector(kind, o.fieldSelector, o.labelSelector ?? '') : [];
  return (obj: KObject) =>
    (!selector || matches(selector, obj.metadata.labels)) && fields.every((f) => (fieldValue(obj, f.path) === f.value) === f.equal);
}

/** The objects a request names (NotFound errors collected) or lists. */
export function fetchObjects(ctx: CommandContext, req: ResourceRequest, o: FetchOptions): FetchResult {
  const store = ctx.sim.store;
  const namespaced = NAMESPACED[req.kind];
  const errors: StatusError[] = [];
  const keep = objectFilter(req.kind, o);
  if (req.names.length > 0) {
    const objects: KObject[] = [];
    for (const name of req.names) {
      const obj = store.get(req.kind, namespaced ? ctx.namespace : undefined, name);
      if (!obj) errors.push(notFound(req.kind, name));
      else if (keep(obj)) objects.push(obj);
    }
    return { objects, errors };
  }
  const ns = namespaced && !o.allNamespaces ? ctx.namespace : undefined;
  // The API server's order (namespace, then name) for every kind, Events included: kubectl sorts
  // only with --sort-by (`kubectl events` is the command that sorts events by time).
  const objects: KObject[] = store.list(req.kind, ns).filter(keep);
  return { objects, errors };
}

// ------------------------------------------------------------------------------ printing

export interface TableOptions {
  wide: boolean;
  showLabels: boolean;
  allNamespaces: boolean;
  noHeaders: boolean;
  /** print `kind/name` in the NAME column */
  withKind: boolean;
  /** -L/--label-columns keys */
  labelColumns: string[];
  /** column widths remembered across flushes (a watch prints row by row) */
  remember?: number[];
}

/** formatLabelHeaders: the last path segment of each key, upper-cased. */
function labelHeader(key: string): string {
  const parts = key.split('/');
  return parts[parts.length - 1].toUpperCase();
}

/** The human-readable tables: one per run of objects of one kind, separated by a blank line. */
export function renderTables(objs: KObject[], o: TableOptions, now: number): string {
  let text = '';
  let written = false;
  let i = 0;
  while (i < objs.length) {
    const kind = objs[i].kind as Kind;
    let j = i;
    while (j < objs.length && objs[j].kind === kind) j++;
    const group = objs.slice(i, j);
    i = j;
    const cols = COLUMNS[kind];
    const withNamespace = o.allNamespaces && NAMESPACED[kind];
    const headers = [...headersFor(cols, o.wide)];
    if (withNamespace) headers.unshift('Namespace');
    headers.push(...o.labelColumns.map(labelHeader));
    if (o.showLabels) headers.push('Labels');
    const rows = group.map((obj) => {
      const cells = cols.row(obj, { wide: o.wide, now });
      // The NAME column is the first cell of every table except events.
      if (o.withKind && kind !== 'Event') cells[0] = resourceName(obj);
      if (withNamespace) cells.unshift(obj.metadata.namespace ?? '');
      for (const key of o.labelColumns) cells.push(obj.metadata.labels?.[key] ?? '');
      if (o.showLabels) cells.push(formatLabels(obj.metadata.labels));
      return cells;
    });
    if (written && !o.noHeaders) text += '\n';
    if (o.remember) {
      const lines = [...(o.noHeaders ? [] : [headers.map((h) => h.toUpperCase())]), ...rows].map((r) => r.join('\t'));
      text += lines.length ? tabwrite(`${lines.join('\n')}\n`, { ...TABLE_TABWRITER, remember: o.remember }) : '';
    } else text += printTable({ headers, rows }, o.noHeaders);
    written = true;
  }
  return text;
}

/** resource.MultipleTypesRequested: `all`, `a,b`, or TYPE/NAME arguments of different types. */
export function multipleTypesRequested(positional: string[]): boolean {
  if (positional.length === 1 && positional[0] === 'all') return true;
  const types = new Set<string>();
  for (const a of positional) {
    const slash = a.indexOf('/');
    if (slash >= 0) {
      types.add(a.slice(0, slash));
      continue;
    }
    if (a.split(',').length > 1) return true;
  }
  return types.size > 1;
}

/** `-L a,b -L c`: label keys, in order. */
export function labelColumns(ctx: CommandContext): string[] {
  return flagArray(ctx.args, 'label-columns').flatMap((v) => v.split(',')).filter((k) => k !== '');
}

/** The kinds `kubectl get all` lists that this cluster serves (the `all` category, in its order). */
export const ALL_CATEGORY: Kind[] = ['Pod', 'DaemonSet', 'Deployment', 'ReplicaSet'];

/** Expands `all` (alone or in a comma list) to the category's types. */
export function expandAll(positional: string[]): string[] {
  if (positional.length === 0) return positional;
  const [types, ...rest] = positional;
  if (types.includes('/')) return positional;
  const words = types.split(',').flatMap((t) => (t === 'all' ? ALL_CATEGORY.map((k) => RESOURCE[k].plural) : [t]));
  return [words.join(','), ...rest];
}

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
    if (flagString(args, 'sort-by')) ctx.out.eprintln('warning: --watch or --watch-only requested, --sort-by will be ignored');
    runGetWatch(ctx, requests, fetch, printer);
    return;
  }
  // One group per result the builder visits (an Info): a list per type, or one named object.
  let groups: { objects: KObject[]; resourceVersion: string }[] = [];
  const errors: StatusError[] = [];
  for (const req of requests) {
    const r = fetchObjects(ctx, req, fetch);
    if (req.names.length > 0) for (const o of r.objects) groups.push({ objects: [o], resourceVersion: o.metadata.resourceVersion ?? '' });
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
      const tables = groups.map((g) => ({ g, table: { apiVersion: 'meta.k8s.io/v1', kind: 'Table', metadata: { resourceVersion: g.resourceVersion }, columnDefinitions: [], rows: [] } }));
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
    const singleItemImplied = requests.length === 1 && requests[0].names.length === 1 && !positional[0].includes(',');
    if (!(objs.length === 0 && ignoreNotFound)) {
      const doc = singleItemImplied && objs.length === 1 ? objs[0] : singleItemImplied && objs.length === 0 ? null : asList(objs);
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
        withKind: flagBool(args, 'show-kind') || multipleTypesRequested(args.positional) || new Set(objs.map((o) => o.kind)).size > 1,
        labelColumns: labelColumns(ctx),
      },
      ctx.sim.now(),
    );
    ctx.out.out(text);
    if (!text && !ignoreNotFound && shownErrors.length === 0) {
      const allNamespaced = !allNamespaces && requests.every((r) => NAMESPACED[r.kind]);
      ctx.out.eprintln(allNamespaced ? `No resources found in ${ctx.namespace} namespace.` : 'No resources found');
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
  { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on, supports \'=\', \'==\', \'!=\', \'in\', \'notin\'.(e.g. -l key1=value1,key2=value2,key3 in (value3)). Matching objects must satisfy all of the specified label constraints.' },
  { name: 'all-namespaces', short: 'A', type: 'bool', usage: 'If present, list the requested object(s) across all namespaces. Namespace in current context is ignored even if specified with --namespace.' },
  { name: 'show-labels', type: 'bool', usage: 'When printing, show all labels as the last column (default hide labels column)' },
  { name: 'show-kind', type: 'bool', usage: 'If present, list the resource type for the requested object(s).' },
  { name: 'label-columns', short: 'L', type: 'stringArray', usage: 'Accepts a comma separated list of labels that are going to be presented as columns. Names are case-sensitive. You can also use multiple flag options like -L label1 -L label2...' },
  { name: 'sort-by', type: 'string', usage: "If non-empty, sort list types using this field specification.  The field specification is expressed as a JSONPath expression (e.g. '{.metadata.name}'). The field in the API resource specified by this JSONPath expression must be an integer or a string." },
  { name: 'field-selector', type: 'string', usage: "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type." },
  { name: 'no-headers', type: 'bool', usage: 'When using the default or custom-column output format, don\'t print headers (default print headers).' },
  { name: 'ignore-not-found', type: 'bool', usage: 'If set to true, suppresses NotFound error for specific objects that do not exist. Using this flag with commands that query for collections of resources has no effect when no resources are found.' },
  { name: 'watch', short: 'w', type: 'bool', usage: 'After listing/getting the requested object, watch for changes.' },
  { name: 'watch-only', type: 'bool', usage: 'Watch for changes to the requested object(s), without listing/getting first.' },
  { name: 'raw', type: 'string', usage: 'Raw URI to request from the server.  Uses the transport specified by the kubeconfig file.' },
  { name: 'chunk-size', type: 'int', default: '500', usage: 'Return large lists in chunks rather than all at once. Pass 0 to disable. This flag is beta and may change in the future.' },
];

export const getCommand: CommandDef = {
  name: 'get',
  short: 'Display one or many resources',
  usage: 'kubectl get [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags] [options]',
  flags: GET_FLAGS,
  run,
};
