// The pods/ephemeralcontainers write as the API server's podEphemeralContainersStrategy makes it:
// only spec.ephemeralContainers from the request, validated with upstream's words.

import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import { StatusError } from './errors';
import type { EphemeralContainer, Pod } from './types';
import { Simulation } from '../simulation';

function running(): Simulation {
  const sim = new Simulation({ seed: 1 });
  sim.store.create<'Node'>(newNode('n1', { index: 0, now: sim.iso() }));
  sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
  } as unknown as Pod);
  sim.settle();
  return sim;
}

const pod = (sim: Simulation) => sim.store.get('Pod', 'default', 'web')!;

function debug(sim: Simulation, ...ecs: Partial<EphemeralContainer>[]): Pod {
  const p = pod(sim);
  const all = [...(p.spec.ephemeralContainers ?? []), ...ecs] as EphemeralContainer[];
  return sim.store.updateEphemeralContainers({ ...p, spec: { ...p.spec, ephemeralContainers: all } });
}

function invalidMessage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof StatusError) return `${e.code} ${e.message}`;
    throw e;
  }
  throw new Error('no error');
}

describe('pods/ephemeralcontainers writes', () => {
  it('cannot be set on create', () => {
    const sim = running();
    expect(
      invalidMessage(() =>
        sim.store.create({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'p2', namespace: 'default' },
          spec: {
            containers: [{ name: 'a', image: 'nginx' }],
            ephemeralContainers: [{ name: 'd', image: 'busybox' }],
          },
        } as unknown as Pod),
      ),
    ).toBe('422 Pod "p2" is invalid: spec.ephemeralContainers: Forbidden: cannot be set on create');
  });

  it('an update of the pod keeps them as they are', () => {
    const sim = running();
    debug(sim, { name: 'dbg', image: 'busybox' });
    const p = pod(sim);
    const out = sim.store.update<'Pod'>({ ...p, spec: { ...p.spec, ephemeralContainers: [] } });
    expect(out.spec.ephemeralContainers).toHaveLength(1);
  });

  it('refuses what the API server refuses, with its words', () => {
    const sim = running();
    expect(invalidMessage(() => debug(sim, { name: 'web', image: 'busybox' }))).toBe(
      '422 Pod "web" is invalid: spec.ephemeralContainers[0].name: Duplicate value: "web"',
    );
    expect(
      invalidMessage(() => debug(sim, { name: 'd', image: 'busybox', targetContainerName: 'nosuch' })),
    ).toBe('422 Pod "web" is invalid: spec.ephemeralContainers[0].targetContainerName: Not found: "nosuch"');
    expect(
      invalidMessage(() =>
        debug(sim, {
          name: 'd',
          image: 'busybox',
          ports: [{ containerPort: 80 }],
          resources: { requests: { cpu: '1' } },
          readinessProbe: { exec: { command: ['true'] } },
        }),
      ),
    ).toBe(
      '422 Pod "web" is invalid: [spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container, spec.ephemeralContainers[0].resources: Forbidden: cannot be set for an Ephemeral Container, spec.ephemeralContainers[0].readinessProbe: Forbidden: cannot be set for an Ephemeral Container]',
    );
    expect(invalidMessage(() => debug(sim, { name: 'd' }))).toBe(
      '422 Pod "web" is invalid: spec.ephemeralContainers[0].image: Required value',
    );
    debug(sim, { name: 'dbg', image: 'busybox' });
    const p = pod(sim);
    expect(
      invalidMessage(() =>
        sim.store.updateEphemeralContainers({ ...p, spec: { ...p.spec, ephemeralContainers: [] } }),
      ),
    ).toBe(
      '422 Pod "web" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "dbg" may not be removed\n',
    );
    const changed = [{ ...p.spec.ephemeralContainers![0], image: 'alpine' }];
    expect(
      invalidMessage(() =>
        sim.store.updateEphemeralContainers({ ...p, spec: { ...p.spec, ephemeralContainers: changed } }),
      ),
    ).toMatch(
      /^422 Pod "web" is invalid: spec\.ephemeralContainers\[dbg\]: Forbidden: existing ephemeral containers "dbg" may not be changed\n-\timage: "busybox"\n\+\timage: "alpine"$/,
    );
    // the same list again: no write
    expect(sim.store.updateEphemeralContainers(p)).toBe(p);
  });
});
