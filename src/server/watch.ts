// Watch streams: the store's change feed kept as a bounded history by resourceVersion, so a client
// can resume from the resourceVersion of its last list or event, and gets `410 Gone` (an ERROR
// event with reason Expired, then the end of the stream) when that version has left the history —
// as the API server's watch cache answers.

import type { Change, ObjectStore, Kind, KObject } from '../engine';
import { failure } from './status';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

interface Recorded {
  rv: number;
  kind: Kind;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  obj: KObject;
  old?: KObject;
}

export interface Watcher {
  kind: Kind;
  namespace?: string;
  matches: (o: KObject) => boolean;
  send: (type: WatchEventType, obj: unknown) => void;
  /** called after the ERROR event of a watch from a version too old: the stream ends there */
  expired?: () => void;
}

export class WatchHub {
  private history: Recorded[] = [];
  private readonly watchers = new Set<Watcher>();
  private unsubscribe: () => void = () => undefined;
  /** the first resourceVersion no longer in the history (a watch from it or older is too old) */
  private evictedThrough = 0;

  constructor(
    private store: ObjectStore,
    private readonly capacity = 10_000,
  ) {
    this.bind(store);
  }

  /** Follows another store (after `sim cluster` replaced the cluster): history starts again. */
  bind(store: ObjectStore): void {
    this.unsubscribe();
    this.store = store;
    this.history = [];
    this.evictedThrough = Number(store.resourceVersion());
    const all = store.subscribe((c) => this.record(c));
    // Events reach only a listener that names them (objectStore.ts): a watch of events sees each as it is written.
    const events = store.subscribe((c) => this.record(c), ['Event']);
    this.unsubscribe = () => {
      all();
      events();
    };
  }

  private record(c: Change): void {
    // A deleted object carries the resourceVersion of its deletion, as the API server sends it.
    const rv =
      c.type === 'DELETED' ? Number(this.store.resourceVersion()) : Number(c.obj.metadata.resourceVersion);
    const obj =
      c.type === 'DELETED'
        ? { ...c.obj, metadata: { ...c.obj.metadata, resourceVersion: String(rv) } }
        : c.obj;
    const rec: Recorded = { rv, kind: c.kind, type: c.type, obj, old: c.old };
    this.history.push(rec);
    if (this.history.length > this.capacity) {
      const drop = this.history.splice(0, this.history.length - this.capacity);
      this.evictedThrough = drop[drop.length - 1].rv;
    }
    for (const w of this.watchers) this.deliver(w, rec);
  }

  private deliver(w: Watcher, r: Recorded): void {
    if (r.kind !== w.kind) return;
    if (w.namespace !== undefined && r.obj.metadata.namespace !== w.namespace) return;
    const now = w.matches(r.obj);
    const before = r.old ? w.matches(r.old) : false;
    if (r.type === 'DELETED') {
      if (now) w.send('DELETED', r.obj);
    } else if (r.type === 'ADDED') {
      if (now) w.send('ADDED', r.obj);
    } else if (now && before) w.send('MODIFIED', r.obj);
    else if (now) w.send('ADDED', r.obj);
    else if (before) w.send('DELETED', r.obj);
  }

  /**
   * Starts a watch. `fromRV` undefined or 0: every matching object now as ADDED, then changes;
   * otherwise the changes after `fromRV`, or an ERROR event when they are no longer kept.
   */
  start(w: Watcher, fromRV: number | undefined): () => void {
    if (fromRV === undefined || fromRV === 0) {
      this.store.each(w.kind, w.namespace, (o) => {
        if (w.matches(o)) w.send('ADDED', o);
      });
    } else if (fromRV < this.evictedThrough) {
      w.send(
        'ERROR',
        failure(410, `too old resource version: ${fromRV} (${this.evictedThrough + 1})`, 'Expired'),
      );
      w.expired?.();
      return () => undefined;
    } else {
      for (const r of this.history) if (r.rv > fromRV) this.deliver(w, r);
    }
    this.watchers.add(w);
    return () => this.watchers.delete(w);
  }

  /** Bookmarks: the current resourceVersion, for clients that asked for them. */
  bookmark(w: Watcher, apiVersion: string, kind: string): void {
    w.send('BOOKMARK', { kind, apiVersion, metadata: { resourceVersion: this.store.resourceVersion() } });
  }

  get size(): number {
    return this.watchers.size;
  }
}
