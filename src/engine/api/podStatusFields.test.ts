// podStatus (podStatusFields.ts) against the plain form it stands for — `{ ...s, ...o }` (o's
// undefined fields and its fields outside PodStatus's ignored), laid out with PodStatus's fields first in the Go struct's order, each
// present (undefined when absent), then the other defined fields — and the statuses a pod goes
// through on its way to Ready (the create, the binding, the kubelet's sandbox, Running and Ready
// statuses) all laid out that way: one key list in one order, what gives V8 one hidden class.

import { describe, expect, it } from 'vitest';
import { randomOwnFields, sameHiddenClass } from '../testing/hiddenClass';
import { webDeployment } from '../testing/deployments';
import { parse } from 'yaml';
import { Simulation } from '../simulation';
import { applyPreset } from '../cluster/presets';
import { FLUENTD_YAML } from '../testing/builders';
import { Random } from '../random';
import { POD_STATUS_FIELDS, podStatus, type PodStatusFields } from './podStatusFields';
import type { KObject, Pod, PodStatus } from './types';

const IN_ORDER = new Set<string>(POD_STATUS_FIELDS);

/** The plain form: a spread, then the fields in order (undefined kept), then the other defined ones. */
function plain(s: PodStatusFields | undefined, o: PodStatusFields): PodStatus {
  const merged: Record<string, unknown> = { ...s };
  for (const [k, v] of Object.entries(o)) if (IN_ORDER.has(k) && v !== undefined) merged[k] = v;
  const out: Record<string, unknown> = {};
  for (const k of POD_STATUS_FIELDS) out[k] = merged[k];
  for (const k of Object.keys(s ?? {}))
    if (!IN_ORDER.has(k) && merged[k] !== undefined)
      Object.defineProperty(out, k, {
        value: merged[k],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return out as PodStatus;
}

/** The bytes of a value, keys in order, undefined-valued keys included. */
function dump(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (x === undefined ? '<undefined>' : x));
}

const VALUES: Record<string, unknown[]> = {
  phase: ['Pending', 'Running', 'Failed'],
  conditions: [[], [{ type: 'Ready', status: 'True' }]],
  message: ['m'],
  reason: ['Evicted'],
  nominatedNodeName: ['n1'],
  hostIP: ['10.0.0.1'],
  hostIPs: [[{ ip: '10.0.0.1' }]],
  podIP: ['10.244.0.5'],
  podIPs: [[{ ip: '10.244.0.5' }]],
  startTime: ['2026-01-01T00:00:00Z'],
  initContainerStatuses: [[]],
  containerStatuses: [[{ name: 'a' }]],
  qosClass: ['BestEffort', 'Burstable'],
  ephemeralContainerStatuses: [[{ name: 'debugger' }]],
  resize: ['Proposed'],
  __proto__: [{ polluted: true }],
};

function randomFields(r: Random): PodStatusFields {
  return randomOwnFields(r, VALUES) as PodStatusFields;
}

describe('podStatus', () => {
  it('is the spread of the status and the overrides, laid out in PodStatus order', () => {
    const r = new Random(7);
    for (let n = 0; n < 2000; n++) {
      const s = r.int(8) ? randomFields(r) : undefined;
      const o = randomFields(r);
      const got = podStatus(s, o);
      expect(dump(got)).toBe(dump(plain(s, o)));
      // an extra field named __proto__ stays a field (the prototype is Object's)
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    }
  });

  it('lays out every status of a pod on its way to Ready, from the create to readiness', () => {
    const sim = new Simulation({ seed: 3 });
    applyPreset(sim, 'large', 3);
    const seen: string[] = [];
    const bad: string[] = [];
    let first: PodStatus | undefined;
    sim.watch(
      (c) => {
        const pod = c.obj as Pod;
        first ??= pod.status;
        if (!sameHiddenClass(first, pod.status))
          bad.push(`${c.type} ${pod.metadata.name} (${pod.status.phase}): another hidden class`);
        const keys = Object.keys(pod.status).join(',');
        if (!seen.includes(pod.status.phase ?? '')) seen.push(pod.status.phase ?? '');
        if (keys !== POD_STATUS_FIELDS.join(','))
          bad.push(`${c.type} ${pod.metadata.name} (${pod.status.phase}): ${keys}`);
      },
      ['Pod'],
    );
    sim.store.create(parse(FLUENTD_YAML) as KObject);
    sim.store.create(webDeployment() as unknown as KObject);
    sim.settle();
    const ready = sim.store
      .list('Pod')
      .filter((p) => p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
    expect(ready.length).toBe(7);
    expect(seen).toEqual(['Pending', 'Running']);
    expect(bad).toEqual([]);
  });
});
