// The kinds the page mirrors from a connected cluster, and where the API serves them.

import type { Kind } from '../engine';

export interface MirroredResource {
  kind: Kind;
  apiVersion: string;
  /** the all-namespaces collection (what the page lists and watches) */
  path: string;
  /** listed every so many ms instead of watched (see ListWatchOptions.poll) */
  poll?: number;
}

export const MIRRORED: readonly MirroredResource[] = [
  { kind: 'Namespace', apiVersion: 'v1', path: '/api/v1/namespaces', poll: 5000 },
  { kind: 'Node', apiVersion: 'v1', path: '/api/v1/nodes' },
  { kind: 'Pod', apiVersion: 'v1', path: '/api/v1/pods' },
  { kind: 'DaemonSet', apiVersion: 'apps/v1', path: '/apis/apps/v1/daemonsets' },
  { kind: 'ControllerRevision', apiVersion: 'apps/v1', path: '/apis/apps/v1/controllerrevisions' },
  { kind: 'Event', apiVersion: 'v1', path: '/api/v1/events', poll: 3000 },
];

const PLURAL = new Map<Kind, { group: string; plural: string; namespaced: boolean }>([
  ['Namespace', { group: '/api/v1', plural: 'namespaces', namespaced: false }],
  ['Node', { group: '/api/v1', plural: 'nodes', namespaced: false }],
  ['Pod', { group: '/api/v1', plural: 'pods', namespaced: true }],
  ['DaemonSet', { group: '/apis/apps/v1', plural: 'daemonsets', namespaced: true }],
  ['ControllerRevision', { group: '/apis/apps/v1', plural: 'controllerrevisions', namespaced: true }],
  ['Event', { group: '/api/v1', plural: 'events', namespaced: true }],
]);

/** `/apis/apps/v1/namespaces/NS/daemonsets` (the collection a create posts to). */
export function collectionPath(kind: Kind, namespace: string | undefined): string {
  const r = PLURAL.get(kind);
  if (!r) throw new Error(`the page cannot send ${kind} objects to a cluster`);
  return r.namespaced
    ? `${r.group}/namespaces/${encodeURIComponent(namespace ?? 'default')}/${r.plural}`
    : `${r.group}/${r.plural}`;
}

/** `/apis/apps/v1/namespaces/NS/daemonsets/NAME` */
export function objectPath(kind: Kind, namespace: string | undefined, name: string): string {
  return `${collectionPath(kind, namespace)}/${encodeURIComponent(name)}`;
}
