// The correlator's LRU keyed by (object key, aggregate key, message) against the LRU on the joined
// string keys it replaced: same values found, same entries kept, same use order, for random
// operation sequences, below and past the size where it builds its index.

import { describe, expect, it } from 'vitest';
import { KeyedLru, Lru, SCAN_MAX, innerKey, type KeyedEntry } from './lru';
import { Random } from './random';

interface E extends KeyedEntry<E> {
  v: number;
}

describe('KeyedLru', () => {
  // [cache size, objects, messages]; messages default to the objects. Few objects with many
  // messages give one object more than SCAN_MAX entries: its chain becomes a Map of its own.
  const cases: [number, number, number?][] = [];
  for (const size of [1, 2, 5, SCAN_MAX, SCAN_MAX + 1, 64, 4096])
    for (const spread of [2, 4, 40]) cases.push([size, spread]);
  cases.push([64, 3, 30], [200, 5, 60], [4096, 2, 200]);
  for (const [size, spread, messages = spread] of cases) {
    it(`behaves as Lru on the joined keys (size ${size}, ${spread} objects, ${messages} messages)`, () => {
      const r = new Random(size * 31 + spread + messages * 7919);
      const a = new KeyedLru<E>(size);
      const b = new Lru<number>(size);
      let most = 0;
      for (let i = 0; i < 20_000; i++) {
        // a as the recorder's spam keys, b as its aggregate keys, c a message or undefined (the
        // combined event's key): the join is one-to-one, as it is for the recorder's keys
        const ka = `Pod\u0000default\u0000p${r.int(spread)}`;
        const kb = `\u0000Normal\u0000R${r.int(3)}`;
        const kc = r.int(3) === 0 ? undefined : `m${r.int(messages)}`;
        const joined = ka + innerKey(kb, kc);
        const got = a.get(ka, kb, kc);
        const want = b.get(joined);
        if (got?.v !== want) expect(got?.v, `step ${i}`).toBe(want);
        if (r.next() < 0.5) {
          if (got) got.v = i;
          else a.add({ prev: undefined, next: undefined, a: ka, b: kb, c: kc, same: undefined, v: i });
          b.add(joined, i);
          most = Math.max(most, a.length);
        }
        if (i % 101 === 0) expect(a.keys()).toEqual(b.keys());
      }
      expect(a.keys()).toEqual(b.keys());
      expect(a.length).toBe(b.keys().length);
      // the cases cover both ways of finding an entry, and both ways of indexing an object
      expect(a.indexed).toBe(most > SCAN_MAX);
      if (messages > spread && size > SCAN_MAX * 2) expect(a.grouped).toBeGreaterThan(0);
    });
  }
});
