// The store's cheap write paths, each against the simple version it replaced (the oracle).

import { describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { Random } from '../random';
import { ObjectStore } from './objectStore';
import { deepEqual } from './objects';
import { StatusError } from './errors';
import type { KObject, Pod } from './types';

function store(seed = 7): ObjectStore {
  const s = new ObjectStore(new Clock(), new Random(seed));
  s.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } as KObject['metadata'] });
  return s;
}

function pod(name: string): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  } as unknown as KObject;
}

/** The UID generator as it was: one hex character per draw, joined as text. */
function oracleUID(r: Random): string {
  const hex = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[r.int(16)];
    return s;
  };
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[r.int(4)]}${hex(3)}-${hex(12)}`;
}

/** deepEqual as it was: keys with undefined values filtered out on both sides. */
function oracleDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => oracleDeepEqual(x, (b as unknown[])[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return (
    ak.length === bk.length &&
    ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && oracleDeepEqual(ao[k], bo[k]))
  );
}

describe('newUID', () => {
  it('draws the same random numbers in the same order as the text-joining version', () => {
    const s = new ObjectStore(new Clock(), new Random(42));
    const r = new Random(42);
    for (let i = 0; i < 200; i++) expect(s.newUID()).toBe(oracleUID(r));
  });

  it('leaves the random source where the draws one at a time leave it', () => {
    for (let seed = 0; seed < 20; seed++) {
      const shared = new Random(seed * 7919 + 1);
      const s = new ObjectStore(new Clock(), shared);
      const r = new Random(seed * 7919 + 1);
      for (let i = 0; i < 50; i++) {
        expect(s.newUID()).toBe(oracleUID(r));
        expect(shared.int(1000)).toBe(r.int(1000));
        expect(shared.getState()).toBe(r.getState());
      }
    }
  });
});

describe('deepEqual', () => {
  it('agrees with the filtering version, undefined values counting as absent', () => {
    const values: unknown[] = [
      {},
      { a: 1 },
      { a: 1, b: undefined },
      { b: undefined },
      { a: 2 },
      { a: { x: [1, 2] } },
      { a: { x: [1, 2], y: undefined } },
      { a: { x: [1, 3] } },
      [1, { a: undefined }],
      [1, {}],
      null,
      'a',
      [],
      JSON.parse('{"__proto__": 1}'),
      Object.create({ inherited: 1 }),
    ];
    for (const a of values) for (const b of values) expect(deepEqual(a, b)).toBe(oracleDeepEqual(a, b));
  });
});

describe('bind (pods/binding)', () => {
  it('sets spec.nodeName and PodScheduled=True in one write', () => {
    const s = store();
    const created = s.create<'Pod'>(pod('p'));
    const before = s.writes;
    const bound = s.bind('default', 'p', 'node-1');
    expect(s.writes).toBe(before + 1);
    expect(bound.spec.nodeName).toBe('node-1');
    expect(bound.status.conditions).toEqual([
      {
        type: 'PodScheduled',
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime: bound.metadata.creationTimestamp,
      },
    ]);
    expect(Number(bound.metadata.resourceVersion)).toBe(Number(created.metadata.resourceVersion) + 1);
    expect(Object.isFrozen(bound.spec)).toBe(true);
    // what did not change is shared with the stored object before
    expect(bound.spec.containers).toBe(created.spec.containers);
  });

  it('refuses a pod that is bound already or being deleted, like BindingREST', () => {
    const s = store();
    s.create(pod('p'));
    s.bind('default', 'p', 'node-1');
    expect(() => s.bind('default', 'p', 'node-2')).toThrow(/already assigned to node "node-1"/);
    s.delete('Pod', 'default', 'p');
    expect(() => s.bind('default', 'p', 'node-2')).toThrow(StatusError);
    expect(() => s.bind('default', 'nope', 'node-2')).toThrow(/not found/);
  });
});

describe('updateStatus', () => {
  it('takes only .status, and a write that changes nothing keeps the stored object', () => {
    const s = store();
    const p = s.create<'Pod'>(pod('p'));
    const same = s.updateStatus<'Pod'>({
      ...p,
      metadata: { ...p.metadata, labels: { x: 'y' } },
      status: { ...p.status },
    });
    expect(same).toBe(p);
    const next = s.updateStatus<'Pod'>({
      ...p,
      spec: { ...p.spec, nodeName: 'n' },
      status: { ...p.status, phase: 'Running' },
    } as Pod);
    expect(next.status.phase).toBe('Running');
    expect(next.spec).toBe(p.spec);
    expect(next.metadata.labels).toBeUndefined();
    expect(next.metadata.resourceVersion).not.toBe(p.metadata.resourceVersion);
  });
});

describe('event records', () => {
  it('have one field order however they were written (one hidden class for all)', () => {
    const s = store();
    const input = {
      namespace: 'default',
      name: 'p.1',
      involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' },
      reason: 'Pulled',
      message: 'm',
      source: { component: 'kubelet', host: 'n' },
      firstTimestamp: 't',
      lastTimestamp: 't',
      count: 1,
      type: 'Normal' as const,
      reportingComponent: 'kubelet',
    };
    const a = s.createEvent(input);
    const b = s.updateEvent(a, 2, a.lastTimestamp, a.message);
    const c = s.createEvent({ ...input, name: 'p.2', reportingComponent: undefined });
    const o = s.create<'Event'>({
      ...s.events.object(c),
      metadata: { name: 'p.3', namespace: 'default' },
    } as unknown as KObject);
    const d = s.events.record('default', o.metadata.name)!;
    expect(Object.keys(b)).toEqual(Object.keys(a));
    expect(Object.keys(c)).toEqual(Object.keys(a));
    expect(Object.keys(d)).toEqual(Object.keys(a));
    expect(b.count).toBe(2);
    expect(b.full).toBeUndefined();
    expect(s.events.object(c).reportingComponent).toBeUndefined();
    expect(d.full).toBe(o);
  });
});

describe('graceful pod delete', () => {
  it('writes the same object as a full copy with the deletion fields set, sharing what did not change', () => {
    const s = store();
    s.create(pod('p'));
    const bound = s.bind('default', 'p', 'node-1');
    const rv = Number(bound.metadata.resourceVersion);
    const deleted = s.delete('Pod', 'default', 'p', { gracePeriodSeconds: 10 });
    // the oracle: the whole stored pod copied, then the deletion fields set
    const expected = JSON.parse(JSON.stringify(bound)) as Pod;
    expected.metadata.deletionTimestamp = new Date(Date.parse(bound.metadata.creationTimestamp!) + 10_000)
      .toISOString()
      .replace('.000Z', 'Z');
    expected.metadata.deletionGracePeriodSeconds = 10;
    expected.metadata.resourceVersion = String(rv + 1);
    expect(JSON.stringify(deleted)).toBe(JSON.stringify(expected));
    expect(deleted.spec).toBe(bound.spec);
    expect(Object.isFrozen(deleted.metadata)).toBe(true);
    expect(bound.metadata.deletionTimestamp).toBeUndefined();
  });
});
