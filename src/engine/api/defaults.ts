// Defaulting on write (pkg/apis/apps/v1/defaults.go, pkg/apis/core/v1/defaults.go).

import type {
  Container,
  DaemonSet,
  Deployment,
  Node,
  Pod,
  PodSpec,
  PodTemplateSpec,
  ReplicaSet,
} from './types';

/** imagePullPolicy: Always for `:latest` or an image with neither tag nor digest, else IfNotPresent. */
export function defaultPullPolicy(image: string | undefined): string {
  if (!image) return 'IfNotPresent';
  if (image.includes('@')) return 'IfNotPresent';
  const lastSlash = image.lastIndexOf('/');
  const tagSep = image.indexOf(':', lastSlash + 1);
  if (tagSep < 0) return 'Always';
  return image.slice(tagSep + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}

/** SetDefaults_Probe and SetDefaults_HTTPGetAction (pkg/apis/core/v1/defaults.go). */
function defaultProbe(probe: unknown): void {
  if (probe === null || typeof probe !== 'object') return;
  const p = probe as Record<string, unknown>;
  const httpGet = p.httpGet as Record<string, unknown> | undefined;
  if (httpGet !== null && typeof httpGet === 'object') {
    if (!httpGet.path) httpGet.path = '/';
    if (!httpGet.scheme) httpGet.scheme = 'HTTP';
  }
  if (!p.timeoutSeconds) p.timeoutSeconds = 1;
  if (!p.periodSeconds) p.periodSeconds = 10;
  if (!p.successThreshold) p.successThreshold = 1;
  if (!p.failureThreshold) p.failureThreshold = 3;
}

function defaultContainer(c: Container, hostNetwork: boolean): void {
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
  if (c.terminationMessagePath === undefined) c.terminationMessagePath = '/dev/termination-log';
  if (c.terminationMessagePolicy === undefined) c.terminationMessagePolicy = 'File';
  if (c.imagePullPolicy === undefined) c.imagePullPolicy = defaultPullPolicy(c.image);
  for (const p of c.ports ?? []) {
    if (p.protocol === undefined) p.protocol = 'TCP';
    if (hostNetwork && p.hostPort === undefined) p.hostPort = p.containerPort;
  }
  // resources is a struct, not a pointer: the API server's encoder always writes it (`resources: {}`).
  if (c.resources === undefined) c.resources = {};
  // Limits without requests: requests default to the limits.
  if (c.resources.limits) {
    c.resources.requests = { ...c.resources.limits, ...c.resources.requests };
  }
}

export function defaultPodSpec(spec: PodSpec): void {
  if (spec.restartPolicy === undefined) spec.restartPolicy = 'Always';
  if (spec.dnsPolicy === undefined) spec.dnsPolicy = 'ClusterFirst';
  if (spec.terminationGracePeriodSeconds === undefined) spec.terminationGracePeriodSeconds = 30;
  if (spec.schedulerName === undefined) spec.schedulerName = 'default-scheduler';
  if (spec.securityContext === undefined) spec.securityContext = {};
  for (const c of spec.containers ?? []) defaultContainer(c, spec.hostNetwork === true);
  for (const c of spec.initContainers ?? []) defaultContainer(c, spec.hostNetwork === true);
  for (const c of spec.ephemeralContainers ?? []) defaultContainer(c, spec.hostNetwork === true);
  for (const t of spec.tolerations ?? []) {
    // An empty operator means Equal; the API server keeps it as written, so nothing to do here.
    void t;
  }
  for (const v of spec.volumes ?? []) {
    if (v.hostPath && v.hostPath.type === undefined) v.hostPath.type = '';
  }
}

export function defaultPodTemplate(t: PodTemplateSpec): void {
  if (!t.metadata) t.metadata = {};
  // a zero metav1.Time decodes from null and, since 1.34, is not encoded again (omitzero): a 1.33
  // client's `creationTimestamp: null` (rollout undo's template patch) leaves no trace
  if (t.metadata.creationTimestamp === null) delete t.metadata.creationTimestamp;
  if (!t.spec) t.spec = { containers: [] };
  defaultPodSpec(t.spec);
}

export function defaultDaemonSet(ds: DaemonSet): void {
  const spec = ds.spec;
  if (!spec.updateStrategy) spec.updateStrategy = {};
  const us = spec.updateStrategy;
  if (us.type === undefined) us.type = 'RollingUpdate';
  if (us.type === 'RollingUpdate') {
    if (!us.rollingUpdate) us.rollingUpdate = {};
    if (us.rollingUpdate.maxUnavailable === undefined) us.rollingUpdate.maxUnavailable = 1;
    if (us.rollingUpdate.maxSurge === undefined) us.rollingUpdate.maxSurge = 0;
  }
  if (spec.revisionHistoryLimit === undefined) spec.revisionHistoryLimit = 10;
  if (spec.template) defaultPodTemplate(spec.template);
}

/** SetDefaults_Deployment (apps/v1): 1 replica, RollingUpdate 25 %/25 %, 10 revisions, 600 s deadline. */
export function defaultDeployment(d: Deployment): void {
  const spec = d.spec;
  if (spec.replicas === undefined) spec.replicas = 1;
  if (!spec.strategy) spec.strategy = {};
  const st = spec.strategy;
  if (st.type === undefined) st.type = 'RollingUpdate';
  if (st.type === 'RollingUpdate') {
    if (!st.rollingUpdate) st.rollingUpdate = {};
    if (st.rollingUpdate.maxUnavailable === undefined) st.rollingUpdate.maxUnavailable = '25%';
    if (st.rollingUpdate.maxSurge === undefined) st.rollingUpdate.maxSurge = '25%';
  }
  if (spec.revisionHistoryLimit === undefined) spec.revisionHistoryLimit = 10;
  if (spec.progressDeadlineSeconds === undefined) spec.progressDeadlineSeconds = 600;
  if (spec.template) defaultPodTemplate(spec.template);
}

/** SetDefaults_ReplicaSet (apps/v1): 1 replica. */
export function defaultReplicaSet(rs: ReplicaSet): void {
  if (rs.spec.replicas === undefined) rs.spec.replicas = 1;
  if (rs.spec.template) defaultPodTemplate(rs.spec.template);
}

export function defaultPod(pod: Pod): void {
  if (!pod.spec) return;
  defaultPodSpec(pod.spec);
  if (!pod.spec.tolerations) pod.spec.tolerations = [];
  // DefaultTolerationSeconds admission: 300 s not-ready/unreachable NoExecute tolerations unless the
  // pod already tolerates them (daemon pods do, so they get none).
  const has = (key: string) =>
    pod.spec.tolerations!.some(
      (t) =>
        (t.key === key || (!t.key && t.operator === 'Exists')) && (!t.effect || t.effect === 'NoExecute'),
    );
  for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
    if (!has(key))
      pod.spec.tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
  }
  if (pod.spec.tolerations.length === 0) delete pod.spec.tolerations;
  if (!pod.spec.serviceAccountName) pod.spec.serviceAccountName = 'default';
  if (pod.spec.enableServiceLinks === undefined) pod.spec.enableServiceLinks = true;
  if (pod.spec.preemptionPolicy === undefined) pod.spec.preemptionPolicy = 'PreemptLowerPriority';
}

export function defaultNode(node: Node): void {
  if (!node.spec) node.spec = {};
  if (!node.status) node.status = {};
}
