// The edge from a DaemonSet to one of its pods: to the pod's row on a full card, to the card otherwise.

import type { DaemonSet, Pod } from '../../../engine';
import { dsId, MAX_CARD_PODS } from './layout';
import type { RevisionRef } from './model';
import type { GraphEdge } from './graphTypes';
import { factsOf } from './podFacts';

export type EdgeMode = 'none' | 'card' | 'pod';

export function edgeMaker(
  daemonSets: Readonly<Record<string, DaemonSet>>,
  revisionOf: (pod: Pod) => RevisionRef | undefined,
  mode: EdgeMode,
) {
  return function edgeFor(pod: Pod, target: string, slot?: number): GraphEdge | undefined {
    const f = factsOf(pod);
    if (!f.dsKey || !daemonSets[f.dsKey]) return undefined;
    const rev = revisionOf(pod);
    const handle = mode !== 'pod' || slot === undefined || slot >= MAX_CARD_PODS ? 'in' : `pod-${slot}`;
    return {
      id: `e:${f.key}`,
      source: dsId(f.dsKey),
      sourceHandle: 'pods',
      target,
      targetHandle: handle,
      className: `ds-edge rev-${rev?.color ?? 0}${rev && !rev.current ? ' ds-edge-old' : ''}${f.terminating ? ' ds-edge-terminating' : ''}`,
      selectable: false,
      focusable: false,
    };
  };
}
