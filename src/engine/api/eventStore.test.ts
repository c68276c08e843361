// The event store (a slot per Event, names indexed only once something asks by name) against the
// Map-keyed store it replaced (eventStoreOracle.ts): random writes by the recorder (new Events,
// patches, names reused after their Event went away), writes through the API (any name), deletes,
// the TTL and a small cap must leave the same records in the same orders and tell the listeners
// the same changes.

import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { newEventInput } from '../testing/builders';
import {
  EventStore,
  decimalRV,
  fromObject,
  makeRecord,
  patchRecord,
  toObject,
  type EventRecord,
  type ReferenceBase,
} from './eventStore';
import type { ObjectReference } from './types';
import { MapEventStore } from '../testing/eventStoreOracle';

type Store = EventStore | MapEventStore;

const input = (namespace: string, name: string, message: string) => newEventInput(name, namespace, message);

/** The reference as addEvent takes it: a base and the resourceVersion's number, or whole (NaN). */
function refArgs(ref: ObjectReference): [ReferenceBase | ObjectReference, number] {
  const rv = decimalRV(ref.resourceVersion);
  if (Number.isNaN(rv) || ref.fieldPath !== undefined) return [ref, NaN];
  return [
    { kind: ref.kind, namespace: ref.namespace, name: ref.name, uid: ref.uid, apiVersion: ref.apiVersion },
    rv,
  ];
}

const brief = (r: EventRecord | undefined) =>
  r ? `${r.namespace}/${r.name}@${r.resourceVersion}:${r.count}:${r.message}` : '-';

function run(seed: number, lookups: 'never' | 'late' | 'always'): void {
  const r = new Random(seed);
  const stores: Store[] = [new EventStore(), new MapEventStore()];
  const heard: string[][] = [[], []];
  stores.forEach((s, i) => {
    s.ttlMs = 60_000;
    s.max = seed % 2 ? 40 : 10_000;
    s.listeners.push((type, rec) => heard[i].push(`${type} ${brief(rec)}`));
  });
  const namespaces = ['default', 'kube-system'];
  // names in use by the recorder (it never writes a name another stored Event has), and the record
  // it last wrote under each to the store under test (it keeps the slot, not the name)
  const names: { namespace: string; name: string }[] = [];
  const wrote = new Map<{ namespace: string; name: string }, { slot: number; born: number }>();
  let now = 0;
  let rv = 0;
  const steps = 1_500;
  for (let step = 0; step < steps; step++) {
    now += r.int(4) === 0 ? r.int(30_000) : r.int(3) * 500;
    const op = r.int(100);
    // writes through the API, deletes and lookups by name (each makes the store index names)
    const ask = lookups === 'always' || (lookups === 'late' && step > steps / 2);
    rv++;
    // the recorder's writes go field by field (addEvent, patchEvent) or as records (add, put)
    const byFields = r.int(2) === 0;
    if (op < 35 || names.length === 0) {
      // the recorder's new Event: a fresh name, or one whose Event is gone from the store
      const gone = names.filter((n) => !stores[1].record(n.namespace, n.name));
      const n =
        gone.length && r.int(3) === 0
          ? gone[r.int(gone.length)]
          : { namespace: namespaces[r.int(2)], name: `p.${step.toString(16)}` };
      if (!names.includes(n)) names.push(n);
      const recs = stores.map(() =>
        makeRecord(input(n.namespace, n.name, `m${step}`), '', String(rv), '2026-01-01T00:00:00Z', now),
      );
      // the store under test is told the name is new (the recorder's add); the oracle looks it up
      const s0 = stores[0] as EventStore;
      const x = recs[0];
      const slot = byFields
        ? s0.addEvent(
            x.namespace,
            x.name,
            ...refArgs(x.involvedObject),
            x.reason,
            x.message,
            x.source,
            x.firstTimestamp,
            x.lastTimestamp,
            x.count,
            x.type,
            x.reportingComponent,
            x.uidState,
            rv,
            x.creationTimestamp,
            x.written,
          )
        : s0.add(x);
      stores[1].put(recs[1]);
      wrote.set(n, { slot, born: s0.bornAt(slot) });
    } else if (op < 75) {
      // the recorder's patch of an Event it wrote (count + 1), if the Event is still there
      const n = names[r.int(names.length)];
      const s0 = stores[0] as EventStore;
      const w = wrote.get(n);
      const slot = s0.at(w?.slot ?? -1, w?.born ?? 0, n.namespace, n.name);
      const prev = [slot >= 0 ? s0.recordAt(slot) : undefined, stores[1].record(n.namespace, n.name)];
      expect(brief(prev[0])).toBe(brief(prev[1]));
      if (!prev[1]) continue;
      const recs = prev.map((p) =>
        patchRecord(p!, p!.count + 1, '2026-01-01T00:00:01Z', `m${step}`, String(rv), now),
      );
      if (byFields) s0.patchEvent(slot, prev[0]!.count + 1, '2026-01-01T00:00:01Z', `m${step}`, rv, now);
      else s0.put(recs[0], prev[0]);
      stores[1].put(recs[1]);
      wrote.set(n, { slot, born: s0.bornAt(slot) });
    } else if (op < 85) {
      if (!ask) continue;
      // an Event written through the API, under any name (a recorder's name, or another)
      const n = r.int(2)
        ? names[r.int(names.length)]
        : { namespace: namespaces[r.int(2)], name: `api.${r.int(20)}` };
      const obj = toObject(
        makeRecord(
          input(n.namespace, n.name, `api${step}`),
          `uid${step}`,
          String(rv),
          '2026-01-01T00:00:00Z',
          now,
        ),
      );
      for (const s of stores) s.put(fromObject(obj, now));
    } else if (op < 92) {
      if (!ask) continue;
      const n = r.int(2)
        ? names[r.int(names.length)]
        : { namespace: namespaces[r.int(2)], name: `api.${r.int(20)}` };
      expect(brief(stores[0].delete(n.namespace, n.name))).toBe(brief(stores[1].delete(n.namespace, n.name)));
    } else {
      for (const s of stores) s.expire(now);
    }
    if (ask && r.int(4) === 0) {
      const n = names[r.int(names.length)];
      expect(brief(stores[0].record(n.namespace, n.name))).toBe(brief(stores[1].record(n.namespace, n.name)));
    }
    if (step % 50 === 0 || step === steps - 1) {
      expect(stores[0].size).toBe(stores[1].size);
      expect(stores[0].list().map(brief)).toEqual(stores[1].list().map(brief));
      expect(stores[0].list('kube-system').map(brief)).toEqual(stores[1].list('kube-system').map(brief));
      expect([...stores[0].values()].map(brief)).toEqual([...stores[1].values()].map(brief));
    }
  }
  expect(heard[0]).toEqual(heard[1]);
  expect(heard[0].filter((h) => h.startsWith('delete')).length).toBeGreaterThan(20);
  expect(heard[0].filter((h) => h.startsWith('upsert')).length).toBeGreaterThan(steps / 3);
  if (lookups === 'never') expect((stores[0] as unknown as { byName?: unknown }).byName).toBeUndefined();
}

describe('EventStore', () => {
  it('replaces a record of the same name once names are indexed, as the Map did', () => {
    const s = new EventStore();
    const a = makeRecord(input('default', 'p.1', 'one'), '', '1', '2026-01-01T00:00:00Z', 0);
    const slot = s.add(a);
    expect(s.record('default', 'p.1')).toEqual({ ...a, slot, seq: 2 }); // builds the index
    const b = makeRecord(input('default', 'p.1', 'two'), '', '2', '2026-01-01T00:00:00Z', 1);
    expect(s.add(b)).toBe(slot);
    expect(s.size).toBe(1);
    expect(s.list()).toEqual([{ ...b, slot, seq: 3 }]);
  });

  // A connected page's mirror keeps the cluster's Events: their resourceVersions are the server's
  // (opaque, or — from `serve` — 16 digits), which no column can hold: kept with the record, as text.
  it("keeps another server's resourceVersions, opaque or past 15 digits, as written", () => {
    const s = new EventStore();
    for (const [i, rv] of ['1796332237673014', 'xyz-7', '12'].entries()) {
      const r = makeRecord(input('default', `p.${i}`, 'one'), '', rv, '2026-01-01T00:00:00Z', i);
      const slot = s.put(r);
      expect(s.record('default', `p.${i}`)).toEqual({ ...r, slot, seq: expect.any(Number) });
    }
    expect(s.list().map((r) => r.resourceVersion)).toEqual(['1796332237673014', 'xyz-7', '12']);
  });

  it('reuses a slot after its Event is gone, and tells its Events apart', () => {
    const s = new EventStore();
    s.ttlMs = 1_000;
    const a = s.add(makeRecord(input('default', 'p.1', 'one'), '', '1', 't', 0));
    const bornA = s.bornAt(a);
    s.expire(1_000);
    expect(s.size).toBe(0);
    const b = s.add(makeRecord(input('default', 'p.2', 'two'), '', '2', 't', 1_000));
    expect(b).toBe(a);
    // the writer of p.1 kept (slot, born): its Event is gone, p.2 is not its Event
    expect(s.at(a, bornA, 'default', 'p.1')).toBe(-1);
    expect(s.at(b, s.bornAt(b), 'default', 'p.2')).toBe(b);
    expect(s.list().map((r) => r.name)).toEqual(['p.2']);
  });

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    for (const lookups of ['never', 'late', 'always'] as const) {
      it(`keeps the same Events as the Map-keyed store (seed ${seed}, lookups by name ${lookups})`, () =>
        run(seed, lookups));
    }
  }

  it('patches the Event a record was written to without asking for its name', () => {
    const s = new EventStore();
    const a = makeRecord(input('default', 'p.1', 'one'), '', '1', '2026-01-01T00:00:00Z', 0);
    const slot = s.add(a);
    const stored = s.recordAt(slot);
    const b = patchRecord(stored, 2, '2026-01-01T00:00:01Z', 'one', '2', 1);
    expect(s.put(b, stored)).toBe(slot);
    expect(s.size).toBe(1);
    expect(s.at(slot, s.bornAt(slot), 'default', 'p.1')).toBe(slot);
    expect(s.list()).toEqual([{ ...b, seq: 3 }]);
    expect((s as unknown as { byName?: unknown }).byName).toBeUndefined();
  });
});
