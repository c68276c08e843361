import { describe, expect, it } from 'vitest';
import { applyChanges, diffObjects, pathOf } from './delta';
import { deepFreeze } from '../engine';

describe('object deltas', () => {
  it('sends only the changed fields and rebuilds the object, sharing the unchanged parts', () => {
    const spec = deepFreeze({ containers: [{ name: 'c', image: 'a:1' }], tolerations: [{ key: 'x' }] });
    const a = deepFreeze({
      kind: 'Pod',
      metadata: { name: 'p', resourceVersion: '1', labels: { a: 'b' } },
      spec,
      status: { phase: 'Pending' },
    });
    const b = deepFreeze({
      kind: 'Pod',
      metadata: { name: 'p', resourceVersion: '2', labels: a.metadata.labels, deletionTimestamp: 't' },
      spec,
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    });
    const changes = diffObjects(a, b);
    expect(changes.map((c) => pathOf(c).join('.')).sort()).toEqual([
      'metadata.deletionTimestamp',
      'metadata.resourceVersion',
      'status.conditions',
      'status.phase',
    ]);
    expect(JSON.stringify(changes).length).toBeLessThan(JSON.stringify(b).length);
    const page = JSON.parse(JSON.stringify(a));
    const next = applyChanges(page, JSON.parse(JSON.stringify(changes)));
    expect(next).toEqual(JSON.parse(JSON.stringify(b)));
    expect(next.spec).toBe(page.spec);
    expect(next.metadata.labels).toBe(page.metadata.labels);
    expect(page.status.phase).toBe('Pending');
  });

  it('removes fields that are gone', () => {
    const a = { metadata: { name: 'p', annotations: { x: '1' } }, spec: { nodeName: 'n' } };
    const b = { metadata: { name: 'p' }, spec: { nodeName: 'n' } };
    const next = applyChanges(a, diffObjects(a, b));
    expect(next).toEqual(b);
    expect(a.metadata.annotations).toEqual({ x: '1' });
  });
});

describe('object deltas in arrays', () => {
  it('follows arrays of the same length element by element', () => {
    const a = {
      status: {
        conditions: [
          { type: 'Ready', status: 'False', t: '1' },
          { type: 'PodScheduled', status: 'True', t: '0' },
        ],
      },
    };
    const b = {
      status: {
        conditions: [
          { type: 'Ready', status: 'True', t: '2' },
          { type: 'PodScheduled', status: 'True', t: '0' },
        ],
      },
    };
    const changes = diffObjects(a, b);
    expect(changes.map((c) => pathOf(c).join('.'))).toEqual([
      'status.conditions.0.status',
      'status.conditions.0.t',
    ]);
    const next = applyChanges(a, changes);
    expect(next).toEqual(b);
    expect(Array.isArray(next.status.conditions)).toBe(true);
    expect(next.status.conditions[1]).toBe(a.status.conditions[1]);
    expect(a.status.conditions[0].status).toBe('False');
  });

  it('replaces an array whose length changed', () => {
    const a = { spec: { taints: [{ key: 'a' }] } };
    const b = { spec: { taints: [{ key: 'a' }, { key: 'b' }] } };
    expect(diffObjects(a, b).map((c) => [pathOf(c), c.v])).toEqual([[['spec', 'taints'], b.spec.taints]]);
    expect(applyChanges(a, diffObjects(a, b))).toEqual(b);
  });
});
