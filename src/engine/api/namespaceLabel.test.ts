// namespaceStrategy.Canonicalize: every Namespace carries kubernetes.io/metadata.name = its name,
// set on create (after a generateName is resolved) and put back on every update.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { LABEL_METADATA_NAME } from './objectStore';
import type { KObject } from './types';

const ns = (md: Partial<KObject['metadata']>): KObject =>
  ({ apiVersion: 'v1', kind: 'Namespace', metadata: md }) as KObject;

describe('the kubernetes.io/metadata.name label of a Namespace', () => {
  it('is on the namespaces a cluster starts with', () => {
    const sim = new Simulation({ seed: 1 });
    for (const n of sim.store.list('Namespace'))
      expect(n.metadata.labels?.[LABEL_METADATA_NAME]).toBe(n.metadata.name);
  });

  it('is set on create, from a generated name too, beside the labels given', () => {
    const sim = new Simulation({ seed: 1 });
    const a = sim.store.create(ns({ name: 'team-a', labels: { tier: 'web' } }));
    expect(a.metadata.labels).toEqual({ tier: 'web', [LABEL_METADATA_NAME]: 'team-a' });
    const g = sim.store.create(ns({ name: '', generateName: 'tmp-' }));
    expect(g.metadata.name).toMatch(/^tmp-/);
    expect(g.metadata.labels?.[LABEL_METADATA_NAME]).toBe(g.metadata.name);
    // a label of another value given on create is overwritten
    const b = sim.store.create(ns({ name: 'team-b', labels: { [LABEL_METADATA_NAME]: 'x' } }));
    expect(b.metadata.labels?.[LABEL_METADATA_NAME]).toBe('team-b');
  });

  it('comes back when an update removes or changes it (no new resourceVersion when nothing else changed)', () => {
    const sim = new Simulation({ seed: 1 });
    const a = sim.store.create(ns({ name: 'team-a' }));
    const removed = sim.store.update({ ...a, metadata: { ...a.metadata, labels: {} } });
    expect(removed.metadata.labels).toEqual({ [LABEL_METADATA_NAME]: 'team-a' });
    expect(removed.metadata.resourceVersion).toBe(a.metadata.resourceVersion);
    const changed = sim.store.update({
      ...a,
      metadata: { ...a.metadata, labels: { [LABEL_METADATA_NAME]: 'other', tier: 'db' } },
    });
    expect(changed.metadata.labels).toEqual({ [LABEL_METADATA_NAME]: 'team-a', tier: 'db' });
  });
});
