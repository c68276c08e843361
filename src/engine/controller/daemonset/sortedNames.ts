// A set of names kept in sorted order (JavaScript string order, as `[...].sort()` gives), in chunks
// so that adding or removing one name costs O(√n) instead of copying the whole array: what the
// incremental DaemonSet controller uses for node names and for the nodes of each rolling-update
// category, where it needs "the first k in name order" many times per rollout.

const CHUNK = 128;

export class SortedNames {
  private chunks: string[][] = [];
  private n = 0;
  /** the same names, for membership without a search (the hot paths ask has() per node) */
  private readonly members = new Set<string>();

  get size(): number {
    return this.n;
  }

  clear(): void {
    this.chunks = [];
    this.n = 0;
    this.members.clear();
  }

  /** Builds the set from names already sorted and unique (O(n)). */
  static fromSorted(names: readonly string[]): SortedNames {
    const s = new SortedNames();
    for (let i = 0; i < names.length; i += CHUNK) s.chunks.push(names.slice(i, i + CHUNK));
    s.n = names.length;
    for (const name of names) s.members.add(name);
    return s;
  }

  private chunkFor(name: string): number {
    const c = this.chunks;
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (c[mid][0] <= name) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  has(name: string): boolean {
    return this.members.has(name);
  }

  /** Adds a name; returns false when it was there already. */
  add(name: string): boolean {
    if (this.members.has(name)) return false;
    this.members.add(name);
    if (this.n === 0) {
      this.chunks = [[name]];
      this.n = 1;
      return true;
    }
    const ci = this.chunkFor(name);
    const ch = this.chunks[ci];
    ch.splice(lowerBound(ch, name), 0, name);
    this.n++;
    if (ch.length > 2 * CHUNK) this.chunks.splice(ci, 1, ch.slice(0, CHUNK), ch.slice(CHUNK));
    return true;
  }

  /** Removes a name; returns false when it was not there. */
  delete(name: string): boolean {
    if (!this.members.delete(name)) return false;
    const ci = this.chunkFor(name);
    const ch = this.chunks[ci];
    ch.splice(lowerBound(ch, name), 1);
    this.n--;
    if (ch.length === 0) this.chunks.splice(ci, 1);
    return true;
  }

  /** The first `k` names in order. */
  first(k: number): string[] {
    const out: string[] = [];
    for (const ch of this.chunks) {
      for (const s of ch) {
        if (out.length >= k) return out;
        out.push(s);
      }
    }
    return out;
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (const ch of this.chunks) yield* ch;
  }

  toArray(): string[] {
    return this.chunks.flat();
  }
}

function lowerBound(a: readonly string[], x: string): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
