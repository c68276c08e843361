import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types';
import { tokenize } from '../argv';
import { runKubectl } from '../index';
import { failingPodsCluster } from '../../testing/failingPods';
import { simWithNodes } from '../../testing/kubectl';
import type { Simulation } from '../../simulation';
import { byLogging } from './logs';

function kc(sim: Simulation, line: string) {
  const r = runKubectl(sim, tokenize(line).slice(1), {});
  return { text: r.chunks.map((c) => c.text).join(''), exitCode: r.exitCode };
}

// The words of kubectl 1.33–1.35 (LogsOptions.Complete, logsForObjectWithClient), checked with the
// real kubectl against the served cluster (src/scenarios/logs-edit-pause).
describe('kubectl logs errors', () => {
  it('a missing object: the builder NotFound, with the namespace', () => {
    const sim = simWithNodes(['node-1']);
    expect(kc(sim, 'kubectl logs nope')).toEqual({
      text: 'error: error from server (NotFound): pods "nope" not found in namespace "default"\n',
      exitCode: 1,
    });
    expect(kc(sim, 'kubectl logs ds/nope -n kube-system').text).toBe(
      'error: error from server (NotFound): daemonsets.apps "nope" not found in namespace "kube-system"\n',
    );
    expect(kc(sim, 'kubectl logs node/nope').text).toBe(
      'error: error from server (NotFound): nodes "nope" not found in namespace "default"\n',
    );
  });

  it('an object without a pod selector', () => {
    const sim = simWithNodes(['node-1']);
    const node = sim.store.list('Node')[0].metadata.name;
    expect(kc(sim, `kubectl logs node/${node}`).text).toBe(
      'error: cannot get the logs from *v1.Node: selector for *v1.Node not implemented\n',
    );
  });
});

// `kubectl logs -p`: the container's previous instance (the one lastState.terminated describes), or
// the kubelet's BadRequest when there is none.
describe('kubectl logs --previous', () => {
  const { sim } = failingPodsCluster();

  it("prints the previous instance's log: its start and its exit", () => {
    expect(kc(sim, 'kubectl logs app-crashloop -p')).toEqual({
      text: [
        '[playground] busybox:1.36: container app of pod default/app-crashloop started on node node-1',
        '[playground] exiting with code 1 (Error)',
        '',
      ].join('\n'),
      exitCode: 0,
    });
  });

  it('with --timestamps and --tail, of a container running again after an OOM kill (the kernel killed it: no exit line)', () => {
    expect(kc(sim, 'kubectl logs app-oomkilled --previous --timestamps --tail=1').text).toMatch(
      /^2026-01-01T00:04:00\.000000000Z \[playground\] \S+: container app of pod default\/app-oomkilled started on node /,
    );
  });

  it('of an init container named with -c', () => {
    expect(kc(sim, 'kubectl logs app-init-crash -c init -p').text).toBe(
      '[playground] busybox:1.36: container init of pod default/app-init-crash started on node node-1\n[playground] exiting with code 2 (Error)\n',
    );
  });

  it('a container that never restarted has no previous instance', () => {
    expect(kc(sim, 'kubectl logs app-creating -p')).toEqual({
      text: 'Error from server (BadRequest): previous terminated container "app" in pod "app-creating" not found\n',
      exitCode: 1,
    });
    expect(kc(sim, 'kubectl logs app-running-unready --previous').text).toBe(
      'Error from server (BadRequest): previous terminated container "app" in pod "app-running-unready" not found\n',
    );
  });

  it('-p -f prints the previous log and ends: that instance has exited', () => {
    const before = sim.now();
    expect(kc(sim, 'kubectl logs app-crashloop -p -f').exitCode).toBe(0);
    expect(sim.now()).toBe(before);
  });

  it('without -p, a container waiting in CrashLoopBackOff shows its last run (validateContainerLogStatus)', () => {
    expect(kc(sim, 'kubectl logs app-crashloop')).toEqual(kc(sim, 'kubectl logs app-crashloop -p'));
    expect(kc(sim, 'kubectl logs app-crashloop -f').exitCode).toBe(0);
    // one that never ran is still waiting to start
    expect(kc(sim, 'kubectl logs app-imagepullbackoff').text).toBe(
      'Error from server (BadRequest): container "app" in pod "app-imagepullbackoff" is waiting to start: trying and failing to pull image\n',
    );
  });
});

function pod(
  name: string,
  o: { node?: string; phase?: string; ready?: string; created?: string; restarts?: number },
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', creationTimestamp: o.created ?? '2026-01-01T00:00:00Z' },
    spec: { nodeName: o.node, containers: [{ name: 'c' }] },
    status: {
      phase: o.phase ?? 'Running',
      conditions: o.ready ? [{ type: 'Ready', status: 'True', lastTransitionTime: o.ready }] : [],
      containerStatuses: [{ name: 'c', restartCount: o.restarts ?? 0 }],
    },
  } as unknown as Pod;
}

describe('podutils.ByLogging (which pod `kubectl logs ds/x` reads)', () => {
  const order = (...pods: Pod[]) => [...pods].sort(byLogging).map((p) => p.metadata.name);
  it('prefers scheduled, then running, then ready pods', () => {
    expect(order(pod('unscheduled', {}), pod('scheduled', { node: 'n' }))).toEqual([
      'scheduled',
      'unscheduled',
    ]);
    expect(order(pod('pending', { node: 'n', phase: 'Pending' }), pod('running', { node: 'n' }))).toEqual([
      'running',
      'pending',
    ]);
    expect(
      order(pod('unready', { node: 'n' }), pod('ready', { node: 'n', ready: '2026-01-01T00:00:05Z' })),
    ).toEqual(['ready', 'unready']);
  });
  it('then ready for longer, more restarts, older', () => {
    expect(
      order(
        pod('late', { node: 'n', ready: '2026-01-01T00:01:00Z' }),
        pod('early', { node: 'n', ready: '2026-01-01T00:00:10Z' }),
      ),
    ).toEqual(['early', 'late']);
    expect(order(pod('calm', { node: 'n' }), pod('crashy', { node: 'n', restarts: 3 }))).toEqual([
      'crashy',
      'calm',
    ]);
    expect(
      order(pod('new', { node: 'n', created: '2026-01-01T00:05:00Z' }), pod('old', { node: 'n' })),
    ).toEqual(['old', 'new']);
  });
});
