// What the graph shows about each Kubernetes object, derived from the mirrored objects only (pure, no
// React). Words that Kubernetes prints (phases, reasons, condition types, effects) stay as Kubernetes
// prints them; the components translate only their own labels.

import type {
  ControllerRevision,
  DaemonSet,
  Node,
  Pod,
  RenumberedRevision,
  Taint,
  TaintEffect,
  Toleration,
} from '../../../engine';
import { controllerRef, getPodCondition, isPodReady } from '../../../engine/predicates';
import { findNodeRoles, nodeStatus } from '../../../engine/predicates';
import { podCells } from '../../../engine/predicates';
import { nodeAllocatable, podRequest } from '../../../engine/predicates';
import { pinnedNodeName } from '../../../engine/predicates';
import { taintString, toleratesTaint, tolerationString } from '../../../engine/predicates';
import { DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY, isInjectedToleration } from '../../../engine/predicates';
import { parseTime } from '../../../engine/predicates';
import { daemonSetCounters, type DaemonSetCounters } from '../../../state/selectors';
import { podTrouble, unreadyFrom, type PodTrouble } from '../../../state/podTrouble';
import { namespacedName } from '../../../engine/predicates';

export const CHANGE_CAUSE = 'kubernetes.io/change-cause';
/** Labels every simulated node carries; the card counts them instead of listing them. */
export const STANDARD_NODE_LABELS: ReadonlySet<string> = new Set([
  'beta.kubernetes.io/arch',
  'beta.kubernetes.io/os',
  'kubernetes.io/arch',
  'kubernetes.io/hostname',
  'kubernetes.io/os',
]);
/** Node conditions worth a chip when they are True (Ready is shown as the node's status). */
export const PRESSURE_CONDITIONS = [
  'MemoryPressure',
  'DiskPressure',
  'PIDPressure',
  'NetworkUnavailable',
] as const;
/** How many revision colours the CSS defines (--rev-0 … --rev-7). */
export const REVISION_COLORS = 8;

// ------------------------------------------------------------------------------------------ taints

export interface TaintView {
  key: string;
  value?: string;
  effect: TaintEffect;
  /** `key=value:Effect`, as kubectl prints it */
  text: string;
}

export const EFFECT_ICON: Record<TaintEffect, string> = {
  NoSchedule: '⊘',
  PreferNoSchedule: '⚠',
  NoExecute: '⏏',
};

/** Short text that tells the effects apart without colour. */
export const EFFECT_SHORT: Record<TaintEffect, string> = {
  NoSchedule: 'NoSchedule',
  PreferNoSchedule: 'PreferNoSchedule',
  NoExecute: 'NoExecute',
};

export function taintView(t: Taint): TaintView {
  return { key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect, text: taintString(t) };
}

// ------------------------------------------------------------------------------------------ nodes

export interface Usage {
  requested: number;
  allocatable: number;
}

export interface NodeSummary {
  name: string;
  roles: string[];
  /** kubectl's STATUS column: Ready / NotReady / Unknown, `,SchedulingDisabled` */
  status: string;
  ready: 'Ready' | 'NotReady' | 'Unknown';
  unschedulable: boolean;
  labels: { key: string; value: string }[];
  standardLabels: number;
  taints: TaintView[];
  /** pressure / network conditions that are True (or Unknown) */
  conditions: { type: string; status: string; reason?: string }[];
  cpu: Usage;
  memory: Usage;
  pods: Usage;
  terminating: boolean;
}

export function nodeReady(node: Node): NodeSummary['ready'] {
  const c = node.status?.conditions?.find((x) => x.type === 'Ready');
  if (!c) return 'Unknown';
  return c.status === 'True' ? 'Ready' : c.status === 'False' ? 'NotReady' : 'Unknown';
}

/** Requests of the pods bound to the node that still count for the scheduler (not Succeeded/Failed). */
export function nodeUsage(node: Node, pods: readonly Pod[]): { cpu: Usage; memory: Usage; pods: Usage } {
  const alloc = nodeAllocatable(node);
  let cpu = 0;
  let memory = 0;
  let count = 0;
  for (const p of pods) {
    if (p.spec.nodeName !== node.metadata.name) continue;
    if (p.status?.phase === 'Failed' || p.status?.phase === 'Succeeded') continue;
    const r = podRequest(p);
    cpu += r.milliCPU;
    memory += r.memory;
    count++;
  }
  return {
    cpu: { requested: cpu, allocatable: alloc.milliCPU },
    memory: { requested: memory, allocatable: alloc.memory },
    pods: { requested: count, allocatable: alloc.pods },
  };
}

export function summarizeNode(node: Node, pods: readonly Pod[]): NodeSummary {
  const labels: { key: string; value: string }[] = [];
  let standardLabels = 0;
  for (const [key, value] of Object.entries(node.metadata.labels ?? {})) {
    if (STANDARD_NODE_LABELS.has(key)) standardLabels++;
    else labels.push({ key, value });
  }
  labels.sort((a, b) => a.key.localeCompare(b.key));
  const conditions: NodeSummary['conditions'] = [];
  for (const type of PRESSURE_CONDITIONS) {
    const c = node.status?.conditions?.find((x) => x.type === type);
    if (c && c.status !== 'False')
      conditions.push({ type, status: c.status, ...(c.reason ? { reason: c.reason } : {}) });
  }
  return {
    name: node.metadata.name,
    roles: findNodeRoles(node),
    status: nodeStatus(node),
    ready: nodeReady(node),
    unschedulable: node.spec?.unschedulable === true,
    labels,
    standardLabels,
    taints: (node.spec?.taints ?? []).map(taintView),
    conditions,
    ...nodeUsage(node, pods),
    terminating: !!node.metadata.deletionTimestamp,
  };
}

// ------------------------------------------------------------------------------------------ pods

/** Colour family of a pod status, for CSS; the text is always shown too. */
export type PodTone = 'ok' | 'progress' | 'terminating' | 'failed' | 'done' | 'unknown';

export interface TolerationView {
  text: string;
  injected: boolean;
}

export interface RevisionRef {
  hash: string;
  /** the ControllerRevision's number, when it still exists */
  revision?: number;
  /** whether this is the DaemonSet's current (highest) revision */
  current: boolean;
  color: number;
  /** the number it had before an undo renumbered it (until the chain changes again) */
  was?: number;
}

export interface PodView {
  key: string;
  name: string;
  namespace: string;
  /** the part after the DaemonSet's `name-` prefix (or the whole name for bare pods) */
  suffix: string;
  owner?: { kind: string; name: string };
  /**
   * The workload a class would name it by: a Deployment's pods by the Deployment (their ReplicaSet's
   * name without the `pod-template-hash`), any other owned pod by its owner, a bare pod by its name.
   */
  workload: string;
  /** no controller owns it (e.g. `kubectl run`) */
  bare: boolean;
  /** kubectl's STATUS column (Running, ContainerCreating, Terminating, Error, …) */
  status: string;
  tone: PodTone;
  ready: boolean;
  /** READY column, `1/1` */
  readyText: string;
  /** ms since the epoch when the grace period ends (Terminating) */
  deletionAt?: number;
  revision?: RevisionRef;
  tolerations: TolerationView[];
  image: string;
  nodeName?: string;
  /** node the pod is pinned to by its node affinity (daemon pods) */
  targetNode?: string;
  /** PodScheduled=False message (the scheduler's), when unschedulable */
  schedulingMessage?: string;
  /** what is wrong with it (image pull, crash, OOM, not ready), in Kubernetes' words */
  trouble?: PodTrouble;
  /** for a pod running not ready: from when that is trouble (ms); before, it is on its way */
  unreadyFrom?: number;
  /** its containers' images, one each */
  images: string[];
  /** its ephemeral (debug) containers' names, when it has any (`kubectl debug`) */
  debuggers?: string[];
}

export function podTone(status: string, pod: Pod): PodTone {
  if (status === 'Terminating') return 'terminating';
  if (status === 'Unknown') return 'unknown';
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || status === 'Completed') return 'done';
  if (phase === 'Failed' || /Err|BackOff|Error|ExitCode|Signal|OOMKilled/.test(status)) return 'failed';
  if (status === 'Running' && isPodReady(pod)) return 'ok';
  return 'progress';
}

export function isUnschedulable(pod: Pod): boolean {
  if (pod.spec.nodeName) return false;
  const c = getPodCondition(pod, 'PodScheduled');
  return c?.status === 'False' && c.reason === 'Unschedulable';
}

/** The revision hash a daemon pod runs (its `controller-revision-hash` label). */
export const podHash = (pod: Pod): string | undefined =>
  pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];

/** See PodView.workload. */
export function workloadOf(
  name: string,
  ref: { kind: string; name: string } | undefined,
  hash?: string,
): string {
  if (!ref) return name;
  if (ref.kind === 'ReplicaSet' && hash && ref.name.endsWith(`-${hash}`))
    return ref.name.slice(0, -hash.length - 1);
  return ref.name;
}

export function podView(pod: Pod, revision: RevisionRef | undefined): PodView {
  const ref = controllerRef(pod);
  const cells = podCells(pod, 0);
  const name = pod.metadata.name;
  const prefix = ref ? `${ref.name}-` : '';
  const suffix = prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name;
  const hostNetwork = pod.spec.hostNetwork === true;
  const isDaemon = ref?.kind === 'DaemonSet';
  const sched = getPodCondition(pod, 'PodScheduled');
  const view: PodView = {
    key: namespacedName(pod.metadata.namespace, pod.metadata.name),
    name,
    namespace: pod.metadata.namespace ?? 'default',
    suffix,
    workload: workloadOf(name, ref, pod.metadata.labels?.['pod-template-hash']),
    bare: !ref,
    status: cells.status,
    tone: podTone(cells.status, pod),
    ready: isPodReady(pod),
    readyText: cells.ready,
    tolerations: (pod.spec.tolerations ?? []).map((t) => ({
      text: tolerationString(t),
      injected: isDaemon && isInjectedToleration(t, hostNetwork),
    })),
    image: pod.spec.containers.map((c) => c.image ?? '').join(', '),
    images: [...new Set(pod.spec.containers.map((c) => c.image ?? '').filter(Boolean))],
  };
  const debuggers = pod.spec.ephemeralContainers;
  if (debuggers?.length) view.debuggers = debuggers.map((c) => c.name);
  const trouble = podTrouble(pod);
  if (trouble) view.trouble = trouble;
  if (trouble?.class === 'unready') {
    const from = unreadyFrom(pod);
    if (from !== undefined) view.unreadyFrom = from;
  }
  if (ref) view.owner = { kind: ref.kind, name: ref.name };
  const del = parseTime(pod.metadata.deletionTimestamp);
  if (del !== undefined) view.deletionAt = del;
  if (revision) view.revision = revision;
  if (pod.spec.nodeName) view.nodeName = pod.spec.nodeName;
  const target = pinnedNodeName(pod.spec);
  if (target) view.targetNode = target;
  if (sched?.status === 'False' && sched.message) view.schedulingMessage = sched.message;
  return view;
}

/** Seconds left of a Terminating pod's grace period, from the simulated clock; never negative. */
export function countdownSeconds(deletionAt: number | undefined, now: number): number | undefined {
  if (deletionAt === undefined) return undefined;
  return Math.max(0, Math.ceil((deletionAt - now) / 1000));
}

/** Which of these tolerations tolerate a taint (what the taint-hover highlight lights up). */
export function toleratesAny(tols: readonly Toleration[] | undefined, taint: Taint): boolean {
  return (tols ?? []).some((t) => toleratesTaint(t, taint));
}

// ------------------------------------------------------------------------------------------ revisions

export interface RevisionView {
  name: string;
  revision: number;
  hash: string;
  changeCause?: string;
  current: boolean;
  color: number;
  /** images of the revision's template, for the card */
  images: string[];
  /**
   * the number it had before the controller last renumbered it (`rollout undo`, a template set back),
   * from the engine's record (a ControllerRevision keeps none)
   */
  was?: number;
  /** a kubelet's Failed event says its image did not pull (state/failedPulls.ts): marked after an undo too */
  pullFailed?: boolean;
}

/** A stable small number for a string (FNV-1a), used to give each revision hash its colour. */
export function hashColor(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % REVISION_COLORS;
}

export function revisionHash(cr: ControllerRevision, dsName: string): string {
  const l = cr.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
  if (l) return l;
  const prefix = `${dsName}-`;
  return cr.metadata.name.startsWith(prefix) ? cr.metadata.name.slice(prefix.length) : cr.metadata.name;
}

function revisionImages(cr: ControllerRevision): string[] {
  const data = cr.data as
    { spec?: { template?: { spec?: { containers?: { image?: string }[] } } } } | undefined;
  return (data?.spec?.template?.spec?.containers ?? []).map((c) => c.image ?? '');
}

/**
 * A DaemonSet's ControllerRevisions, highest revision first; the highest is the current one. Colours
 * follow the hash, and a later revision whose colour is taken moves to the next free one (in
 * creation order, so colours stay put when an undo renumbers a revision).
 */
export function revisionChain(
  ds: DaemonSet,
  crs: readonly ControllerRevision[],
  renumbered: readonly RenumberedRevision[] = [],
): RevisionView[] {
  const was = new Map<string, number>();
  for (const r of renumbered)
    if (r.daemonSet.uid === ds.metadata.uid && r.previous.length)
      was.set(r.uid, r.previous[r.previous.length - 1]);
  const byAge = [...crs].sort(
    (a, b) =>
      (parseTime(a.metadata.creationTimestamp) ?? 0) - (parseTime(b.metadata.creationTimestamp) ?? 0) ||
      a.metadata.name.localeCompare(b.metadata.name),
  );
  const used = new Set<number>();
  const color = new Map<string, number>();
  for (const cr of byAge) {
    let c = hashColor(revisionHash(cr, ds.metadata.name));
    for (let i = 0; i < REVISION_COLORS && used.has(c); i++) c = (c + 1) % REVISION_COLORS;
    used.add(c);
    color.set(cr.metadata.name, c);
  }
  const top = Math.max(-Infinity, ...crs.map((c) => c.revision));
  return [...crs]
    .sort((a, b) => b.revision - a.revision || a.metadata.name.localeCompare(b.metadata.name))
    .map((cr) => {
      const cause = cr.metadata.annotations?.[CHANGE_CAUSE];
      const before = was.get(cr.metadata.uid);
      return {
        name: cr.metadata.name,
        revision: cr.revision,
        hash: revisionHash(cr, ds.metadata.name),
        ...(cause ? { changeCause: cause } : {}),
        current: cr.revision === top,
        color: color.get(cr.metadata.name) ?? 0,
        images: revisionImages(cr),
        ...(before !== undefined && before !== cr.revision ? { was: before } : {}),
      };
    });
}

// ------------------------------------------------------------------------------------------ daemonsets

export interface DaemonSetView extends DaemonSetCounters {
  key: string;
  name: string;
  namespace: string;
  images: string[];
  strategy: string;
  nodeSelector: string[];
  tolerations: string[];
  revisions: RevisionView[];
  terminating: boolean;
}

export function daemonSetView(ds: DaemonSet, revisions: RevisionView[]): DaemonSetView {
  const su = ds.spec.updateStrategy;
  const ru = su?.rollingUpdate;
  const strategy =
    su?.type === 'OnDelete'
      ? 'OnDelete'
      : `RollingUpdate (maxUnavailable ${ru?.maxUnavailable ?? 1}, maxSurge ${ru?.maxSurge ?? 0})`;
  return {
    key: namespacedName(ds.metadata.namespace, ds.metadata.name),
    name: ds.metadata.name,
    namespace: ds.metadata.namespace ?? 'default',
    ...daemonSetCounters(ds.status),
    images: ds.spec.template.spec.containers.map((c) => c.image ?? ''),
    strategy,
    nodeSelector: Object.entries(ds.spec.template.spec.nodeSelector ?? {}).map(([k, v]) => `${k}=${v}`),
    tolerations: (ds.spec.template.spec.tolerations ?? []).map(tolerationString),
    revisions,
    terminating: !!ds.metadata.deletionTimestamp,
  };
}

/** `ns/name` of the DaemonSet controlling a ControllerRevision, when there is one. */
export function revisionOwnerKey(
  cr: ControllerRevision,
  dsByUid: ReadonlyMap<string, DaemonSet>,
): string | undefined {
  const ref = cr.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'DaemonSet');
  if (!ref) return undefined;
  const ds = dsByUid.get(ref.uid);
  return ds
    ? namespacedName(ds.metadata.namespace, ds.metadata.name)
    : namespacedName(cr.metadata.namespace, ref.name);
}

/** Formats millicores for a bar label: `100m`, `1.5`, `4`. */
export function formatCPU(m: number): string {
  if (!Number.isFinite(m)) return '∞';
  if (m < 1000) return `${m}m`;
  const v = m / 1000;
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

/** Formats bytes for a bar label: `200Mi`, `7.8Gi`. */
export function formatMemory(b: number): string {
  if (!Number.isFinite(b)) return '∞';
  const units: [string, number][] = [
    ['Gi', 2 ** 30],
    ['Mi', 2 ** 20],
    ['Ki', 2 ** 10],
  ];
  for (const [u, v] of units) {
    if (b >= v) {
      const x = b / v;
      return `${Number.isInteger(x) ? x : x.toFixed(1)}${u}`;
    }
  }
  return String(b);
}
