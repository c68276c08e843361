// What the graph shows or applies as YAML: a DaemonSet as a manifest you could apply again (status and
// server-set fields stripped), the same with one more toleration (the why panel's one-click fix), and a
// small line diff to preview a change. The YAML text itself is manifestYaml.ts's (the yaml package,
// loaded when a preview or the diff modal opens: not in the graph's chunk, issue 24).

import type { DaemonSet, Taint, Toleration } from '../../../engine';

/** Annotations the server or kubectl maintain; a manifest written by hand never has them. */
const SERVER_ANNOTATIONS = [
  'kubectl.kubernetes.io/last-applied-configuration',
  'deprecated.daemonset.template.generation',
];

export interface DaemonSetManifest {
  apiVersion: string;
  kind: 'DaemonSet';
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec: DaemonSet['spec'];
}

export function copy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** The live DaemonSet as an applyable manifest: no status, no uid/resourceVersion/generation/timestamps. */
export function daemonSetManifest(ds: DaemonSet): DaemonSetManifest {
  const md = ds.metadata;
  const annotations = Object.fromEntries(
    Object.entries(md.annotations ?? {}).filter(([k]) => !SERVER_ANNOTATIONS.includes(k)),
  );
  const metadata: DaemonSetManifest['metadata'] = { name: md.name };
  if (md.namespace) metadata.namespace = md.namespace;
  if (md.labels && Object.keys(md.labels).length) metadata.labels = { ...md.labels };
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  const spec = copy(ds.spec);
  if (spec.template.metadata && spec.template.metadata.creationTimestamp === null)
    delete spec.template.metadata.creationTimestamp;
  return { apiVersion: ds.apiVersion ?? 'apps/v1', kind: 'DaemonSet', metadata, spec };
}

/** The toleration that tolerates exactly this taint: `Equal` with its value, or `Exists` when it has none. */
export function tolerationFor(taint: Taint): Toleration {
  return taint.value
    ? { key: taint.key, operator: 'Equal', value: taint.value, effect: taint.effect }
    : { key: taint.key, operator: 'Exists', effect: taint.effect };
}

/** The manifest with `tol` appended to the pod template's tolerations (unchanged when already there). */
export function withToleration(m: DaemonSetManifest, tol: Toleration): DaemonSetManifest {
  const out = copy(m);
  const tols = out.spec.template.spec.tolerations ?? [];
  const same = (t: Toleration) =>
    (t.key ?? '') === (tol.key ?? '') &&
    (t.operator ?? 'Equal') === (tol.operator ?? 'Equal') &&
    (t.value ?? '') === (tol.value ?? '') &&
    (t.effect ?? '') === (tol.effect ?? '');
  if (!tols.some(same)) out.spec.template.spec.tolerations = [...tols, tol];
  return out;
}

export interface LineDiff {
  /** up to `context` unchanged lines before the change */
  before: string[];
  removed: string[];
  added: string[];
  after: string[];
  /** 1-based line of the first changed line in the new text */
  line: number;
}

/** The one changed block between two texts (common prefix and suffix trimmed), with context. */
export function lineDiff(a: string, b: string, context = 2): LineDiff {
  const x = a.split('\n');
  const y = b.split('\n');
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  let s = 0;
  while (s < x.length - p && s < y.length - p && x[x.length - 1 - s] === y[y.length - 1 - s]) s++;
  return {
    before: y.slice(Math.max(0, p - context), p),
    removed: x.slice(p, x.length - s),
    added: y.slice(p, y.length - s),
    after: y.slice(y.length - s, Math.min(y.length, y.length - s + context)),
    line: p + 1,
  };
}

/** Removes the indentation every line of the diff shares, so a deep change reads at the left edge. */
export function dedentDiff(d: LineDiff): LineDiff {
  const lines = [...d.before, ...d.removed, ...d.added, ...d.after].filter((l) => l.trim() !== '');
  const cut = Math.min(...lines.map((l) => l.length - l.trimStart().length));
  if (!Number.isFinite(cut) || cut === 0) return d;
  const f = (ls: string[]) => ls.map((l) => l.slice(Math.min(cut, l.length - l.trimStart().length)));
  return { ...d, before: f(d.before), removed: f(d.removed), added: f(d.added), after: f(d.after) };
}
