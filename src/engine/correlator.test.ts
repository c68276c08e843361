// The EventCorrelator (one lookup of an event's object for its three caches) against upstream's form,
// three LRUs on joined string keys (testing/correlatorOracle.ts): random event streams from a few
// sources about many objects (caches past their size, so each forgets its least recently used
// entries), similar messages (combined after 10), repeats, bursts past the spam filter and jumps past
// the aggregation window, compared field by field at every event — combined or not, the log entry
// found (count, first timestamp, name), the spam filter's answer — and each cache's keys in use order.

import { describe, expect, it } from 'vitest';
import { EventCorrelator, ObjectRecords, type EventKind } from './correlator';
import { SimpleCorrelator } from './testing/correlatorOracle';
import { LRU_SIZE, SCAN_MAX } from './lru';
import { Random } from './random';

describe('EventCorrelator', () => {
  // [cache size, objects, events]
  const cases: [number, number, number][] = [
    [1, 3, 3_000],
    [2, 5, 3_000],
    [5, 8, 5_000],
    [17, 40, 10_000],
    [64, 300, 15_000],
    [64, 6, 20_000],
    [LRU_SIZE, 20_000, 60_000],
  ];
  for (const [size, objects, events] of cases) {
    it(`finds, keeps and forgets what upstream's caches do (size ${size}, ${objects} objects)`, () => {
      const r = new Random(size * 7 + objects);
      const records = new ObjectRecords();
      const sources = ['kubelet/n1', 'kubelet/n2', 'scheduler', 'replicaset'];
      const fast = sources.map((s) => new EventCorrelator(records, s, '', size));
      const slow = sources.map(() => new SimpleCorrelator(size));
      const kinds = new Map<string, EventKind>();
      const kindOf = (type: string, reason: string) => {
        const k = `\u0000${type}\u0000${reason}`;
        let v = kinds.get(k);
        if (!v) kinds.set(k, (v = { key: k, message: '' }));
        return v;
      };
      // object keys made anew now and then (the recorder's keys are one string per object, but a
      // renamed object's key or a key made again after its cache started over is another string)
      const keyText = (i: number) => ['Pod', 'default', `p${i}`, `u${i}`, 'v1'].join('\u0000');
      const keys = Array.from({ length: objects }, (_, i) => keyText(i));
      // no object or group is kept once all its entries are forgotten: the records are the objects,
      // and the groups the (object, type, reason) triples, of the caches' keys
      const expectNoneKept = () => {
        const known = new Set<string>();
        let perSource = 0;
        let groups = 0;
        for (const b of slow) {
          const objectsOf = new Set<string>();
          const groupsOf = new Set<string>();
          for (const k of [...b.aggregates.keys(), ...b.logs.keys(), ...b.spam.keys()]) {
            const parts = k.split('\u0000');
            objectsOf.add(parts.slice(0, 5).join('\u0000'));
            // aggregate and combined keys: object, type, reason; event keys: object, '', type, reason, message
            if (parts.length === 7) groupsOf.add(parts.join('\u0000'));
            else if (parts.length === 9)
              groupsOf.add([...parts.slice(0, 5), parts[6], parts[7]].join('\u0000'));
          }
          perSource += objectsOf.size;
          groups += groupsOf.size;
          for (const k of objectsOf) known.add(k);
        }
        expect(records.size).toBe(known.size);
        expect(records.counts()).toEqual({ known: perSource, groups });
      };
      let now = 0;
      let seq = 0;
      let combined = 0;
      let denied = 0;
      let patched = 0;
      let mapped = false;
      for (let i = 0; i < events; i++) {
        const jump = r.int(100);
        now += jump < 85 ? r.int(2) * 500 : jump < 99 ? r.int(10) * 1000 : 11 * 60_000;
        // a hot source, object, type and reason (similar events group, the spam filter runs out),
        // a few warm objects and a long tail
        const hot = r.int(2) === 0;
        const tail = !hot && r.int(2) === 0;
        // the scheduler's events are mostly about new objects (its caches fill up first)
        const s = hot ? 0 : tail && r.int(3) ? 2 : r.int(sources.length);
        // the hot object changes now and then: the last one's entries are forgotten one cache at a
        // time (its many log entries before its aggregate record)
        const o = hot ? Math.floor(i / 2_500) % objects : tail ? r.int(objects) : r.int(Math.min(objects, 6));
        if (r.int(50) === 0) keys[o] = keyText(o); // an equal key, another string
        const key = r.int(20) === 0 ? `${keyText(o)}` : keys[o];
        const type = hot || r.int(5) ? 'Normal' : 'Warning';
        const reason = hot ? 'Created' : ['Created', 'Started', 'Pulled', 'SuccessfulCreate'][r.int(4)];
        const kind = kindOf(type, reason);
        // many messages in one group (its log entries past a chain, into a Map) or a few
        const message = `m${r.int(r.int(3) ? 4 : 40)}`;
        const ts = `t${now}`;

        const a = fast[s];
        const b = slow[s];
        const g = a.entry(records.of(key), kind);
        const ac = a.aggregate(g, message, now);
        const bc = b.aggregate(key, type, reason, message, now);
        expect(ac).toBe(bc.combined);
        if (ac) combined++;
        const al = a.observed(g, ac ? undefined : message);
        const bl = b.observed(bc.key);
        expect(al === undefined).toBe(bl === undefined);
        if (al && bl) {
          al.count += 1;
          b.remember(bc.key, { ...bl, count: bl.count + 1 });
          expect([al.count, al.firstTimestamp, al.name]).toEqual([bl.count + 1, bl.firstTimestamp, bl.name]);
          patched++;
        } else {
          const name = `e${seq++}`;
          a.remember(g, ac ? undefined : message, ts, name);
          b.remember(bc.key, { count: 1, firstTimestamp: ts, name });
        }
        const aa = a.allow(g.object, now);
        expect(aa).toBe(b.allow(key, now));
        if (!aa) denied++;
        if (g.logs instanceof Map) mapped = true;
        if (i % 997 === 0 || i === events - 1)
          for (let k = 0; k < sources.length; k++) {
            const ak = fast[k].keys();
            expect(ak.aggregates).toEqual(slow[k].aggregates.keys());
            expect(ak.logs).toEqual(slow[k].logs.keys());
            expect(ak.spam).toEqual(slow[k].spam.keys());
          }
        if (i % 997 === 0) expectNoneKept();
      }
      expectNoneKept();
      // the stream reached the paths it is meant to compare
      expect(combined).toBeGreaterThan(10);
      expect(denied).toBeGreaterThan(10);
      expect(patched).toBeGreaterThan(10);
      if (size >= 4 * SCAN_MAX) expect(mapped).toBe(true);
      if (objects > size) expect(slow[2].spam.keys().length).toBe(size);
    });
  }
});
