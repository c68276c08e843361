// `kubectl events [--for TYPE/NAME] [--types=Normal,Warning] [-A] [-o …]` (kubectl/pkg/cmd/events):
// the Events of a namespace (or all), optionally only those whose involvedObject is one object (the
// field selector involvedObject.kind + involvedObject.name, as the client sends it), ordered by
// their time (sort.Sort over eventTime: series, lastTimestamp, eventTime) and printed by its own
// EventPrinter (LAST SEEN, TYPE, REASON, OBJECT, MESSAGE; ages from the simulated clock) or, with
// -o, as a typed EventList. `-w` lists the current events, then each new or changed one as it
// comes, until the cluster is quiet (the script's watch, as `kubectl get -w`).

import type { EventRecord } from '../../api/eventStore';
import { serverObject } from '../../api/encode';
import type { KEvent, KObject } from '../../api/types';
import { parseTime } from '../../clock';
import { TIMINGS } from '../../timings';
import { flagArray, flagBool, flagString } from '../argv';
import { translateTimestampSince } from '../printers/age';
import { goSortSlice } from '../printers/goSort';
import { OBJECT_PRINT_FLAGS, PrintError, resolvePrinter, type Printer } from '../printers/printFlags';
import { TABLE_TABWRITER, tabwrite } from '../printers/tabwriter';
import { resolveResource } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { formatSingleError } from './common';

const OUTPUT_USAGE =
  'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).';

/** The kinds `--for` may name, as the RESTMapper resolves a resource word to its kind. */
function forTarget(s: string): { kind: string; name: string } | undefined {
  if (!s.includes('/')) return undefined;
  const seg = s.split('/');
  if (seg.length !== 2)
    throw new CommandError('arguments in resource/name form may not have more than one slash');
  try {
    return { kind: resolveResource(seg[0]), name: seg[1] };
  } catch (e) {
    // cmdutil.CheckErr prints a NoResourceMatchError's message as it is, without `error: `
    if (e instanceof CommandError) throw new CommandError(e.message, 1, true);
    throw e;
  }
}

/** eventTime() of SortableEvents: the series' last observation, else lastTimestamp, else eventTime. */
function eventTime(e: KEvent): number {
  const ext = e as KEvent & { series?: { lastObservedTime?: string }; eventTime?: string | null };
  if (ext.series) return parseTime(ext.series.lastObservedTime) ?? 0;
  const last = parseTime(e.lastTimestamp);
  if (last !== undefined) return last;
  return parseTime(ext.eventTime ?? undefined) ?? 0;
}

/** The events in kubectl's order (Go's unstable sort.Sort by eventTime, over the server's list order). */
export function sortEvents(events: readonly KEvent[]): KEvent[] {
  return goSortSlice(events, (a, b) => eventTime(a) < eventTime(b));
}

/** escapeCell: cut at the first line break (with `...`), then printers.EscapeTerminal. */
function escapeCell(s: string): string {
  const i = s.search(/[\f\n\r]/);
  const cut = i >= 0 ? `${s.slice(0, i)}...` : s;
  return cut.split('\u001b').join('^[');
}

/** getInterval: `5s`, or `5s (x3 over 2m)` for a repeated event. */
function interval(e: KEvent, now: number): string {
  const ext = e as KEvent & {
    series?: { count?: number; lastObservedTime?: string };
    eventTime?: string | null;
  };
  const first = ext.eventTime
    ? translateTimestampSince(ext.eventTime, now)
    : translateTimestampSince(e.firstTimestamp, now);
  if (ext.series)
    return `${translateTimestampSince(ext.series.lastObservedTime, now)} (x${ext.series.count ?? 0} over ${first})`;
  if (e.count > 1) return `${translateTimestampSince(e.lastTimestamp, now)} (x${e.count} over ${first})`;
  return first;
}

/** EventPrinter: the rows (and the heading, once) as tab-separated text for the table tabwriter. */
class EventPrinter {
  private headersPrinted = false;
  constructor(
    private readonly noHeaders: boolean,
    private readonly allNamespaces: boolean,
  ) {}

  print(events: KEvent[], now: number): string {
    let s = '';
    if (!this.noHeaders && !this.headersPrinted) {
      s += `${this.allNamespaces ? 'NAMESPACE\t' : ''}LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n`;
      this.headersPrinted = true;
    }
    for (const e of events) {
      if (this.allNamespaces) s += `${e.metadata.namespace ?? ''}\t`;
      s += `${interval(e, now)}\t${escapeCell(e.type)}\t${escapeCell(e.reason)}\t${escapeCell(e.involvedObject.kind)}/${escapeCell(e.involvedObject.name)}\t${escapeCell(e.message.trim())}\n`;
    }
    return s;
  }
}

const EVENT_ORDER = [
  'reason',
  'message',
  'source',
  'firstTimestamp',
  'lastTimestamp',
  'count',
  'type',
  'eventTime',
  'series',
  'action',
  'related',
  'reportingComponent',
  'reportingInstance',
];
const REFERENCE_ORDER = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'];

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (Object.hasOwn(o, k) && o[k] !== undefined) out[k] = o[k];
  return out;
}

/**
 * The event as kubectl holds it (a typed corev1.Event, its GroupVersionKind set): the struct's field
 * order, `eventTime: null` and `reportingInstance: ""` as the typed encoder writes them, no
 * managedFields (--show-managed-fields=false).
 */
export function typedEvent(e: KEvent, showManagedFields = false): Record<string, unknown> {
  const plain = serverObject(e, false);
  const meta = { ...(plain.metadata as Record<string, unknown>) };
  if (!showManagedFields) delete meta.managedFields;
  const rest = pick(plain, EVENT_ORDER);
  return {
    kind: 'Event',
    apiVersion: 'v1',
    metadata: meta,
    involvedObject: pick(e.involvedObject as unknown as Record<string, unknown>, REFERENCE_ORDER),
    ...pick(rest, ['reason', 'message']),
    source: pick((e.source ?? {}) as unknown as Record<string, unknown>, ['component', 'host']),
    ...pick(rest, ['firstTimestamp', 'lastTimestamp', 'count', 'type']),
    eventTime: rest.eventTime ?? null,
    ...pick(rest, ['series', 'action', 'related']),
    reportingComponent: rest.reportingComponent ?? '',
    reportingInstance: rest.reportingInstance ?? '',
  };
}

/** json.MarshalIndent of a typed object: the struct order kept, four spaces, HTML-safe escapes. */
function typedJSON(v: unknown): string {
  const text = JSON.stringify(v, null, 4)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `${text}\n`;
}

interface Options {
  namespace: string;
  allNamespaces: boolean;
  types: string[];
  target?: { kind: string; name: string };
}

function options(ctx: CommandContext): Options {
  const target = flagString(ctx.args, 'for');
  const t = target ? forTarget(target) : undefined;
  if (target && !t) throw new CommandError('--for must be in resource/name form');
  // StringSlice: comma-separated, then sets.NewString(...).List(): unique and sorted
  const types = [...new Set(flagArray(ctx.args, 'types').flatMap((v) => v.split(',')))].sort();
  for (const v of types) {
    if (v.toLowerCase() !== 'normal' && v.toLowerCase() !== 'warning')
      throw new CommandError('valid --types are Normal or Warning');
  }
  return { namespace: ctx.namespace, allNamespaces: flagBool(ctx.args, 'all-namespaces'), types, target: t };
}

function selects(o: Options, e: KObject): e is KEvent {
  if (e.kind !== 'Event') return false;
  const ev = e as KEvent;
  if (!o.allNamespaces && ev.metadata.namespace !== o.namespace) return false;
  if (o.target && (ev.involvedObject.kind !== o.target.kind || ev.involvedObject.name !== o.target.name))
    return false;
  return o.types.length === 0 || o.types.some((t) => t.toLowerCase() === ev.type.toLowerCase());
}

function printWith(printer: Printer, list: () => unknown): string {
  if (printer.kind === 'name') return '';
  if (printer.kind !== 'generic') throw new Error('unreachable: events prints tables itself');
  try {
    return printer.print(list());
  } catch (e) {
    if (e instanceof PrintError) throw new CommandError(formatSingleError(e), 1, true);
    throw e;
  }
}

function objectPrinter(ctx: CommandContext): Printer | undefined {
  const output = flagString(ctx.args, 'output') ?? '';
  if (output === '' && (flagString(ctx.args, 'template') ?? '') === '') return undefined;
  const printer = resolvePrinter(ctx);
  if (printer.kind === 'generic' && printer.format === 'json') {
    return { kind: 'generic', format: 'json', print: typedJSON };
  }
  return printer;
}

function run(ctx: CommandContext): void {
  const printer = objectPrinter(ctx);
  const o = options(ctx);
  const showManaged = flagBool(ctx.args, 'show-managed-fields');
  const sim = ctx.sim;
  if (flagBool(ctx.args, 'watch')) return runWatch(ctx, o, printer, showManaged);
  const events = sortEvents(
    sim.store.list('Event', o.allNamespaces ? undefined : o.namespace).filter((e) => selects(o, e)),
  );
  if (events.length === 0) {
    ctx.out.eprintln(o.allNamespaces ? 'No events found.' : `No events found in ${o.namespace} namespace.`);
    return;
  }
  if (printer) {
    ctx.out.out(
      printWith(printer, () => ({
        kind: 'EventList',
        apiVersion: 'v1',
        metadata: {},
        items: events.map((e) => typedEvent(e, showManaged)),
      })),
    );
    return;
  }
  const p = new EventPrinter(flagBool(ctx.args, 'no-headers'), o.allNamespaces);
  ctx.out.out(tabwrite(p.print(events, sim.now()), TABLE_TABWRITER));
}

/**
 * runWatch: a watch without a resourceVersion, so the current events come first as ADDED (in the
 * server's order, unsorted), then every added or modified one (deletions are not printed); each
 * event is flushed on its own, so each row is aligned only with itself (and the heading with the
 * first row). The script's watch ends when the cluster is quiet, as `kubectl get -w` does.
 */
function runWatch(ctx: CommandContext, o: Options, printer: Printer | undefined, showManaged: boolean): void {
  const sim = ctx.sim;
  const table = printer ? undefined : new EventPrinter(flagBool(ctx.args, 'no-headers'), o.allNamespaces);
  let yamlCount = 0;
  const emit = (e: KEvent) => {
    if (table) {
      ctx.out.out(tabwrite(table.print([e], sim.now()), TABLE_TABWRITER));
      return;
    }
    const text = printWith(printer!, () => typedEvent(e, showManaged));
    if (printer!.kind === 'generic' && printer!.format === 'yaml' && yamlCount++ > 0) ctx.out.out('---\n');
    ctx.out.out(text);
  };
  for (const e of sim.store.list('Event', o.allNamespaces ? undefined : o.namespace))
    if (selects(o, e)) emit(e);
  let failure: unknown;
  // Events are kept apart from other objects (api/eventStore): their writes reach its listeners.
  const events = sim.store.events;
  const onWrite = (type: 'upsert' | 'delete', r: EventRecord) => {
    if (failure || type === 'delete') return;
    const e = events.object(r);
    if (!selects(o, e)) return;
    try {
      emit(e);
    } catch (err) {
      failure = err;
    }
  };
  events.listeners.push(onWrite);
  const stop = () => {
    const i = events.listeners.indexOf(onWrite);
    if (i >= 0) events.listeners.splice(i, 1);
  };
  const deadline = sim.now() + TIMINGS.settleLimitMs;
  try {
    while (!failure) {
      const t = sim.nextAt();
      if (t === undefined || t > deadline) break;
      sim.step();
    }
  } finally {
    stop();
  }
  if (failure) throw failure;
}

export const eventsCommand: CommandDef = {
  name: 'events',
  short: 'List events',
  usage:
    'kubectl events [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file] [--for TYPE/NAME] [--watch] [--types=Normal,Warning] [options]',
  flags: [
    {
      name: 'all-namespaces',
      short: 'A',
      type: 'bool',
      usage:
        'If present, list the requested object(s) across all namespaces. Namespace in current context is ignored even if specified with --namespace.',
    },
    {
      name: 'chunk-size',
      type: 'int',
      default: '500',
      usage:
        'Return large lists in chunks rather than all at once. Pass 0 to disable. This flag is beta and may change in the future.',
    },
    {
      name: 'for',
      type: 'string',
      usage: 'Filter events to only those pertaining to the specified resource.',
    },
    { name: 'no-headers', type: 'bool', usage: "When using the default output format, don't print headers." },
    { name: 'types', type: 'stringArray', usage: 'Output only events of given types.' },
    {
      name: 'watch',
      short: 'w',
      type: 'bool',
      usage: 'After listing the requested events, watch for more events.',
    },
    ...OBJECT_PRINT_FLAGS.map((f) => (f.name === 'output' ? { ...f, usage: OUTPUT_USAGE } : f)),
  ],
  run,
};
