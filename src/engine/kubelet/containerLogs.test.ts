// The logs of containers that stopped: the current run, the previous one (`--previous`), a run
// waiting to be restarted, a run the kubelet killed, a run the kernel killed.

import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import type { Container, Pod } from '../api/types';
import { Simulation } from '../simulation';
import { containerLogLines, containerLogUnavailable, previousContainerLogLines } from './containerLogs';

const S = 1000;

function setup(container: Partial<Container> = {}): Simulation {
  const sim = new Simulation({ seed: 1 });
  sim.store.create<'Node'>(newNode('n1', { index: 0, now: sim.iso() }));
  sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27', ...container }] },
  } as unknown as Pod);
  return sim;
}

const pod = (sim: Simulation) => sim.store.get('Pod', 'default', 'p')!;
const text = (lines: { time: string; text: string }[]) => lines.map((l) => `${l.time} ${l.text}`);
const STARTED = (t: string) =>
  `${t} [playground] docker.io/library/nginx:1.27: container c of pod default/p started on node n1`;

describe('container logs of runs that stopped', () => {
  it('a crashed run writes its exit; --previous gives the run before; a container in CrashLoopBackOff serves its last run', () => {
    const sim = setup();
    sim.registry.set('nginx:1.27', { run: { kind: 'crash', afterMs: 5 * S, exitCode: 2 } });
    expect(containerLogUnavailable(pod(sim), 'c', true)).toBe('container "c" in pod "p" is not available');
    sim.advance(3 * S);
    expect(containerLogUnavailable(pod(sim), 'c', true)).toBe(
      'previous terminated container "c" in pod "p" not found',
    );
    expect(previousContainerLogLines(pod(sim), 'c')).toEqual([]);
    // first run 2.52–7.52 s, restarted at 8.02 s, exits at 13.02 s; CrashLoopBackOff from 23.02 s
    sim.advance(20.5 * S);
    const p = pod(sim);
    expect(p.status.containerStatuses![0].state.waiting?.reason).toBe('CrashLoopBackOff');
    expect(containerLogUnavailable(p, 'c', false)).toBeUndefined();
    expect(text(containerLogLines(p, 'c'))).toEqual([
      STARTED('2026-01-01T00:00:08.000000000Z'),
      '2026-01-01T00:00:13.000000000Z [playground] exiting with code 2 (Error)',
    ]);
    expect(containerLogUnavailable(p, 'c', true)).toBeUndefined();
    expect(text(previousContainerLogLines(p, 'c'))).toEqual(text(containerLogLines(p, 'c')));
    // restarted: the current run has only started; --previous is the run that crashed
    sim.advance(1 * S);
    expect(text(containerLogLines(pod(sim), 'c'))).toEqual([STARTED('2026-01-01T00:00:23.000000000Z')]);
    expect(text(previousContainerLogLines(pod(sim), 'c'))).toEqual([
      STARTED('2026-01-01T00:00:08.000000000Z'),
      '2026-01-01T00:00:13.000000000Z [playground] exiting with code 2 (Error)',
    ]);
  });

  it('an OOM-killed run writes no exit line: the kernel stopped it', () => {
    const sim = setup();
    sim.registry.set('nginx:1.27', { run: { kind: 'oom', afterMs: 5 * S } });
    sim.advance(9 * S);
    expect(text(previousContainerLogLines(pod(sim), 'c'))).toEqual([
      STARTED('2026-01-01T00:00:02.000000000Z'),
    ]);
  });

  it('a run killed for a failed liveness probe got SIGTERM (from the kubelet) and exited 0', () => {
    const sim = setup({
      livenessProbe: {
        httpGet: { path: '/', port: 80 },
        initialDelaySeconds: 5,
        periodSeconds: 5,
        failureThreshold: 1,
      },
    });
    sim.registry.set('nginx:1.27', { run: { kind: 'unready', liveness: true } });
    sim.advance(10 * S);
    const p = pod(sim);
    expect(text(previousContainerLogLines(p, 'c', sim.kubelet))).toEqual([
      STARTED('2026-01-01T00:00:02.000000000Z'),
      '2026-01-01T00:00:07.520000000Z [playground] received SIGTERM; shutting down (grace period 30s)',
      '2026-01-01T00:00:09.000000000Z [playground] exiting with code 0 (Completed)',
    ]);
    // without the kubelet to ask, the log cannot know of the SIGTERM
    expect(text(previousContainerLogLines(p, 'c'))).toHaveLength(2);
  });

  it('a container that never ran says why', () => {
    const sim = setup({ image: 'nginx:nope' });
    sim.registry.set('nginx:nope', { exists: false });
    sim.advance(2 * S);
    expect(containerLogUnavailable(pod(sim), 'c', false)).toBe(
      'container "c" in pod "p" is waiting to start: image can\'t be pulled',
    );
    sim.advance(10 * S);
    expect(containerLogUnavailable(pod(sim), 'c', false)).toBe(
      'container "c" in pod "p" is waiting to start: trying and failing to pull image',
    );
    expect(containerLogLines(pod(sim), 'c')).toEqual([]);
  });
});
