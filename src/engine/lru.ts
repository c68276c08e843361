// The event correlator's caches (client-go tools/record events_cache.go: groupcache/lru of 4096
// entries each): forget the least recently used entry beyond their size.

export const LRU_SIZE = 4096;

export interface Linked<E> {
  prev: E | undefined;
  next: E | undefined;
}

/** A doubly linked list of entries in use order, front = most recent: the part both LRUs share. */
export class UseOrder<E extends Linked<E>> {
  front: E | undefined;
  back: E | undefined;

  pushFront(e: E): void {
    e.prev = undefined;
    e.next = this.front;
    if (this.front) this.front.prev = e;
    this.front = e;
    if (!this.back) this.back = e;
  }

  moveToFront(e: E): void {
    if (this.front === e) return;
    this.unlink(e);
    this.pushFront(e);
  }

  /** Takes the least recently used entry off the list. */
  popBack(): E | undefined {
    const e = this.back;
    if (e) this.unlink(e);
    return e;
  }

  private unlink(e: E): void {
    if (e.prev) e.prev.next = e.next;
    else this.front = e.next;
    if (e.next) e.next.prev = e.prev;
    else this.back = e.prev;
    e.prev = e.next = undefined;
  }
}

interface LruEntry<V> extends Linked<LruEntry<V>> {
  key: string;
  value: V;
}

/**
 * A cache that forgets its least recently used entry beyond `size` (groupcache/lru): a Map to the
 * entries and a doubly linked list in use order, front = most recent (a Map re-inserted on every hit
 * scans its deleted slots to find the oldest). The test oracle of `KeyedLru` (keyedLru.test.ts).
 */
export class Lru<V> {
  private readonly m = new Map<string, LruEntry<V>>();
  private readonly order = new UseOrder<LruEntry<V>>();
  constructor(private readonly size = LRU_SIZE) {}

  get(k: string): V | undefined {
    const e = this.m.get(k);
    if (e === undefined) return undefined;
    this.order.moveToFront(e);
    return e.value;
  }

  add(k: string, v: V): void {
    const e = this.m.get(k);
    if (e !== undefined) {
      e.value = v;
      this.order.moveToFront(e);
      return;
    }
    const n: LruEntry<V> = { key: k, value: v, prev: undefined, next: undefined };
    this.order.pushFront(n);
    this.m.set(k, n);
    if (this.m.size > this.size) this.m.delete(this.order.popBack()!.key);
  }

  /** Keys from the most to the least recently used (tests). */
  keys(): string[] {
    const out: string[] = [];
    for (let e = this.order.front; e; e = e.next) out.push(e.key);
    return out;
  }
}

/** Upstream's joined cache key after the object's part: `b` alone, or `"\0" + b + "\0" + c`. */
export function innerKey(b: string, c: string | undefined): string {
  return c === undefined ? b : `\u0000${b}\u0000${c}`;
}

/**
 * Up to this many log entries of one object's type and reason are kept as a chain and searched along
 * it; past that the correlator gives them a Map by message (a kubelet's caches hold 9 entries of its
 * pod and its replaced pod after a rolling update; a ReplicaSet's "Created pod: …" messages can give
 * one object thousands).
 */
export const SCAN_MAX = 16;
