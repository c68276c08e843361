// The completion's view of the mirrored objects (names per kind and namespace). Pure.

import type { DaemonSet, Kind, Pod, PodSpec } from '../../engine';
import { namespacedName } from '../../engine/predicates';
import type { Objects } from '../../state/clusterSlice';
import type { ObjectIndex } from './completion';

export function objectIndex(objects: Objects, defaultNamespace = 'default'): ObjectIndex {
  return {
    defaultNamespace,
    names: (kind, namespace) => {
      const out: string[] = [];
      for (const o of Object.values(objects[kind as Kind] ?? {})) {
        if (
          namespace === null ||
          (o.metadata.namespace ?? '') === namespace ||
          o.metadata.namespace === undefined
        )
          out.push(o.metadata.name);
      }
      return out;
    },
    namespaces: () => Object.values(objects.Namespace ?? {}).map((o) => o.metadata.name),
    containers: (kind, namespace, name) => {
      const o = objects[kind]?.[namespacedName(namespace, name)];
      // a Pod's own spec, or the pod template of a workload (kubectl's podSpecOf)
      const spec =
        kind === 'Pod' ? (o as Pod | undefined)?.spec : (o as DaemonSet | undefined)?.spec?.template?.spec;
      return spec?.containers?.map((c) => c.name) ?? [];
    },
    images: () => {
      const out = new Set<string>();
      const add = (spec: PodSpec | undefined) => {
        for (const c of [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])])
          if (c.image) out.add(c.image);
      };
      for (const ds of Object.values(objects.DaemonSet ?? {}) as DaemonSet[]) add(ds.spec?.template?.spec);
      for (const pod of Object.values(objects.Pod ?? {}) as Pod[]) add(pod.spec);
      return [...out];
    },
  };
}
