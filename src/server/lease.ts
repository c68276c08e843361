// The kubelet's node Lease (coordination.k8s.io/v1, namespace kube-node-lease), which `kubectl
// describe node` reads. The simulation does not store Leases: each node's is derived from the node,
// renewed every 10 s of simulated time, as the emulator's describe prints it.

import { type KObject, rfc3339 } from '../engine';

const RENEW_MS = 10_000;

export function nodeLease(node: KObject, now: number): unknown {
  const renew = rfc3339(Math.floor(now / RENEW_MS) * RENEW_MS).replace(/(\.\d+)?Z$/, '.000000Z');
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: node.metadata.name,
      namespace: 'kube-node-lease',
      uid: node.metadata.uid,
      resourceVersion: node.metadata.resourceVersion,
      creationTimestamp: node.metadata.creationTimestamp,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.metadata.name, uid: node.metadata.uid }],
    },
    spec: { holderIdentity: node.metadata.name, leaseDurationSeconds: 40, renewTime: renew },
  };
}
