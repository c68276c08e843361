// Event names without BigInt against the BigInt form they replaced, and the recorder's cached spam
// key against the key made from the reference each time.

import { describe, expect, it } from 'vitest';
import { EventRecorder, eventName, nanosHex, spamKeyOf } from './events';
import { Random } from './random';
import { Clock } from './clock';
import { ObjectStore } from './api/objectStore';
import type { KObject, ObjectReference } from './api/types';

/** The oracle: `(nowMs × 10^6 + seq)` in hex, as the recorder named events before. */
function bigIntNanosHex(nowMs: number, seq: number): string {
  return (BigInt(nowMs) * 1_000_000n + BigInt(seq)).toString(16);
}

describe('nanosHex', () => {
  it('equals the BigInt form for random clocks and sequence numbers', () => {
    const r = new Random(11);
    for (let i = 0; i < 20_000; i++) {
      const scale = [1, 1000, 2 ** 24, 2 ** 32, 2 ** 41, 2 ** 44][r.int(6)];
      const nowMs = Math.floor((r.int(1_000_000) / 1_000_000) * scale) + r.int(3);
      const seq = [r.int(10), r.int(1_000_000), r.int(2 ** 30) * 4 + r.int(4)][r.int(3)];
      expect(nanosHex(nowMs, seq)).toBe(bigIntNanosHex(nowMs, seq));
    }
  });

  it('equals the BigInt form along a clock that moves as the simulation does (its kept high part reused)', () => {
    const r = new Random(12);
    let nowMs = Date.parse('2026-01-01T00:00:00Z');
    let seq = 0;
    for (let i = 0; i < 20_000; i++) {
      if (r.int(4) === 0) nowMs += [0, 1, 500, 16_777, 60_000][r.int(5)];
      expect(nanosHex(nowMs, seq)).toBe(bigIntNanosHex(nowMs, seq));
      seq += r.int(3) === 0 ? 999_000 : 1;
    }
  });

  it('handles the carry and the edges', () => {
    const cases: [number, number][] = [
      [0, 0],
      [0, 15],
      [2 ** 24 - 1, 0],
      [2 ** 24, 0],
      [2 ** 24 - 1, 2 ** 24 * 3 + 5],
      [Date.parse('2026-01-01T00:00:00Z'), 0],
      [Date.parse('2026-01-01T00:00:00Z'), 999_999],
      [Date.parse('2099-12-31T23:59:59Z'), 123_456_789],
    ];
    for (const [ms, seq] of cases) expect(nanosHex(ms, seq)).toBe(bigIntNanosHex(ms, seq));
  });
});

describe('eventName', () => {
  it('is the object name, a dot and the BigInt form, with or without a high part', () => {
    const r = new Random(13);
    for (let i = 0; i < 5_000; i++) {
      const nowMs = [r.int(2 ** 24), Date.parse('2026-01-01T00:00:00Z') + r.int(1_000_000)][r.int(2)];
      const seq = r.int(3) === 0 ? r.int(2 ** 30) : r.int(100);
      const name = ['web-7c5ddbdf54-x8k2p', 'node-1', 'a.b'][r.int(3)];
      expect(eventName(name, nowMs, seq)).toBe(`${name}.${bigIntNanosHex(nowMs, seq)}`);
    }
  });
});

describe('EventRecorder object keys', () => {
  it('are made from the object, also when an object is renamed or re-kinded under one uid', () => {
    const clock = new Clock();
    const rec = new EventRecorder(new ObjectStore(clock, new Random(1)), clock) as unknown as {
      objectKey(obj: KObject): ObjectReference & { key: string };
    };
    const r = new Random(3);
    const pick = <T>(xs: T[]): T => xs[r.int(xs.length)];
    for (let i = 0; i < 5_000; i++) {
      const ref: ObjectReference = {
        kind: pick(['Pod', 'Node', 'DaemonSet']),
        namespace: pick(['default', 'kube-system', undefined]),
        name: pick(['p', 'q', 'p\u0000q']),
        uid: pick(['u1', 'u2', 'u3', undefined]),
        apiVersion: pick(['v1', 'apps/v1', undefined]),
      };
      const obj = {
        apiVersion: ref.apiVersion,
        kind: ref.kind,
        metadata: { name: ref.name, namespace: ref.namespace, uid: ref.uid },
      } as unknown as KObject;
      const k = rec.objectKey(obj);
      // the spam key, and the base of the reference the store keeps
      expect(k.key).toBe(spamKeyOf(ref));
      expect([k.kind, k.namespace, k.name, k.uid, k.apiVersion]).toEqual([
        ref.kind,
        ref.namespace,
        ref.name,
        ref.uid,
        ref.apiVersion,
      ]);
    }
  });
});
