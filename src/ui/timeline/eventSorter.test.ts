// The event log's incremental sort gives the order of a full sort after every change.

import { describe, expect, it } from 'vitest';
import type { KEvent } from '../../engine';
import { createEventSorter, sortEvents } from './eventRows';

function ev(name: string, last: number): KEvent {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'ns', uid: '', resourceVersion: '1' },
    involvedObject: { kind: 'Pod', name: 'p' },
    reason: 'R',
    message: 'm',
    source: { component: 'c' },
    lastTimestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, last)).toISOString(),
    count: 1,
    type: 'Normal',
  } as KEvent;
}

describe('createEventSorter', () => {
  it('matches sortEvents through additions, updates (new objects) and deletions', () => {
    const sorter = createEventSorter();
    const held = new Map<string, KEvent>();
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 60; round++) {
      for (let k = 0; k < 1 + rnd(20); k++) {
        const name = `e.${(rnd(200) + 1).toString(16)}`;
        if (rnd(5) === 0) held.delete(name);
        else held.set(name, ev(name, rnd(50)));
      }
      const got = sorter(held.values());
      expect(got).toEqual(sortEvents(held.values()));
      // unchanged: the same array
      if (round % 10 === 0) expect(sorter(held.values())).toBe(got);
    }
  });
});
