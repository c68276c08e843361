// Discovery documents (`/api`, `/apis`, `/api/v1`, `/apis/apps/v1`, `/version`) in the shapes the
// API server sends (apimachinery metav1.APIVersions, APIGroupList, APIResourceList, version.Info).

import { KUBELET_VERSION } from '../engine/cluster/nodeFactory';
import { groupVersion, NAMESPACE_VERBS, SERVED, servedGroupVersions, VERBS } from './resources';

export function apiVersions(serverAddress: string): unknown {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

export function apiGroupList(): unknown {
  const groups = servedGroupVersions()
    .filter((gv) => gv.group !== '')
    .map((gv) => {
      // the list's items carry no kind/apiVersion of their own
      const { kind: _k, apiVersion: _a, ...g } = apiGroup(gv.group) as Record<string, unknown>;
      return g;
    });
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

export function apiGroup(group: string): unknown | undefined {
  const versions = servedGroupVersions().filter((gv) => gv.group === group && group !== '');
  if (versions.length === 0) return undefined;
  const gvs = versions.map((gv) => ({ groupVersion: groupVersion(gv), version: gv.version }));
  return { kind: 'APIGroup', apiVersion: 'v1', name: group, versions: gvs, preferredVersion: gvs[0] };
}

/** The resource list of one group version; undefined when it is not served. */
export function apiResourceList(group: string, version: string): unknown | undefined {
  const rs = SERVED.filter((r) => r.group === group && r.version === version);
  if (rs.length === 0) return undefined;
  const resources: unknown[] = [];
  for (const r of rs) {
    resources.push({
      name: r.plural,
      singularName: r.singular,
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: r.kind === 'Namespace' ? NAMESPACE_VERBS : VERBS,
      ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
      ...(r.categories.length ? { categories: r.categories } : {}),
    });
    for (const s of r.subresources) {
      resources.push({
        name: `${r.plural}/${s.name}`,
        singularName: '',
        namespaced: r.namespaced,
        // pods/eviction is a policy/v1 Eviction: kubectl drain finds eviction support by this entry.
        ...(s.kind === 'Eviction' ? { group: 'policy', version: 'v1' } : {}),
        kind: s.kind,
        verbs: s.verbs,
      });
    }
  }
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: groupVersion({ group, version }), resources };
}

/** `/version`: the release the simulated nodes report. */
export function versionInfo(): unknown {
  const m = /^v(\d+)\.(\d+)\./.exec(KUBELET_VERSION)!;
  return {
    major: m[1],
    minor: m[2],
    gitVersion: KUBELET_VERSION,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2026-01-01T00:00:00Z',
    goVersion: 'go1.25.0',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}
