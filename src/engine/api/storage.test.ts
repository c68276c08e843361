// The store's storage (cells in two indexes) against the simplest one (the oracle): a Map keyed by
// `ns/name` per kind, kept from the change feed. Over a simulation with creates, binds, status
// writes, graceful and immediate deletes and re-creates under the same names, `each` must visit the
// same objects in the same order, `get`, `list` and `count` must agree, and every object must be
// deeply frozen.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Simulation } from '../simulation';
import { applyPreset } from '../cluster/presets';
import { FLUENTD_YAML } from '../testing/builders';
import type { DaemonSet, Kind, KObject } from './types';
import { metaNamespaceKey } from './objectStore';

function deeplyFrozen(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return true;
  if (!Object.isFrozen(v)) return false;
  return Object.values(v).every(deeplyFrozen);
}

describe('object storage', () => {
  it('agrees with a ns/name map kept from the change feed, through apply, rollout and deletes', () => {
    const sim = new Simulation({ seed: 3 });
    const mirror = new Map<Kind, Map<string, KObject>>();
    sim.watch((c) => {
      let m = mirror.get(c.kind);
      if (!m) mirror.set(c.kind, (m = new Map()));
      const key = metaNamespaceKey(c.obj.metadata.namespace, c.obj.metadata.name);
      if (c.type === 'DELETED') m.delete(key);
      else m.set(key, c.obj);
    });
    applyPreset(sim, 'large', 12);
    sim.store.create(parse(FLUENTD_YAML) as KObject);
    sim.settle();
    const ds = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
    const t = structuredClone(ds) as DaemonSet;
    t.spec.template.spec.containers[0].image = 'k8s.gcr.io/fluentd-elasticsearch:v2.2.0';
    sim.store.update(t);
    sim.settle();
    // an immediate delete and a re-create under the same name: it goes to the end of the order
    const node = sim.store.list('Node')[3];
    sim.store.delete('Node', undefined, node.metadata.name);
    sim.settle();
    sim.store.create({
      ...structuredClone(node),
      metadata: { name: node.metadata.name, labels: node.metadata.labels },
    } as unknown as KObject);
    sim.settle();

    for (const kind of ['Pod', 'Node', 'DaemonSet', 'ControllerRevision'] as Kind[]) {
      const want = [...(mirror.get(kind)?.values() ?? [])];
      const got: KObject[] = [];
      sim.store.each(kind, undefined, (o) => got.push(o));
      expect(got.length).toBe(want.length);
      got.forEach((o, i) => expect(o).toBe(want[i]));
      expect(sim.store.count(kind)).toBe(want.length);
      for (const o of want) expect(sim.store.get(kind, o.metadata.namespace, o.metadata.name)).toBe(o);
      const listed = sim.store.list(kind);
      expect(new Set(listed)).toEqual(new Set(want));
      expect(listed.map((o) => metaNamespaceKey(o.metadata.namespace, o.metadata.name))).toEqual(
        want
          .map((o) => metaNamespaceKey(o.metadata.namespace, o.metadata.name))
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      for (const o of want) expect(deeplyFrozen(o)).toBe(true);
    }
    expect(sim.store.all({ events: false }).every(deeplyFrozen)).toBe(true);
    expect(sim.store.count('Pod')).toBeGreaterThan(0);
  });
});
