// The kubelet's side of ephemeral containers (kuberuntime_manager.go computePodActions and SyncPod's
// "start ephemeral containers" step; convertToAPIContainerStatuses for
// status.ephemeralContainerStatuses). A container added through the pods/ephemeralcontainers
// subresource is started once the pod runs: its image is ensured as any container's (Pulling, Pulled
// or "already present"; a missing image is ErrImagePull, then ImagePullBackOff with the pod's image
// back-off, tried again at each sync until it pulls), then Created and Started. Its events name it by
// field path (`spec.ephemeralContainers{name}`), as the kubelet's container references do. It is
// never restarted: when its program exits (`sim image crash|oom`) it stays terminated, and it never
// counts for the pod's phase or readiness (the prober does not look at it: `ready: false`, no
// `started`).

import { deepFreeze } from '../api/objects';
import { isPodTerminal } from '../api/podutil';
import type { ContainerState, ContainerStatus, EphemeralContainer, Pod } from '../api/types';
import { goDuration } from '../clock';
import type { KubeletHost } from '../host';
import { normalizeImage } from '../registry/reference';
import { TIMINGS } from '../timings';
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
import { type ImageCache, imageID, imageSize } from './images';
import { containerID } from './podStatus';

/** One ephemeral container as the kubelet knows it. */
interface Debugger {
  name: string;
  /** where its start is: to be tried, pulling its image, being created, started (running or exited) */
  stage: 'start' | 'pulling' | 'starting' | 'started';
  /** when the current stage completes, or the next try (Infinity: nothing due) */
  dueAt: number;
  /** the pull in progress: whether the registry has the image, and how long it takes */
  pullFound: boolean;
  pullMs: number;
  /** why its last start failed (the reason cache), shown as its waiting state */
  failure?: { reason: string; message: string };
  /** the running container */
  id?: string;
  image?: string;
  imageID?: string;
  startedAt?: string;
  /** when its program exits on its own (Infinity: never), and how */
  exitAt: number;
  exitCode?: number;
  exitReason?: string;
  finishedAt?: string;
}

interface PodDebuggers {
  containers: Map<string, Debugger>;
  /** the pod's image pull back-off for its ephemeral containers, keyed by image */
  imageBackOff: Backoff;
}

const KUBELET = 'kubelet';

export function ephemeralFieldPath(name: string): string {
  return `spec.ephemeralContainers{${name}}`;
}

export class EphemeralContainers {
  private readonly pods = new Map<string, PodDebuggers>();

  constructor(
    private readonly sim: KubeletHost,
    private readonly images: ImageCache,
  ) {}

  /** A change of a bound pod: a sync when it has ephemeral containers the kubelet has not started. */
  changed(pod: Pod): void {
    const ecs = pod.spec.ephemeralContainers;
    if (!ecs || ecs.length === 0 || !pod.spec.nodeName) return;
    const known = this.pods.get(pod.metadata.uid);
    if (known && ecs.every((ec) => known.containers.has(ec.name))) return;
    this.enqueue(pod, 0, 'ephemeral container added');
  }

  forget(uid: string): void {
    this.pods.delete(uid);
  }

  /** Names of the ephemeral containers running now (the kubelet stops them with the pod). */
  running(pod: Pod): string[] {
    const p = this.pods.get(pod.metadata.uid);
    if (!p) return [];
    return [...p.containers.values()].filter((d) => d.startedAt && !d.finishedAt).map((d) => d.name);
  }

  private enqueue(pod: Pod, delayMs: number, reason: string): void {
    const ns = pod.metadata.namespace ?? 'default';
    const name = pod.metadata.name;
    this.sim.enqueue(KUBELET, `${ns}/${name}#ephemeral`, delayMs, reason, () => this.sync(ns, name));
  }

  /** One pass: every step due now, the status written if it changed, the next wake-up queued. */
  sync(ns: string, name: string): string {
    const pod = this.sim.store.get('Pod', ns, name);
    if (!pod || !pod.spec.nodeName) return 'nothing to do';
    if (pod.metadata.deletionTimestamp || isPodTerminal(pod)) return 'the pod is stopping: nothing to start';
    // the containers run in the pod's sandbox: started once the pod runs
    if (pod.status?.phase !== 'Running') return 'waiting for the pod to run';
    let p = this.pods.get(pod.metadata.uid);
    if (!p) {
      p = {
        containers: new Map(),
        imageBackOff: new Backoff(TIMINGS.imageBackoffMs, TIMINGS.imageBackoffMaxMs),
      };
      this.pods.set(pod.metadata.uid, p);
    }
    const now = this.sim.now();
    const done: string[] = [];
    for (const ec of pod.spec.ephemeralContainers ?? []) {
      let d = p.containers.get(ec.name);
      if (!d) {
        d = { name: ec.name, stage: 'start', dueAt: now, pullFound: true, pullMs: 0, exitAt: Infinity };
        p.containers.set(ec.name, d);
      }
      for (let guard = 0; guard < 8 && d.dueAt <= now; guard++) done.push(this.step(pod, p, ec, d, now));
      if (d.stage === 'started' && !d.finishedAt && d.exitAt <= now) done.push(this.exited(d, now));
    }
    this.writeStatus(pod, p);
    let next = Infinity;
    for (const d of p.containers.values()) {
      next = Math.min(next, d.dueAt);
      if (d.stage === 'started' && !d.finishedAt) next = Math.min(next, d.exitAt);
    }
    if (next < Infinity) this.enqueue(pod, next - now, 'ephemeral container step due');
    return done.join('; ') || 'nothing to do';
  }

  private event(pod: Pod, d: Debugger, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.sim.recorder.event(
      pod,
      type,
      reason,
      message,
      KUBELET,
      pod.spec.nodeName,
      ephemeralFieldPath(d.name),
    );
  }

  private step(pod: Pod, p: PodDebuggers, ec: EphemeralContainer, d: Debugger, now: number): string {
    const image = ec.image ?? '';
    const node = pod.spec.nodeName!;
    switch (d.stage) {
      case 'start': {
        // EnsureImageExists
        const policy = ec.imagePullPolicy;
        const present = this.images.has(node, image);
        if (policy === 'Never' && !present) {
          const msg = neverPullMessage(image);
          this.event(pod, d, 'Warning', ERR_IMAGE_NEVER_PULL, msg);
          return this.failed(pod, d, ERR_IMAGE_NEVER_PULL, msg, now);
        }
        if (policy !== 'Never' && (policy === 'Always' || !present)) {
          if (p.imageBackOff.isInBackOffSinceUpdate(image, now)) {
            const msg = backOffPullingMessage(image);
            this.event(pod, d, 'Normal', 'BackOff', msg);
            return this.failed(pod, d, ERR_IMAGE_PULL_BACKOFF, msg, now);
          }
          const facts = this.sim.registry.facts(image);
          d.pullFound = facts.exists;
          d.pullMs = facts.exists ? (facts.pullMs ?? TIMINGS.imagePullMs) : TIMINGS.imagePullFailMs;
          this.event(pod, d, 'Normal', 'Pulling', `Pulling image "${image}"`);
          d.stage = 'pulling';
          d.dueAt = now + d.pullMs;
          return `ephemeral container ${d.name}: pulling image ${image}`;
        }
        this.event(pod, d, 'Normal', 'Pulled', `Container image "${image}" already present on machine`);
        d.stage = 'starting';
        d.dueAt = now + TIMINGS.containerStartMs;
        return `ephemeral container ${d.name}: image ${image} already present`;
      }
      case 'pulling': {
        if (!d.pullFound) {
          const err = pullNotFoundError(image);
          this.event(pod, d, 'Warning', 'Failed', failedToPullMessage(image, err));
          p.imageBackOff.next(image, now, now);
          return this.failed(pod, d, ERR_IMAGE_PULL, err, now);
        }
        this.images.add(node, image);
        const t = goDuration(d.pullMs);
        this.event(
          pod,
          d,
          'Normal',
          'Pulled',
          `Successfully pulled image "${image}" in ${t} (${t} including waiting). Image size: ${imageSize(image)} bytes.`,
        );
        p.imageBackOff.gc(now);
        d.stage = 'starting';
        d.dueAt = now + TIMINGS.containerStartMs;
        return `ephemeral container ${d.name}: pulled image ${image}`;
      }
      case 'starting': {
        this.event(pod, d, 'Normal', 'Created', `Created container: ${d.name}`);
        this.event(pod, d, 'Normal', 'Started', `Started container ${d.name}`);
        d.stage = 'started';
        d.dueAt = Infinity;
        d.failure = undefined;
        d.id = containerID(pod, d.name);
        d.image = normalizeImage(image);
        d.imageID = imageID(image);
        d.startedAt = this.sim.iso();
        const run = this.sim.registry.facts(image).run;
        if (run.kind === 'crash' || run.kind === 'oom') {
          d.exitAt = now + run.afterMs;
          d.exitCode = run.kind === 'oom' ? 137 : run.exitCode;
          d.exitReason = run.kind === 'oom' ? 'OOMKilled' : run.exitCode === 0 ? 'Completed' : 'Error';
        }
        return `ephemeral container ${d.name}: started`;
      }
      default:
        d.dueAt = Infinity;
        return `ephemeral container ${d.name}: running`;
    }
  }

  /** A failed start: `Error: …`, the reason cache, and another try at the pod's next sync. */
  private failed(pod: Pod, d: Debugger, reason: string, message: string, now: number): string {
    this.event(pod, d, 'Warning', 'Failed', startErrorMessage(reason));
    d.failure = { reason, message };
    d.stage = 'start';
    d.dueAt = reason === ERR_IMAGE_NEVER_PULL ? Infinity : now + TIMINGS.podSyncBackoffMs;
    return `ephemeral container ${d.name}: ${reason}`;
  }

  /** Its program exited: terminated for good (ephemeral containers are never restarted). */
  private exited(d: Debugger, now: number): string {
    d.finishedAt = this.sim.iso(now);
    return `ephemeral container ${d.name} exited with code ${d.exitCode} (${d.exitReason}); not restarted`;
  }

  private writeStatus(pod: Pod, p: PodDebuggers): void {
    const statuses: ContainerStatus[] = [];
    for (const ec of pod.spec.ephemeralContainers ?? []) {
      const d = p.containers.get(ec.name);
      if (d) statuses.push(statusOf(ec, d));
    }
    const cur = pod.status?.ephemeralContainerStatuses;
    if (JSON.stringify(cur) === JSON.stringify(statuses)) return;
    this.sim.store.updateStatus<'Pod'>({
      ...pod,
      status: deepFreeze({ ...pod.status, ephemeralContainerStatuses: statuses }),
    });
  }
}

/** convertToAPIContainerStatuses for one ephemeral container (fields in the order podLife.ts writes them). */
function statusOf(ec: EphemeralContainer, d: Debugger): ContainerStatus {
  if (d.startedAt === undefined) {
    const waiting = d.failure
      ? { reason: d.failure.reason, message: d.failure.message }
      : { reason: 'ContainerCreating' };
    return {
      name: ec.name,
      image: ec.image ?? '',
      imageID: '',
      ready: false,
      restartCount: 0,
      state: { waiting },
      lastState: {},
    };
  }
  const state: ContainerState = d.finishedAt
    ? {
        terminated: {
          exitCode: d.exitCode ?? 0,
          reason: d.exitReason,
          startedAt: d.startedAt,
          finishedAt: d.finishedAt,
          containerID: d.id,
        } as NonNullable<ContainerState['terminated']>,
      }
    : { running: { startedAt: d.startedAt } };
  return {
    name: ec.name,
    image: d.image ?? '',
    imageID: d.imageID ?? '',
    containerID: d.id,
    ready: false,
    restartCount: 0,
    state,
    lastState: {},
  };
}
