// The kubelets of every node, as one component: drives each bound pod through its life in
// simulated time (ContainerCreating → image pull → Running → Ready), stops and removes pods that
// are being deleted, and brings a node's network up when a network plugin pod is running on it.
// Pods on a node that stopped reporting (Ready=Unknown) or that is gone are left alone.
// Statuses are handed to the store frozen: it shares frozen subtrees instead of copying them.
//
// When something goes wrong — an image the registry does not have (ErrImagePull, then
// ImagePullBackOff), `imagePullPolicy: Never` without the image, a program that exits or is
// OOM-killed (restarted per restartPolicy with the crash-loop back-off), a probe that fails — the
// pod's worker gets a PodLife (podLife.ts) and from then on syncs as upstream's SyncPod does: the
// status first (generated from its containers and the reason cache of the last sync), then
// computePodActions (kill, start), each start through doBackOff and EnsureImageExists. A healthy pod
// never gets one, and costs what it did: no work item per probe period, no extra allocation.

import { notFound } from '../api/errors';
import { deepFreeze } from '../api/objects';
import type { Change } from '../api/objectStore';
import { isPodReady, isPodTerminal } from '../api/podutil';
import type { Container, Node, Pod, PodStatus } from '../api/types';
import type { KubeletHost } from '../host';
import { TIMINGS } from '../timings';
import { type PodsByNode, podKeyOf, podsByNodeOf, splitKey } from '../scheduler/podsByNode';
import { podRequest } from '../scheduler/nodeInfo';
import type { RunBehaviour } from '../registry/registry';
import { AdmittedRequests, canAdmitPod, canAdmitPodBySum, rejectedStatus } from './admission';
import { Backoff } from './backoff';
import {
  ERR_IMAGE_NEVER_PULL,
  ERR_IMAGE_PULL,
  ERR_IMAGE_PULL_BACKOFF,
  backOffPullingMessage,
  failedToPullMessage,
  neverPullMessage,
  pullNotFoundError,
  startErrorMessage,
} from './imageManager';
import { goDuration } from '../clock';
import { normalizeImage } from '../registry/reference';
import { ImageCache, imageID, imageSize } from './images';
import { EphemeralContainers, ephemeralFieldPath } from './ephemeralContainers';
import { NETWORK_NOT_READY_MESSAGE, networkPluginUp } from './nodeStatus';
import {
  type ContainerLife,
  type Instance,
  type ProbeWorker,
  type StartFailure,
  isRunning,
  lifeStatus,
  newContainerLife,
  newestExit,
  shouldContainerBeRestarted,
} from './podLife';
import { nextProbeTime, probeRan, probeStarted, runExited, startProbing, stopProbing } from './probeWorkers';
import {
  containerID,
  failedStatus,
  notReadyStatus,
  pendingStatus,
  readyStatus,
  runningStatus,
} from './podStatus';
import { probeFailedMessage, probeFails, probeOf } from './prober';

export { setNodeCondition } from './nodeStatus';

export const KUBELET = 'kubelet';
/** DESIGN §3: a pod carrying this annotation with value `network` is a network plugin. */
export const PROVIDES_ANNOTATION = 'playground.daemonset.dev/provides';

/**
 * Where the pod's worker is. The healthy path: new → (network) → container ⇄ pulling/starting →
 * readying → running. With a PodLife: synced (idle between syncs) → (killing) → container ⇄
 * pulling/starting → synced. Then stopping, done.
 */
type Stage =
  | 'new'
  | 'network'
  | 'container'
  | 'pulling'
  | 'starting'
  | 'readying'
  | 'running'
  | 'killing'
  | 'synced'
  | 'stopping'
  | 'done';

/**
 * The pod worker's state once something went wrong (see the file comment): its containers, the
 * back-offs, and the sync in progress.
 */
interface PodLife {
  containers: ContainerLife[];
  /** the reason cache as the last sync saw it: what the status shows */
  shown: (StartFailure | undefined)[];
  podIP: string | undefined;
  /** the image pull back-off of this pod, keyed by image (upstream: one back-off keyed `podUID_image`) */
  imageBackOff: Backoff;
  /** the crash-loop back-off of this pod's containers, keyed by container name (GetStableKey) */
  crashBackOff: Backoff;
  /** the containers the current sync starts (indices into the spec), and those it kills first */
  toStart: number[];
  killing: number[];
  /** the next sync: a runtime change's (now) or a failed sync's (podSyncBackoffMs later); Infinity: none */
  syncAt: number;
  /** the current sync changed the runtime (a sandbox or container started or stopped): the PLEG syncs again when it is done */
  changed: boolean;
  /** a start failed in the current sync: the pod worker syncs again after podSyncBackoffMs */
  failed: boolean;
}

interface PodWorker {
  /** the pod's key (`namespace/name`), and its namespace and name (the pod's own strings) */
  key: string;
  namespace: string;
  name: string;
  uid: string;
  stage: Stage;
  /** index of the container being pulled / started */
  container: number;
  /** when the current stage completes */
  dueAt: number;
  startedAt: Record<string, string>;
  /** when a terminating pod's containers are stopped (undefined until it is deleted: an own field from the start) */
  stopAt: number | undefined;
  /** the node object last checked for Ready=Unknown, and the answer (node objects are immutable) */
  node: Node | undefined;
  nodeUnknown: boolean;
  /** the worker's pass (syncPod of its pod), one function for all its waits */
  run: () => string;
  /** the pull in progress: how long it takes, and whether the registry has the image */
  pullMs: number;
  pullFound: boolean;
  /** the unhappy path's state (undefined while the pod is healthy) */
  life: PodLife | undefined;
}

/**
 * The texts the kubelet writes about one container (its events, steps and waits), made once per
 * (frozen, template-shared) container: every pod of a template says the same strings.
 */
interface ContainerTexts {
  image: string;
  pulling: string;
  present: string;
  stepPulling: string;
  stepPresent: string;
  waitPulled: string;
  created: string;
  started: string;
  stepStarted: string;
  waitStarted: string;
  /** the pull message is kept with the pull time it names (TIMINGS may change) */
  pullMs: number;
  pulled: string;
  stepPulled: string;
}

const containerTexts = new WeakMap<Container, ContainerTexts>();

function textsOf(c: Container): ContainerTexts {
  let t = containerTexts.get(c);
  if (t === undefined) {
    const image = c.image ?? '';
    t = {
      image,
      pulling: `Pulling image "${image}"`,
      present: `Container image "${image}" already present on machine`,
      stepPulling: `pulling image ${image}`,
      stepPresent: `image ${image} already present`,
      waitPulled: `image "${image}" pulled`,
      created: `Created container: ${c.name}`,
      started: `Started container ${c.name}`,
      stepStarted: `started container ${c.name}`,
      waitStarted: `container ${c.name} started`,
      pullMs: NaN,
      pulled: '',
      stepPulled: `pulled image ${image}`,
    };
    if (Object.isFrozen(c)) containerTexts.set(c, t);
  }
  return t;
}

/** `Successfully pulled image …` for a pull that took `ms`. */
function pulledMessage(t: ContainerTexts, ms: number): string {
  if (t.pullMs !== ms) {
    const d = goDuration(ms);
    t.pullMs = ms;
    t.pulled = `Successfully pulled image "${t.image}" in ${d} (${d} including waiting). Image size: ${imageSize(t.image)} bytes.`;
  }
  return t.pulled;
}

/** getNodeCondition(node, type)?.status, as a plain loop (called for every pod at every step). */
export function nodeConditionStatus(node: Node, type: string): string | undefined {
  const list = node.status?.conditions;
  if (!list) return undefined;
  for (let i = 0; i < list.length; i++) if (list[i].type === type) return list[i].status;
  return undefined;
}

function nodeUnknown(node: Node): boolean {
  return nodeConditionStatus(node, 'Ready') === 'Unknown';
}

function networkUnavailable(node: Node | undefined): boolean {
  return !!node && nodeConditionStatus(node, 'NetworkUnavailable') === 'True';
}

export function hostIPOf(node: Node): string {
  const list = node.status?.addresses;
  if (list)
    for (let i = 0; i < list.length; i++)
      if (list[i].type === 'InternalIP') return list[i].address ?? '10.0.0.1';
  return '10.0.0.1';
}

/** podCIDR → the first three octets of the pod IPs (`10.244.3.0/24` → `10.244.3`), cached per CIDR text. */
const cidrPrefixes = new Map<string, string>();

export function podIPPrefix(podCIDR: string): string {
  let prefix = cidrPrefixes.get(podCIDR);
  if (prefix === undefined) {
    const m = /^(\d+\.\d+\.\d+)\.\d+\/\d+$/.exec(podCIDR);
    prefix = m ? m[1] : '10.244.0';
    if (cidrPrefixes.size >= 100_000) cidrPrefixes.clear();
    cidrPrefixes.set(podCIDR, prefix);
  }
  return prefix;
}

export function isNetworkPlugin(pod: Pod): boolean {
  return pod.metadata.annotations?.[PROVIDES_ANNOTATION] === 'network';
}

/**
 * When the healthy path reports the pod ready, after its containers started: each readiness probe
 * succeeds at its first run and again every period until successThreshold; a container without one
 * is ready TIMINGS.readinessDelayMs after it started.
 */
function readinessDelayMs(pod: Pod): number {
  let ms = 0;
  for (const c of pod.spec.containers) {
    const probe = c.readinessProbe === undefined ? undefined : probeOf(c, 'readiness');
    ms = Math.max(
      ms,
      probe ? probe.firstMs + (probe.successThreshold - 1) * probe.periodMs : TIMINGS.readinessDelayMs,
    );
  }
  return ms;
}

/**
 * Whether a container that starts running `run` takes the pod off the healthy path: a program that
 * exits, a startup probe (its `started` is false until it succeeds), a probe the program fails.
 */
function needsLife(c: Container, run: RunBehaviour): boolean {
  if (run.kind === 'crash' || run.kind === 'oom' || c.startupProbe !== undefined) return true;
  return (
    run.kind === 'unready' &&
    (c.readinessProbe !== undefined || (run.liveness === true && c.livenessProbe !== undefined))
  );
}

/** format.Pod: `name_namespace(uid)`, as the kubelet names a pod in its messages */
function formatPod(pod: Pod): string {
  return `${pod.metadata.name}_${pod.metadata.namespace ?? ''}(${pod.metadata.uid})`;
}

const RUNS: RunBehaviour = Object.freeze({ kind: 'runs' });

export class Kubelet {
  private readonly workers = new Map<string, PodWorker>();
  /** the same workers by pod uid (a pod's change finds its worker without making its key) */
  private readonly byUid = new Map<string, PodWorker>();
  private readonly pods: PodsByNode;
  /** the admitted pods' summed requests, reused by each admission (admit) */
  private readonly admitted = new AdmittedRequests();
  readonly images = new ImageCache();
  /** the pods' ephemeral containers (ephemeralContainers.ts) */
  private readonly ephemeral: EphemeralContainers;
  private readonly nextIP = new Map<string, number>();
  /** whether the step syncPod just ran wrote to the store */
  private wrote = false;
  /** the pod as the store returned it from that write */
  private written: Pod | undefined;

  constructor(private readonly sim: KubeletHost) {
    this.pods = podsByNodeOf(sim);
    this.ephemeral = new EphemeralContainers(sim, this.images);
    // one handler per kind, like informers' event handlers (each is compiled on its own)
    sim.watch((c) => this.onPod(c), ['Pod']);
    sim.watch((c) => this.onNode(c), ['Node']);
  }

  private onPod(c: Change): void {
    const pod = c.obj as Pod;
    // the worker of this pod (by uid: the worker of its key, when that worker is this pod's)
    const w = this.byUid.get(pod.metadata.uid);
    if (c.type === 'DELETED') {
      if (w) this.dropWorker(w);
      this.ephemeral.forget(pod.metadata.uid);
      return;
    }
    const node = pod.spec.nodeName;
    if (!node) return;
    if (pod.spec.ephemeralContainers !== undefined) this.ephemeral.changed(pod);
    if (!w) {
      if (!isPodTerminal(pod)) this.enqueue(podKeyOf(pod), 0, `pod bound to node ${node}`, pod);
      return;
    }
    const key = w.key;
    const old = c.old as Pod | undefined;
    const md = pod.metadata;
    if (
      md.deletionTimestamp &&
      (old?.metadata.deletionTimestamp !== md.deletionTimestamp ||
        old?.metadata.deletionGracePeriodSeconds !== md.deletionGracePeriodSeconds)
    ) {
      this.enqueue(key, 0, `pod is being deleted (grace period ${md.deletionGracePeriodSeconds ?? 0}s)`, pod);
    }
  }

  private onNode(c: Change): void {
    const node = c.obj as Node;
    const name = node.metadata.name;
    if (c.type === 'DELETED') {
      this.images.forget(name);
      return;
    }
    if (c.type === 'ADDED') {
      for (const k of this.pods.keys(name)) this.enqueue(k, 0, `node ${name} registered`);
      return;
    }
    const old = c.old as Node;
    if (nodeUnknown(old) && !nodeUnknown(node)) {
      for (const k of this.pods.keys(name)) this.enqueue(k, 0, `node ${name} reports status again`);
    } else if (networkUnavailable(old) && !networkUnavailable(node)) {
      for (const k of this.pods.keys(name)) {
        if (this.workers.get(k)?.stage === 'network')
          this.enqueue(k, 0, `network on node ${name} is available`);
      }
    }
  }

  /**
   * Queues a sync of the pod `key`. Given the pod, the sync looks it up by the pod's own namespace
   * and name strings (the store's keys: their hashes are known, the lookups compare pointers).
   */
  private enqueue(key: string, delayMs: number, reason: string, pod?: Pod): void {
    const ns = pod?.metadata.namespace;
    const name = pod?.metadata.name;
    this.sim.enqueue(KUBELET, key, delayMs, reason, () => this.syncPod(key, ns, name));
  }

  /** The pod worker's pass as a work item (made where no name is given to it: a bare arrow). */
  private pass(key: string, namespace: string, podName: string): () => string {
    return () => this.syncPod(key, namespace, podName);
  }

  /** One pass of the pod worker: performs every step that is due, then waits for the next. */
  private syncPod(key: string, namespace?: string, podName?: string): string {
    let ns = namespace;
    let name = podName;
    if (ns === undefined || name === undefined) [ns, name] = splitKey(key);
    const pod = this.sim.store.get('Pod', ns, name);
    if (!pod || !pod.spec.nodeName) return 'nothing to do';
    const node = this.sim.store.get('Node', undefined, pod.spec.nodeName);
    if (!node) return `node ${pod.spec.nodeName} does not exist; nothing runs the pod`;
    // the pod's worker, if it has one (a worker of an earlier pod of that name is not its)
    let w = this.workers.get(key);
    if (w !== undefined && w.uid !== pod.metadata.uid) w = undefined;
    let unknown: boolean;
    if (w !== undefined && w.node === node) unknown = w.nodeUnknown;
    else {
      unknown = nodeUnknown(node);
      if (w !== undefined) {
        w.node = node;
        w.nodeUnknown = unknown;
      }
    }
    if (unknown) return `node ${node.metadata.name} stopped posting status; the pod is left as it is`;
    if (w === undefined) {
      w = {
        key,
        namespace: ns,
        name,
        uid: pod.metadata.uid,
        stage: 'new',
        container: 0,
        dueAt: 0,
        startedAt: {},
        // every field the worker will get, from the start: a field added later (stopAt, when the pod
        // is deleted) gave terminating workers a second hidden class (kubelet/podWorkerShape.test.ts)
        stopAt: undefined,
        node,
        nodeUnknown: false,
        run: this.pass(key, ns, name),
        pullMs: 0,
        pullFound: true,
        life: undefined,
      };
      const rejected = this.admit(pod, node, w);
      const old = this.workers.get(key);
      if (old) this.byUid.delete(old.uid);
      this.workers.set(key, w);
      this.byUid.set(w.uid, w);
      if (rejected) return rejected;
    }
    if (pod.metadata.deletionTimestamp) return this.terminate(key, pod, w, node);
    if (isPodTerminal(pod)) {
      w.stage = 'done';
      return `pod is ${pod.status.phase}`;
    }
    let done = '';
    let cur = pod;
    this.wrote = false;
    for (let guard = 0; guard < 1000; guard++) {
      // Each step starts from the stored pod: read again only after a step that wrote (events do
      // not go through the store's watchers, so nothing else can have changed it).
      if (this.wrote) {
        cur = this.written ?? this.sim.store.get('Pod', ns, name)!;
        this.wrote = false;
      }
      if (w.life !== undefined) {
        const step = this.stepLife(cur, w, node);
        if (step === undefined) {
          // woken with nothing due (the node reports again, …): the status is put right if it drifted
          if (!done && w.stage === 'synced') this.writeLifeStatus(cur, w, node);
          this.wakeLife(cur, w);
          break;
        }
        done = done ? `${done}; ${step}` : step;
        continue;
      }
      if (w.dueAt > this.sim.now()) {
        this.sim.enqueue(KUBELET, key, w.dueAt - this.sim.now(), this.waitReason(pod, w), w.run);
        break;
      }
      const step = this.advance(cur, w, node);
      if (step === undefined) break;
      done = done ? `${done}; ${step}` : step;
    }
    return done || 'nothing to do';
  }

  /**
   * HandlePodAdditions → canAdmitPod: a pod the kubelet has not started yet is checked against the
   * pods it already admitted on the node; a rejected pod is Failed with the reason and never runs.
   * Returns what was done when the pod was rejected.
   */
  private admit(pod: Pod, node: Node, w: PodWorker): string | undefined {
    if (isPodTerminal(pod) || pod.metadata.deletionTimestamp || pod.status?.startTime) return undefined;
    // the pods already admitted (their order does not matter: admission sums their requests); a
    // pod asking no host port needs only their sums (AdmittedRequests), one asking one the pods
    const byPods = podRequest(pod).ports.length > 0;
    const others: Pod[] = [];
    const sum = this.admitted.reset();
    for (const k of this.pods.unorderedKeys(node.metadata.name)) {
      const o = this.workers.get(k);
      if (!o || o.stage === 'done') continue;
      const other = this.sim.store.get('Pod', o.namespace, o.name);
      if (!other || other.metadata.uid !== o.uid || isPodTerminal(other)) continue;
      if (byPods) others.push(other);
      else sum.add(podRequest(other));
    }
    const r = byPods ? canAdmitPod(pod, node, others) : canAdmitPodBySum(pod, node, sum);
    if (r.admit) return undefined;
    w.stage = 'done';
    this.sim.recorder.event(pod, 'Warning', r.reason, r.message, KUBELET, node.metadata.name);
    this.sim.store.updateStatus({
      ...pod,
      status: deepFreeze(rejectedStatus(pod, r.reason, r.message, this.sim.iso())),
    });
    return `rejected by admission: ${r.reason} (${r.message})`;
  }

  private waitReason(pod: Pod, w: PodWorker): string {
    const c = pod.spec.containers[this.containerIndex(w)];
    switch (w.stage) {
      case 'pulling':
        return c ? textsOf(c).waitPulled : 'image "" pulled';
      case 'starting':
        return c ? textsOf(c).waitStarted : 'container  started';
      case 'readying':
        return 'readiness reported';
      default:
        return w.stage;
    }
  }

  /** Performs the current stage (which is due). Returns what it did, or undefined to stop. */
  private advance(pod: Pod, w: PodWorker, node: Node): string | undefined {
    const store = this.sim.store;
    const ns = pod.metadata.namespace!;
    const name = pod.metadata.name;
    // the node's name as the pod names it (the node was looked up by it): no read of the node's metadata per step
    const nodeName = pod.spec.nodeName!;
    const now = this.sim.now();
    const iso = this.sim.iso();
    switch (w.stage) {
      case 'new':
      case 'network': {
        if (pod.spec.hostNetwork !== true && networkUnavailable(node)) {
          if (w.stage === 'new') {
            this.writeStatus(pod, pendingStatus(pod, hostIPOf(node), iso, false));
            // the event names the pod as it stands after that write
            this.event(
              store.get('Pod', ns, name) ?? pod,
              'Warning',
              'NetworkNotReady',
              `network is not ready: ${NETWORK_NOT_READY_MESSAGE}`,
              nodeName,
            );
            w.stage = 'network';
            return 'ContainerCreating: waiting for the pod network';
          }
          return undefined;
        }
        this.writeStatus(pod, pendingStatus(pod, hostIPOf(node), iso, true));
        w.stage = 'container';
        w.container = 0;
        return 'pod sandbox created (ContainerCreating)';
      }
      case 'container': {
        const life = w.life;
        const idx = this.containerIndex(w);
        const c = pod.spec.containers[idx] as Container | undefined;
        if (!c) {
          if (life !== undefined) return this.endSync(w, now);
          this.writeStatus(pod, runningStatus(pod, this.podIP(pod, node), iso, w.startedAt));
          w.stage = 'readying';
          w.dueAt = now + readinessDelayMs(pod);
          return 'Running';
        }
        if (life !== undefined) {
          const backOff = this.doBackOff(pod, w, life, idx, c, nodeName);
          if (backOff !== undefined) return backOff;
        }
        return this.ensureImageExists(pod, w, idx, c, nodeName);
      }
      case 'pulling': {
        const idx = this.containerIndex(w);
        const c = pod.spec.containers[idx];
        const t = textsOf(c);
        if (!w.pullFound) {
          const life = this.ensureLife(pod, w);
          const err = pullNotFoundError(t.image);
          this.event(pod, 'Warning', 'Failed', failedToPullMessage(t.image, err), nodeName);
          life.imageBackOff.next(t.image, now, now);
          return this.startFailed(pod, w, idx, ERR_IMAGE_PULL, err, nodeName);
        }
        this.images.add(nodeName, t.image);
        this.event(pod, 'Normal', 'Pulled', pulledMessage(t, w.pullMs), nodeName);
        w.life?.imageBackOff.gc(now);
        w.stage = 'starting';
        w.dueAt = now + TIMINGS.containerStartMs;
        return t.stepPulled;
      }
      case 'starting': {
        const idx = this.containerIndex(w);
        const c = pod.spec.containers[idx];
        const t = textsOf(c);
        this.event(pod, 'Normal', 'Created', t.created, nodeName);
        this.event(pod, 'Normal', 'Started', t.started, nodeName);
        let life = w.life;
        if (life === undefined) {
          const run = this.sim.registry.facts(t.image).run;
          if (needsLife(c, run)) {
            life = this.ensureLife(pod, w);
            this.startInstance(pod, life, idx, c, now, iso, run);
          } else w.startedAt[c.name] = iso;
        } else this.startInstance(pod, life, idx, c, now, iso, this.sim.registry.facts(t.image).run);
        w.container++;
        w.stage = 'container';
        return t.stepStarted;
      }
      case 'killing':
        return this.killed(w, now, iso);
      case 'readying': {
        this.writeStatus(pod, readyStatus(pod, iso));
        w.stage = 'running';
        let msg = 'Ready';
        if (isNetworkPlugin(pod) && networkPluginUp(this.sim, nodeName, `${ns}/${name}`)) {
          msg += `; network plugin is up on node ${nodeName}`;
        }
        return msg;
      }
      case 'running':
        if (!isPodReady(pod)) {
          this.writeStatus(pod, readyStatus(pod, iso));
          return 'Ready again';
        }
        return undefined;
      default:
        return undefined;
    }
  }

  /** The index (in the spec) of the container the worker is at: the healthy path goes through all in order, a sync through its toStart. */
  private containerIndex(w: PodWorker): number {
    const life = w.life;
    if (life === undefined) return w.container;
    return w.container < life.toStart.length ? life.toStart[w.container] : -1;
  }

  /**
   * EnsureImageExists (images/image_manager.go) for the container at `idx`: `Never` without the
   * image fails (ErrImageNeverPull); a pull while this pod's back-off for the image runs fails
   * (ImagePullBackOff); else a pull starts, or the image is already present.
   */
  private ensureImageExists(pod: Pod, w: PodWorker, idx: number, c: Container, nodeName: string): string {
    const t = textsOf(c);
    const now = this.sim.now();
    const policy = c.imagePullPolicy;
    const present = this.images.has(nodeName, t.image);
    if (policy === 'Never' && !present) {
      const msg = neverPullMessage(t.image);
      this.event(pod, 'Warning', ERR_IMAGE_NEVER_PULL, msg, nodeName);
      return this.startFailed(pod, w, idx, ERR_IMAGE_NEVER_PULL, msg, nodeName);
    }
    if (policy !== 'Never' && (policy === 'Always' || !present)) {
      const life = w.life;
      if (life !== undefined && life.imageBackOff.isInBackOffSinceUpdate(t.image, now)) {
        const msg = backOffPullingMessage(t.image);
        this.event(pod, 'Normal', 'BackOff', msg, nodeName);
        return this.startFailed(pod, w, idx, ERR_IMAGE_PULL_BACKOFF, msg, nodeName);
      }
      const facts = this.sim.registry.facts(t.image);
      w.pullFound = facts.exists;
      w.pullMs = facts.exists ? (facts.pullMs ?? TIMINGS.imagePullMs) : TIMINGS.imagePullFailMs;
      this.event(pod, 'Normal', 'Pulling', t.pulling, nodeName);
      w.stage = 'pulling';
      w.dueAt = now + w.pullMs;
      return t.stepPulling;
    }
    this.event(pod, 'Normal', 'Pulled', t.present, nodeName);
    w.stage = 'starting';
    w.dueAt = now + TIMINGS.containerStartMs;
    return t.stepPresent;
  }

  /** startContainer failed with `reason`: its `Error: …` event, the reason cache, and on to the next container. */
  private startFailed(
    pod: Pod,
    w: PodWorker,
    idx: number,
    reason: string,
    message: string,
    nodeName: string,
  ): string {
    const life = this.ensureLife(pod, w);
    const c = pod.spec.containers[idx];
    this.event(pod, 'Warning', 'Failed', startErrorMessage(reason), nodeName);
    life.containers[idx].failure = { reason, message };
    life.failed = true;
    w.container++;
    w.stage = 'container';
    return `container ${c.name}: ${reason}`;
  }

  /**
   * The worker's PodLife, made from the healthy path's state the first time something goes wrong
   * (during the pod's first start: the containers started so far run healthy programs).
   */
  private ensureLife(pod: Pod, w: PodWorker): PodLife {
    if (w.life !== undefined) return w.life;
    const now = this.sim.now();
    const specs = pod.spec.containers;
    const containers: ContainerLife[] = [];
    const toStart: number[] = [];
    for (let i = 0; i < specs.length; i++) {
      const c = specs[i];
      const cl = newContainerLife(c.name);
      const at = w.startedAt[c.name];
      if (at !== undefined) {
        cl.cur = this.instance(pod, c, 0, Date.parse(at), at, RUNS);
        startProbing(cl, c, cl.cur.startedMs, now);
      }
      containers.push(cl);
      toStart.push(i);
    }
    const life: PodLife = {
      containers,
      shown: [],
      podIP: undefined,
      imageBackOff: new Backoff(TIMINGS.imageBackoffMs, TIMINGS.imageBackoffMaxMs),
      crashBackOff: new Backoff(TIMINGS.crashBackoffMs, TIMINGS.crashBackoffMaxMs),
      toStart,
      killing: [],
      syncAt: Infinity,
      // this first sync created the pod's sandbox: the PLEG sees it
      changed: true,
      failed: false,
    };
    w.life = life;
    return life;
  }

  private instance(
    pod: Pod,
    c: Container,
    attempt: number,
    startedMs: number,
    startedAt: string,
    run: RunBehaviour,
  ): Instance {
    const image = c.image ?? '';
    return {
      id: containerID(pod, c.name, attempt),
      attempt,
      image: normalizeImage(image),
      imageID: imageID(image),
      startedMs,
      startedAt,
      run,
    };
  }

  /** A new instance of the container at `idx` runs (its restart count one more than the last one's). */
  private startInstance(
    pod: Pod,
    life: PodLife,
    idx: number,
    c: Container,
    now: number,
    iso: string,
    run: RunBehaviour,
  ): void {
    const cl = life.containers[idx];
    const last = cl.cur;
    if (last !== undefined) cl.prev = last;
    cl.cur = this.instance(pod, c, last === undefined ? 0 : last.attempt + 1, now, iso, run);
    cl.failure = undefined;
    startProbing(cl, c, now, now);
    life.changed = true;
  }

  /**
   * doBackOff (kuberuntime_manager.go): a container that exited before is restarted only once the
   * crash-loop back-off since its finish has passed; while it runs, CrashLoopBackOff.
   */
  private doBackOff(
    pod: Pod,
    w: PodWorker,
    life: PodLife,
    idx: number,
    c: Container,
    nodeName: string,
  ): string | undefined {
    const cl = life.containers[idx];
    const ts = cl.backOffTs;
    if (ts === undefined) return undefined;
    const now = this.sim.now();
    const key = c.name;
    if (life.crashBackOff.isInBackOffSince(key, ts, now)) {
      const ref = formatPod(pod);
      this.event(
        pod,
        'Warning',
        'BackOff',
        `Back-off restarting failed container ${c.name} in pod ${ref}`,
        nodeName,
      );
      const message = `back-off ${goDuration(life.crashBackOff.get(key))} restarting failed container=${c.name} pod=${ref}`;
      cl.failure = { reason: 'CrashLoopBackOff', message };
      life.failed = true;
      w.container++;
      return `container ${c.name}: CrashLoopBackOff (${message})`;
    }
    life.crashBackOff.next(key, ts, now);
    return undefined;
  }

  /** The sync's starts are done: the PLEG syncs again at once after a runtime change, a failed sync after podSyncBackoffMs. */
  private endSync(w: PodWorker, now: number): string {
    const life = w.life!;
    life.toStart = [];
    w.container = 0;
    w.stage = 'synced';
    let next = 'sync done';
    if (life.changed) {
      life.syncAt = now;
      next = 'sync done; the containers changed: sync again';
    } else if (life.failed) {
      life.syncAt = now + TIMINGS.podSyncBackoffMs;
      next = `sync done; a container could not start: sync again in ${goDuration(TIMINGS.podSyncBackoffMs)}`;
    }
    life.changed = false;
    life.failed = false;
    return next;
  }

  /** A runtime change (an exit, a probe's verdict): the PLEG's sync, now or once the sync in progress is done. */
  private requestSync(w: PodWorker, now: number): void {
    const life = w.life!;
    if (w.stage === 'synced') life.syncAt = Math.min(life.syncAt, now);
    else life.changed = true;
  }

  /**
   * One sync of a pod with a PodLife (SyncPod): the status from its containers and the reason
   * cache, then computePodActions — kill the containers a probe failed, start the ones that are not
   * running and should be (ShouldContainerBeRestarted).
   */
  private syncLife(pod: Pod, w: PodWorker, node: Node): string {
    const life = w.life!;
    const now = this.sim.now();
    life.syncAt = Infinity;
    const cls = life.containers;
    for (let i = 0; i < cls.length; i++) life.shown[i] = cls[i].failure;
    const status = this.writeLifeStatus(pod, w, node);
    if (status.phase === 'Failed' || status.phase === 'Succeeded') {
      w.stage = 'done';
      return `the pod's containers have stopped and are not restarted (restartPolicy ${pod.spec.restartPolicy ?? 'Always'}): ${status.phase}`;
    }
    const policy = pod.spec.restartPolicy;
    const toStart: number[] = [];
    const killing: number[] = [];
    for (let i = 0; i < cls.length; i++) {
      const cl = cls[i];
      cl.backOffTs = newestExit(cl);
      if (isRunning(cl.cur)) {
        if (cl.kill !== undefined) {
          killing.push(i);
          if (policy !== 'Never') toStart.push(i);
        }
      } else if (shouldContainerBeRestarted(cl, policy, false)) toStart.push(i);
    }
    life.toStart = toStart;
    w.container = 0;
    w.dueAt = now;
    const names = (list: number[]) => list.map((i) => cls[i].name).join(', ');
    if (killing.length > 0) {
      const nodeName = pod.spec.nodeName!;
      for (const i of killing) {
        const cl = cls[i];
        const restart = policy !== 'Never';
        this.event(pod, 'Normal', 'Killing', restart ? `${cl.kill}, will be restarted` : cl.kill!, nodeName);
        cl.cur!.signalledMs = now;
        stopProbing(cl);
      }
      const grace = pod.spec.terminationGracePeriodSeconds ?? 30;
      life.killing = killing;
      w.stage = 'killing';
      w.dueAt = now + Math.min(TIMINGS.containerStopMs, grace * 1000);
      return `sync: stopping container ${names(killing)}`;
    }
    if (toStart.length > 0) {
      w.stage = 'container';
      return `sync: starting container ${names(toStart)}`;
    }
    w.stage = 'synced';
    return 'sync: nothing to start or stop';
  }

  /** The containers the sync killed have stopped (the simulated program exits 0 on SIGTERM). */
  private killed(w: PodWorker, now: number, iso: string): string {
    const life = w.life!;
    const names: string[] = [];
    for (const i of life.killing) {
      const cl = life.containers[i];
      const cur = cl.cur;
      if (!isRunning(cur)) continue;
      runExited(cl, cur, now, iso, 0, 'Completed');
      names.push(cl.name);
    }
    life.killing = [];
    life.changed = true;
    w.stage = 'container';
    return `container ${names.join(', ')} stopped`;
  }

  /** One thing due now for a pod with a PodLife (a step of the sync, a timer, the next sync), or undefined. */
  private stepLife(pod: Pod, w: PodWorker, node: Node): string | undefined {
    const life = w.life!;
    const now = this.sim.now();
    const stage = w.stage;
    if (
      (stage === 'container' || stage === 'pulling' || stage === 'starting' || stage === 'killing') &&
      w.dueAt <= now
    ) {
      return this.advance(pod, w, node);
    }
    if (
      stage !== 'synced' &&
      stage !== 'container' &&
      stage !== 'pulling' &&
      stage !== 'starting' &&
      stage !== 'killing'
    )
      return undefined;
    const timer = this.runDueTimer(pod, w, node, now);
    if (timer !== undefined) return timer;
    if (stage === 'synced' && life.syncAt <= now) return this.syncLife(pod, w, node);
    return undefined;
  }

  /**
   * The first timer due (in container order: the program's exit, then its startup, liveness and
   * readiness probes): the PLEG seeing an exit, a probe worker's run, readiness reported.
   */
  private runDueTimer(pod: Pod, w: PodWorker, node: Node, now: number): string | undefined {
    const life = w.life!;
    const specs = pod.spec.containers;
    for (let i = 0; i < life.containers.length; i++) {
      const cl = life.containers[i];
      const cur = cl.cur;
      if (!isRunning(cur)) continue;
      if (cl.exitAt <= now) {
        const run = cur.run;
        const iso = this.sim.iso();
        if (run.kind === 'oom') runExited(cl, cur, now, iso, 137, 'OOMKilled');
        else {
          const code = run.kind === 'crash' ? run.exitCode : 0;
          runExited(cl, cur, now, iso, code, code === 0 ? 'Completed' : 'Error');
        }
        this.requestSync(w, now);
        return `container ${cl.name} exited with code ${cur.exitCode} (${cur.reason})`;
      }
      for (const p of [cl.startup, cl.liveness, cl.readiness]) {
        if (p !== undefined && p.at <= now) return this.runProbe(pod, w, node, cl, specs[i], p, now);
      }
      if (cl.readyAt <= now) {
        cl.readyAt = Infinity;
        cl.ready = true;
        this.writeLifeStatus(pod, w, node);
        return `container ${cl.name} is ready`;
      }
    }
    return undefined;
  }

  /**
   * runProbe, and what its result does: a startup success starts readiness and liveness; readiness
   * sets the container's ready (the status manager writes it); failureThreshold liveness or startup
   * failures ask the next sync to kill the container. The probe asks the registry what the program
   * does when it runs, so `sim image ok` heals a failing one at its next run; a failure is an
   * `Unhealthy` event.
   */
  private runProbe(
    pod: Pod,
    w: PodWorker,
    node: Node,
    cl: ContainerLife,
    c: Container,
    p: ProbeWorker,
    now: number,
  ): string {
    const type = p.probe.type;
    const ok = !probeFails(type, this.sim.registry.facts(c.image ?? '').run);
    if (!ok)
      this.event(
        pod,
        'Warning',
        'Unhealthy',
        probeFailedMessage(p.probe, w.life!.podIP ?? pod.status?.podIP),
        pod.spec.nodeName!,
      );
    const result = probeRan(p, ok, now);
    const what = `${type} probe of container ${cl.name} ${ok ? 'succeeded' : 'failed'}`;
    if (result === undefined)
      return `${what} (${ok ? p.successes : p.failures} of ${ok ? p.probe.successThreshold : p.probe.failureThreshold})`;
    if (type === 'readiness') {
      if (cl.ready === (result === 'success')) return what;
      cl.ready = result === 'success';
      this.writeLifeStatus(pod, w, node);
      return `${what}: the container is ${cl.ready ? '' : 'not '}ready`;
    }
    if (result === 'success') {
      if (type === 'startup') {
        cl.started = true;
        probeStarted(cl, cl.cur!.startedMs, now, cl.cur!.run);
        this.writeLifeStatus(pod, w, node);
        return `${what}: the container started`;
      }
      return what;
    }
    cl.kill = `Container ${cl.name} failed ${type} probe`;
    this.requestSync(w, now);
    return `${what} ${p.failures} times: it is to be killed`;
  }

  /** Queues the worker's next wake-up: the step in progress, the next timer, or the next sync. */
  private wakeLife(pod: Pod, w: PodWorker): void {
    const life = w.life!;
    const stage = w.stage;
    let at = Infinity;
    let reason = '';
    const busy = stage === 'container' || stage === 'pulling' || stage === 'starting' || stage === 'killing';
    if (busy) {
      at = w.dueAt;
      reason = stage === 'killing' ? 'containers stopped' : this.waitReason(pod, w);
    } else if (stage === 'synced' && life.syncAt < at) {
      at = life.syncAt;
      reason = 'pod sync (a container could not start)';
    } else if (stage !== 'synced') return;
    for (const cl of life.containers) {
      if (!isRunning(cl.cur)) continue;
      const t = nextProbeTime(cl);
      if (t < at)
        [at, reason] = [t, t === cl.exitAt ? `container ${cl.name} exits` : `probes of container ${cl.name}`];
    }
    if (at === Infinity) return;
    this.sim.enqueue(KUBELET, w.key, at - this.sim.now(), reason, w.run);
  }

  /** generateAPIPodStatus for a pod with a PodLife, written when it differs from the stored one. */
  private writeLifeStatus(pod: Pod, w: PodWorker, node: Node): PodStatus {
    const life = w.life!;
    if (life.podIP === undefined) life.podIP = pod.status?.podIP ?? this.podIP(pod, node);
    const status = lifeStatus(pod, {
      containers: life.containers,
      shown: life.shown,
      hostIP: hostIPOf(node),
      podIP: life.podIP,
      now: this.sim.iso(),
    });
    if (JSON.stringify(status) !== JSON.stringify(pod.status)) this.writeStatus(pod, status);
    return status;
  }

  /**
   * When the kubelet sent SIGTERM to the container `containerID` of the pod (a failed liveness or
   * startup probe), for the log its program wrote; undefined when it did not.
   */
  signalledAt(pod: Pod, containerID: string): number | undefined {
    const life = this.byUid.get(pod.metadata.uid)?.life;
    if (life === undefined) return undefined;
    for (const cl of life.containers) {
      if (cl.cur?.id === containerID) return cl.cur.signalledMs;
      if (cl.prev?.id === containerID) return cl.prev.signalledMs;
    }
    return undefined;
  }

  /** The status manager's write (frozen: the store shares it); the next step reads the pod again. */
  private writeStatus(pod: Pod, status: PodStatus): void {
    this.wrote = true;
    this.written = this.sim.store.updateStatus<'Pod'>({ ...pod, status: deepFreeze(status) });
  }

  /**
   * An event about the pod from this kubelet. Events do not go through the watchers, so within one
   * step the pod read at its start is still the stored one, unless the step wrote its status.
   */
  private event(
    pod: Pod,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    nodeName: string,
  ): void {
    this.sim.recorder.event(pod, type, reason, message, KUBELET, nodeName);
  }

  private dropWorker(w: PodWorker): void {
    this.workers.delete(w.key);
    this.byUid.delete(w.uid);
  }

  /** Graceful termination: stop the containers, then remove the pod object (the final grace-0 delete). */
  private terminate(key: string, pod: Pod, w: PodWorker, node: Node): string {
    const now = this.sim.now();
    const grace = pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30;
    const stopAt = now + Math.min(TIMINGS.containerStopMs, grace * 1000);
    let did = '';
    if (w.stopAt === undefined) {
      const life = w.life;
      const specs = pod.spec.containers;
      for (let i = 0; i < specs.length; i++) {
        const c = specs[i];
        if (life !== undefined ? isRunning(life.containers[i]?.cur) : w.startedAt[c.name]) {
          this.sim.recorder.event(
            pod,
            'Normal',
            'Killing',
            `Stopping container ${c.name}`,
            KUBELET,
            node.metadata.name,
          );
        }
      }
      for (const name of this.ephemeral.running(pod)) {
        this.sim.recorder.event(
          pod,
          'Normal',
          'Killing',
          `Stopping container ${name}`,
          KUBELET,
          node.metadata.name,
          ephemeralFieldPath(name),
        );
      }
      if (isPodReady(pod) || pod.status?.phase === 'Running') {
        this.sim.store.updateStatus({ ...pod, status: deepFreeze(notReadyStatus(pod, this.sim.iso())) });
      }
      w.stage = 'stopping';
      w.stopAt = stopAt;
      did = 'stopping containers';
    } else if (stopAt < w.stopAt) {
      w.stopAt = stopAt;
    }
    if (w.stopAt > now) {
      this.enqueue(key, w.stopAt - now, 'containers stopped', pod);
      return did || 'waiting for the containers to stop';
    }
    this.sim.store.remove('Pod', pod.metadata.namespace, pod.metadata.name);
    const cur = this.workers.get(key);
    if (cur) this.dropWorker(cur);
    return 'containers stopped; pod removed';
  }

  /** 10.244.<node's podCIDR octet>.<n>, handed out in order per node; host network pods use the node IP. */
  private podIP(pod: Pod, node: Node): string {
    if (pod.spec.hostNetwork) return hostIPOf(node);
    const prefix = podIPPrefix(node.spec?.podCIDR ?? '');
    const name = node.metadata.name;
    const n = this.nextIP.get(name) ?? 2;
    this.nextIP.set(name, n >= 254 ? 2 : n + 1);
    return `${prefix}.${n}`;
  }
}

/** `sim pod fail NAME`: the pod's containers exit with an error; the pod becomes Failed. */
export function failPod(sim: KubeletHost, namespace: string, name: string): Pod {
  const pod = sim.store.get('Pod', namespace, name);
  if (!pod) throw notFound('Pod', name);
  return sim.store.updateStatus<'Pod'>({ ...pod, status: deepFreeze(failedStatus(pod, sim.iso())) });
}
