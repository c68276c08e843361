// The kept list order against a full sort of the stored objects (the oracle) on a random feed of
// objects that come, go and come back, with lists in between.

import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { ListOrder, sortedKeys } from './listOrder';
import { metaNamespaceKey } from './objectStore';
import type { KObject } from './types';

describe('ListOrder', () => {
  it('lists as a full sort does after every change of a random feed', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const r = new Random(seed);
      const m = new Map<string, { obj: KObject }>();
      const order = new ListOrder();
      const namespaces = [undefined, 'default', 'kube-system', 'a'];
      for (let step = 0; step < 400; step++) {
        const ns = namespaces[r.int(namespaces.length)];
        const name = `p-${r.int(40).toString(36)}${r.int(3) === 0 ? '-x' : ''}`;
        const key = metaNamespaceKey(ns, name);
        if (m.has(key)) {
          m.delete(key);
          order.remove(key);
        } else {
          m.set(key, { obj: { metadata: { namespace: ns, name } } as KObject });
          order.add(key);
        }
        if (r.int(4) === 0) expect(order.keys(m), `seed ${seed} step ${step}`).toEqual(sortedKeys(m));
        if (r.int(60) === 0) order.reset();
      }
      expect(order.keys(m)).toEqual(sortedKeys(m));
    }
  });
});
