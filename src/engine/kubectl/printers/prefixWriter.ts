// describe.go's PrefixWriter: text at 2-space indentation levels, tabs kept literally (a
// tabwriter may align them afterwards) and the multi-line label/annotation/taint/toleration
// helpers that every describer shares.

import type { Labels, Taint, Toleration } from '../../api/types';

export class PrefixWriter {
  private text = '';
  write(level: number, s: string): void {
    this.text += '  '.repeat(level) + s;
  }
  toString(): string {
    return this.text;
  }
}

/** printLabelsMultilineWithIndent with initialIndent "" and innerIndent "\t". */
export function printLabelsMultiline(w: PrefixWriter, title: string, labels: Labels | undefined): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  keys.forEach((k, i) => {
    if (i !== 0) w.write(0, '\t');
    w.write(0, `${k}=${labels![k]}\n`);
  });
}

const SKIP_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);
const MAX_ANNOTATION_LEN = 140;

function shorten(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

/** printAnnotationsMultiline: long or multi-line values go on their own indented lines. */
export function printAnnotationsMultiline(
  w: PrefixWriter,
  title: string,
  annotations: Labels | undefined,
): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => !SKIP_ANNOTATIONS.has(k))
    .sort();
  if (keys.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  const indent = '\t';
  keys.forEach((k, i) => {
    if (i !== 0) w.write(0, indent);
    const value = annotations![k].replace(/\n$/, '');
    if (value.length + k.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(0, `${k}:\n`);
      for (const s of value.split('\n')) w.write(0, `${indent}  ${shorten(s, MAX_ANNOTATION_LEN - 2)}\n`);
    } else {
      w.write(0, `${k}: ${value}\n`);
    }
  });
}

/** Taint.ToString */
export function taintToString(t: Taint): string {
  if (!t.effect) return t.value ? `${t.key}=${t.value}:` : t.key;
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

function stableSort<T>(xs: readonly T[], key: (x: T) => string): T[] {
  return xs
    .map((x, i) => ({ x, i, k: key(x) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i))
    .map((e) => e.x);
}

/** printNodeTaintsMultiline: sorted by `effect,key`. */
export function printTaintsMultiline(w: PrefixWriter, title: string, taints: Taint[] | undefined): void {
  w.write(0, `${title}:\t`);
  if (!taints || taints.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  stableSort(taints, (t) => `${t.effect},${t.key}`).forEach((t, i) => {
    if (i !== 0) w.write(0, '\t');
    w.write(0, `${taintToString(t)}\n`);
  });
}

/** One toleration as describe prints it: `key[=value][:effect][ op=Exists][ for Ns]`. */
export function tolerationToString(t: Toleration): string {
  let s = t.key ?? '';
  if (t.value) s += `=${t.value}`;
  if (t.effect) s += `:${t.effect}`;
  if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
  if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) s += ` for ${t.tolerationSeconds}s`;
  return s;
}

/** printPodTolerationsMultiline: sorted by key. */
export function printTolerationsMultiline(
  w: PrefixWriter,
  title: string,
  tolerations: Toleration[] | undefined,
): void {
  w.write(0, `${title}:\t`);
  if (!tolerations || tolerations.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  stableSort(tolerations, (t) => t.key ?? '').forEach((t, i) => {
    if (i !== 0) w.write(0, '\t');
    w.write(0, `${tolerationToString(t)}\n`);
  });
}
