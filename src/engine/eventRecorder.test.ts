// The event recorder against the recorder it replaced (eventRecorderOracle.ts): random event
// sequences (objects renamed under one uid, similar and repeated events, bursts past the spam filter,
// jumps past the aggregation window and the TTL, a small store cap) must leave the same Events and
// tell the listeners the same events.

import { describe, expect, it } from 'vitest';
import { Clock } from './clock';
import { EventRecorder, type RecordedEvent } from './events';
import { OracleRecorder } from './testing/eventRecorderOracle';
import { ObjectStore } from './api/objectStore';
import { Random } from './random';
import type { KObject } from './api/types';

interface Side {
  clock: Clock;
  store: ObjectStore;
  rec: {
    event(
      obj: KObject,
      type: 'Normal' | 'Warning',
      reason: string,
      message: string,
      component: string,
      host?: string,
    ): void;
    listeners: ((e: RecordedEvent) => void)[];
  };
  heard: RecordedEvent[];
}

function side(make: (s: ObjectStore, c: Clock) => Side['rec'], max: number): Side {
  const clock = new Clock();
  const store = new ObjectStore(clock, new Random(99));
  store.events.max = max;
  const rec = make(store, clock);
  const heard: RecordedEvent[] = [];
  rec.listeners.push((e) => heard.push(e));
  return { clock, store, rec, heard };
}

const dump = (s: Side) => JSON.stringify(s.store.events.list().map((r) => s.store.events.object(r)));

describe('EventRecorder', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`writes the same Events as the recorder it replaced (seed ${seed})`, () => {
      const r = new Random(seed);
      const max = seed % 2 ? 50_000 : 40;
      const a = side((s, c) => new EventRecorder(s, c), max);
      const b = side((s, c) => new OracleRecorder(s, c), max);
      const pick = <T>(xs: T[]): T => xs[r.int(xs.length)];
      let t = a.clock.now();
      let patched = false;
      for (let i = 0; i < 3_000; i++) {
        const jump = r.int(100);
        t +=
          jump < 60 ? r.int(3) * 500 : jump < 95 ? r.int(120) * 1000 : jump < 99 ? 11 * 60_000 : 61 * 60_000;
        a.clock.set(t);
        b.clock.set(t);
        // mostly one object, so similar events group (10 messages in 10 minutes) before the spam
        // filter runs out
        const focus = r.int(10) < 7;
        // a few events in a row about one object version (they share its reference)
        const rv = String(i >> 2);
        const obj = {
          apiVersion: focus ? 'v1' : pick(['v1', 'apps/v1']),
          kind: focus ? 'Pod' : pick(['Pod', 'Node', 'DaemonSet']),
          metadata: focus
            ? { name: 'a', namespace: 'default', uid: 'u1', resourceVersion: rv }
            : {
                name: pick(['a', 'b', 'c']),
                namespace: pick(['default', 'kube-system', undefined]),
                uid: pick(['u1', 'u2', 'u3', 'u4']),
                resourceVersion: rv,
              },
        } as unknown as KObject;
        const type = focus ? 'Warning' : pick(['Normal', 'Warning'] as const);
        const reason = focus ? 'FailedCreate' : pick(['Pulled', 'Created', 'FailedCreate']);
        const message = `m${r.int(r.int(2) ? 3 : 14)}`;
        const component = focus ? 'daemonset-controller' : pick(['kubelet', 'daemonset-controller']);
        // two busy kubelets (their caches indexed) and many with a few events (their caches scanned)
        const host =
          component === 'kubelet' ? (r.int(4) ? pick(['n1', 'n2']) : `n${3 + r.int(100)}`) : undefined;
        a.rec.event(obj, type, reason, message, component, host);
        b.rec.event(obj, type, reason, message, component, host);
        if (a.store.events.list().some((e) => e.count > 1)) patched = true;
        if (i % 250 === 0) expect(dump(a)).toBe(dump(b));
      }
      expect(dump(a)).toBe(dump(b));
      expect(a.heard).toEqual(b.heard);
      expect(a.store.writes).toBe(b.store.writes);
      // the sequence reached the paths it is meant to compare
      expect(
        a.heard.filter((e) => e.message.startsWith('(combined from similar events): ')).length,
      ).toBeGreaterThan(5);
      expect(patched).toBe(true);
      expect(a.store.writes).toBeGreaterThan(a.store.events.size + 100); // patches and drops
      expect(a.heard.length).toBeLessThan(3_000); // the spam filter dropped some
    });
  }
});
