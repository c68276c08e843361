// `kubectl get`: tables (plain, wide, --show-labels, -A), -o yaml|json|name, label and field
// selectors, several types at once. Follows kubectl's get.go: one table per resource type separated
// by a blank line, `kind/name` in the NAME column when several kinds are printed, NotFound errors
// after the output, `No resources found…` on stderr when nothing was printed.

import { kubectlErrorText, notFound, StatusError } from '../../api/errors';
import { matches, parseSelector, type Selector } from '../../api/labels';
import { NAMESPACED, RESOURCE, type Kind, type KEvent, type KObject } from '../../api/types';
import { flagBool, flagString } from '../argv';
import { COLUMNS, headersFor } from '../printers/columns';
import { toJSON } from '../printers/json';
import { asList } from '../printers/list';
import { resourceName } from '../printers/name';
import { printTable } from '../printers/table';
import { toYAML } from '../printers/yaml';
import { parseResourceArgs, type ResourceRequest } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { formatLabels } from '../../api/labels';

const OUTPUT_FORMATS =
  'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/** `/v1, Resource=pods`, `apps/v1, Resource=daemonsets` (schema.GroupVersionResource.String). */
function gvrString(kind: Kind): string {
  const r = RESOURCE[kind];
  return `${r.group ? `${r.group}/` : '/'}v1, Resource=${r.plural}`;
}

// ------------------------------------------------------------------------------ field selectors

const FIELD_LABELS: Partial<Record<Kind, string[]>> = {
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
  for (const p of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
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

/** The objects a request names (NotFound errors collected) or lists. */
export function fetchObjects(ctx: CommandContext, req: ResourceRequest, o: FetchOptions): FetchResult {
  const store = ctx.sim.store;
  const namespaced = NAMESPACED[req.kind];
  const errors: StatusError[] = [];
  let selector: Selector | undefined;
  if (o.labelSelector) {
    try {
      selector = parseSelector(o.labelSelector);
    } catch (e) {
      throw new StatusError(
        400,
        'BadRequest',
        `Unable to find "${gvrString(req.kind)}" that match label selector "${o.labelSelector}", field selector "${
          o.fieldSelector ?? ''
        }": ${(e as Error).message}`,
      );
    }
  }
  const fields = o.fieldSelector ? parseFieldSelector(req.kind, o.fieldSelector, o.labelSelector ?? '') : [];
  const keep = (obj: KObject) =>
    (!selector || matches(selector, obj.metadata.labels)) &&
    fields.every((f) => (fieldValue(obj, f.path) === f.value) === f.equal);
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

function printTables(ctx: CommandContext, objs: KObject[], wide: boolean, showLabels: boolean, allNamespaces: boolean, noHeaders: boolean) {
  const kinds = new Set(objs.map((o) => o.kind));
  const withKind = kinds.size > 1;
  const now = ctx.sim.now();
  let written = false;
  let i = 0;
  while (i < objs.length) {
    const kind = objs[i].kind as Kind;
    let j = i;
    while (j < objs.length && objs[j].kind === kind) j++;
    const group = objs.slice(i, j);
    i = j;
    const cols = COLUMNS[kind];
    const withNamespace = allNamespaces && NAMESPACED[kind];
    const headers = [...headersFor(cols, wide)];
    if (withNamespace) headers.unshift('Namespace');
    if (showLabels) headers.push('Labels');
    const rows = group.map((o) => {
      const cells = cols.row(o, { wide, now });
      // The NAME column is the first cell of every table except events.
      if (withKind && kind !== 'Event') cells[0] = resourceName(o);
      if (withNamespace) cells.unshift(o.metadata.namespace ?? '');
      if (showLabels) cells.push(formatLabels(o.metadata.labels));
      return cells;
    });
    if (written && !noHeaders) ctx.out.out('\n');
    ctx.out.out(printTable({ headers, rows }, noHeaders));
    written = true;
  }
  return written;
}

function run(ctx: CommandContext): void {
  const args = ctx.args;
  const output = flagString(args, 'output') ?? '';
  if (!['', 'wide', 'yaml', 'json', 'name'].includes(output)) {
    throw new CommandError(
      `unable to match a printer suitable for the output format "${output}", allowed formats are: ${OUTPUT_FORMATS}`,
    );
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
  const requests = parseResourceArgs(args.positional, 'get');
  const fetch: FetchOptions = {
    allNamespaces,
    labelSelector: flagString(args, 'selector'),
    fieldSelector: flagString(args, 'field-selector'),
  };
  const objs: KObject[] = [];
  const errors: StatusError[] = [];
  for (const req of requests) {
    const r = fetchObjects(ctx, req, fetch);
    objs.push(...r.objects);
    errors.push(...r.errors);
  }
  const ignoreNotFound = flagBool(args, 'ignore-not-found');
  const shownErrors = ignoreNotFound ? errors.filter((e) => e.reason !== 'NotFound') : errors;

  if (output === 'yaml' || output === 'json') {
    const singleItemImplied = requests.length === 1 && requests[0].names.length === 1 && !args.positional[0].includes(',');
    if (!(objs.length === 0 && ignoreNotFound)) {
      const doc = singleItemImplied && objs.length === 1 ? objs[0] : singleItemImplied && objs.length === 0 ? null : asList(objs);
      if (doc) ctx.out.out(output === 'yaml' ? toYAML(doc) : toJSON(doc));
    }
  } else if (output === 'name') {
    for (const o of objs) ctx.out.println(resourceName(o));
  } else {
    const written = printTables(
      ctx,
      objs,
      output === 'wide',
      flagBool(args, 'show-labels'),
      allNamespaces,
      flagBool(args, 'no-headers'),
    );
    if (!written && !ignoreNotFound && shownErrors.length === 0) {
      const allNamespaced = !allNamespaces && objs.every((o) => NAMESPACED[o.kind as Kind]);
      ctx.out.eprintln(allNamespaced ? `No resources found in ${ctx.namespace} namespace.` : 'No resources found');
    }
  }
  if (shownErrors.length > 0) {
    for (const e of shownErrors) ctx.out.eprintln(kubectlErrorText(e));
    throw new CommandError('', 1, true);
  }
}

export const getCommand: CommandDef = {
  name: 'get',
  short: 'Display one or many resources',
  usage: 'kubectl get [(-o|--output=)json|yaml|name|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags] [options]',
  flags: [
    { name: 'output', short: 'o', type: 'string', usage: 'Output format. One of: (json, yaml, name, wide).' },
    { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on, supports \'=\', \'==\', \'!=\', \'in\', \'notin\'.' },
    { name: 'all-namespaces', short: 'A', type: 'bool', usage: 'If present, list the requested object(s) across all namespaces.' },
    { name: 'show-labels', type: 'bool', usage: 'When printing, show all labels as the last column (default hide labels column).' },
    { name: 'field-selector', type: 'string', usage: 'Selector (field query) to filter on, supports \'=\', \'==\', and \'!=\'.' },
    { name: 'no-headers', type: 'bool', usage: 'When using the default or custom-column output format, don\'t print headers.' },
    { name: 'ignore-not-found', type: 'bool', usage: 'If set to true, suppresses NotFound error for specific objects that do not exist.' },
  ],
  run,
};
