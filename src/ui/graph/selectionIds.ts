// React Flow ids of the graph's cards and the page's selection, one from the other.

import type { Selection } from '../../state/uiSlice';
import { namespacedName } from '../../engine/predicates';
import { deployId, dsId, LANE_ID, nodeId } from './system/layout';

export function selectionFromId(id: string): Selection | null {
  if (id.startsWith('node:')) return { kind: 'Node', name: id.slice(5) };
  if (id.startsWith('ds:')) {
    const key = id.slice(3);
    const slash = key.indexOf('/');
    return { kind: 'DaemonSet', namespace: key.slice(0, slash), name: key.slice(slash + 1) };
  }
  if (id.startsWith('deploy:')) {
    const key = id.slice(7);
    const slash = key.indexOf('/');
    return { kind: 'Deployment', namespace: key.slice(0, slash), name: key.slice(slash + 1) };
  }
  return null;
}

/** `podPlace`: where the selected pod is drawn (its node's name, '' for the lane). */
export function idOfSelection(s: Selection | null, podPlace: string | undefined): string | null {
  if (!s) return null;
  if (s.kind === 'Node') return nodeId(s.name);
  if (s.kind === 'DaemonSet') return dsId(namespacedName(s.namespace, s.name));
  if (s.kind === 'Deployment') return deployId(namespacedName(s.namespace, s.name));
  if (s.kind === 'Pod') return podPlace ? nodeId(podPlace) : LANE_ID;
  return null;
}
