// The event log's rows: Kubernetes Event objects newest first, the controller's step records, the
// filters, and which object a row points at. Pure.

import type { KEvent, Kind, StepRecord } from '../../engine';
import { parseTime, humanDuration } from '../../engine/predicates';

/**
 * Rows listed at most (the newest); the rest are counted. The table draws only the rows in view
 * (useVirtualRows), so this bounds the memory of the list, not the DOM.
 */
export const MAX_ROWS = 10_000;

export interface ObjectRef {
  kind: Kind;
  namespace?: string;
  name: string;
}

export interface LogFilter {
  /** free text, matched case-insensitively against every column */
  text: string;
  /** '' = every kind */
  kind: Kind | '';
  /** one object, or null */
  object: ObjectRef | null;
}

export const NO_FILTER: LogFilter = { text: '', kind: '', object: null };

export function sameObject(a: ObjectRef | null | undefined, b: ObjectRef | null | undefined): boolean {
  if (!a || !b) return false;
  return a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');
}

/** `DaemonSet` → `daemonset/…` as kubectl's OBJECT column prints it. */
export function objectLabel(o: ObjectRef): string {
  return `${o.kind.toLowerCase()}/${o.name}`;
}

/**
 * Event names end in `.<unix nanoseconds in hex>`: the order events were first made. The hex digits,
 * zero-padded to one width, compare as strings in the order of their numbers (no BigInt per event).
 * One pass over the suffix (no regular expressions: a large cluster's log sorts thousands at once).
 */
const ZERO_SEQ = ''.padStart(32, '0');
export function nameSeq(name: string): string {
  const dot = name.lastIndexOf('.');
  const from = dot + 1;
  const n = name.length - from;
  // no suffix (or not a number) counts as 0, as before
  if (dot < 0 || n === 0 || n > 32) return ZERO_SEQ;
  let first = -1;
  for (let i = from; i < name.length; i++) {
    const c = name.charCodeAt(i);
    // 0-9, a-f
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return ZERO_SEQ;
    if (first < 0 && c !== 48) first = i;
  }
  return first < 0 ? ZERO_SEQ : ZERO_SEQ.slice(name.length - first) + name.slice(first);
}

/**
 * A timestamp as ms, parsed once per text: a large cluster's Events share their few seconds' texts,
 * and the log reads them at each sort and each row's LAST SEEN. (Forgets all past a few thousand.)
 */
const parsedTimes = new Map<string, number | undefined>();
export function timeOf(s: string | undefined): number | undefined {
  if (!s) return undefined;
  if (parsedTimes.has(s)) return parsedTimes.get(s);
  if (parsedTimes.size >= 4096) parsedTimes.clear();
  const t = parseTime(s);
  parsedTimes.set(s, t);
  return t;
}

function lastSeenMs(e: KEvent): number {
  return timeOf(e.lastTimestamp) ?? timeOf(e.firstTimestamp) ?? timeOf(e.metadata.creationTimestamp) ?? 0;
}

/** Sort keys per Event object (the mirror keeps unchanged objects by identity). */
const sortKeys = new WeakMap<KEvent, { e: KEvent; t: number; s: string }>();
function sortKey(e: KEvent) {
  let k = sortKeys.get(e);
  if (!k) {
    k = { e, t: lastSeenMs(e), s: nameSeq(e.metadata.name) };
    sortKeys.set(e, k);
  }
  return k;
}

/** Newest first: by last timestamp, then by creation order. */
export function sortEvents(events: Iterable<KEvent>): KEvent[] {
  const withKeys = [...events].map(sortKey);
  withKeys.sort((a, b) => (b.t !== a.t ? b.t - a.t : b.s > a.s ? 1 : b.s < a.s ? -1 : 0));
  return withKeys.map((x) => x.e);
}

const newestFirst = (a: { t: number; s: string }, b: { t: number; s: string }) =>
  b.t !== a.t ? b.t - a.t : b.s > a.s ? 1 : b.s < a.s ? -1 : 0;

/**
 * sortEvents that costs what changed: it keeps its last answer, drops the events that are gone or
 * were replaced (the mirror gives a changed Event a new object), sorts only the new ones and merges.
 * Same order as sortEvents.
 */
export function createEventSorter(): (events: Iterable<KEvent>) => KEvent[] {
  let prev: KEvent[] = [];
  return (events) => {
    const added = new Set(events);
    const kept: KEvent[] = [];
    for (const e of prev) if (added.delete(e)) kept.push(e);
    if (added.size === 0 && kept.length === prev.length) return prev;
    const fresh = sortEvents(added);
    const out: KEvent[] = [];
    let i = 0;
    let j = 0;
    while (i < kept.length && j < fresh.length)
      out.push(newestFirst(sortKey(kept[i]), sortKey(fresh[j])) <= 0 ? kept[i++] : fresh[j++]);
    while (i < kept.length) out.push(kept[i++]);
    while (j < fresh.length) out.push(fresh[j++]);
    prev = out;
    return out;
  };
}

/** kubectl get events' LAST SEEN: `12s`, or `12s (x3 over 40s)` for a repeated event. */
export function lastSeen(e: KEvent, now: number): string {
  const age = humanDuration(now - lastSeenMs(e));
  if ((e.count ?? 1) > 1) {
    const first = timeOf(e.firstTimestamp);
    const over = first === undefined ? '' : ` over ${humanDuration(now - first)}`;
    return `${age} (x${e.count}${over})`;
  }
  return age;
}

export function eventObject(e: KEvent): ObjectRef {
  const o = e.involvedObject;
  return { kind: o.kind as Kind, namespace: o.namespace, name: o.name };
}

function textMatch(fields: (string | undefined)[], text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  const hay = fields.filter(Boolean).join('\n').toLowerCase();
  return q.split(/\s+/).every((part) => hay.includes(part));
}

/** What the text filter searches in an Event, lower case, made once per Event object. */
const haystacks = new WeakMap<KEvent, string>();
function eventHaystack(e: KEvent): string {
  let h = haystacks.get(e);
  if (h === undefined) {
    const o = eventObject(e);
    h = [e.type, e.reason, e.message, objectLabel(o), o.namespace, e.source?.component]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    haystacks.set(e, h);
  }
  return h;
}

export function eventMatches(e: KEvent, f: LogFilter): boolean {
  const o = e.involvedObject;
  if (f.kind && o.kind !== f.kind) return false;
  if (f.object && !sameObject(eventObject(e), f.object)) return false;
  const q = f.text.trim().toLowerCase();
  if (!q) return true;
  const hay = eventHaystack(e);
  return q.split(/\s+/).every((part) => hay.includes(part));
}

export interface Page<T> {
  rows: T[];
  /** how many matched (rows holds at most `limit` of them) */
  total: number;
}

/** No filter set: every row matches. */
export function noFilter(f: LogFilter): boolean {
  return f.text.trim() === '' && f.kind === '' && f.object === null;
}

export function filterEvents(sorted: readonly KEvent[], f: LogFilter, limit = MAX_ROWS): Page<KEvent> {
  // Unfiltered (the usual case, thousands of events in a large cluster): no test per event.
  if (noFilter(f))
    return {
      rows: sorted.length <= limit ? (sorted as KEvent[]) : sorted.slice(0, limit),
      total: sorted.length,
    };
  const rows: KEvent[] = [];
  let total = 0;
  for (const e of sorted) {
    if (!eventMatches(e, f)) continue;
    total++;
    if (rows.length < limit) rows.push(e);
  }
  return { rows, total };
}

const GC_KINDS: Record<string, Kind> = {
  daemonset: 'DaemonSet',
  pod: 'Pod',
  node: 'Node',
  controllerrevision: 'ControllerRevision',
  namespace: 'Namespace',
};

function nsName(key: string): { namespace?: string; name: string } {
  const i = key.indexOf('/');
  return i < 0 ? { name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

/** The object a work item was about, from its controller and key (null when it cannot be told). */
export function stepObject(r: Pick<StepRecord, 'controller' | 'key'>): ObjectRef | null {
  const key = r.key;
  switch (r.controller) {
    case 'daemonset-controller':
      return { kind: 'DaemonSet', ...nsName(key) };
    case 'kubelet':
    case 'scheduler':
      return key.includes('/') ? { kind: 'Pod', ...nsName(key) } : null;
    case 'taint-eviction-controller':
      if (key.startsWith('node:')) return { kind: 'Node', name: key.slice(5) };
      return key.includes('/') ? { kind: 'Pod', ...nsName(key) } : null;
    case 'node-lifecycle-controller':
    case 'pod-garbage-collector':
      return { kind: 'Node', name: key };
    case 'garbage-collector': {
      const i = key.indexOf('/');
      const kind = i > 0 ? GC_KINDS[key.slice(0, i)] : undefined;
      if (!kind) return null;
      return { kind, ...nsName(key.slice(i + 1)) };
    }
    default:
      return null;
  }
}

export function stepMatches(r: StepRecord, f: LogFilter): boolean {
  if (f.kind || f.object) {
    const o = stepObject(r);
    if (!o) return false;
    if (f.kind && o.kind !== f.kind) return false;
    if (f.object && !sameObject(o, f.object)) return false;
  }
  return textMatch([r.controller, r.key, r.reason, r.result], f.text);
}

/** Step records newest first, filtered, at most `limit`. */
export function filterSteps(steps: readonly StepRecord[], f: LogFilter, limit = MAX_ROWS): Page<StepRecord> {
  if (noFilter(f)) {
    const rows: StepRecord[] = [];
    for (let i = steps.length - 1; i >= 0 && rows.length < limit; i--) rows.push(steps[i]);
    return { rows, total: steps.length };
  }
  const rows: StepRecord[] = [];
  let total = 0;
  for (let i = steps.length - 1; i >= 0; i--) {
    const r = steps[i];
    if (!stepMatches(r, f)) continue;
    total++;
    if (rows.length < limit) rows.push(r);
  }
  return { rows, total };
}

/** Splits a name before its last `-suffix` (at most 15 characters), else before its last 6. */
export function splitTail(text: string): [string, string] {
  const dash = text.lastIndexOf('-');
  const at = dash > 0 && text.length - dash <= 16 ? dash + 1 : Math.max(0, text.length - 6);
  return [text.slice(0, at), text.slice(at)];
}
