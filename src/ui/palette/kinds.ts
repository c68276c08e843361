// The kinds of node the palette adds, as the `sim node add` command each one runs. Pure, tested.

import { addNodeCommand, type NodeSpecInput } from '../graph/system/commands';

export type PaletteKind = 'worker' | 'control-plane' | 'gpu' | 'no-network' | 'custom';

export interface KindSpec {
  kind: PaletteKind;
  /** prefix of generated names: `node-3`, `gpu-1` */
  prefix: string;
  spec: Omit<NodeSpecInput, 'name'>;
}

export const KINDS: readonly KindSpec[] = [
  { kind: 'worker', prefix: 'node', spec: {} },
  {
    kind: 'control-plane',
    prefix: 'control-plane',
    spec: {
      labels: [{ key: 'node-role.kubernetes.io/control-plane', value: '' }],
      taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
    },
  },
  {
    kind: 'gpu',
    prefix: 'gpu',
    spec: {
      labels: [{ key: 'nvidia.com/gpu.present', value: 'true' }],
      taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }],
    },
  },
  { kind: 'no-network', prefix: 'no-net', spec: { noNetwork: true } },
  { kind: 'custom', prefix: 'node', spec: {} },
];

export function kindSpec(kind: PaletteKind): KindSpec {
  return KINDS.find((k) => k.kind === kind)!;
}

/**
 * The first free `prefix-N` (N from 1). Workers follow the cluster's own naming: `worker-N` when the
 * cluster already has `worker-…` nodes (kubeadm preset), `node-N` otherwise (the article's).
 */
export function uniqueName(prefix: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  let p = prefix;
  if (
    prefix === 'node' &&
    ![...names].some((n) => /^node-\d+$/.test(n)) &&
    [...names].some((n) => /^worker-\d+$/.test(n))
  )
    p = 'worker';
  for (let i = 1; ; i++) {
    const name = `${p}-${i}`;
    if (!names.has(name)) return name;
  }
}

export function addCommand(kind: PaletteKind, name: string, extra: Partial<NodeSpecInput> = {}): string {
  const base = kindSpec(kind).spec;
  return addNodeCommand({
    ...base,
    ...extra,
    name,
    labels: [...(base.labels ?? []), ...(extra.labels ?? [])],
    taints: [...(base.taints ?? []), ...(extra.taints ?? [])],
  });
}
