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
  for (const size of [1, 2, 5, SCAN_MAX, SCAN_MAX + 1, 64, 4096]) {
    for (const spread of [2, 4, 40]) {
      it(`behaves as Lru on the joined keys (size ${size}, ${spread} objects)`, () => {
        const r = new Random(size * 31 + spread);
        const a = new KeyedLru<E>(size);
        const b = new Lru<number>(size);
        let most = 0;
        for (let i = 0; i < 20_000; i++) {
          // a as the recorder's spam keys, b as its aggregate keys, c a message or undefined (the
          // combined event's key): the join is one-to-one, as it is for the recorder's keys
          const ka = `Pod\u0000default\u0000p${r.int(spread)}`;
          const kb = `\u0000Normal\u0000R${r.int(3)}`;
          const kc = r.int(3) === 0 ? undefined : `m${r.int(spread)}`;
          const joined = ka + innerKey(kb, kc);
          const got = a.get(ka, kb, kc);
          const want = b.get(joined);
          if (got?.v !== want) expect(got?.v, `step ${i}`).toBe(want);
          if (r.next() < 0.5) {
            if (got) got.v = i;
            else a.add({ prev: undefined, next: undefined, a: ka, b: kb, c: kc, v: i });
            b.add(joined, i);
            most = Math.max(most, a.length);
          }
          if (i % 101 === 0) expect(a.keys()).toEqual(b.keys());
        }
        expect(a.keys()).toEqual(b.keys());
        expect(a.length).toBe(b.keys().length);
        // the cases cover both ways of finding an entry
        expect(a.indexed).toBe(most > SCAN_MAX);
      });
    }
  }
});
