// The event recorder (client-go tools/record): writes Event objects, aggregating repeats of the same
// (object, reason, message, source) into one Event whose count grows, as the real recorder does.

import type { Clock } from './clock';
import type { ObjectStore } from './api/objectStore';
import type { KEvent, KObject, ObjectReference } from './api/types';

export interface RecordedEvent {
  time: number;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  component: string;
  object: ObjectReference;
}

export class EventRecorder {
  private seq = 0;
  private readonly byIdentity = new Map<string, string>();
  /** Listeners see every emitted event (including aggregated repeats). */
  readonly listeners: ((e: RecordedEvent) => void)[] = [];

  constructor(
    private readonly store: ObjectStore,
    private readonly clock: Clock,
  ) {}

  event(obj: KObject, type: 'Normal' | 'Warning', reason: string, message: string, component: string, host?: string): void {
    const ref: ObjectReference = {
      kind: obj.kind,
      namespace: obj.metadata.namespace,
      name: obj.metadata.name,
      uid: obj.metadata.uid,
      apiVersion: obj.apiVersion,
      resourceVersion: obj.metadata.resourceVersion,
    };
    const namespace = obj.metadata.namespace ?? 'default';
    const now = this.clock.iso();
    const identity = `${namespace}\u0000${ref.kind}\u0000${ref.name}\u0000${ref.uid}\u0000${reason}\u0000${message}\u0000${component}`;
    const rec: RecordedEvent = { time: this.clock.now(), type, reason, message, component, object: ref };
    for (const l of this.listeners) l(rec);
    const existingName = this.byIdentity.get(identity);
    const existing = existingName ? this.store.get('Event', namespace, existingName) : undefined;
    if (existing) {
      this.store.update({ ...existing, count: existing.count + 1, lastTimestamp: now });
      return;
    }
    // Real event names are `<object>.<unix nanoseconds in hex>`.
    const nanos = BigInt(this.clock.now()) * 1_000_000n + BigInt(this.seq++);
    const name = `${ref.name}.${nanos.toString(16)}`;
    const ev: KEvent = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace, uid: '', resourceVersion: '', creationTimestamp: '' },
      involvedObject: ref,
      reason,
      message,
      source: host ? { component, host } : { component },
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
      type,
      reportingComponent: component,
    };
    this.store.create(ev);
    this.byIdentity.set(identity, name);
  }
}
