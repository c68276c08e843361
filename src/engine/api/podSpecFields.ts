// One shape for every pod spec the API server stores on a pod's create and binding (v1.PodSpec).
//
// A pod's spec has its template's keys in the manifest's order, then the defaults, then
// spec.nodeName from the binding. A DaemonSet's pods (tolerations first, an affinity per node) and a
// Deployment's (containers first) were two hidden classes in V8, four with their bound copies,
// meeting the same readers: the scheduler's filters and scores, the informers' pod handlers, the
// kubelet. Each class that arrived after its readers were compiled threw them out ("wrong map") and
// they were compiled again. Here every such spec has all of PodSpec's fields as its own properties
// in the Go struct's order, an absent one `undefined` — which every reader already takes as absent
// (`?.`, `??`, truthiness, deepEqual, the encoders, kubectl's printers) — then any other field of
// the input in its own order.

import type { Affinity, PodSpec } from './types';
import { ownSet } from './own';

/** v1.PodSpec's fields in the Go struct's order (the order `podSpec` lays them out in). */
export const POD_SPEC_FIELDS: readonly string[] = [
  'volumes',
  'initContainers',
  'containers',
  'ephemeralContainers',
  'restartPolicy',
  'terminationGracePeriodSeconds',
  'activeDeadlineSeconds',
  'dnsPolicy',
  'nodeSelector',
  'serviceAccountName',
  'serviceAccount',
  'automountServiceAccountToken',
  'nodeName',
  'hostNetwork',
  'hostPID',
  'hostIPC',
  'shareProcessNamespace',
  'securityContext',
  'imagePullSecrets',
  'hostname',
  'subdomain',
  'affinity',
  'schedulerName',
  'tolerations',
  'hostAliases',
  'priorityClassName',
  'priority',
  'dnsConfig',
  'readinessGates',
  'runtimeClassName',
  'enableServiceLinks',
  'preemptionPolicy',
  'overhead',
  'topologySpreadConstraints',
  'setHostnameAsFQDN',
  'os',
  'hostUsers',
  'schedulingGates',
  'resourceClaims',
  'resources',
];

const KNOWN = new Set<string>(POD_SPEC_FIELDS);

/**
 * `{ ...s, nodeName, affinity }` (`nodeName` and `affinity` default to `s`'s) with every field of
 * POD_SPEC_FIELDS its own property in that order, undefined when `s` has none, then any other own
 * field of `s` in its own order. Written out as one literal: V8 gives every spec made here the same
 * hidden class.
 */
export function podSpec(
  s: PodSpec,
  nodeName: string | undefined = s.nodeName,
  affinity: Affinity | undefined = s.affinity,
): PodSpec {
  const out: Record<string, unknown> = {
    volumes: s.volumes,
    initContainers: s.initContainers,
    containers: s.containers,
    ephemeralContainers: s.ephemeralContainers,
    restartPolicy: s.restartPolicy,
    terminationGracePeriodSeconds: s.terminationGracePeriodSeconds,
    activeDeadlineSeconds: s.activeDeadlineSeconds,
    dnsPolicy: s.dnsPolicy,
    nodeSelector: s.nodeSelector,
    serviceAccountName: s.serviceAccountName,
    serviceAccount: s.serviceAccount,
    automountServiceAccountToken: s.automountServiceAccountToken,
    nodeName,
    hostNetwork: s.hostNetwork,
    hostPID: s.hostPID,
    hostIPC: s.hostIPC,
    shareProcessNamespace: s.shareProcessNamespace,
    securityContext: s.securityContext,
    imagePullSecrets: s.imagePullSecrets,
    hostname: s.hostname,
    subdomain: s.subdomain,
    affinity,
    schedulerName: s.schedulerName,
    tolerations: s.tolerations,
    hostAliases: s.hostAliases,
    priorityClassName: s.priorityClassName,
    priority: s.priority,
    dnsConfig: s.dnsConfig,
    readinessGates: s.readinessGates,
    runtimeClassName: s.runtimeClassName,
    enableServiceLinks: s.enableServiceLinks,
    preemptionPolicy: s.preemptionPolicy,
    overhead: s.overhead,
    topologySpreadConstraints: s.topologySpreadConstraints,
    setHostnameAsFQDN: s.setHostnameAsFQDN,
    os: s.os,
    hostUsers: s.hostUsers,
    schedulingGates: s.schedulingGates,
    resourceClaims: s.resourceClaims,
    resources: s.resources,
  };
  const extra = s as Record<string, unknown>;
  for (const k in extra) {
    if (!KNOWN.has(k) && Object.prototype.hasOwnProperty.call(extra, k) && extra[k] !== undefined)
      ownSet(out, k, extra[k]);
  }
  return out as PodSpec;
}
