import { describe, expect, it } from 'vitest';
import type { KObject } from './types';
import { goJSON, serverJSON } from './encode';

describe('serverJSON', () => {
  const obj = {
    spec: { a: 1 },
    metadata: { labels: { x: 'y' }, uid: 'u', name: 'n', creationTimestamp: '2026-01-01T00:00:00Z' },
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    data: { spec: { template: { spec: { z: '<&>' }, $patch: 'replace' } } },
    revision: 1,
  } as unknown as KObject;

  it('writes kind, apiVersion, metadata in ObjectMeta order, then the rest; revision data as Go wrote it', () => {
    expect(serverJSON(obj)).toBe(
      '{"kind":"ControllerRevision","apiVersion":"apps/v1","metadata":{"name":"n","uid":"u","creationTimestamp":"2026-01-01T00:00:00Z","labels":{"x":"y"}},"spec":{"a":1},"data":{"spec":{"template":{"$patch":"replace","spec":{"z":"\\u003c\\u0026\\u003e"}}}},"revision":1}',
    );
  });

  it('leaves kind and apiVersion out of list items', () => {
    expect(serverJSON(obj, true).startsWith('{"metadata":{"name":"n",')).toBe(true);
  });

  it('goJSON sorts keys at every level', () => {
    expect(goJSON({ b: [{ d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[{"c":2,"d":1}]}');
  });
});
