import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { typeError } from './decode';
import { StatusError } from './errors';
import { unknownFields } from './fieldValidation';
import type { KObject, Pod, PriorityClass } from './types';

function pc(name: string, value: number, extra: Partial<PriorityClass> = {}): KObject {
  return {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name },
    value,
    ...extra,
  } as unknown as KObject;
}

function pod(name: string, spec: Partial<Pod['spec']> = {}): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27' }], ...spec },
  } as unknown as KObject;
}

function refusal(f: () => unknown): [number, string] | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof StatusError) return [e.code, e.message];
    throw e;
  }
  return undefined;
}

describe('PriorityClass on the API server', () => {
  it('serves the two built-in classes from the start, as upstream describes them', () => {
    const sim = new Simulation();
    const classes = sim.store.list('PriorityClass');
    expect(classes.map((c) => [c.metadata.name, c.value, c.globalDefault, c.preemptionPolicy])).toEqual([
      ['system-cluster-critical', 2000000000, undefined, 'PreemptLowerPriority'],
      ['system-node-critical', 2000001000, undefined, 'PreemptLowerPriority'],
    ]);
    // made before the session's history: below the store's first version, own uids
    expect(classes.every((c) => Number(c.metadata.resourceVersion) < 1000)).toBe(true);
    expect(new Simulation().store.list('PriorityClass')[0].metadata.uid).toBe(classes[0].metadata.uid);
  });

  it('refuses deleting a built-in class, and keeps it', () => {
    const sim = new Simulation();
    expect(refusal(() => sim.store.delete('PriorityClass', undefined, 'system-node-critical'))).toEqual([
      403,
      'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted',
    ]);
    expect(sim.store.get('PriorityClass', undefined, 'system-node-critical')).toBeDefined();
  });

  it('lets description and globalDefault change, never value or preemptionPolicy', () => {
    const sim = new Simulation();
    const made = sim.store.create<'PriorityClass'>(pc('gold', 100));
    const changed = sim.store.update<'PriorityClass'>({ ...made, description: 'shiny', globalDefault: true });
    expect([changed.description, changed.globalDefault, changed.metadata.generation]).toEqual([
      'shiny',
      true,
      1,
    ]);
    expect(
      refusal(() => sim.store.update({ ...changed, value: 5, preemptionPolicy: 'Never' } as KObject)),
    ).toEqual([
      422,
      'PriorityClass.scheduling.k8s.io "gold" is invalid: [value: Forbidden: may not be changed in an update., preemptionPolicy: Invalid value: "Never": field is immutable]',
    ]);
  });

  it('allows one global default, on create and on update', () => {
    const sim = new Simulation();
    sim.store.create(pc('a', 1, { globalDefault: true }));
    const b = sim.store.create<'PriorityClass'>(pc('b', 2));
    const words = 'PriorityClass a is already marked as default. Only one default can exist';
    expect(refusal(() => sim.store.create(pc('c', 3, { globalDefault: true })))).toEqual([
      403,
      `priorityclasses.scheduling.k8s.io "c" is forbidden: ${words}`,
    ]);
    expect(refusal(() => sim.store.update({ ...b, globalDefault: true } as KObject))).toEqual([
      403,
      `priorityclasses.scheduling.k8s.io "b" is forbidden: ${words}`,
    ]);
  });
});

describe('Priority admission of pods from the served classes', () => {
  it('gives a pod without a class the global default class: its name, value and policy', () => {
    const sim = new Simulation();
    expect(sim.store.create<'Pod'>(pod('before')).spec).toMatchObject({
      priority: 0,
      preemptionPolicy: 'PreemptLowerPriority',
    });
    expect(sim.store.get('Pod', 'default', 'before')!.spec.priorityClassName).toBeUndefined();
    sim.store.create(pc('batch', 7, { globalDefault: true, preemptionPolicy: 'Never' }));
    const p = sim.store.create<'Pod'>(pod('after'));
    expect([p.spec.priorityClassName, p.spec.priority, p.spec.preemptionPolicy]).toEqual([
      'batch',
      7,
      'Never',
    ]);
  });

  it('resolves a user class, and refuses one that is gone even for a pod of a known template', () => {
    const sim = new Simulation();
    sim.store.create(pc('gold', 500));
    // as a controller makes them: one spec object, a generated name each
    const template = pod('', { priorityClassName: 'gold' });
    const next = () => ({ ...template, metadata: { generateName: 'web-', namespace: 'default' } }) as KObject;
    expect(sim.store.create<'Pod'>(next()).spec.priority).toBe(500);
    expect(sim.store.create<'Pod'>(next()).spec.priority).toBe(500);
    // the pod-create memo holds the prepared pod of this template: deleting the class must void it
    sim.store.delete('PriorityClass', undefined, 'gold');
    expect(refusal(() => sim.store.create(next()))).toEqual([
      403,
      'pods "web-" is forbidden: no PriorityClass with name gold was found',
    ]);
  });

  it('refuses a policy in the spec that differs from the computed one, with no class too', () => {
    const sim = new Simulation();
    expect(refusal(() => sim.store.create(pod('p', { preemptionPolicy: 'Never' })))).toEqual([
      403,
      'pods "p" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name',
    ]);
  });
});

describe('decoding a PriorityClass', () => {
  it('finds unknown fields and a value that is not an int32, as the API server decodes', () => {
    const doc = {
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name: 'x' },
      valu: 5,
    };
    expect(unknownFields('PriorityClass', doc)).toEqual(['valu']);
    expect(typeError({ ...doc, value: 'high' }, 'PriorityClass')).toBe(
      'json: cannot unmarshal string into Go struct field PriorityClass.value of type int32',
    );
    expect(typeError({ ...doc, value: 3000000000 }, 'PriorityClass')).toBe(
      'json: cannot unmarshal number 3000000000 into Go struct field PriorityClass.value of type int32',
    );
  });
});
