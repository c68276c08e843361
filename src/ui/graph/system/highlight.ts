// Which pods and DaemonSets tolerate a taint: what lights up while a taint chip is hovered or
// focused. Pure; the graph store keeps the result so each pod chip subscribes to its own answer.

import type { DaemonSet, Pod, Taint } from '../../../engine';
import { newPodSpecForNode } from '../../../engine/predicates';
import { toleratesAny } from './model';

export interface Tolerating {
  /** pod keys `ns/name` whose tolerations tolerate the taint */
  pods: Set<string>;
  /** DaemonSet keys whose pods would tolerate it (template + the tolerations the controller adds) */
  daemonSets: Set<string>;
}

export function tolerating(
  taint: Taint,
  pods: Readonly<Record<string, Pod>>,
  daemonSets: Readonly<Record<string, DaemonSet>>,
): Tolerating {
  const out: Tolerating = { pods: new Set(), daemonSets: new Set() };
  for (const key in pods) if (toleratesAny(pods[key].spec.tolerations, taint)) out.pods.add(key);
  for (const key in daemonSets) {
    const spec = newPodSpecForNode(daemonSets[key].spec.template, '');
    if (toleratesAny(spec.tolerations, taint)) out.daemonSets.add(key);
  }
  return out;
}
