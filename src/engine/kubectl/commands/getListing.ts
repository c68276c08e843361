// What `kubectl get` and `kubectl get -w` share (kubectl/pkg/cmd/get/get.go): fetching the objects a
// request names or lists, the label and field selectors as a predicate, the human-readable tables,
// and the argument helpers (`all`, several types, -L). Its own module so that get.ts dispatches to
// the watch (getWatch.ts) and the watch reuses the listing without a circle.

import { ownGet } from '../../api/own';
import { notFound, StatusError } from '../../api/errors';
import { formatLabels, matches, parseSelector, SelectorParseError, type Selector } from '../../api/labels';
import { NAMESPACED, RESOURCE, type Kind, type KEvent, type KObject } from '../../api/types';
import { flagArray } from '../argv';
import { COLUMNS, headersFor } from '../printers/columns';
import { resourceName } from '../printers/name';
import { printTable } from '../printers/table';
import { TABLE_TABWRITER, tabwrite } from '../printers/tabwriter';
import type { ResourceRequest } from '../resources';
import type { CommandContext } from '../types';

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
  for (const p of path.split('.'))
    v = v && typeof v === 'object' ? ownGet(v as Record<string, unknown>, p) : undefined;
  if (v === undefined || v === null)
    return path === 'spec.hostNetwork' || path === 'spec.unschedulable' ? 'false' : '';
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

/**
 * A list's label selector as the API server parses it (labels.Parse): a selector it refuses is its
 * 400, reworded by cli-runtime's Selector.Visit as every builder-based command (get, delete, label,
 * annotate, logs, wait, cordon, taint) prints it.
 */
export function builderLabelSelector(kind: Kind, labelSelector: string, fieldSelector = ''): Selector {
  try {
    return parseSelector(labelSelector);
  } catch (e) {
    if (!(e instanceof SelectorParseError)) throw e;
    throw new StatusError(
      400,
      'BadRequest',
      `Unable to find "${gvrString(kind)}" that match label selector "${labelSelector}", field selector "${fieldSelector}": ${e.message}`,
    );
  }
}

/** The label and field selector of a request as a predicate (BadRequest for a bad selector). */
export function objectFilter(kind: Kind, o: FetchOptions): (obj: KObject) => boolean {
  const selector = o.labelSelector ? builderLabelSelector(kind, o.labelSelector, o.fieldSelector) : undefined;
  const fields = o.fieldSelector ? parseFieldSelector(kind, o.fieldSelector, o.labelSelector ?? '') : [];
  return (obj: KObject) =>
    (!selector || matches(selector, obj.metadata.labels)) &&
    fields.every((f) => (fieldValue(obj, f.path) === f.value) === f.equal);
}

/** The objects a request names (NotFound errors collected) or lists. */
export function fetchObjects(ctx: CommandContext, req: ResourceRequest, o: FetchOptions): FetchResult {
  const store = ctx.sim.store;
  const namespaced = NAMESPACED[req.kind];
  const errors: StatusError[] = [];
  let keep: (obj: KObject) => boolean;
  try {
    keep = objectFilter(req.kind, o);
  } catch (e) {
    // the list's 400 for this type; the builder continues on error with the next type
    if (!(e instanceof StatusError)) throw e;
    return { objects: [], errors: [e] };
  }
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
      const lines = [...(o.noHeaders ? [] : [headers.map((h) => h.toUpperCase())]), ...rows].map((r) =>
        r.join('\t'),
      );
      text += lines.length
        ? tabwrite(`${lines.join('\n')}\n`, { ...TABLE_TABWRITER, remember: o.remember })
        : '';
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
  return flagArray(ctx.args, 'label-columns')
    .flatMap((v) => v.split(','))
    .filter((k) => k !== '');
}

/** The kinds `kubectl get all` lists that this cluster serves (the `all` category, in its order). */
export const ALL_CATEGORY: Kind[] = ['Pod', 'DaemonSet', 'Deployment', 'ReplicaSet'];

/** Expands `all` (alone or in a comma list) to the category's types. */
export function expandAll(positional: string[]): string[] {
  if (positional.length === 0) return positional;
  const [types, ...rest] = positional;
  if (types.includes('/')) return positional;
  const words = types
    .split(',')
    .flatMap((t) => (t === 'all' ? ALL_CATEGORY.map((k) => RESOURCE[k].plural) : [t]));
  return [words.join(','), ...rest];
}
