// The kubelets of every node, as one component: drives each bound pod through its life in
// simulated time (ContainerCreating → image pull → Running → Ready), stops and removes pods that
// are being deleted, and brings a node's network up when a network plugin pod is running on it.
// Pods on a node that stopped reporting (Ready=Unknown) or that is gone are left alone.
// Statuses are handed to the store frozen: it shares frozen subtrees instead of copying them.

import { notFound } from '../api/errors';
import { deepFreeze } from '../api/objects';
import type { Change } from '../api/objectStore';
import { isPodReady, isPodTerminal } from '../api/podutil';
import type { Container, Node, Pod, PodStatus } from '../api/types';
import type { Simulation } from '../simulation';
import { TIMINGS } from '../timings';
import { type PodsByNode, podKeyOf, podsByNodeOf, splitKey } from '../scheduler/podsByNode';
import { canAdmitPod, rejectedStatus } from './admission';
import { ImageCache, goDuration, imageSize } from './images';
import { NETWORK_NOT_READY_MESSAGE, networkPluginUp } from './nodeStatus';
import { failedStatus, notReadyStatus, pendingStatus, readyStatus, runningStatus } from './podStatus';

export { setNodeCondition } from './nodeStatus';

export const KUBELET = 'kubelet';
/** DESIGN §3: a pod carrying this annotation with value `network` is a network plugin. */
export const PROVIDES_ANNOTATION = 'playground.daemonset.dev/provides';

type Stage = 'new' | 'network' | 'container' | 'pulling' | 'starting' | 'readying' | 'running' | 'stopping' | 'done';

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
  stopAt?: number;
  /** the node object last checked for Ready=Unknown, and the answer (node objects are immutable) */
  node: Node | undefined;
  nodeUnknown: boolean;
  /** the worker's pass (syncPod of its pod), one function for all its waits */
  run: () => string;
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

/** `Successfully pulled image …` for the current pull time. */
function pulledMessage(t: ContainerTexts): string {
  const ms = TIMINGS.imagePullMs;
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
  if (list) for (let i = 0; i < list.length; i++) if (list[i].type === 'InternalIP') return list[i].address ?? '10.0.0.1';
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

function readinessDelayMs(pod: Pod): number {
  let ms = 0;
  for (const c of pod.spec.containers) {
    const probe = c.readinessProbe as { initialDelaySeconds?: number } | undefined;
    ms = Math.max(ms, probe?.initialDelaySeconds !== undefined ? probe.initialDelaySeconds * 1000 : TIMINGS.readinessDelayMs);
  }
  return ms;
}

export class Kubelet {
  private readonly workers = new Map<string, PodWorker>();
  /** the same workers by pod uid (a pod's change finds its worker without making its key) */
  private readonly byUid = new Map<string, PodWorker>();
  private readonly pods: PodsByNode;
  readonly images = new ImageCache();
  private readonly nextIP = new Map<string, number>();
  /** whether the step syncPod just ran wrote to the store */
  private wrote = false;
  /** the pod as the store returned it from that write */
  private written: Pod | undefined;

  constructor(private readonly sim: Simulation) {
    this.pods = podsByNodeOf(sim);
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
      return;
    }
    const node = pod.spec.nodeName;
    if (!node) return;
    if (!w) {
      if (!isPodTerminal(pod)) this.enqueue(podKeyOf(pod), 0, `pod bound to node ${node}`, pod);
      return;
    }
    const key = w.key;
    const old = c.old as Pod | undefined;
    const md = pod.metadata;
    if (md.deletionTimestamp && (old?.metadata.deletionTimestamp !== md.deletionTimestamp || old?.metadata.deletionGracePeriodSeconds !== md.deletionGracePeriodSeconds)) {
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
        if (this.workers.get(k)?.stage === 'network') this.enqueue(k, 0, `network on node ${name} is available`);
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
      w = { key, namespace: ns, name, uid: pod.metadata.uid, stage: 'new', container: 0, dueAt: 0, startedAt: {}, node, nodeUnknown: false, run: this.pass(key, ns, name) };
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
      if (w.dueAt > this.sim.now()) {
        this.sim.enqueue(KUBELET, key, w.dueAt - this.sim.now(), this.waitReason(pod, w), w.run);
        break;
      }
      // Each step starts from the stored pod: read again only after a step that wrote (events do
      // not go through the store's watchers, so nothing else can have changed it).
      if (this.wrote) {
        cur = this.written ?? this.sim.store.get('Pod', ns, name)!;
        this.wrote = false;
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
    const others: Pod[] = [];
    for (const k of this.pods.keys(node.metadata.name)) {
      const o = this.workers.get(k);
      if (!o || o.stage === 'done') continue;
      const other = this.sim.store.get('Pod', o.namespace, o.name);
      if (other && other.metadata.uid === o.uid && !isPodTerminal(other)) others.push(other);
    }
    const r = canAdmitPod(pod, node, others);
    if (r.admit) return undefined;
    w.stage = 'done';
    this.sim.recorder.event(pod, 'Warning', r.reason, r.message, KUBELET, node.metadata.name);
    this.sim.store.updateStatus({ ...pod, status: deepFreeze(rejectedStatus(pod, r.reason, r.message, this.sim.iso())) });
    return `rejected by admission: ${r.reason} (${r.message})`;
  }

  private waitReason(pod: Pod, w: PodWorker): string {
    const c = pod.spec.containers[w.container];
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
            this.event(store.get('Pod', ns, name) ?? pod, 'Warning', 'NetworkNotReady', `network is not ready: ${NETWORK_NOT_READY_MESSAGE}`, nodeName);
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
        const c = pod.spec.containers[w.container];
        if (!c) {
          this.writeStatus(pod, runningStatus(pod, this.podIP(pod, node), iso, w.startedAt));
          w.stage = 'readying';
          w.dueAt = now + readinessDelayMs(pod);
          return 'Running';
        }
        const t = textsOf(c);
        if (c.imagePullPolicy === 'Always' || !this.images.has(nodeName, t.image)) {
          this.event(pod, 'Normal', 'Pulling', t.pulling, nodeName);
          w.stage = 'pulling';
          w.dueAt = now + TIMINGS.imagePullMs;
          return t.stepPulling;
        }
        this.event(pod, 'Normal', 'Pulled', t.present, nodeName);
        w.stage = 'starting';
        w.dueAt = now + TIMINGS.containerStartMs;
        return t.stepPresent;
      }
      case 'pulling': {
        const t = textsOf(pod.spec.containers[w.container]);
        this.images.add(nodeName, t.image);
        this.event(pod, 'Normal', 'Pulled', pulledMessage(t), nodeName);
        w.stage = 'starting';
        w.dueAt = now + TIMINGS.containerStartMs;
        return t.stepPulled;
      }
      case 'starting': {
        const c = pod.spec.containers[w.container];
        const t = textsOf(c);
        this.event(pod, 'Normal', 'Created', t.created, nodeName);
        this.event(pod, 'Normal', 'Started', t.started, nodeName);
        w.startedAt[c.name] = iso;
        w.container++;
        w.stage = 'container';
        return t.stepStarted;
      }
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

  /** The status manager's write (frozen: the store shares it); the next step reads the pod again. */
  private writeStatus(pod: Pod, status: PodStatus): void {
    this.wrote = true;
    this.written = this.sim.store.updateStatus<'Pod'>({ ...pod, status: deepFreeze(status) });
  }

  /**
   * An event about the pod from this kubelet. Events do not go through the watchers, so within one
   * step the pod read at its start is still the stored one, unless the step wrote its status.
   */
  private event(pod: Pod, type: 'Normal' | 'Warning', reason: string, message: string, nodeName: string): void {
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
      for (const c of pod.spec.containers) {
        if (w.startedAt[c.name]) {
          this.sim.recorder.event(pod, 'Normal', 'Killing', `Stopping container ${c.name}`, KUBELET, node.metadata.name);
        }
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
export function failPod(sim: Simulation, namespace: string, name: string): Pod {
  const pod = sim.store.get('Pod', namespace, name);
  if (!pod) throw notFound('Pod', name);
  return sim.store.updateStatus<'Pod'>({ ...pod, status: deepFreeze(failedStatus(pod, sim.iso())) });
}
