// What a node looks like when its kubelet registers: capacity, conditions, addresses, node info.

import type { Node, NodeCondition, Taint } from '../api/types';
import { KUBELET_VERSION } from '../version';

export interface NodeOptions {
  labels?: Record<string, string>;
  taints?: Taint[];
  cpu?: string;
  memory?: string;
  pods?: string;
  notReady?: boolean;
  noNetwork?: boolean;
  /** ordinal used for the node's InternalIP (10.0.0.<n>) and pod CIDR (10.244.<n>.0/24) */
  index: number;
  now: string;
}

function condition(
  type: string,
  status: 'True' | 'False',
  reason: string,
  message: string,
  now: string,
): NodeCondition {
  return { type, status, lastHeartbeatTime: now, lastTransitionTime: now, reason, message };
}

export function newNode(name: string, o: NodeOptions): Node {
  const cpu = o.cpu ?? '4';
  const memory = o.memory ?? '8Gi';
  const pods = o.pods ?? '110';
  const ready = !o.notReady && !o.noNetwork;
  const conditions: NodeCondition[] = [];
  if (o.noNetwork) {
    conditions.push(
      condition('NetworkUnavailable', 'True', 'NoRouteCreated', 'Node created without a route', o.now),
    );
  }
  conditions.push(
    condition(
      'MemoryPressure',
      'False',
      'KubeletHasSufficientMemory',
      'kubelet has sufficient memory available',
      o.now,
    ),
    condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure', o.now),
    condition(
      'PIDPressure',
      'False',
      'KubeletHasSufficientPID',
      'kubelet has sufficient PID available',
      o.now,
    ),
    ready
      ? condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', o.now)
      : condition(
          'Ready',
          'False',
          'KubeletNotReady',
          o.noNetwork
            ? 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized'
            : 'container runtime status check may not have completed yet',
          o.now,
        ),
  );
  const octet = (o.index % 250) + 2;
  const third = Math.floor(o.index / 250);
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        ...o.labels,
      },
      annotations: {
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    } as unknown as Node['metadata'],
    spec: {
      podCIDR: `10.244.${o.index % 256}.0/24`,
      ...(o.taints && o.taints.length ? { taints: o.taints.map((t) => ({ ...t })) } : {}),
    },
    status: {
      capacity: { cpu, 'ephemeral-storage': '102350Mi', memory, pods },
      allocatable: { cpu, 'ephemeral-storage': '102350Mi', memory, pods },
      conditions,
      addresses: [
        { type: 'InternalIP', address: `10.0.${third}.${octet}` },
        { type: 'Hostname', address: name },
      ],
      nodeInfo: {
        architecture: 'amd64',
        bootID: '',
        containerRuntimeVersion: 'containerd://2.1.4',
        kernelVersion: '6.8.0-86-generic',
        kubeProxyVersion: '',
        kubeletVersion: KUBELET_VERSION,
        machineID: '',
        operatingSystem: 'linux',
        osImage: 'Ubuntu 24.04.3 LTS',
        systemUUID: '',
      },
      images: [],
    },
  };
}
