// The event correlator's LRU (linked list + Map) against the simple Map-reinsertion LRU it replaced.

import { describe, expect, it } from 'vitest';
import { Lru } from './lru';
import { Random } from './random';

/** The oracle: a Map in use order, re-inserted on every hit; the first key is the oldest. */
class MapLru<V> {
  readonly m = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(k: string): V | undefined {
    const v = this.m.get(k);
    if (v !== undefined) {
      this.m.delete(k);
      this.m.set(k, v);
    }
    return v;
  }
  add(k: string, v: V): void {
    this.m.delete(k);
    this.m.set(k, v);
    if (this.m.size > this.size) this.m.delete(this.m.keys().next().value!);
  }
}

describe('Lru', () => {
  for (const size of [1, 2, 5, 64]) {
    it(`keeps the same entries in the same use order as the Map version (size ${size})`, () => {
      const r = new Random(size);
      const a = new Lru<number>(size);
      const b = new MapLru<number>(size);
      for (let i = 0; i < 5000; i++) {
        const k = `k${r.int(size * 3)}`;
        if (r.next() < 0.5) expect(a.get(k)).toBe(b.get(k));
        else {
          a.add(k, i);
          b.add(k, i);
        }
        if (i % 97 === 0) expect(a.keys()).toEqual([...b.m.keys()].reverse());
      }
      expect(a.keys()).toEqual([...b.m.keys()].reverse());
    });
  }
});
