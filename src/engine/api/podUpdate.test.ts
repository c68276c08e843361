import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { StatusError } from './errors';
import type { KObject, Pod } from './types';
import { UPDATABLE_POD_SPEC_FIELDS } from './podUpdate';

/** A stored pod with `spec` over a plain one (put as stored, so even a value create refuses, as older servers kept). */
function created(sim: Simulation, spec: Partial<Pod['spec']> = {}): Pod {
  const pod = sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
  } as unknown as KObject);
  if (Object.keys(spec).length === 0) return pod;
  sim.store.restore({ ...pod, spec: { ...pod.spec, ...spec } } as KObject);
  return sim.store.get('Pod', 'default', 'web')!;
}

/** The update with `change` applied to the stored pod's spec: the stored pod, or the 422's message. */
function update(spec: Partial<Pod['spec']>, change: (s: Pod['spec']) => Pod['spec']): Pod | string {
  const sim = new Simulation();
  const pod = created(sim, spec);
  try {
    return sim.store.update<'Pod'>({ ...pod, spec: change(structuredClone(pod.spec)) } as KObject);
  } catch (e) {
    if (e instanceof StatusError && e.code === 422) return e.message;
    throw e;
  }
}

const FORBIDDEN = `Pod "web" is invalid: spec: Forbidden: pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS}\n`;

describe('ValidatePodUpdate', () => {
  it.each([
    [
      'an image',
      {},
      (s: Pod['spec']) => ({ ...s, containers: [{ ...s.containers[0], image: 'nginx:1.28' }] }),
    ],
    ['activeDeadlineSeconds, first set', {}, (s: Pod['spec']) => ({ ...s, activeDeadlineSeconds: 60 })],
    [
      'activeDeadlineSeconds, lowered',
      { activeDeadlineSeconds: 60 },
      (s: Pod['spec']) => ({ ...s, activeDeadlineSeconds: 30 }),
    ],
    [
      'an added toleration',
      {},
      (s: Pod['spec']) => ({
        ...s,
        tolerations: [...(s.tolerations ?? []), { key: 'k', operator: 'Exists' as const }],
      }),
    ],
    [
      'the tolerationSeconds of an existing toleration',
      {},
      (s: Pod['spec']) => ({
        ...s,
        tolerations: s.tolerations!.map((t) => ({ ...t, tolerationSeconds: 60 })),
      }),
    ],
    [
      'a negative grace period to 1',
      { terminationGracePeriodSeconds: -5 },
      (s: Pod['spec']) => ({ ...s, terminationGracePeriodSeconds: 1 }),
    ],
  ])('allows changing %s', (_name, spec, change) => {
    expect(typeof update(spec, change)).toBe('object');
  });

  it.each([
    [
      'activeDeadlineSeconds raised',
      { activeDeadlineSeconds: 60 },
      (s: Pod['spec']) => ({ ...s, activeDeadlineSeconds: 90 }),
      'Pod "web" is invalid: spec.activeDeadlineSeconds: Invalid value: 90: must be less than or equal to previous value',
    ],
    [
      'activeDeadlineSeconds unset',
      { activeDeadlineSeconds: 60 },
      (s: Pod['spec']) => ({ ...s, activeDeadlineSeconds: undefined }),
      'Pod "web" is invalid: spec.activeDeadlineSeconds: Invalid value: null: must not update from a positive integer to nil value',
    ],
    [
      'a removed toleration',
      {},
      (s: Pod['spec']) => ({ ...s, tolerations: s.tolerations!.slice(1) }),
      'Pod "web" is invalid: spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds',
    ],
    [
      'an added container',
      {},
      (s: Pod['spec']) => ({ ...s, containers: [...s.containers, { name: 'b', image: 'busybox' }] }),
      'Pod "web" is invalid: spec.containers: Forbidden: pod updates may not add or remove containers',
    ],
  ])('refuses %s', (_name, spec, change, message) => {
    expect(update(spec, change)).toBe(message);
  });

  it('refuses any other change with the fields that may change and the diff of the specs', () => {
    const message = update({}, (s) => ({ ...s, restartPolicy: 'Never' }));
    expect(message).toBe(
      `${FORBIDDEN}  core.PodSpec{
  \t... // 2 identical fields
  \tContainers:          {{Name: "web", Image: "nginx:1.27", Resources: {}, TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: "File", ImagePullPolicy: "IfNotPresent"}},
  \tEphemeralContainers: nil,
- \tRestartPolicy:       "Always",
+ \tRestartPolicy:       "Never",
  \tTerminationGracePeriodSeconds: &30,
  \tActiveDeadlineSeconds:         nil,
  \t... // 27 identical fields
  }
`,
    );
  });

  it('says the QoS class may not change either, and descends into the changed container', () => {
    const message = update({}, (s) => ({
      ...s,
      containers: [{ ...s.containers[0], resources: { limits: { cpu: '200m' } } }],
    }));
    expect(message).toBe(
      `Pod "web" is invalid: [metadata: Invalid value: "BestEffort": Pod QOS is immutable, spec: Forbidden: pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS}
  core.PodSpec{
  \tVolumes:        nil,
  \tInitContainers: nil,
  \tContainers: []core.Container{
  \t\t{
  \t\t\t... // 6 identical fields
  \t\t\tEnvFrom:   nil,
  \t\t\tEnv:       nil,
- \t\t\tResources: {},
+ \t\t\tResources: {Limits: {"cpu": "200m"}, Requests: {"cpu": "200m"}},
  \t\t\tResizePolicy:  nil,
  \t\t\tRestartPolicy: nil,
  \t\t\t... // 13 identical fields
  \t\t},
  \t},
  \tEphemeralContainers: nil,
  \tRestartPolicy:       "Always",
  \t... // 29 identical fields
  }
]`,
    );
  });

  it('keeps the priority set on create when the update leaves it out, and a metadata-only update is free', () => {
    const sim = new Simulation();
    const pod = created(sim);
    const { priority: _p, preemptionPolicy: _pp, ...rest } = pod.spec;
    const out = sim.store.update<'Pod'>({
      ...pod,
      metadata: { ...pod.metadata, labels: { a: 'b' } },
      spec: rest,
    } as KObject);
    expect([out.spec.priority, out.spec.preemptionPolicy, out.metadata.labels]).toEqual([
      0,
      'PreemptLowerPriority',
      { a: 'b' },
    ]);
    expect(out.spec).toBe(pod.spec);
  });
});
