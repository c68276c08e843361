// The engine's test helpers, for tests outside src/engine (and the editor's dev-only harness): pod
// states made by hand, sample manifests, builders, the failing-pods cluster. Not part of the page.

export { FLUENTD_YAML, newDaemonSet, newEventInput, newNode } from './builders';
export { NODES, T0, daemonPod, fluentd, type PodState } from './podStates';
export { ARTICLE_YAML, DEPLOYMENT_YAML, MINIMAL_YAML, NODE_YAML } from './sampleManifests';
export { failingPodsCluster } from './failingPods';
