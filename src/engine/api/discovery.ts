// Discovery: the resources the simulated API server serves and the documents that describe them
// (`/api`, `/apis`, `/api/v1`, `/apis/GROUP[/VERSION]`, `/version`, `/healthz`), in the bytes the
// API server sends (apimachinery metav1.APIVersions, APIGroupList, APIGroup, APIResourceList,
// version.Info). One source: the API server (src/server) serves these, and the emulator's
// `kubectl get --raw`, `api-resources`, `api-versions` and `version` answer from them.

import { KUBELET_VERSION } from '../version';
import type { ObjectStore } from './objectStore';
import type { Kind, Node } from './types';

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
const STATUS_VERBS = ['get', 'patch', 'update'];

/** The served resources, in the order the server's discovery lists them (core, then apps). */
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
    subresources: [{ name: 'status', kind: 'Namespace', verbs: STATUS_VERBS }],
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
    subresources: [{ name: 'status', kind: 'Node', verbs: STATUS_VERBS }],
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
      { name: 'ephemeralcontainers', kind: 'Pod', verbs: ['get', 'patch', 'update'] },
      { name: 'eviction', kind: 'Eviction', verbs: ['create'] },
      { name: 'log', kind: 'Pod', verbs: ['get'] },
      { name: 'status', kind: 'Pod', verbs: STATUS_VERBS },
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
    subresources: [{ name: 'status', kind: 'DaemonSet', verbs: STATUS_VERBS }],
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
  {
    kind: 'Deployment',
    plural: 'deployments',
    singular: 'deployment',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['deploy'],
    categories: ['all'],
    subresources: [
      { name: 'scale', kind: 'Scale', verbs: STATUS_VERBS },
      { name: 'status', kind: 'Deployment', verbs: STATUS_VERBS },
    ],
  },
  {
    kind: 'ReplicaSet',
    plural: 'replicasets',
    singular: 'replicaset',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['rs'],
    categories: ['all'],
    subresources: [
      { name: 'scale', kind: 'Scale', verbs: STATUS_VERBS },
      { name: 'status', kind: 'ReplicaSet', verbs: STATUS_VERBS },
    ],
  },
  {
    kind: 'PodDisruptionBudget',
    plural: 'poddisruptionbudgets',
    singular: 'poddisruptionbudget',
    group: 'policy',
    version: 'v1',
    namespaced: true,
    shortNames: ['pdb'],
    categories: [],
    subresources: [{ name: 'status', kind: 'PodDisruptionBudget', verbs: STATUS_VERBS }],
  },
  {
    kind: 'PriorityClass',
    plural: 'priorityclasses',
    singular: 'priorityclass',
    group: 'scheduling.k8s.io',
    version: 'v1',
    namespaced: false,
    shortNames: ['pc'],
    categories: [],
    subresources: [],
  },
];

export function groupVersion(r: { group: string; version: string }): string {
  return r.group ? `${r.group}/${r.version}` : r.version;
}

/** The group versions served, core first. */
export function servedGroupVersions(): { group: string; version: string }[] {
  const seen = new Map<string, { group: string; version: string }>();
  for (const r of SERVED) seen.set(groupVersion(r), { group: r.group, version: r.version });
  return [...seen.values()];
}

/** The port the simulated kube-apiserver listens on (kubeadm's default secure port). */
export const API_SERVER_PORT = 6443;

/**
 * `/api`'s serverAddressByClientCIDRs: the kube-apiserver's advertise address, the InternalIP of
 * the control-plane node (of the first node when none has the role), with its secure port.
 */
export function serverAddressByClientCIDRs(
  store: ObjectStore,
): { clientCIDR: string; serverAddress: string }[] {
  const nodes = store.list('Node') as Node[];
  const isControlPlane = (n: Node) => {
    const labels = n.metadata.labels ?? {};
    return (
      Object.hasOwn(labels, 'node-role.kubernetes.io/control-plane') ||
      Object.hasOwn(labels, 'node-role.kubernetes.io/master')
    );
  };
  const cp = nodes.find(isControlPlane) ?? nodes[0];
  const ip = cp?.status?.addresses?.find((a) => a.type === 'InternalIP')?.address;
  return ip ? [{ clientCIDR: '0.0.0.0/0', serverAddress: `${ip}:${API_SERVER_PORT}` }] : [];
}

export function apiVersions(store: ObjectStore): unknown {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: serverAddressByClientCIDRs(store),
  };
}

export function apiGroup(group: string): Record<string, unknown> | undefined {
  const versions = servedGroupVersions().filter((gv) => gv.group === group && group !== '');
  if (versions.length === 0) return undefined;
  const gvs = versions.map((gv) => ({ groupVersion: groupVersion(gv), version: gv.version }));
  return { kind: 'APIGroup', apiVersion: 'v1', name: group, versions: gvs, preferredVersion: gvs[0] };
}

export function apiGroupList(): unknown {
  const names = [
    ...new Set(
      servedGroupVersions()
        .map((gv) => gv.group)
        .filter((g) => g !== ''),
    ),
  ];
  // the list's items carry no kind/apiVersion of their own
  const groups = names.map((g) => {
    const { kind: _k, apiVersion: _a, ...rest } = apiGroup(g)!;
    return rest;
  });
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

export interface APIResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  group?: string;
  version?: string;
  kind: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
}

/** The resources of one group version (subresources as `plural/sub`); undefined when it is not served. */
export function apiResources(group: string, version: string): APIResource[] | undefined {
  const rs = SERVED.filter((r) => r.group === group && r.version === version);
  if (rs.length === 0) return undefined;
  const out: APIResource[] = [];
  for (const r of rs) {
    out.push({
      name: r.plural,
      singularName: r.singular,
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: r.kind === 'Namespace' ? NAMESPACE_VERBS : VERBS,
      ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
      ...(r.categories.length ? { categories: r.categories } : {}),
    });
    for (const s of r.subresources) {
      out.push({
        name: `${r.plural}/${s.name}`,
        singularName: '',
        namespaced: r.namespaced,
        // pods/eviction is a policy/v1 Eviction: kubectl drain finds eviction support by this entry.
        ...(s.kind === 'Eviction'
          ? { group: 'policy', version: 'v1' }
          : s.kind === 'Scale'
            ? { group: 'autoscaling', version: 'v1' }
            : {}),
        kind: s.kind,
        verbs: s.verbs,
      });
    }
  }
  return out;
}

export function apiResourceList(group: string, version: string): unknown | undefined {
  const resources = apiResources(group, version);
  if (!resources) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: groupVersion({ group, version }),
    resources,
  };
}

/** `/version` (version.Info): the release the simulated control plane and nodes run. */
export function versionInfo(): Record<string, string> {
  const m = /^v(\d+)\.(\d+)\./.exec(KUBELET_VERSION)!;
  return {
    major: m[1],
    minor: m[2],
    // a server at its own version emulates it, and is compatible with the minor before
    emulationMajor: m[1],
    emulationMinor: m[2],
    minCompatibilityMajor: m[1],
    minCompatibilityMinor: String(Number(m[2]) - 1),
    gitVersion: KUBELET_VERSION,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2026-01-01T00:00:00Z',
    goVersion: 'go1.25.0',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

export interface RawResponse {
  contentType: string;
  body: string;
}

/**
 * The response to a GET of a discovery or health path, byte for byte, or undefined when PATH is
 * none of them. Objects are written by the server's JSON encoder (compact, a final newline);
 * `/version` by WriteRawJSON (indented, no newline); health checks answer `ok`.
 */
export function discoveryResponse(store: ObjectStore, path: string): RawResponse | undefined {
  const json = (v: unknown): RawResponse => ({
    contentType: 'application/json',
    body: `${JSON.stringify(v)}\n`,
  });
  if (path === '/healthz' || path === '/livez' || path === '/readyz')
    return { contentType: 'text/plain; charset=utf-8', body: 'ok' };
  if (path === '/version')
    return { contentType: 'application/json', body: JSON.stringify(versionInfo(), null, 2) };
  if (path === '/api') return json(apiVersions(store));
  if (path === '/apis') return json(apiGroupList());
  if (path === '/api/v1') return json(apiResourceList('', 'v1'));
  let m = /^\/apis\/([^/]+)$/.exec(path);
  if (m) {
    const g = apiGroup(m[1]);
    return g ? json(g) : undefined;
  }
  m = /^\/apis\/([^/]+)\/([^/]+)$/.exec(path);
  if (m) {
    const l = apiResourceList(m[1], m[2]);
    return l ? json(l) : undefined;
  }
  return undefined;
}
