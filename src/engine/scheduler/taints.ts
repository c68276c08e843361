// Taints and tolerations (k8s.io/api/core/v1 toleration.go, component-helpers scheduling helpers).

import type { Taint, TaintEffect, Toleration } from '../api/types';

/** Toleration.ToleratesTaint */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? 'Equal') {
    case 'Exists':
      return true;
    case 'Equal':
      return (t.value ?? '') === (taint.value ?? '');
    default:
      // Lt / Gt sit behind the TaintTolerationComparisonOperators gate, off by default.
      return false;
  }
}

export function tolerationsTolerateTaint(tols: readonly Toleration[] | undefined, taint: Taint): boolean {
  return (tols ?? []).some((t) => toleratesTaint(t, taint));
}

/** The first taint with one of `effects` that no toleration tolerates (FindMatchingUntoleratedTaint). */
export function findUntoleratedTaint(
  taints: readonly Taint[] | undefined,
  tols: readonly Toleration[] | undefined,
  effects: readonly TaintEffect[],
): Taint | undefined {
  return (taints ?? []).find(
    (taint) => effects.includes(taint.effect) && !tolerationsTolerateTaint(tols, taint),
  );
}

/** `key=value:Effect` or `key:Effect`, as kubectl and the scheduler print taints. */
export function taintString(t: Taint): string {
  return `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`;
}

/** `{key: value}` as the scheduler's TaintToleration filter message prints it. */
export function taintBraces(t: Taint): string {
  return `{${t.key}: ${t.value ?? ''}}`;
}

/** kubectl describe: `key[=value][:effect][ op=Exists][ for Ns]`. */
export function tolerationString(t: Toleration): string {
  let s = t.key ?? '';
  if (t.value) s += `=${t.value}`;
  if (t.effect) s += `:${t.effect}`;
  if (t.operator === 'Exists') s += ' op=Exists';
  if (t.tolerationSeconds !== undefined) s += ` for ${t.tolerationSeconds}s`;
  return s;
}
