import { describe, expect, it } from 'vitest';
import type { DaemonSet } from '../engine';
import type { AppState } from './store';
import { selectDaemonSetCounters, selectDaemonSetSpecs } from './selectors';

function ds(
  name: string,
  generation: number,
  ready: number,
  extra: Partial<DaemonSet['metadata']> = {},
): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name,
      namespace: 'kube-system',
      uid: `uid-${name}`,
      resourceVersion: `${generation}-${ready}`,
      generation,
      ...extra,
    },
    spec: {
      selector: { matchLabels: { a: 'b' } },
      template: {
        metadata: { labels: { a: 'b' } },
        spec: { containers: [{ name: 'c', image: `i:${generation}` }] },
      },
    },
    status: {
      desiredNumberScheduled: 3,
      currentNumberScheduled: 3,
      numberReady: ready,
      updatedNumberScheduled: ready,
      numberAvailable: ready,
      numberMisscheduled: 0,
    },
  } as unknown as DaemonSet;
}

/** A store state holding these DaemonSets (the selectors read `objects.DaemonSet` and the mirror). */
function state(list: DaemonSet[]): AppState {
  const rec = Object.freeze(Object.fromEntries(list.map((d) => [`kube-system/${d.metadata.name}`, d])));
  return {
    objects: { DaemonSet: rec },
    mirror: { get: (_k: string, key: string) => rec[key] },
  } as unknown as AppState;
}

describe('selectDaemonSetSpecs', () => {
  it('keeps the record while only statuses change, and follows spec changes, new and deleted DaemonSets', () => {
    const a1 = ds('a', 1, 0);
    const b1 = ds('b', 1, 0);
    const first = selectDaemonSetSpecs(state([a1, b1]));
    expect(first['kube-system/a']).toBe(a1);
    // status only: the very same record and objects
    expect(selectDaemonSetSpecs(state([ds('a', 1, 2), ds('b', 1, 3)]))).toBe(first);
    // a spec change (generation bumped): a new record, the new object, the other kept
    const a2 = ds('a', 2, 2);
    const second = selectDaemonSetSpecs(state([a2, ds('b', 1, 3)]));
    expect(second).not.toBe(first);
    expect(second['kube-system/a']).toBe(a2);
    expect(second['kube-system/b']).toBe(b1);
    // being deleted counts (the card shows it)
    const a3 = ds('a', 2, 2, { deletionTimestamp: '2026-01-01T00:00:10Z' });
    expect(selectDaemonSetSpecs(state([a3, b1]))['kube-system/a']).toBe(a3);
    // one gone, one new with the same name but another uid
    const only = selectDaemonSetSpecs(state([ds('b', 1, 3, { uid: 'other' })]));
    expect(Object.keys(only)).toEqual(['kube-system/b']);
    expect(only['kube-system/b'].metadata.uid).toBe('other');
  });
});

describe('selectDaemonSetCounters', () => {
  it('a new object only when a counter moved', () => {
    const sel = selectDaemonSetCounters('kube-system/c');
    const c1 = sel(state([ds('c', 1, 1)]));
    expect(c1).toEqual({ desired: 3, current: 3, ready: 1, upToDate: 1, available: 1, misscheduled: 0 });
    expect(sel(state([ds('c', 2, 1)]))).toBe(c1);
    const c2 = sel(state([ds('c', 2, 2)]));
    expect(c2).not.toBe(c1);
    expect(c2?.ready).toBe(2);
    expect(sel(state([]))).toBeUndefined();
    expect(selectDaemonSetCounters('kube-system/c')).toBe(sel);
  });
});
