// The correlator's LRU keyed by (object key, event key) against the LRU on the joined string keys it
// replaced: same values found, same entries kept, same use order, for random operation sequences.

import { describe, expect, it } from 'vitest';
import { Lru, PairLru } from './events';
import { Random } from './random';

describe('PairLru', () => {
  for (const size of [1, 2, 5, 64, 4096]) {
    it(`behaves as Lru on outer + inner (size ${size})`, () => {
      const r = new Random(size + 7);
      const a = new PairLru<number>(size);
      const b = new Lru<number>(size);
      const spread = Math.max(2, Math.ceil(Math.sqrt(size * 3)));
      for (let i = 0; i < 20_000; i++) {
        // outer as the recorder's spam keys (no leading NUL), inner as its suffixes (leading NUL):
        // the join is then one-to-one, as it is for the recorder's keys
        const outer = `Pod\u0000default\u0000p${r.int(spread)}`;
        const inner = r.int(2) === 0 ? `\u0000Normal\u0000R${r.int(spread)}` : `\u0000\u0000Normal\u0000R${r.int(3)}\u0000m${r.int(spread)}`;
        if (r.next() < 0.5) expect(a.get(outer, inner)).toBe(b.get(outer + inner));
        else {
          a.add(outer, inner, i);
          b.add(outer + inner, i);
        }
        if (i % 101 === 0) expect(a.keys()).toEqual(b.keys());
      }
      expect(a.keys()).toEqual(b.keys());
    });
  }
});
