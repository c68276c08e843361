// The editor against the live objects. The Manifest panel's text was applied (by Apply, a lesson step,
// `kubectl edit`); since then a command may have changed the same object in the cluster (`kubectl set
// image`, `rollout undo`, the Why panel's fix, a graph action). The engine keeps no managedFields, but
// every command of the page runs through one place (actions.ts runCommand), which sees the object
// before and after: that is where the change's source is known, and where it is recorded here.
// Pure, for tests: the store and the panel call these.

import { parseAllDocuments, stringify } from 'yaml';
import { namespacedName } from '../engine/predicates';
import { TEMPLATE_GENERATION_ANNOTATION } from '../engine/predicates';
import { API_VERSION, isKind, NAMESPACED } from '../engine/predicates';
import { type Kind, type KObject } from '../engine';

/** An object the editor's text speaks for, and the document that says what it should be. */
export interface ManifestRef {
  kind: Kind;
  /** the mirror's key: `namespace/name` */
  key: string;
  name: string;
  doc: Record<string, unknown>;
}

/** Who changed the applied objects since the text was applied (kept for the text it is about). */
export interface LiveChanges {
  /** the applied text these changes are measured against */
  text: string;
  /** each object's fingerprint before the first change */
  before: Readonly<Record<string, string>>;
  /** the commands that changed them, oldest first, as the console echoed them */
  by: readonly string[];
  /**
   * Rebuilt after a reload or a link from the recorded inputs (applied.ts appliedOnRestore): `before`
   * is not known, so the objects are compared with the manifest's own fields.
   */
  unseen?: boolean;
}

export interface LiveDrift {
  /** the objects whose live state differs from the text (`DaemonSet fluentd-elasticsearch`) */
  objects: { kind: Kind; name: string; deleted: boolean }[];
  /** the commands that changed them, oldest first; empty when the page did not see the change happen */
  by: readonly string[];
}

type Live = (kind: Kind, key: string) => KObject | undefined;

const refsCache = new Map<string, ManifestRef[]>();

/** The objects of a manifest text (documents that do not parse, or name no known kind, are left out). */
export function manifestRefs(text: string): ManifestRef[] {
  const hit = refsCache.get(text);
  if (hit) return hit;
  const out: ManifestRef[] = [];
  let docs: { errors: readonly unknown[]; toJS(): unknown }[];
  try {
    const parsed = parseAllDocuments(text);
    docs = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    docs = [];
  }
  for (const d of docs) {
    if (d.errors.length) continue;
    const v = d.toJS() as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    const o = v as Record<string, unknown>;
    const md = o.metadata as { name?: unknown; namespace?: unknown } | undefined;
    if (typeof o.kind !== 'string' || !isKind(o.kind) || o.kind === 'Event' || typeof md?.name !== 'string')
      continue;
    const ns = NAMESPACED[o.kind] ? (typeof md.namespace === 'string' ? md.namespace : 'default') : undefined;
    out.push({ kind: o.kind, key: namespacedName(ns, md.name), name: md.name, doc: o });
  }
  if (refsCache.size > 20) refsCache.clear();
  refsCache.set(text, out);
  return out;
}

/** What of a live object a manifest speaks for: its labels and spec (status and server fields are the cluster's). */
export function fingerprint(obj: KObject | undefined): string {
  if (!obj) return 'absent';
  return JSON.stringify({
    labels: obj.metadata.labels ?? {},
    spec: (obj as { spec?: unknown }).spec ?? null,
  });
}

/** The fingerprints of the objects of an applied text, one string (stable for a store selector). */
export function liveSignature(text: string | null, live: Live): string {
  if (text === null) return '';
  return manifestRefs(text)
    .map((r) => fingerprint(live(r.kind, r.key)))
    .join('\u0000');
}

/** Fingerprints by key, for the record of a command's "before". */
export function fingerprints(text: string, live: Live): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of manifestRefs(text)) out[r.key] = fingerprint(live(r.kind, r.key));
  return out;
}

/**
 * After a command ran: the record of changes, with this command added when it changed an applied
 * object (`before` holds the fingerprints taken just before it ran). A record about another text starts over.
 */
export function recordChange(
  prev: LiveChanges | null,
  text: string,
  before: Record<string, string>,
  after: Record<string, string>,
  by: string,
): LiveChanges | null {
  const same = prev !== null && prev.text === text;
  const changed = Object.keys(after).some((k) => after[k] !== before[k]);
  if (!changed) return same ? prev : null;
  // a record rebuilt after a reload has no fingerprints: this command's "before" starts them
  const baseline = same && !prev.unseen ? prev.before : before;
  const list = same ? prev.by.filter((b) => b !== by) : [];
  return { text, before: baseline, by: [...list, by].slice(-5) };
}

/** Is every value the manifest gives present and equal in the live object (what the server added aside)? */
function covers(want: unknown, have: unknown): boolean {
  if (want === null || typeof want !== 'object') {
    if (typeof want === 'number' && typeof have === 'string') return String(want) === have;
    return want === have;
  }
  if (Array.isArray(want))
    return Array.isArray(have) && have.length === want.length && want.every((w, i) => covers(w, have[i]));
  if (!have || typeof have !== 'object' || Array.isArray(have)) return false;
  const h = have as Record<string, unknown>;
  return Object.entries(want as Record<string, unknown>).every(
    ([k, w]) => Object.hasOwn(h, k) && covers(w, h[k]),
  );
}

/** The manifest's labels and spec, all there in the live object? (for a text whose changes the page did not see) */
export function manifestHolds(doc: Record<string, unknown>, live: KObject): boolean {
  const md = (doc.metadata ?? {}) as { labels?: unknown };
  if (md.labels !== undefined && !covers(md.labels, live.metadata.labels ?? {})) return false;
  if (doc.spec !== undefined && !covers(doc.spec, (live as { spec?: unknown }).spec)) return false;
  return true;
}

/**
 * Where the live objects differ from the applied text, and who changed them; null when they agree.
 * With a record of this text, an object differs when its fingerprint moved from before the first
 * change (so `set image` then `rollout undo` agree again); without one (a share link, a rewind), when
 * the manifest's own fields no longer hold in the live object.
 */
export function liveDrift(text: string | null, changes: LiveChanges | null, live: Live): LiveDrift | null {
  if (text === null) return null;
  const record = changes && changes.text === text ? changes : null;
  const objects: LiveDrift['objects'] = [];
  for (const r of manifestRefs(text)) {
    const obj = live(r.kind, r.key);
    const differs =
      record && !record.unseen
        ? Object.hasOwn(record.before, r.key) && fingerprint(obj) !== record.before[r.key]
        : !obj || !manifestHolds(r.doc, obj);
    if (differs) objects.push({ kind: r.kind, name: r.name, deleted: !obj });
  }
  if (objects.length === 0) return null;
  return { objects, by: record ? record.by : [] };
}

/** Annotations kubectl or the server maintain; a manifest written by hand does not carry them. */
const SERVER_ANNOTATIONS = [
  'kubectl.kubernetes.io/last-applied-configuration',
  TEMPLATE_GENERATION_ANNOTATION,
];

/** A live object as a manifest you could apply again: no status, no uid/resourceVersion/timestamps. */
export function liveManifest(obj: KObject): Record<string, unknown> {
  const md = obj.metadata;
  const annotations = Object.fromEntries(
    Object.entries(md.annotations ?? {}).filter(([k]) => !SERVER_ANNOTATIONS.includes(k)),
  );
  const metadata: Record<string, unknown> = { name: md.name };
  if (md.namespace) metadata.namespace = md.namespace;
  if (md.labels && Object.keys(md.labels).length) metadata.labels = { ...md.labels };
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  const out: Record<string, unknown> = {
    apiVersion: API_VERSION[obj.kind as Kind],
    kind: obj.kind,
    metadata,
  };
  const spec = (obj as { spec?: unknown }).spec;
  if (spec !== undefined) out.spec = JSON.parse(JSON.stringify(spec)) as unknown;
  return out;
}

/**
 * The applied text with each of its objects replaced by the live one (an object deleted since keeps
 * its document): "Load the live object".
 */
export function liveText(text: string, live: Live): string {
  const refs = manifestRefs(text);
  return refs
    .map((r) => {
      const obj = live(r.kind, r.key);
      return stringify(obj ? liveManifest(obj) : r.doc, { lineWidth: 0 });
    })
    .join('---\n');
}
