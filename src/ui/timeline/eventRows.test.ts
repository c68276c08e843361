import { describe, expect, it } from 'vitest';
import type { KEvent, Kind } from '../../engine';
import {
  eventMatches,
  nameSeq,
  filterEvents,
  filterSteps,
  lastSeen,
  NO_FILTER,
  objectLabel,
  sortEvents,
  splitTail,
  stepObject,
} from './eventRows';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString().replace('.000Z', 'Z');

function ev(
  name: string,
  at: number,
  reason: string,
  kind: string,
  obj: string,
  extra: Partial<KEvent> = {},
): KEvent {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'kube-system', uid: name, resourceVersion: '1', creationTimestamp: iso(at) },
    involvedObject: { kind, namespace: kind === 'Node' ? undefined : 'kube-system', name: obj },
    reason,
    message: `${reason} message`,
    source: { component: 'daemonset-controller' },
    firstTimestamp: iso(at),
    lastTimestamp: iso(at),
    count: 1,
    type: 'Normal',
    ...extra,
  } as KEvent;
}

const events = [
  ev('fluentd.a', 2000, 'SuccessfulCreate', 'DaemonSet', 'fluentd'),
  ev('fluentd-x.c', 3000, 'Scheduled', 'Pod', 'fluentd-x'),
  ev('fluentd-x.b', 3000, 'Pulling', 'Pod', 'fluentd-x'),
  ev('node-1.d', 1000, 'NodeNotReady', 'Node', 'node-1', {
    type: 'Warning',
    count: 3,
    firstTimestamp: iso(0),
  }),
];

describe('event rows', () => {
  it('sorts newest first, ties by creation order', () => {
    expect(sortEvents(events).map((e) => e.reason)).toEqual([
      'Scheduled',
      'Pulling',
      'SuccessfulCreate',
      'NodeNotReady',
    ]);
  });

  it('prints LAST SEEN like kubectl', () => {
    expect(lastSeen(events[0], T0 + 5000)).toBe('3s');
    expect(lastSeen(events[3], T0 + 125_000)).toBe('2m4s (x3 over 2m5s)');
  });

  it('filters by text, kind and object, and caps the rows', () => {
    const sorted = sortEvents(events);
    expect(filterEvents(sorted, { ...NO_FILTER, text: 'successful' }).rows.map((e) => e.reason)).toEqual([
      'SuccessfulCreate',
    ]);
    expect(
      filterEvents(sorted, { ...NO_FILTER, text: 'pod/fluentd-x pull' }).rows.map((e) => e.reason),
    ).toEqual(['Pulling']);
    expect(filterEvents(sorted, { ...NO_FILTER, kind: 'Pod' }).total).toBe(2);
    expect(
      filterEvents(sorted, { ...NO_FILTER, object: { kind: 'Node', name: 'node-1' } }).rows,
    ).toHaveLength(1);
    expect(filterEvents(sorted, { ...NO_FILTER, text: 'warning' }).rows[0].reason).toBe('NodeNotReady');
    // no filter: every event, in order (the same rows the per-event test keeps)
    expect(filterEvents(sorted, NO_FILTER).rows).toEqual(
      sorted.filter((e) => eventMatches(e, { ...NO_FILTER, kind: e.involvedObject.kind as Kind })),
    );
    expect(filterEvents(sorted, { ...NO_FILTER, text: '  ' }).total).toBe(sorted.length);
    // the text filter is case-insensitive and matches every word (a changed Event is a new object)
    expect(
      filterEvents(sorted, { ...NO_FILTER, text: 'NORMAL successfulcreate' }).rows.map((e) => e.reason),
    ).toEqual(['SuccessfulCreate']);
    const capped = filterEvents(sorted, NO_FILTER, 2);
    expect(capped.rows).toHaveLength(2);
    expect(capped.total).toBe(4);
    expect(objectLabel({ kind: 'DaemonSet', name: 'x' })).toBe('daemonset/x');
  });

  it('finds the object of a step', () => {
    expect(stepObject({ controller: 'daemonset-controller', key: 'kube-system/ds' })).toEqual({
      kind: 'DaemonSet',
      namespace: 'kube-system',
      name: 'ds',
    });
    expect(stepObject({ controller: 'kubelet', key: 'kube-system/p' })).toEqual({
      kind: 'Pod',
      namespace: 'kube-system',
      name: 'p',
    });
    expect(stepObject({ controller: 'node-lifecycle-controller', key: 'node-1' })).toEqual({
      kind: 'Node',
      name: 'node-1',
    });
    expect(stepObject({ controller: 'taint-eviction-controller', key: 'node:node-1' })).toEqual({
      kind: 'Node',
      name: 'node-1',
    });
    expect(stepObject({ controller: 'garbage-collector', key: 'daemonset/kube-system/ds' })).toEqual({
      kind: 'DaemonSet',
      namespace: 'kube-system',
      name: 'ds',
    });
    expect(stepObject({ controller: 'mystery', key: 'x' })).toBeNull();
  });

  it('filters steps newest first', () => {
    const steps = [
      {
        time: 1,
        controller: 'daemonset-controller',
        key: 'kube-system/ds',
        reason: 'DaemonSet added',
        result: 'created 2 pods',
      },
      {
        time: 2,
        controller: 'scheduler',
        key: 'kube-system/p',
        reason: 'pod created without a node',
        result: 'bound to node-1',
      },
      {
        time: 3,
        controller: 'daemonset-controller',
        key: 'kube-system/ds',
        reason: 'pod p updated',
        result: '',
      },
    ];
    expect(filterSteps(steps, NO_FILTER).rows.map((r) => r.time)).toEqual([3, 2, 1]);
    expect(filterSteps(steps, { ...NO_FILTER, kind: 'DaemonSet' }).total).toBe(2);
    expect(filterSteps(steps, { ...NO_FILTER, text: 'bound' }).rows[0].controller).toBe('scheduler');
    expect(
      filterSteps(steps, { ...NO_FILTER, object: { kind: 'Pod', namespace: 'kube-system', name: 'p' } })
        .total,
    ).toBe(1);
  });
});

describe('object names', () => {
  it('keep their suffix when shortened', () => {
    expect(splitTail('pod/fluentd-elasticsearch-kvzp9')).toEqual(['pod/fluentd-elasticsearch-', 'kvzp9']);
    expect(splitTail('node/master')).toEqual(['node/', 'master']);
    expect(splitTail('x')).toEqual(['', 'x']);
    expect(splitTail('daemonset/fluentd-elasticsearch')).toEqual(['daemonset/fluentd-', 'elasticsearch']);
  });

  it('orders event names by their hex suffix as numbers (the BigInt order), without BigInt', () => {
    const big = (n: string) => {
      const m = /\.([0-9a-f]+)$/.exec(n);
      return m ? BigInt(`0x${m[1]}`) : 0n;
    };
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const names = ['a', 'a.0', 'a.00', 'a.xyz', 'a.1F', 'b.1f', 'c.d.ff', 'e1f'];
    for (let i = 0; i < 300; i++) {
      const len = 1 + Math.floor(rnd() * 17);
      let hex = '';
      for (let j = 0; j < len; j++) hex += '0123456789abcdef'[Math.floor(rnd() * 16)];
      names.push(`pod-${i}.${hex}`);
    }
    for (const a of names)
      for (const b of names.slice(0, 60)) {
        const want = big(a) < big(b) ? -1 : big(a) > big(b) ? 1 : 0;
        const got = nameSeq(a) < nameSeq(b) ? -1 : nameSeq(a) > nameSeq(b) ? 1 : 0;
        expect(got, `${a} vs ${b}`).toBe(want);
      }
  });
});
