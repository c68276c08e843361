// Sample manifests for the editor's tests and its dev harness.

/** The article's DaemonSet (fluentd-elasticsearch), as written there. */
export const ARTICLE_YAML = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
  labels:
    k8s-app: fluentd-logging
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      tolerations:
      - key: node-role.kubernetes.io/master
        effect: NoSchedule
      containers:
      - name: fluentd-elasticsearch
        image: k8s.gcr.io/fluentd-elasticsearch:1.20
        resources:
          limits:
            memory: 200Mi
          requests:
            cpu: 100m
            memory: 200Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
        - name: varlibdockercontainers
          mountPath: /var/lib/docker/containers
          readOnly: true
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
      - name: varlibdockercontainers
        hostPath:
          path: /var/lib/docker/containers
`

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
`

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
`
