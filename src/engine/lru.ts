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

/**
 * An entry of a `KeyedLru`: its key is the triple (a, b, c), standing for upstream's joined string
 * key `a + b` (c undefined) or `a + "\0" + b + "\0" + c`; the entry carries its own value fields.
 */
export interface KeyedEntry<E> extends Linked<E> {
  a: string;
  b: string;
  c: string | undefined;
}

/** The joined key's part after `a` (the large cache's index key). */
export function innerKey(b: string, c: string | undefined): string {
  return c === undefined ? b : `\u0000${b}\u0000${c}`;
}

/**
 * Up to this many entries a cache is searched along its use order; beyond, it is indexed by Maps (a
 * kubelet's caches hold 9 entries of its pod and its replaced pod after a rolling update).
 */
export const SCAN_MAX = 16;

/**
 * The same LRU for the correlator, made to cost little when there are many of them (one per kubelet,
 * 65,000 at the largest): no key string is made per lookup (the key is three shared strings), the
 * entries are the values (no wrapper object), and a cache of up to `SCAN_MAX` entries has no Map at
 * all: a lookup walks its use-order list. Past that the cache builds its index (object key → the
 * object's entry, or a Map from the joined rest of the key once the object has two) and keeps it. `Lru` on the joined keys is the test oracle.
 */
export class KeyedLru<E extends KeyedEntry<E>> extends UseOrder<E> {
  private n = 0;
  /** object key → its only entry, or joined rest of the key → entry */
  private index: Map<string, E | Map<string, E>> | undefined;
  constructor(private readonly size = LRU_SIZE) {
    super();
  }

  /** The entry of (a, b, c), now the most recently used; undefined when there is none. */
  get(a: string, b: string, c: string | undefined): E | undefined {
    let e: E | undefined;
    if (this.index) {
      const x = this.index.get(a);
      e =
        x instanceof Map ? x.get(innerKey(b, c)) : x !== undefined && x.b === b && x.c === c ? x : undefined;
    } else for (e = this.front; e; e = e.next) if (e.a === a && e.b === b && e.c === c) break;
    if (e) this.moveToFront(e);
    return e;
  }

  /** Adds an entry whose key is not in the cache, as the most recently used; forgets the oldest beyond the size. */
  add(e: E): void {
    this.pushFront(e);
    this.n++;
    if (this.index) this.indexAdd(e);
    if (this.n > this.size) {
      const old = this.popBack()!;
      this.n--;
      if (this.index) this.indexDelete(old);
    }
    if (!this.index && this.n > SCAN_MAX) {
      this.index = new Map();
      for (let x = this.front; x; x = x.next) this.indexAdd(x);
    }
  }

  /** Joined keys from the most to the least recently used (tests). */
  keys(): string[] {
    const out: string[] = [];
    for (let e = this.front; e; e = e.next) out.push(e.a + innerKey(e.b, e.c));
    return out;
  }

  /** How many entries the cache holds. */
  get length(): number {
    return this.n;
  }

  /** Whether the cache has built its index (tests). */
  get indexed(): boolean {
    return this.index !== undefined;
  }

  /** Indexes an entry: an object's only entry as it is, a Map (joined rest of the key → entry) once it has two. */
  private indexAdd(e: E): void {
    const index = this.index!;
    const x = index.get(e.a);
    if (x === undefined) index.set(e.a, e);
    else if (x instanceof Map) x.set(innerKey(e.b, e.c), e);
    else
      index.set(
        e.a,
        new Map([
          [innerKey(x.b, x.c), x],
          [innerKey(e.b, e.c), e],
        ]),
      );
  }

  private indexDelete(e: E): void {
    const index = this.index!;
    const x = index.get(e.a)!;
    if (!(x instanceof Map)) index.delete(e.a);
    else {
      x.delete(innerKey(e.b, e.c));
      if (x.size === 0) index.delete(e.a);
    }
  }
}
