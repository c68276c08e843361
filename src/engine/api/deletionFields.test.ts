// clearDeletion (deletionFields.ts) against the plain form it stands for, and a pod's metadata keeping
// one hidden class from its create through its graceful deletion (a Deployment's rollout deleting
// its old pods): what spares V8 the re-compiles of every function reading `pod.metadata`.

import { describe, expect, it } from 'vitest';
import { sameHiddenClass } from '../testing/hiddenClass';
import { webDeployment } from '../testing/deployments';
import { Simulation } from '../simulation';
import { applyPreset } from '../cluster/presets';
import { clearDeletion, keepField } from './deletionFields';
import { serverJSON } from './encode';
import type { KObject, ObjectMeta, Pod } from './types';

/** The plain form: the deletion fields removed; a Pod's then present as undefined, in place if they were there. */
function plain(kind: string, md: ObjectMeta): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(md))
    out[k] = k === 'deletionTimestamp' || k === 'deletionGracePeriodSeconds' ? undefined : v;
  if (kind !== 'Pod') {
    delete out.deletionTimestamp;
    delete out.deletionGracePeriodSeconds;
  } else {
    if (!Object.hasOwn(out, 'deletionTimestamp')) out.deletionTimestamp = undefined;
    if (!Object.hasOwn(out, 'deletionGracePeriodSeconds')) out.deletionGracePeriodSeconds = undefined;
  }
  return out;
}

const entries = (o: object) => Object.entries(o).map(([k, v]) => `${k}=${String(v)}`);

describe('clearDeletion', () => {
  it('lays out a Pod’s deletion fields as undefined own properties and removes other kinds’', () => {
    const cases: ObjectMeta[] = [
      { name: 'a', namespace: 'default', uid: 'u', resourceVersion: '1', creationTimestamp: 't' },
      { name: 'b', deletionTimestamp: 'x', deletionGracePeriodSeconds: 30, labels: { app: 'web' } },
      { deletionGracePeriodSeconds: 0, name: 'c' },
      { name: 'd', deletionTimestamp: undefined },
    ] as ObjectMeta[];
    for (const kind of ['Pod', 'Deployment', 'Node'])
      for (const md of cases) {
        const got = { ...md };
        clearDeletion(kind, got);
        expect(entries(got), `${kind} ${md.name}`).toEqual(entries(plain(kind, md)));
      }
  });
});

describe('keepField', () => {
  it('is `md[key] = value`, storing nothing where the field holds the value already', () => {
    const cases: [Partial<ObjectMeta>, keyof ObjectMeta, unknown][] = [
      [{ name: 'a', uid: 'u1' }, 'uid', 'u1'],
      [{ name: 'a', uid: 'u1' }, 'uid', 'u2'],
      [{ name: 'a' }, 'uid', 'u1'],
      [{ name: 'a' }, 'generation', undefined],
      [{ name: 'a', generation: 2 }, 'generation', 2],
      [{ name: 'a', generation: 2 }, 'generation', 3],
    ];
    for (const [md, key, value] of cases) {
      const plainForm: Record<string, unknown> = { ...md };
      plainForm[key] = value;
      // the same fields, each an accessor that counts its stores
      const spied: Record<string, unknown> = {};
      let stores = 0;
      const define = (k: string, v: unknown) => {
        let cur = v;
        Object.defineProperty(spied, k, {
          get: () => cur,
          set: (x) => {
            stores++;
            cur = x;
          },
          enumerable: true,
          configurable: true,
        });
      };
      for (const [k, v] of Object.entries(md)) define(k, v);
      keepField(spied as unknown as ObjectMeta, key, value as never);
      expect(entries(spied), `${key} ${String(value)}`).toEqual(entries(plainForm));
      const had = Object.hasOwn(md, key) && md[key] === value;
      expect(stores, `${key} ${String(value)}`).toBe(had || !Object.hasOwn(md, key) ? 0 : 1);
    }
  });
});

describe('a pod’s metadata', () => {
  it('keeps one hidden class from its create through its graceful deletion', () => {
    const sim = new Simulation({ seed: 5 });
    applyPreset(sim, 'large', 3);
    const bad: string[] = [];
    let first: ObjectMeta | undefined;
    let deleting = 0;
    sim.watch(
      (c) => {
        const md = (c.obj as Pod).metadata;
        first ??= md;
        if (md.deletionTimestamp) deleting++;
        if (!sameHiddenClass(first, md))
          bad.push(`${c.type} ${md.name}: another hidden class (${Object.keys(md).join(',')})`);
      },
      ['Pod'],
    );
    sim.store.create(webDeployment() as unknown as KObject);
    sim.settle();
    const d = structuredClone(sim.store.get('Deployment', 'default', 'web')!) as KObject;
    (
      d as unknown as { spec: { template: { spec: { containers: { image: string }[] } } } }
    ).spec.template.spec.containers[0].image = 'nginx:1.28';
    sim.store.update(d);
    sim.settle();
    expect(deleting).toBeGreaterThan(0);
    expect(bad).toEqual([]);
    // what clients see: no deletion fields on a live pod, both on a deleting one
    const live = sim.store.list('Pod', 'default')[0];
    expect(serverJSON(live)).not.toContain('deletion');
    const gone = sim.store.delete('Pod', 'default', live.metadata.name);
    expect(JSON.parse(serverJSON(gone)).metadata).toMatchObject({ deletionGracePeriodSeconds: 30 });
  });
});
