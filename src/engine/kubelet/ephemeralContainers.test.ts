import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
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
});
