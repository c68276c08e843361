// The store's per-kind listener lists against the simplest dispatch (the oracle): one list of every
// listener, each told every change and keeping only the kinds it asked for. Both must call the same
// listeners with the same changes in the same order, also when listeners come and go mid-run.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Simulation } from '../simulation';
import { applyPreset } from '../cluster/presets';
import { FLUENTD_YAML } from '../testing/builders';
import { Random } from '../random';
import type { Change } from './objectStore';
import type { DaemonSet, Kind, KObject } from './types';

const KINDS: Kind[] = ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision'];

describe('per-kind listeners', () => {
  it('deliver what one list of all listeners, filtering by kind, would deliver, in the same order', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const r = new Random(seed);
      const sim = new Simulation({ seed });
      const got: string[] = [];
      const want: string[] = [];
      const oracle: { id: number; kinds: Kind[] | undefined }[] = [];
      const line = (id: number, c: Change) =>
        `${id} ${c.type} ${c.kind} ${c.obj.metadata.name} ${c.obj.metadata.resourceVersion}`;
      // The oracle: subscribed first, it dispatches every change to its own list in order.
      sim.watch((c) => {
        for (const o of oracle)
          if (o.kinds === undefined || o.kinds.includes(c.kind)) want.push(line(o.id, c));
      });
      const stops: (() => void)[] = [];
      let next = 0;
      const addListener = () => {
        const id = next++;
        const kinds = r.int(3) === 0 ? undefined : KINDS.filter(() => r.int(2) === 0);
        oracle.push({ id, kinds });
        stops[id] = sim.watch((c) => got.push(line(id, c)), kinds);
      };
      for (let i = 0; i < 6; i++) addListener();
      applyPreset(sim, 'large', 6);
      sim.store.create(parse(FLUENTD_YAML) as KObject);
      for (let step = 0; step < 400 && sim.step(); step++) {
        if (r.int(40) === 0) addListener();
        if (r.int(40) === 0) {
          const live = oracle.filter((o) => o.id >= 0);
          if (live.length) {
            const o = live[r.int(live.length)];
            stops[o.id]();
            oracle.splice(oracle.indexOf(o), 1);
          }
        }
      }
      const ds = structuredClone(
        sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!,
      ) as DaemonSet;
      ds.spec.template.spec.containers[0].image = 'k8s.gcr.io/fluentd-elasticsearch:v2.2.0';
      sim.store.update(ds);
      sim.settle();
      expect(want.length).toBeGreaterThan(100);
      expect(got).toEqual(want);
    }
  });
});

describe('the change feed of Events', () => {
  it('reaches only listeners that name the kind Event: ADDED, then MODIFIED as the recorder counts again', () => {
    const sim = new Simulation({ seed: 1 });
    const all: string[] = [];
    const events: string[] = [];
    sim.watch((c) => all.push(c.kind));
    sim.watch(
      (c) => {
        expect(c.obj.kind).toBe('Event');
        events.push(
          `${c.type} ${(c.obj as { reason?: string }).reason} ${(c.obj as { count?: number }).count}`,
        );
        if (c.type === 'MODIFIED') expect(c.old?.metadata.name).toBe(c.obj.metadata.name);
      },
      ['Event'],
    );
    applyPreset(sim, 'large', 2);
    sim.store.create(parse(FLUENTD_YAML) as KObject);
    sim.settle();
    expect(all).not.toContain('Event');
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.startsWith('ADDED '))).toBe(true);
    expect(events.length).toBe(sim.store.count('Event'));
    // The recorder's second observation of the same event is a patch of its count: MODIFIED.
    const first = sim.store.list('Event')[0];
    const rec = sim.store.events.record(first.metadata.namespace!, first.metadata.name)!;
    sim.store.updateEvent(rec, 2, rec.lastTimestamp, rec.message);
    expect(events.at(-1)).toBe(`MODIFIED ${first.reason} 2`);
  });
});
