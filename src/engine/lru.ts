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
 * `same` links the entries of one object key while the cache's index keeps them as a chain.
 */
export interface KeyedEntry<E> extends Linked<E> {
  a: string;
  b: string;
  c: string | undefined;
  same: E | undefined;
}

/** The joined key's part after `a` (the index key of an object with many entries). */
export function innerKey(b: string, c: string | undefined): string {
  return c === undefined ? b : `\u0000${b}\u0000${c}`;
}

/**
 * Up to this many entries a cache is searched along its use order; beyond, it is indexed by object
 * key. Also how many entries of one object key the index keeps as a chain before it gives that
 * object a Map of its own (a kubelet's caches hold 9 entries of its pod and its replaced pod after a
 * rolling update; a ReplicaSet's "Created pod: …" messages can give one object thousands).
 */
export const SCAN_MAX = 16;

/**
 * The same LRU for the correlator, made to cost little when there are many of them (one per kubelet,
 * 65,000 at the largest): no key string is made per lookup (the key is three shared strings), the
 * entries are the values (no wrapper object), and a cache of up to `SCAN_MAX` entries has no Map at
 * all: a lookup walks its use-order list. Past that the cache builds its index, object key → the
 * object's entries, and keeps it: a chain through the entries' `same` field (no Map and no joined key
 * per object: most objects have a few entries), or, past `SCAN_MAX` entries of one object, a Map from
 * the joined rest of the key. `Lru` on the joined keys is the test oracle. The recorder no longer
 * uses it: its EventCorrelator (correlator.ts) keeps an object's entries of its three caches together
 * and finds them with one lookup per event.
 */
export class KeyedLru<E extends KeyedEntry<E>> extends UseOrder<E> {
  private n = 0;
  /** object key → the first of its entries' chain, or joined rest of the key → entry */
  private index: Map<string, E | Map<string, E>> | undefined;
  /** objects whose entries outgrew a chain (tests) */
  grouped = 0;
  constructor(private readonly size = LRU_SIZE) {
    super();
  }

  /** The entry of (a, b, c), now the most recently used; undefined when there is none. */
  get(a: string, b: string, c: string | undefined): E | undefined {
    let e: E | undefined;
    if (this.index) {
      const x = this.index.get(a);
      if (x instanceof Map) e = x.get(innerKey(b, c));
      else for (e = x; e; e = e.same) if (e.b === b && e.c === c) break;
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
      for (let x = this.back; x; x = x.prev) this.indexAdd(x);
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

  /**
   * Indexes an entry: appended to its object's chain, or, once the chain has `SCAN_MAX` entries, all
   * of them in a Map (joined rest of the key → entry) that the object keeps.
   */
  private indexAdd(e: E): void {
    const index = this.index!;
    e.same = undefined;
    const x = index.get(e.a);
    if (x === undefined) index.set(e.a, e);
    else if (x instanceof Map) x.set(innerKey(e.b, e.c), e);
    else {
      let last = x;
      let k = 1;
      for (; last.same; last = last.same) k++;
      if (k < SCAN_MAX) last.same = e;
      else {
        const m = new Map<string, E>();
        for (let y: E | undefined = x; y;) {
          const next: E | undefined = y.same;
          y.same = undefined;
          m.set(innerKey(y.b, y.c), y);
          y = next;
        }
        m.set(innerKey(e.b, e.c), e);
        index.set(e.a, m);
        this.grouped++;
      }
    }
  }

  private indexDelete(e: E): void {
    const index = this.index!;
    const x = index.get(e.a)!;
    if (x instanceof Map) {
      x.delete(innerKey(e.b, e.c));
      if (x.size === 0) index.delete(e.a);
    } else if (x === e) {
      if (e.same) index.set(e.a, e.same);
      else index.delete(e.a);
    } else {
      let p = x;
      while (p.same !== e) p = p.same!;
      p.same = e.same;
    }
    e.same = undefined;
  }
}
