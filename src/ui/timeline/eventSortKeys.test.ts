// The event log's sort keys (eventRows.ts nameSeq, timeOf): the same order as the sort before them
// (its keys, copied here, are the oracle), with each time text parsed once.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KEvent } from '../../engine';
import { lastSeen, nameSeq, sortEvents, timeOf } from './eventRows';

// the keys as they were: a regular expression per name, Date.parse per event
const oldParse = (s: string | undefined) => {
  if (!s) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
};
const oldSeq = (name: string) => {
  const dot = name.lastIndexOf('.');
  const hex = dot >= 0 ? name.slice(dot + 1) : '';
  if (!hex || hex.length > 32 || !/^[0-9a-f]+$/.test(hex)) return ''.padStart(32, '0');
  return hex.replace(/^0+/, '').padStart(32, '0');
};
const oldSort = (events: KEvent[]) =>
  events
    .map((e) => ({
      e,
      t:
        oldParse(e.lastTimestamp) ??
        oldParse(e.firstTimestamp) ??
        oldParse(e.metadata.creationTimestamp) ??
        0,
      s: oldSeq(e.metadata.name),
    }))
    .sort((a, b) => (b.t !== a.t ? b.t - a.t : b.s > a.s ? 1 : b.s < a.s ? -1 : 0))
    .map((x) => x.e);

const ev = (name: string, last?: string, first?: string, created?: string): KEvent =>
  ({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'ns', uid: '', resourceVersion: '1', creationTimestamp: created },
    involvedObject: { kind: 'Pod', name: 'p' },
    reason: 'R',
    message: 'm',
    source: { component: 'c' },
    lastTimestamp: last,
    firstTimestamp: first,
    count: 1,
    type: 'Normal',
  }) as KEvent;

const SUFFIXES = [
  '',
  '.',
  '.0',
  '.000',
  '.00a',
  '.a',
  '.A',
  '.ff',
  '.0ff',
  '.g1',
  '.1-2',
  '.18a2b3c4d5e6f708',
  '.0018a2b3c4d5e6f708',
  '.' + 'f'.repeat(32),
  '.' + '0'.repeat(31) + '1',
  '.' + '1'.repeat(33),
  '.1.2',
  '.2.1',
];

describe('the event log’s sort keys', () => {
  afterEach(() => vi.restoreAllMocks());

  it('nameSeq gives the keys the regular expressions gave', () => {
    for (const sfx of SUFFIXES) expect(nameSeq(`pod-x${sfx}`), sfx).toBe(oldSeq(`pod-x${sfx}`));
    let seed = 3;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const chars = '0123456789abcdefAF.g-';
    for (let i = 0; i < 2000; i++) {
      let name = 'e';
      for (let k = rnd(40); k > 0; k--) name += chars[rnd(chars.length)];
      expect(nameSeq(name), name).toBe(oldSeq(name));
    }
  });

  it('sorts as the old sort did, with times missing, bad or shared', () => {
    const times = [
      undefined,
      '',
      'not a time',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:01Z',
      '2026-01-01T00:00:01.500Z',
      '2025-12-31T23:59:59Z',
    ];
    const events: KEvent[] = [];
    let i = 0;
    for (const sfx of SUFFIXES)
      for (const last of times)
        events.push(ev(`e${i++}${sfx}`, last, times[i % times.length], times[(i * 3) % times.length]));
    const got = sortEvents(events);
    expect(got.map((e) => e.metadata.name)).toEqual(oldSort(events).map((e) => e.metadata.name));
  });

  it('parses each time text once, however many Events share it', () => {
    const parse = vi.spyOn(Date, 'parse');
    const texts = ['2030-02-01T00:00:00Z', '2030-02-01T00:00:01Z', '2030-02-01T00:00:02Z'];
    const events = Array.from({ length: 300 }, (_, i) => ev(`big.${i.toString(16)}`, texts[i % 3], texts[0]));
    sortEvents(events);
    for (const e of events) lastSeen(e, Date.UTC(2030, 1, 1, 0, 1));
    expect(parse.mock.calls.length).toBeLessThanOrEqual(texts.length);
    expect(timeOf(texts[1])).toBe(Date.UTC(2030, 1, 1, 0, 0, 1));
  });
});
