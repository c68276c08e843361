// Cluster presets for `sim cluster PRESET` and `?preset=` (DESIGN §3).

import type { Simulation } from '../simulation';
import { newNode, type NodeOptions } from './nodeFactory';
import { reconcileConditionTaints } from '../controller/nodelifecycle/taints';

export const PRESETS = ['article', 'kubeadm', 'empty', 'large'] as const;
export type PresetName = (typeof PRESETS)[number];

export function isPreset(s: string): s is PresetName {
  return (PRESETS as readonly string[]).includes(s);
}

/** How many nodes a preset registers (`large`: N, default 1000). */
export function presetNodeCount(preset: PresetName, nodes?: number): number {
  switch (preset) {
    case 'article':
      return 2;
    case 'kubeadm':
      return 3;
    case 'empty':
      return 0;
    case 'large':
      return nodes ?? 1000;
  }
}

/**
 * Registers a node the way `sim node add` does; its index picks its IP and pod CIDR. A node that
 * registers not ready carries its condition taints from the start (as a kubelet registering with
 * the not-ready taint does), so no daemon pod slips onto it before the node lifecycle controller runs.
 */
export function addNode(sim: Simulation, name: string, o: Omit<NodeOptions, 'index' | 'now'> = {}): void {
  const node = newNode(name, { ...o, index: sim.store.count('Node'), now: sim.iso() });
  const now = sim.iso();
  const initial = reconcileConditionTaints(node, now);
  if (initial) node.spec.taints = initial;
  sim.store.create(node);
}

export function applyPreset(sim: Simulation, preset: PresetName, nodes?: number): void {
  switch (preset) {
    case 'article':
      addNode(sim, 'master', {
        labels: { 'node-role.kubernetes.io/master': '' },
        taints: [{ key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' }],
      });
      addNode(sim, 'node-1');
      return;
    case 'kubeadm':
      addNode(sim, 'control-plane', {
        labels: {
          'node-role.kubernetes.io/control-plane': '',
          'node.kubernetes.io/exclude-from-external-load-balancers': '',
        },
        taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
      });
      addNode(sim, 'worker-1');
      addNode(sim, 'worker-2');
      return;
    case 'empty':
      return;
    case 'large': {
      const n = nodes ?? 1000;
      const width = Math.max(4, String(n).length);
      for (let i = 1; i <= n; i++) addNode(sim, `node-${String(i).padStart(width, '0')}`);
      return;
    }
  }
}
