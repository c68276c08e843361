// podSpec (podSpecFields.ts) against the plain form it stands for — `{ ...s, nodeName, affinity }`
// laid out with PodSpec's fields first in the Go struct's order, each present (undefined when
// absent), then the other defined fields — and the specs of a DaemonSet's and a Deployment's pods,
// created and bound, all laid out that way: one key list in one order, what gives V8 one hidden
// class for every reader of `pod.spec`.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { randomOwnFields, sameHiddenClass } from '../testing/hiddenClass';
import { webDeployment } from '../testing/deployments';
import { Simulation } from '../simulation';
import { applyPreset } from '../cluster/presets';
import { FLUENTD_YAML } from '../testing/builders';
import { Random } from '../random';
import { POD_SPEC_FIELDS, podSpec } from './podSpecFields';
import type { Affinity, KObject, Pod, PodSpec } from './types';

const IN_ORDER = new Set<string>(POD_SPEC_FIELDS);

/** The plain form: a spread with the overrides, then the fields in order (undefined kept), then the other defined ones. */
function plain(s: PodSpec, nodeName: string | undefined, affinity: Affinity | undefined): PodSpec {
  const merged: Record<string, unknown> = { ...s, nodeName, affinity };
  const out: Record<string, unknown> = {};
  for (const k of POD_SPEC_FIELDS) out[k] = merged[k];
  for (const k of Object.keys(s))
    if (!IN_ORDER.has(k) && merged[k] !== undefined)
      Object.defineProperty(out, k, {
        value: merged[k],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return out as PodSpec;
}

/** The bytes of a value, keys in order, undefined-valued keys included. */
function dump(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (x === undefined ? '<undefined>' : x));
}

const VALUES: Record<string, unknown[]> = {
  containers: [[{ name: 'a', image: 'nginx' }]],
  volumes: [[{ name: 'v', emptyDir: {} }]],
  nodeName: ['node-1', ''],
  affinity: [{ nodeAffinity: {} }],
  tolerations: [[{ operator: 'Exists' }]],
  restartPolicy: ['Always', 'Never'],
  terminationGracePeriodSeconds: [30, 0],
  serviceAccountName: ['default'],
  serviceAccount: ['old'],
  hostNetwork: [true, false],
  priority: [0, 1000],
  nodeSelector: [{ disk: 'ssd' }, null],
  topologySpreadConstraints: [[{ maxSkew: 1 }]],
  resources: [{ requests: { cpu: '1' } }],
  somethingNew: ['x'],
  __proto__: [{ polluted: true }],
};

function randomSpec(r: Random): PodSpec {
  return randomOwnFields(r, VALUES) as PodSpec;
}

describe('podSpec', () => {
  it('is the spread of the spec with nodeName and affinity, laid out in PodSpec order', () => {
    const r = new Random(11);
    for (let n = 0; n < 2000; n++) {
      const s = randomSpec(r);
      // the store's three calls: the create's (as it is), the binding's (a node), the memo's (an affinity)
      const roll = r.int(3);
      const nodeName = roll === 1 ? `node-${r.int(5)}` : s.nodeName;
      const affinity = roll === 2 ? ({ nodeAffinity: { n } } as unknown as Affinity) : s.affinity;
      const got =
        roll === 0 ? podSpec(s) : roll === 1 ? podSpec(s, nodeName) : podSpec(s, s.nodeName, affinity);
      expect(dump(got)).toBe(dump(plain(s, nodeName, affinity)));
      // an extra field named __proto__ stays a field (the prototype is Object's)
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    }
  });

  it('lays out the specs of a DaemonSet’s and a Deployment’s pods, created and bound, in one hidden class', () => {
    const sim = new Simulation({ seed: 3 });
    applyPreset(sim, 'large', 3);
    const bad: string[] = [];
    let first: PodSpec | undefined;
    const kinds = new Set<string>();
    sim.watch(
      (c) => {
        const pod = c.obj as Pod;
        first ??= pod.spec;
        kinds.add(`${pod.metadata.ownerReferences?.[0]?.kind} ${pod.spec.nodeName ? 'bound' : 'unbound'}`);
        if (!sameHiddenClass(first, pod.spec))
          bad.push(
            `${c.type} ${pod.metadata.name} (${pod.spec.nodeName ?? 'unbound'}): another hidden class`,
          );
        const keys = Object.keys(pod.spec).join(',');
        if (keys !== POD_SPEC_FIELDS.join(',')) bad.push(`${c.type} ${pod.metadata.name}: ${keys}`);
      },
      ['Pod'],
    );
    sim.store.create(parse(FLUENTD_YAML) as KObject);
    sim.store.create(
      webDeployment(4, {
        name: 'nginx',
        image: 'nginx:1.27',
        resources: { requests: { cpu: '10m' } },
      }) as unknown as KObject,
    );
    sim.settle();
    expect(sim.store.list('Pod').filter((p) => p.status.phase === 'Running').length).toBe(7);
    expect([...kinds].sort()).toEqual([
      'DaemonSet bound',
      'DaemonSet unbound',
      'ReplicaSet bound',
      'ReplicaSet unbound',
    ]);
    expect(bad).toEqual([]);
  });
});
