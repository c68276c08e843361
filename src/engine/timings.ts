// Every simulated delay in one place. Values are realistic for a small, healthy cluster and large
// enough that a rolling update can be watched at 1x speed.

export const TIMINGS = {
  /** Informer delivery + work-queue latency before a controller syncs an object it was told about. */
  controllerSyncDelayMs: 10,
  /** Scheduler: from a pod appearing unscheduled to the binding. */
  schedulerDelayMs: 20,
  /** Scheduler retry of an unschedulable pod when nothing relevant changed (the unschedulable queue's flush). */
  schedulerRetryMs: 5 * 60_000,
  /** Kubelet: time to pull an image that is not on the node yet. */
  imagePullMs: 2_000,
  /** Kubelet: from image present to the container running. */
  containerStartMs: 500,
  /** Kubelet: readiness is reported this long after the container started (no readiness probe). */
  readinessDelayMs: 500,
  /** Kubelet: a container given SIGTERM exits after this long (capped by the grace period). */
  containerStopMs: 1_500,
  /** Kubelet: a pull of a reference the registry does not have fails after this long (the registry answers the resolve: not found). */
  imagePullFailMs: 1_000,
  /**
   * Kubelet: a pod worker whose sync failed (a container could not start: image pull, back-off)
   * syncs the pod again after this long (backOffPeriod, pkg/kubelet/kubelet.go; upstream adds up to
   * 50 % jitter, the simulation none).
   */
  podSyncBackoffMs: 10_000,
  /**
   * Kubelet: the crash-loop back-off (backOff = flowcontrol.NewBackOff(backOffPeriod,
   * MaxContainerBackOff), pkg/kubelet/kubelet.go): a container that exited is restarted at once the
   * first time, then after 10 s, doubling to the cap; it starts over once the container ran 2 × cap.
   */
  crashBackoffMs: 10_000,
  /** Kubelet: the crash-loop back-off's cap (MaxContainerBackOff, pkg/kubelet/kubelet.go). */
  crashBackoffMaxMs: 300_000,
  /** Kubelet: the image pull back-off per pod and image (imageBackOffPeriod / MaxImageBackOff, pkg/kubelet/kubelet.go). */
  imageBackoffMs: 10_000,
  imageBackoffMaxMs: 300_000,
  /** Node lifecycle controller: reaction time to a node condition or spec change. */
  nodeLifecycleDelayMs: 100,
  /** Garbage collector: reaction time to an owner's deletion. */
  garbageCollectorDelayMs: 50,
  /** Pod GC: period of the orphaned-pod check, and the quarantine before deleting (gc_controller.go). */
  podGCPeriodMs: 20_000,
  podGCQuarantineMs: 40_000,
  /** DaemonSet controller: failed-pod back-off (flowcontrol.NewBackOff(1s, 15m)). */
  failedPodBackoffInitialMs: 1_000,
  failedPodBackoffMaxMs: 15 * 60_000,
  /** DaemonSet controller: at most this many creates and deletes per sync (BurstReplicas). */
  burstReplicas: 250,
  /** `sim settle` gives up after this much simulated time. */
  settleLimitMs: 24 * 3_600_000,
} as const;
