// kubectl exec, attach, port-forward and cp: the pod kubectl picks for a workload (sort.Reverse of
// podutils.ActivePods), the container it defaults to, and the end every stream meets here (the API
// server's 404 for a route it does not serve). src/scenarios/pod-streams.sim holds the transcript
// checked against the real kubectl 1.33.

import { describe, expect, it } from 'vitest';
import type { KObject, Pod } from '../../api/types';
import { applyPreset } from '../../cluster/presets';
import { ARTICLE_MANIFEST } from '../../cluster/manifests';
import { failPod } from '../../kubelet/kubelet';
import { Simulation } from '../../simulation';
import { runDef } from '../../testing/kubectl';
import { runKubectlLine } from '../index';
import { activePodsLess, attachCommand, cpCommand, execCommand, portForwardCommand } from './podStreams';

const NOT_SERVED = 'Error from server (NotFound): the server could not find the requested resource\n';

function pod(
  name: string,
  over: { node?: string; phase?: string; ready?: string; restarts?: number; created?: string },
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', creationTimestamp: over.created ?? '2026-01-01T00:00:00Z' },
    spec: { nodeName: over.node, containers: [{ name: 'c', image: 'busybox' }] },
    status: {
      phase: over.phase ?? 'Running',
      conditions: over.ready
        ? [{ type: 'Ready', status: 'True', lastTransitionTime: over.ready }]
        : [{ type: 'Ready', status: 'False' }],
      containerStatuses: [{ name: 'c', restartCount: over.restarts ?? 0 } as never],
    },
  } as unknown as Pod;
}

describe('podutils.ActivePods (the order kubectl reverses to pick a workload pod)', () => {
  const cases: [string, Pod, Pod][] = [
    ['unassigned < assigned', pod('a', {}), pod('b', { node: 'n' })],
    ['Pending < Running', pod('a', { node: 'n', phase: 'Pending' }), pod('b', { node: 'n' })],
    [
      'Failed counts as Pending: < Unknown',
      pod('a', { node: 'n', phase: 'Failed' }),
      pod('b', { node: 'n', phase: 'Unknown' }),
    ],
    ['not ready < ready', pod('a', { node: 'n' }), pod('b', { node: 'n', ready: '2026-01-01T00:01:00Z' })],
    [
      'ready for less time < ready for longer',
      pod('a', { node: 'n', ready: '2026-01-01T00:05:00Z' }),
      pod('b', { node: 'n', ready: '2026-01-01T00:01:00Z' }),
    ],
    ['more restarts < fewer', pod('a', { node: 'n', restarts: 3 }), pod('b', { node: 'n', restarts: 1 })],
    [
      'newer < older',
      pod('a', { node: 'n', created: '2026-01-01T00:02:00Z' }),
      pod('b', { node: 'n', created: '2026-01-01T00:01:00Z' }),
    ],
  ];
  it.each(cases)('%s', (_, less, more) => {
    expect(activePodsLess(less, more)).toBe(true);
    expect(activePodsLess(more, less)).toBe(false);
  });
  it('two equal pods are not less than each other', () => {
    expect(activePodsLess(pod('a', { node: 'n' }), pod('b', { node: 'n' }))).toBe(false);
  });
});

function article(): Simulation {
  const s = new Simulation({ seed: 1 });
  applyPreset(s, 'article');
  runKubectlLine(s, 'kubectl apply -f -', { stdin: ARTICLE_MANIFEST });
  s.settle();
  return s;
}

const daemonPods = (s: Simulation) => s.store.list('Pod', 'kube-system').map((p) => p.metadata.name);

describe('kubectl exec', () => {
  it('picks the running pod of a DaemonSet, whichever of its pods failed', () => {
    for (const failed of [0, 1]) {
      const s = article();
      const names = daemonPods(s);
      expect(names).toHaveLength(2);
      failPod(s, 'kube-system', names[failed]);
      const r = runDef(s, execCommand, '-n kube-system ds/fluentd-elasticsearch -- ls');
      // the failed pod would end in "cannot exec into a container in a completed pod"
      expect(r.stderr).toBe(NOT_SERVED);
      expect(r.exitCode).toBe(1);
      // the pod itself is refused for its phase
      expect(runDef(s, execCommand, `-n kube-system ${names[failed]} -- ls`).stderr).toBe(
        'error: cannot exec into a container in a completed pod; current phase is Failed\n',
      );
    }
  });

  it('says which container it defaulted to (the annotation wins, quietly), and -it without a terminal', () => {
    const s = article();
    s.store.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'two', namespace: 'default' },
      spec: {
        containers: [
          { name: 'app', image: 'nginx' },
          { name: 'side', image: 'busybox' },
        ],
      },
    } as unknown as KObject);
    s.settle();
    expect(runDef(s, execCommand, '-it two -- sh').stderr).toBe(
      'Defaulted container "app" out of: app, side\nUnable to use a TTY - input is not a terminal or the right kind of file\n' +
        NOT_SERVED,
    );
    expect(runDef(s, execCommand, '-q two -- sh').stderr).toBe(NOT_SERVED);
    s.store.update({
      ...s.store.get('Pod', 'default', 'two')!,
      metadata: {
        ...s.store.get('Pod', 'default', 'two')!.metadata,
        annotations: { 'kubectl.kubernetes.io/default-container': 'side' },
      },
    } as KObject);
    expect(runDef(s, execCommand, 'two -- sh').stderr).toBe(NOT_SERVED);
  });

  it("refuses -f (a file's object) as not modelled, after kubectl's own checks", () => {
    const s = article();
    expect(runDef(s, execCommand, '-f pod.yaml').stderr).toBe(
      'error: you must specify at least one command for the container\n',
    );
    expect(runDef(s, execCommand, '-f pod.yaml -- ls').stderr).toMatch(/not modelled by the playground/);
  });

  it('waits for the first pod of a workload (GetFirstPod), and gives up when none comes', () => {
    const s = article();
    runKubectlLine(s, 'kubectl create deployment web --image=nginx');
    // no pod yet: the ReplicaSet controller has not run
    expect(s.store.list('Pod', 'default')).toHaveLength(0);
    expect(runDef(s, execCommand, 'deploy/web -- ls').stderr).toBe(NOT_SERVED);
    expect(s.store.list('Pod', 'default')).toHaveLength(1);
    runKubectlLine(s, 'kubectl create deployment none --image=nginx --replicas=0');
    s.settle();
    expect(runDef(s, execCommand, 'deploy/none --pod-running-timeout=30s -- ls').stderr).toBe(
      'error: timed out waiting for the condition\n',
    );
  });
});

describe('kubectl attach, port-forward and cp', () => {
  it('attach names the container it cannot find', () => {
    const s = article();
    const name = daemonPods(s)[0];
    expect(runDef(s, attachCommand, `-n kube-system ${name} -c nope`).stderr).toBe(
      `error: cannot attach to the container: container nope not found in pod ${name}\n`,
    );
    expect(runDef(s, attachCommand, `-n kube-system ${name}`).stderr).toBe(
      `If you don't see a command prompt, try pressing enter.\n${NOT_SERVED}`,
    );
  });

  it('port-forward checks the ports and addresses as client-go parses them, then fails to upgrade', () => {
    const s = article();
    const name = daemonPods(s)[0];
    const pf = (args: string) => runDef(s, portForwardCommand, `-n kube-system ${name} ${args}`).stderr;
    expect(pf('8080:80')).toBe(
      'error: error upgrading connection: the server could not find the requested resource\n',
    );
    expect(pf('8080:65536')).toBe(
      `error: error parsing remote port '65536': strconv.ParseUint: parsing "65536": value out of range\n`,
    );
    expect(pf(':0')).toBe('error: remote port must be > 0\n');
    for (const ok of ['127.0.0.1', '::1', '::', 'fe80::1', '::ffff:10.0.0.1', '1:2:3:4:5:6:7:8', 'localhost'])
      expect(pf(`80 --address=${ok}`), ok).toMatch(/error upgrading connection/);
    for (const bad of ['256.0.0.1', '1.2.3', '01.2.3.4', '1:2:3:4:5:6:7:8:9', 'fe80:::1', 'localhost.'])
      expect(pf(`80 --address=${bad}`), bad).toBe(`error: ${bad} is not a valid IP\n`);
  });

  it("cp from a pod sends kubectl's notice about the default container to stdout (the exec's error stream)", () => {
    const s = article();
    s.store.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'two', namespace: 'default' },
      spec: {
        containers: [
          { name: 'app', image: 'nginx' },
          { name: 'side', image: 'busybox' },
        ],
      },
    } as unknown as KObject);
    s.settle();
    const from = runDef(s, cpCommand, 'two:/etc/hosts hosts');
    expect(from.stdout).toBe('Defaulted container "app" out of: app, side\n');
    expect(from.stderr).toBe(NOT_SERVED);
    // to a pod: the local file must exist first (the page has no files at all)
    expect(runDef(s, cpCommand, 'hosts two:/tmp').stderr).toBe(
      "error: hosts doesn't exist in local filesystem\n",
    );
    const to = runDef(s, cpCommand, 'hosts two:/tmp', { readFile: () => '127.0.0.1 localhost\n' });
    expect(to.stderr).toBe(`Defaulted container "app" out of: app, side\n${NOT_SERVED}`);
  });
});
