// What the ReplicaSet and Deployment controllers use of the simulation: the object store, the clock,
// the event recorder, the change feed and the work queue. Simulation satisfies it as it is.

import type { Change, ObjectStore } from '../../api/objectStore';
import type { Kind } from '../../api/types';
import type { EventRecorder } from '../../events';

export interface ControllerHost {
  readonly store: ObjectStore;
  readonly recorder: EventRecorder;
  now(): number;
  iso(ms?: number): string;
  enqueue(controller: string, key: string, delayMs: number, reason: string, run: () => string | void): void;
  watch(fn: (c: Change) => void, kinds?: readonly Kind[]): () => void;
}
