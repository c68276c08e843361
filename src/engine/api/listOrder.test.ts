// The kept list order against a full sort of the stored objects (the oracle) on a random feed of
// objects that come, go and come back (a new cell under the same name), with lists in between.

import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { type ListCell, ListOrder, sortedCells } from './listOrder';
import type { KObject } from './types';

describe('ListOrder', () => {
  it('lists as a full sort does after every change of a random feed', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const r = new Random(seed);
      const m = new Map<string, ListCell>();
      const order = new ListOrder();
      const namespaces = [undefined, 'default', 'kube-system', 'a'];
      const names = (cells: readonly ListCell[]) =>
        cells.map((c) => `${c.obj.metadata.namespace ?? ''}/${c.obj.metadata.name}`);
      for (let step = 0; step < 400; step++) {
        const ns = namespaces[r.int(namespaces.length)];
        const name = `p-${r.int(40).toString(36)}${r.int(3) === 0 ? '-x' : ''}`;
        const key = `${ns ?? ''}/${name}`;
        const had = m.get(key);
        if (had) {
          m.delete(key);
          order.remove(had);
        } else {
          const cell = { obj: { metadata: { namespace: ns, name } } as KObject };
          m.set(key, cell);
          order.add(cell);
        }
        if (r.int(4) === 0) {
          const listed = order.cells(() => m.values());
          expect(names(listed), `seed ${seed} step ${step}`).toEqual(names(sortedCells(m.values())));
          expect(new Set(listed)).toEqual(new Set(m.values()));
        }
        if (r.int(60) === 0) order.reset();
      }
      expect(order.cells(() => m.values())).toEqual(sortedCells(m.values()));
    }
  });
});
