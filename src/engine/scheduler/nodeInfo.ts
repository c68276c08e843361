// The scheduler cache's per-node view (framework.NodeInfo): the summed requests, host ports and
// number of pods bound to each node. Pods count from binding until they are terminal or gone —
// terminating pods still count, as in the real cache (its informer drops only Succeeded/Failed).

import type { Change } from '../api/objectStore';
import { isPodTerminal } from '../api/podutil';
import { milliValue, parseQuantity } from '../api/quantity';
import type { Node, Pod } from '../api/types';
import { PodMap } from './podMap';

export interface HostPort {
  protocol: string;
  ip: string;
  port: number;
}

/** What a pod asks of a node (computePodResourceRequest): cpu in millicores, memory in bytes. */
export interface PodRequest {
  milliCPU: number;
  memory: number;
  /**
   * The requests with schedutil's defaults for a container that names no cpu (100m) or no memory
   * (200Mi) request: what the scoring plugins count (NodeInfo.NonZeroRequested).
   */
  nonZeroMilliCPU: number;
  nonZeroMemory: number;
  ports: HostPort[];
}

/** schedutil.DefaultMilliCPURequest and DefaultMemoryRequest */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

/** Read-only view of what is already bound to a node. */
export interface NodeUsage {
  readonly milliCPU: number;
  readonly memory: number;
  /** NodeInfo.NonZeroRequested: the sum of the pods' requests with the defaults for missing ones */
  readonly nonZeroMilliCPU: number;
  readonly nonZeroMemory: number;
  readonly pods: number;
  /** `protocol/port` → host IP → number of pods using it */
  readonly ports: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

export interface NodeAllocatable {
  milliCPU: number;
  memory: number;
  pods: number;
}

const WILDCARD_IP = '0.0.0.0';

function quantity(q: string | number | undefined, f: (q: string | number) => number): number {
  if (q === undefined) return 0;
  try {
    return f(q);
  } catch {
    return 0;
  }
}

interface Sums {
  milliCPU: number;
  memory: number;
  nonZeroMilliCPU: number;
  nonZeroMemory: number;
}

function sumRequests(containers: Pod['spec']['containers'] | undefined): Sums {
  const s: Sums = { milliCPU: 0, memory: 0, nonZeroMilliCPU: 0, nonZeroMemory: 0 };
  for (const c of containers ?? []) {
    const req = c.resources?.requests;
    const cpu = quantity(req?.cpu, milliValue);
    const mem = Math.ceil(quantity(req?.memory, parseQuantity));
    s.milliCPU += cpu;
    s.memory += mem;
    // NonMissingContainerRequests: only a request that is absent gets the default (an explicit 0 stays 0)
    s.nonZeroMilliCPU += req && Object.hasOwn(req, 'cpu') ? cpu : DEFAULT_MILLI_CPU_REQUEST;
    s.nonZeroMemory += req && Object.hasOwn(req, 'memory') ? mem : DEFAULT_MEMORY_REQUEST;
  }
  return s;
}

/**
 * computed requests per (frozen) containers array, as the cache's PodInfo keeps them: the pods of one
 * template share it (podCreateMemo.ts), and a write that does not touch the containers keeps it, so
 * the binding and every status write reuse the create's figure. The request also depends on the
 * init containers: the entry remembers which array it was computed with.
 */
const requestsByContainers = new WeakMap<object, { init: unknown; req: PodRequest }>();

/** Sum of the containers' requests; init containers run one at a time, so their maximum counts. */
export function podRequest(pod: Pod): PodRequest {
  const spec = pod.spec;
  const containers = spec.containers;
  const init = spec.initContainers;
  if (
    !Object.isFrozen(spec) ||
    !containers ||
    !Object.isFrozen(containers) ||
    (init !== undefined && !Object.isFrozen(init))
  ) {
    return computePodRequest(pod);
  }
  const e = requestsByContainers.get(containers);
  if (e && e.init === init) return e.req;
  const r = computePodRequest(pod);
  Object.freeze(r.ports);
  Object.freeze(r);
  requestsByContainers.set(containers, { init, req: r });
  return r;
}

/** The computation itself (the oracle of the cached `podRequest`). */
export function computePodRequest(pod: Pod): PodRequest {
  const sum = sumRequests(pod.spec.containers);
  for (const c of pod.spec.initContainers ?? []) {
    const one = sumRequests([c]);
    sum.milliCPU = Math.max(sum.milliCPU, one.milliCPU);
    sum.memory = Math.max(sum.memory, one.memory);
    sum.nonZeroMilliCPU = Math.max(sum.nonZeroMilliCPU, one.nonZeroMilliCPU);
    sum.nonZeroMemory = Math.max(sum.nonZeroMemory, one.nonZeroMemory);
  }
  return { ...sum, ports: hostPorts(pod) };
}

/** The host ports a pod's containers claim (schedutil.GetHostPorts). */
export function hostPorts(pod: Pod): HostPort[] {
  const out: HostPort[] = [];
  for (const c of pod.spec.containers ?? []) {
    for (const p of c.ports ?? []) {
      if (!p.hostPort || p.hostPort <= 0) continue;
      out.push({ protocol: p.protocol || 'TCP', ip: p.hostIP || WILDCARD_IP, port: p.hostPort });
    }
  }
  return out;
}

/** HostPortInfo.CheckConflict: same protocol and port, and either side on 0.0.0.0 or the same IP. */
export function portConflicts(usage: NodeUsage, want: HostPort): boolean {
  const ips = usage.ports.get(`${want.protocol}/${want.port}`);
  if (!ips || ips.size === 0) return false;
  if (want.ip === WILDCARD_IP) return true;
  return ips.has(WILDCARD_IP) || ips.has(want.ip);
}

/**
 * Node allocatable resources. A node without status (created by hand, no kubelet) falls back to its
 * capacity; a resource missing from both is unlimited (pods: 110, the kubelet default).
 */
export function nodeAllocatable(node: Node): NodeAllocatable {
  const status = node.status;
  if (!status || !Object.isFrozen(status)) return computeAllocatable(node);
  // the same (frozen) status object: the same figure, in one lookup (a scheduling cycle reads each
  // feasible node's three times: the Fit filter and both resource scorers)
  const known = allocatableByStatus.get(status);
  if (known) return known;
  const value = allocatableOfStatus(node, status);
  // kept only when its maps were frozen too (the figure then comes frozen from allocatableByMaps)
  if (Object.isFrozen(value)) allocatableByStatus.set(status, value);
  return value;
}

const allocatableByStatus = new WeakMap<object, NodeAllocatable>();

function allocatableOfStatus(node: Node, status: NonNullable<Node['status']>): NodeAllocatable {
  const { capacity, allocatable } = status;
  const key = allocatable ?? capacity;
  if (!key || !Object.isFrozen(key) || (capacity !== undefined && !Object.isFrozen(capacity)))
    return computeAllocatable(node);
  const e = allocatableByMaps.get(key);
  if (e && e.capacity === capacity && e.allocatable === allocatable) return e.value;
  const value = Object.freeze(computeAllocatable(node));
  allocatableByMaps.set(key, { capacity, allocatable, value });
  return value;
}

/**
 * allocatable per (frozen) capacity and allocatable maps, the only inputs: a node status write that
 * keeps them (images, conditions, heartbeats) keeps the figure
 */
const allocatableByMaps = new WeakMap<
  object,
  { capacity: unknown; allocatable: unknown; value: NodeAllocatable }
>();

/** The computation itself (the oracle of the cached `nodeAllocatable`). */
export function computeAllocatable(node: Node): NodeAllocatable {
  const a: Record<string, string> = { ...node.status?.capacity, ...node.status?.allocatable };
  return {
    milliCPU: a.cpu !== undefined ? quantity(a.cpu, milliValue) : Infinity,
    memory: a.memory !== undefined ? quantity(a.memory, parseQuantity) : Infinity,
    pods: a.pods !== undefined ? quantity(a.pods, parseQuantity) : 110,
  };
}

/** the ports of a usage no pod with host ports ever counted on (shared, never written) */
const NO_PORTS: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map();

class MutableUsage implements NodeUsage {
  milliCPU = 0;
  memory = 0;
  nonZeroMilliCPU = 0;
  nonZeroMemory = 0;
  pods = 0;
  /** made on the first host port (most nodes never see one) */
  private ownPorts: Map<string, Map<string, number>> | undefined;

  get ports(): ReadonlyMap<string, ReadonlyMap<string, number>> {
    return this.ownPorts ?? NO_PORTS;
  }

  apply(req: PodRequest, sign: 1 | -1): void {
    this.milliCPU += sign * req.milliCPU;
    this.memory += sign * req.memory;
    this.nonZeroMilliCPU += sign * req.nonZeroMilliCPU;
    this.nonZeroMemory += sign * req.nonZeroMemory;
    this.pods += sign;
    if (req.ports.length === 0) return;
    const ports = (this.ownPorts ??= new Map());
    for (const p of req.ports) {
      const k = `${p.protocol}/${p.port}`;
      let ips = ports.get(k);
      if (!ips) ports.set(k, (ips = new Map()));
      const n = (ips.get(p.ip) ?? 0) + sign;
      if (n > 0) ips.set(p.ip, n);
      else ips.delete(p.ip);
      if (ips.size === 0) ports.delete(k);
    }
  }

  copy(): MutableUsage {
    const u = new MutableUsage();
    u.milliCPU = this.milliCPU;
    u.memory = this.memory;
    u.nonZeroMilliCPU = this.nonZeroMilliCPU;
    u.nonZeroMemory = this.nonZeroMemory;
    u.pods = this.pods;
    if (this.ownPorts) u.ownPorts = new Map([...this.ownPorts].map(([k, ips]) => [k, new Map(ips)]));
    return u;
  }
}

export const EMPTY_USAGE: NodeUsage = new MutableUsage();

/** `u` with `pods` added (the nominated pods a filter counts as if they ran there). */
export function usageWithPods(u: NodeUsage, pods: readonly Pod[]): NodeUsage {
  if (pods.length === 0) return u;
  const out = u instanceof MutableUsage ? u.copy() : (usageOf([]) as MutableUsage);
  if (!(u instanceof MutableUsage)) {
    out.milliCPU = u.milliCPU;
    out.memory = u.memory;
    out.nonZeroMilliCPU = u.nonZeroMilliCPU;
    out.nonZeroMemory = u.nonZeroMemory;
    out.pods = u.pods;
  }
  for (const p of pods) out.apply(podRequest(p), 1);
  return out;
}

/** Builds a usage from a list of pods (tests, `sim why` on a hypothetical cluster). */
export function usageOf(pods: readonly Pod[]): NodeUsage {
  const u = new MutableUsage();
  for (const p of pods) if (!isPodTerminal(p)) u.apply(podRequest(p), 1);
  return u;
}

/** One pod the cache counts: where, what it asks, and its key (to read it back from the store). */
interface CachedPod {
  node: string;
  req: PodRequest;
  namespace: string | undefined;
  name: string;
  /** it has pod affinity or anti-affinity terms (NodeInfo.PodsWithAffinity) */
  affinity: boolean;
}

function hasPodAffinity(pod: Pod): boolean {
  const a = pod.spec.affinity;
  return !!a && (a.podAffinity != null || a.podAntiAffinity != null);
}

/** Per-node usage kept up to date from store changes: every fit check is O(1) in the pod count. */
export class NodeInfoIndex {
  private readonly byNode = new Map<string, MutableUsage>();
  /** per pod (namespace, name): the node it counts on and what it asks */
  private readonly byPod = new PodMap<CachedPod>();
  /** per node: the pods counted on it (NodeInfo.Pods), in the order they came */
  private readonly podsByNode = new Map<string, Set<CachedPod>>();
  /** how many counted pods have pod (anti-)affinity terms */
  private withAffinity = 0;

  /** Feed every Pod change here. Returns the node a pod stopped counting on, if any. */
  onPodChange(c: Change): string | undefined {
    const pod = c.obj as Pod;
    const { namespace, name } = pod.metadata;
    const prev = this.byPod.get(namespace, name);
    const counts = c.type !== 'DELETED' && !!pod.spec.nodeName && !isPodTerminal(pod);
    if (prev && counts && prev.node === pod.spec.nodeName) return undefined;
    if (prev) {
      this.byNode.get(prev.node)?.apply(prev.req, -1);
      this.byPod.delete(namespace, name);
      const set = this.podsByNode.get(prev.node);
      set?.delete(prev);
      if (set?.size === 0) this.podsByNode.delete(prev.node);
      if (prev.affinity) this.withAffinity--;
    }
    if (counts) {
      const req = podRequest(pod);
      const node = pod.spec.nodeName!;
      let u = this.byNode.get(node);
      if (!u) this.byNode.set(node, (u = new MutableUsage()));
      u.apply(req, 1);
      const entry: CachedPod = { node, req, namespace, name, affinity: hasPodAffinity(pod) };
      this.byPod.set(namespace, name, entry);
      let set = this.podsByNode.get(node);
      if (!set) this.podsByNode.set(node, (set = new Set()));
      set.add(entry);
      if (entry.affinity) this.withAffinity++;
    }
    return prev && (!counts || prev.node !== pod.spec.nodeName) ? prev.node : undefined;
  }

  /** The (namespace, name) of every pod counted on `node`. */
  podKeys(node: string): Iterable<{ readonly namespace: string | undefined; readonly name: string }> {
    return this.podsByNode.get(node) ?? [];
  }

  /** Whether any counted pod has pod affinity or anti-affinity (HavePodsWithAffinityList is not empty). */
  havePodsWithAffinity(): boolean {
    return this.withAffinity > 0;
  }

  usage(node: string): NodeUsage {
    return this.byNode.get(node) ?? EMPTY_USAGE;
  }

  /**
   * The node's usage as a live view: the same object for as long as the index lives (entries are
   * made on first use and never dropped), updated in place by every pod change, so the scheduler's
   * NodeInfo can hold it instead of looking the node up per filter and plugin.
   */
  liveUsage(node: string): NodeUsage {
    let u = this.byNode.get(node);
    if (!u) this.byNode.set(node, (u = new MutableUsage()));
    return u;
  }

  /** The node's usage without the given pod's own share (when explaining a pod already bound there). */
  usageWithout(node: string, pod: Pod): NodeUsage {
    const own = this.byPod.get(pod.metadata.namespace, pod.metadata.name);
    const u = this.byNode.get(node);
    if (!u) return EMPTY_USAGE;
    if (!own || own.node !== node) return u;
    const copy = u.copy();
    copy.apply(own.req, -1);
    return copy;
  }
}
