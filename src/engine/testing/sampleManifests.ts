// Sample manifests for tests (the editor's, the markers', e2e) and the editor's dev harness.

import { ARTICLE_MANIFEST, DEPLOYMENT_MANIFEST } from '../cluster/manifests';

/** The article's DaemonSet (fluentd-elasticsearch), as written there. */
export const ARTICLE_YAML = ARTICLE_MANIFEST;

/** The Deployment beside it (web, nginx:1.27, two replicas), the editor's Deployment preset. */
export const DEPLOYMENT_YAML = DEPLOYMENT_MANIFEST;

/** A GPU node: a label, a taint and capacity (numbers and quantity strings). */
export const NODE_YAML = `apiVersion: v1
kind: Node
metadata:
  name: gpu-1
  labels:
    kubernetes.io/hostname: gpu-1
    accelerator: nvidia
spec:
  taints:
  - key: nvidia.com/gpu
    value: present
    effect: NoSchedule
status:
  capacity:
    cpu: 8
    memory: 32Gi
    pods: 110
`;

/** A small DaemonSet whose pod spec has no tolerations yet (for completion). */
export const MINIMAL_YAML = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: demo
spec:
  selector:
    matchLabels:
      app: demo
  template:
    metadata:
      labels:
        app: demo
    spec:
      containers:
      - name: demo
        image: nginx:1.27
      terminationGracePeriodSeconds: 30
`;
