// The patch metadata of the API types the simulation serves: for each struct field its type, and
// for lists the `patchStrategy` / `patchMergeKey` struct tags of k8s.io/api (core/v1, apps/v1).
// Strategic merge patch merges a list with a merge strategy element by element on its merge key
// (containers by name, ports by containerPort, volumeMounts by mountPath, …) and replaces any other
// list as a whole (tolerations, taints, args, command, nodeSelectorTerms …).

export interface FieldMeta {
  /** the struct type of the field (or of its list elements) */
  type?: string;
  /** patchStrategy, split on `,`: `merge`, `retainKeys`, `replace` */
  strategies?: string[];
  /** patchMergeKey */
  mergeKey?: string;
}

type Struct = Record<string, FieldMeta>;

const merge = (mergeKey: string | undefined, type?: string, retainKeys = false): FieldMeta => ({
  ...(type ? { type } : {}),
  strategies: retainKeys ? ['merge', 'retainKeys'] : ['merge'],
  ...(mergeKey ? { mergeKey } : {}),
});

const OBJECT_META: Struct = {
  finalizers: merge(undefined),
  ownerReferences: merge('uid'),
};

const TYPES: Record<string, Struct> = {
  ObjectMeta: OBJECT_META,
  DaemonSet: {
    metadata: { type: 'ObjectMeta' },
    spec: { type: 'DaemonSetSpec' },
    status: { type: 'DaemonSetStatus' },
  },
  DaemonSetSpec: { template: { type: 'PodTemplateSpec' } },
  DaemonSetStatus: { conditions: merge('type') },
  PodTemplateSpec: { metadata: { type: 'ObjectMeta' }, spec: { type: 'PodSpec' } },
  Pod: { metadata: { type: 'ObjectMeta' }, spec: { type: 'PodSpec' }, status: { type: 'PodStatus' } },
  PodSpec: {
    volumes: merge('name', 'Volume', true),
    initContainers: merge('name', 'Container'),
    containers: merge('name', 'Container'),
    ephemeralContainers: merge('name', 'Container'),
    imagePullSecrets: merge('name'),
    hostAliases: merge('ip'),
    topologySpreadConstraints: merge('topologyKey'),
    schedulingGates: merge('name'),
    resourceClaims: merge('name', undefined, true),
  },
  Container: {
    ports: merge('containerPort'),
    env: merge('name'),
    volumeMounts: merge('mountPath'),
    volumeDevices: merge('devicePath'),
  },
  PodStatus: { conditions: merge('type'), resourceClaimStatuses: merge('name', undefined, true) },
  Node: { metadata: { type: 'ObjectMeta' }, spec: { type: 'NodeSpec' }, status: { type: 'NodeStatus' } },
  NodeSpec: { podCIDRs: merge(undefined) },
  NodeStatus: { conditions: merge('type'), addresses: merge('type') },
  Deployment: {
    metadata: { type: 'ObjectMeta' },
    spec: { type: 'DeploymentSpec' },
    status: { type: 'DeploymentStatus' },
  },
  DeploymentSpec: { template: { type: 'PodTemplateSpec' }, strategy: { strategies: ['retainKeys'] } },
  DeploymentStatus: { conditions: merge('type') },
  ReplicaSet: {
    metadata: { type: 'ObjectMeta' },
    spec: { type: 'ReplicaSetSpec' },
    status: { type: 'ReplicaSetStatus' },
  },
  ReplicaSetSpec: { template: { type: 'PodTemplateSpec' } },
  ReplicaSetStatus: { conditions: merge('type') },
  Namespace: { metadata: { type: 'ObjectMeta' } },
  ControllerRevision: { metadata: { type: 'ObjectMeta' } },
  Event: { metadata: { type: 'ObjectMeta' } },
  PriorityClass: { metadata: { type: 'ObjectMeta' } },
};

/** LookupPatchMeta for a struct type: a field's metadata (empty for fields without tags). */
export function fieldMeta(type: string | undefined, field: string): FieldMeta {
  if (!type) return {};
  const t = TYPES[type];
  if (!t || !Object.hasOwn(t, field)) return {};
  return t[field];
}

/** Whether strategic merge patch knows the kind (kubectl: "not supported … try --type merge"). */
export function hasPatchMeta(kind: string): boolean {
  return Object.hasOwn(TYPES, kind);
}
