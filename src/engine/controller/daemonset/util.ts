// pkg/controller/daemon/util/daemonset_util.go: what the controller injects into daemon pods, how
// it tells new pods from old ones, and the rolling update's surge and unavailable arithmetic.

import type {
  DaemonSet,
  NodeSelectorTerm,
  Pod,
  PodCondition,
  PodSpec,
  PodTemplateSpec,
  Toleration,
} from '../../api/types';
import { TEMPLATE_GENERATION_ANNOTATION } from '../../api/annotations';
import { deepFreeze } from '../../api/objects';

export const DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY = 'controller-revision-hash';
export const DAEMONSET_TEMPLATE_GENERATION_KEY = 'pod-template-generation';

/** The tolerations every daemon pod gets (AddOrUpdateDaemonPodTolerations), in upstream order. */
export function daemonPodTolerations(hostNetwork: boolean): Toleration[] {
  const t: Toleration[] = [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
  ];
  if (hostNetwork)
    t.push({ key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' });
  return t;
}

function sameToleration(a: Toleration, b: Toleration): boolean {
  return (
    (a.key ?? '') === (b.key ?? '') &&
    (a.effect ?? '') === (b.effect ?? '') &&
    (a.operator ?? 'Equal') === (b.operator ?? 'Equal') &&
    (a.value ?? '') === (b.value ?? '')
  );
}

/** AddOrUpdateTolerationInPodSpec for each injected toleration: replace in place or append. */
export function addOrUpdateDaemonPodTolerations(spec: PodSpec): void {
  const tols = [...(spec.tolerations ?? [])];
  for (const inj of daemonPodTolerations(spec.hostNetwork === true)) {
    const i = tols.findIndex((t) => sameToleration(t, inj));
    if (i >= 0) tols[i] = { ...inj };
    else tols.push({ ...inj });
  }
  spec.tolerations = tols;
}

/** Which of a pod's tolerations the controller injected (for the UI's "injected" marks). */
export function isInjectedToleration(t: Toleration, hostNetwork: boolean): boolean {
  return daemonPodTolerations(hostNetwork).some(
    (inj) => sameToleration(t, inj) && t.tolerationSeconds === undefined,
  );
}

/** ReplaceDaemonSetPodNodeNameNodeAffinity: pin the pod to one node with matchFields metadata.name. */
export function replaceDaemonSetPodNodeNameNodeAffinity(spec: PodSpec, nodeName: string): void {
  const term: NodeSelectorTerm = {
    matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }],
  };
  const affinity = spec.affinity ? { ...spec.affinity } : {};
  const nodeAffinity = affinity.nodeAffinity ? { ...affinity.nodeAffinity } : {};
  nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: [term] };
  affinity.nodeAffinity = nodeAffinity;
  spec.affinity = affinity;
}

/** NewPod: the hypothetical pod used to decide whether a node should run a daemon pod. */
export function newPodSpecForNode(template: PodTemplateSpec, nodeName: string): PodSpec {
  const spec = { ...template.spec, nodeName } as PodSpec;
  addOrUpdateDaemonPodTolerations(spec);
  return spec;
}

export function templateGeneration(ds: DaemonSet): string | undefined {
  return ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
}

/** The pod's Ready condition (getPodCondition(pod, 'Ready') without a closure: the controller's hot paths read it). */
export function readyCondition(pod: Pod): PodCondition | undefined {
  const cs = pod.status?.conditions;
  if (!cs) return undefined;
  for (let i = 0; i < cs.length; i++) if (cs[i].type === 'Ready') return cs[i];
  return undefined;
}

/** IsPodUpdated: the pod carries the current hash, or the current template generation. */
export function isPodUpdated(pod: Pod, hash: string, generation: string | undefined): boolean {
  const labels = pod.metadata.labels ?? {};
  const tg = generation !== undefined && labels[DAEMONSET_TEMPLATE_GENERATION_KEY] === generation;
  return tg || (hash !== '' && labels[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] === hash);
}

/** getPodsPrefix: `<name>-`, or `<name>` when the dash would make an invalid name. */
export function getPodsPrefix(controllerName: string): string {
  const prefix = `${controllerName}-`;
  return /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*-?$/.test(prefix)
    ? prefix
    : controllerName;
}

/** The pod the controller creates for `nodeName` from the current template (GetPodFromTemplate + injections). */
export function newDaemonPod(ds: DaemonSet, nodeName: string, hash: string): Pod {
  const base = daemonPodBase(ds, hash);
  // A shallow copy: tolerations and affinity are replaced, not changed in place, so the template's
  // (frozen) subtrees are shared; the API server copies the whole pod when it is created. The
  // base's spec already has the affinity key in its place: setting it adds no property per pod.
  const spec = { ...base.spec };
  spec.affinity = base.affinity;
  replaceDaemonSetPodNodeNameNodeAffinity(spec, nodeName);
  const metadata = { ...base.metadata };
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec, status: {} };
}

interface PodBase {
  hash: string;
  metadata: Pod['metadata'];
  /** the template's spec with the injected tolerations, and an `affinity` key where the pod's goes */
  spec: PodSpec;
  /** the template's affinity */
  affinity: PodSpec['affinity'];
}

/** What every pod of one DaemonSet version and hash shares, made once per (frozen) DaemonSet object. */
const bases = new WeakMap<DaemonSet, PodBase>();

function daemonPodBase(ds: DaemonSet, hash: string): PodBase {
  const frozen = Object.isFrozen(ds) && Object.isFrozen(ds.spec.template);
  const known = frozen ? bases.get(ds) : undefined;
  if (known && known.hash === hash) return known;
  const t = ds.spec.template;
  const spec = { ...t.spec };
  addOrUpdateDaemonPodTolerations(spec);
  const affinity = spec.affinity;
  // The key the pod's affinity takes: where the template has it, else last (as assigning it would add it).
  spec.affinity = undefined;
  const labels: Record<string, string> = { ...t.metadata?.labels };
  const gen = templateGeneration(ds);
  if (gen !== undefined) labels[DAEMONSET_TEMPLATE_GENERATION_KEY] = gen;
  if (hash) labels[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] = hash;
  const metadata: Pod['metadata'] = {
    generateName: getPodsPrefix(ds.metadata.name),
    namespace: ds.metadata.namespace,
    labels,
    ownerReferences: [
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        name: ds.metadata.name,
        uid: ds.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  } as Pod['metadata'];
  if (t.metadata?.annotations && Object.keys(t.metadata.annotations).length)
    metadata.annotations = { ...t.metadata.annotations };
  const fin = (t.metadata as { finalizers?: string[] } | undefined)?.finalizers;
  if (fin?.length) metadata.finalizers = [...fin];
  const base = { hash, metadata, spec, affinity };
  if (!frozen) return base;
  // Shared by every pod made from it: frozen, so that nobody changes one pod's parts through another.
  for (const v of Object.values(metadata)) if (typeof v === 'object') deepFreeze(v);
  if (spec.tolerations) deepFreeze(spec.tolerations);
  bases.set(ds, base);
  return base;
}

/** intstr.GetScaledValueFromIntOrPercent with round-up. */
export function scaledValue(v: number | string | undefined, total: number): number {
  if (v === undefined) return 0;
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) return Number(v) || 0;
  return Math.ceil((Number(m[1]) * total) / 100);
}

/** UnavailableCount / SurgeCount with the maxUnavailable=1 fallback of updatedDesiredNodeCounts. */
export function updatedDesiredNodeCounts(
  ds: DaemonSet,
  desired: number,
): { maxSurge: number; maxUnavailable: number } {
  const ru = ds.spec.updateStrategy?.rollingUpdate;
  let maxUnavailable = scaledValue(ru?.maxUnavailable, desired);
  const maxSurge = scaledValue(ru?.maxSurge, desired);
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable };
}

/** AllowsSurge: whether a rolling update may surge (manage then keeps an old and a new pod per node). */
export function surgeAllowed(ds: DaemonSet): boolean {
  const us = ds.spec.updateStrategy;
  if (us?.type !== 'RollingUpdate') return false;
  const ms = us.rollingUpdate?.maxSurge;
  return ms !== undefined && ms !== 0 && ms !== '0%';
}
