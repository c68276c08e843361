// What a component of the simulated cluster (the DaemonSet controller, the scheduler, the kubelet,
// the node lifecycle controller, the pod and object garbage collectors, and any controller added
// beside them) may use of the simulation that runs it, as upstream controllers are given informers,
// a client, an event recorder and a work queue instead of the whole cluster. simulation.ts implements
// it; a component takes it in its constructor and never sees the Simulation (tests pass one).
//
// Keep it small: a new controller (Deployment, ReplicaSet, …) reads and writes through the store,
// records events, watches the kinds it cares about and queues work items, each returning what it did.

import type { Change, ObjectStore } from './api/objectStore';
import type { Kind } from './api/types';
import type { EventRecorder } from './events';
import type { Registry } from './registry/registry';

export interface ControllerHost {
  /** The API's objects: the component's informers (get, list, indexes) and its client (create, update, patch, delete) in one. */
  readonly store: ObjectStore;
  /** The event recorder (client-go's record.EventRecorder): Normal and Warning events about objects. */
  readonly recorder: EventRecorder;
  /** The simulated clock's time, in ms since the epoch. */
  now(): number;
  /** A time (now by default) as RFC 3339 with second precision, as metav1.Time serializes. */
  iso(ms?: number): string;
  /** Subscribes to store changes (of the given kinds only, if `kinds` is given); returns the unsubscribe. */
  watch(fn: (c: Change) => void, kinds?: readonly Kind[]): () => void;
  /**
   * Queues a work item `delayMs` from now (items with the same controller and key coalesce); `run`
   * returns what it did, the reason shown by `sim step`, the timeline and the event log.
   */
  enqueue(controller: string, key: string, delayMs: number, reason: string, run: () => string | void): void;
}

/** The kubelet's host: a component's, and the image registry its nodes pull from. */
export interface KubeletHost extends ControllerHost {
  readonly registry: Registry;
}
