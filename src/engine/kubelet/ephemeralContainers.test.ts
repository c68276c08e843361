import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import { StatusError } from '../api/errors';
import type { EphemeralContainer, Pod } from '../api/types';
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

const events = (sim: Simulation) =>
  sim.store
    .list('Event')
    .filter((e) => e.involvedObject.fieldPath)
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))
    .map((e) => `${e.involvedObject.fieldPath} ${e.type} ${e.reason} ${e.message}`);

describe('ephemeral containers', () => {
  it('are added through the subresource only, defaulted, and started by the kubelet (never ready)', () => {
    const sim = running();
    const before = pod(sim);
    const out = debug(sim, {
      name: 'debugger-abcde',
      image: 'busybox',
      targetContainerName: 'web',
      terminationMessagePolicy: 'File',
    });
    expect(out.spec.ephemeralContainers).toEqual([
      {
        name: 'debugger-abcde',
        image: 'busybox',
        targetContainerName: 'web',
        terminationMessagePolicy: 'File',
        terminationMessagePath: '/dev/termination-log',
        imagePullPolicy: 'Always',
        resources: {},
      },
    ]);
    // nothing but spec.ephemeralContainers came from the request
    expect(out.spec.containers).toBe(before.spec.containers);
    expect(Number(out.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));
    expect(pod(sim).status.ephemeralContainerStatuses).toBeUndefined();
    sim.settle();
    const st = pod(sim).status.ephemeralContainerStatuses!;
    expect(st).toHaveLength(1);
    expect(st[0]).toMatchObject({
      name: 'debugger-abcde',
      image: 'docker.io/library/busybox:latest',
      ready: false,
      restartCount: 0,
    });
    expect(st[0].state.running?.startedAt).toBeDefined();
    expect(st[0].started).toBeUndefined();
    expect(st[0].containerID).toMatch(/^containerd:\/\//);
    // the pod's own status is untouched by it
    expect(pod(sim).status.phase).toBe('Running');
    expect(events(sim).map((e) => e.replace(/ in [\d.]+m?s \(.*$/, ''))).toEqual([
      'spec.ephemeralContainers{debugger-abcde} Normal Pulling Pulling image "busybox"',
      'spec.ephemeralContainers{debugger-abcde} Normal Pulled Successfully pulled image "busybox"',
      'spec.ephemeralContainers{debugger-abcde} Normal Created Created container: debugger-abcde',
      'spec.ephemeralContainers{debugger-abcde} Normal Started Started container debugger-abcde',
    ]);
  });

  it('a missing image is ErrImagePull, then ImagePullBackOff, as for any container', () => {
    const sim = running();
    sim.registry.missing('busybox:9.9');
    debug(sim, { name: 'dbg', image: 'busybox:9.9' });
    sim.advance(120_000);
    const w = pod(sim).status.ephemeralContainerStatuses![0].state.waiting!;
    expect(['ErrImagePull', 'ImagePullBackOff']).toContain(w.reason);
    const reasons = events(sim).map((e) => e.split(' ').slice(1, 3).join(' '));
    expect(reasons).toContain('Warning Failed');
    expect(reasons).toContain('Normal BackOff');
    expect(pod(sim).status.phase).toBe('Running');
  });

  it('an exited one stays terminated: never restarted', () => {
    const sim = running();
    sim.registry.runAs('busybox', { kind: 'crash', afterMs: 3000, exitCode: 2 });
    debug(sim, { name: 'dbg', image: 'busybox' });
    sim.advance(60_000);
    const s = pod(sim).status.ephemeralContainerStatuses![0];
    expect(s.state.terminated).toMatchObject({ exitCode: 2, reason: 'Error' });
    expect(s.restartCount).toBe(0);
    expect(events(sim).filter((e) => e.includes(' Started '))).toHaveLength(1);
  });

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
