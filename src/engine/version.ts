// The Kubernetes release the simulated cluster runs (k8s.io/component-base/version): the kubelet
// reports it in each node's nodeInfo, the API server in /version and its OpenAPI documents, and
// `kubectl version` prints it.

export const KUBELET_VERSION = 'v1.35.0';
