// The resources the simulated API server serves, as discovery describes them (the rows of
// `kubectl api-resources` on a real cluster for these kinds).

import type { Kind } from '../engine/api/types';

export interface ServedResource {
  kind: Kind;
  plural: string;
  singular: string;
  /** '' for the core group */
  group: string;
  version: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  /** subresources served under the resource, with their verbs */
  subresources: { name: string; kind: string; verbs: string[] }[];
}

export const VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
/** Namespaces cannot be deleted as a collection. */
export const NAMESPACE_VERBS = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];

export const SERVED: ServedResource[] = [
  {
    kind: 'Namespace',
    plural: 'namespaces',
    singular: 'namespace',
    group: '',
    version: 'v1',
    namespaced: false,
    shortNames: ['ns'],
    categories: [],
    subresources: [{ name: 'status', kind: 'Namespace', verbs: ['get', 'patch', 'update'] }],
  },
  {
    kind: 'Node',
    plural: 'nodes',
    singular: 'node',
    group: '',
    version: 'v1',
    namespaced: false,
    shortNames: ['no'],
    categories: [],
    subresources: [{ name: 'status', kind: 'Node', verbs: ['get', 'patch', 'update'] }],
  },
  {
    kind: 'Pod',
    plural: 'pods',
    singular: 'pod',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['po'],
    categories: ['all'],
    subresources: [
      { name: 'eviction', kind: 'Eviction', verbs: ['create'] },
      { name: 'log', kind: 'Pod', verbs: ['get'] },
      { name: 'status', kind: 'Pod', verbs: ['get', 'patch', 'update'] },
    ],
  },
  {
    kind: 'Event',
    plural: 'events',
    singular: 'event',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['ev'],
    categories: [],
    subresources: [],
  },
  {
    kind: 'DaemonSet',
    plural: 'daemonsets',
    singular: 'daemonset',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['ds'],
    categories: ['all'],
    subresources: [{ name: 'status', kind: 'DaemonSet', verbs: ['get', 'patch', 'update'] }],
  },
  {
    kind: 'ControllerRevision',
    plural: 'controllerrevisions',
    singular: 'controllerrevision',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: [],
    categories: [],
    subresources: [],
  },
];

const BY_PATH = new Map<string, ServedResource>(SERVED.map((r) => [`${r.group}/${r.version}/${r.plural}`, r]));

/** The resource behind `/api/v1/pods` (group '') or `/apis/apps/v1/daemonsets`. */
export function servedResource(group: string, version: string, plural: string): ServedResource | undefined {
  return BY_PATH.get(`${group}/${version}/${plural}`);
}

export function groupVersion(r: { group: string; version: string }): string {
  return r.group ? `${r.group}/${r.version}` : r.version;
}

/** The group versions served, core first. */
export function servedGroupVersions(): { group: string; version: string }[] {
  const seen = new Map<string, { group: string; version: string }>();
  for (const r of SERVED) seen.set(groupVersion(r), { group: r.group, version: r.version });
  return [...seen.values()];
}
