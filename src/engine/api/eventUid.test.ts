// An Event's uid is drawn at its write and spelled out only when it is read: the generator must
// move on exactly as if newUID had run then, and the spelled uid must be the one it would have made.

import { describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { Random } from '../random';
import { ObjectStore } from './objectStore';
import { newEventInput } from '../testing/builders';
import type { KObject } from './types';

const input = (name: string) => newEventInput(name);

const ns = (name: string): KObject =>
  ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }) as KObject;

describe('lazy Event uids', () => {
  it('draws the same uids in the same order as eager newUID calls, for any mix of Events and objects', () => {
    const rand = new Random(7);
    for (let trial = 0; trial < 20; trial++) {
      const seed = Math.floor(rand.next() * 2 ** 32);
      const lazy = new ObjectStore(new Clock(), new Random(seed));
      const eager = new ObjectStore(new Clock(), new Random(seed));
      const events: { rec: ReturnType<ObjectStore['createEvent']>; uid: string }[] = [];
      const objects: { uid: string; want: string }[] = [];
      for (let i = 0; i < 30; i++) {
        if (rand.next() < 0.6) {
          const rec = lazy.createEvent(input(`p.${i}`));
          events.push({ rec, uid: eager.newUID() });
          // some are read at once (spelling must not move the generator), some later
          if (rand.next() < 0.3) expect(lazy.events.object(rec).metadata.uid).toBe(events.at(-1)!.uid);
        } else {
          const o = lazy.create(ns(`c${i}`));
          objects.push({ uid: o.metadata.uid, want: eager.newUID() });
        }
      }
      for (const o of objects) expect(o.uid).toBe(o.want);
      for (const e of events) {
        expect(lazy.events.object(e.rec).metadata.uid).toBe(e.uid);
        // an updated Event keeps its uid
        const next = lazy.updateEvent(e.rec, e.rec.count + 1, e.rec.lastTimestamp, e.rec.message);
        expect(lazy.events.object(next).metadata.uid).toBe(e.uid);
      }
      expect(lazy.newUID()).toBe(eager.newUID());
    }
  });
});
