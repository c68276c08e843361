import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SortedNames } from './sortedNames';

describe('SortedNames', () => {
  it('keeps names in sort order through adds and deletes (against a sorted array)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 3000 })), { maxLength: 4000 }),
        (ops) => {
          const s = new SortedNames();
          const ref = new Set<string>();
          for (const [add, i] of ops) {
            const name = `node-${i}`;
            if (add) {
              expect(s.add(name)).toBe(!ref.has(name));
              ref.add(name);
            } else {
              expect(s.delete(name)).toBe(ref.has(name));
              ref.delete(name);
            }
          }
          const sorted = [...ref].sort();
          expect(s.toArray()).toEqual(sorted);
          expect([...s]).toEqual(sorted);
          expect(s.size).toBe(sorted.length);
          expect(s.first(7)).toEqual(sorted.slice(0, 7));
          for (const n of sorted.slice(0, 20)) expect(s.has(n)).toBe(true);
          expect(s.has('zzz')).toBe(false);
          for (const [, i] of ops) expect(s.has(`node-${i}`)).toBe(ref.has(`node-${i}`));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('builds from a sorted list', () => {
    const names = Array.from({ length: 2000 }, (_, i) => `n${String(i).padStart(5, '0')}`);
    const s = SortedNames.fromSorted(names);
    expect(s.first(3)).toEqual(['n00000', 'n00001', 'n00002']);
    s.delete('n00001');
    s.add('n00001a');
    expect(s.first(3)).toEqual(['n00000', 'n00001a', 'n00002']);
  });
});
