import { describe, expect, it } from 'vitest';
import { Session, type KObject } from '../engine';
import { mirrorSimulation, runRecorded, streamingCommand, watchingCommand } from './mirrorSim';

/** The objects of a cluster as a server would list them: a session with the article applied. */
function served(): { objects: KObject[]; now: number } {
  const s = new Session({ preset: 'article' });
  expect(s.exec('kubectl run web --image=nginx').exitCode).toBe(0);
  s.sim.settle();
  return { objects: s.sim.store.all(), now: s.sim.now() };
}

describe('mirrorSimulation', () => {
  it('holds the objects exactly as given (uid, resourceVersion, creationTimestamp)', () => {
    const { objects, now } = served();
    const sim = mirrorSimulation(objects, now);
    const pod = objects.find((o) => o.kind === 'Pod' && o.metadata.name === 'web')!;
    expect(pod).toBeDefined();
    expect(sim.store.get('Pod', 'default', 'web')).toEqual(pod);
    const r = runRecorded(sim, 'kubectl get pods');
    expect(r.ops).toEqual([]);
    expect(r.result.chunks.map((c) => c.text).join('')).toMatch(
      /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\nweb\s+1\/1\s+Running/,
    );
  });
});

describe('runRecorded', () => {
  it('records a cordon as an update carrying the server resourceVersion', () => {
    const { objects, now } = served();
    const rv = objects.find((o) => o.kind === 'Node' && o.metadata.name === 'node-1')!.metadata
      .resourceVersion;
    const { result, ops } = runRecorded(mirrorSimulation(objects, now), 'kubectl cordon node-1');
    expect(result.chunks[0].text).toBe('node/node-1 cordoned\n');
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ op: 'update', kind: 'Node', name: 'node-1', dryRun: false });
    const body = (
      ops[0] as unknown as {
        body: { metadata: { resourceVersion: string }; spec: { unschedulable?: boolean } };
      }
    ).body;
    expect(body.metadata.resourceVersion).toBe(rv);
    expect(body.spec.unschedulable).toBe(true);
  });

  it('records an apply as a create with the last-applied annotation, in the namespace it lands in', () => {
    const { objects, now } = served();
    const manifest =
      'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels: {app: agent}\n  template:\n    metadata:\n      labels: {app: agent}\n    spec:\n      containers:\n      - name: a\n        image: busybox\n';
    const { result, ops } = runRecorded(mirrorSimulation(objects, now), 'kubectl apply -f -', manifest);
    expect(result.exitCode).toBe(0);
    expect(ops.map((o) => `${o.op} ${o.kind} ${o.namespace}/${o.name}`)).toEqual([
      'create DaemonSet default/agent',
    ]);
    const body = (ops[0] as { body: KObject }).body;
    expect(body.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toContain(
      '"agent"',
    );
    expect(body.metadata.uid).toBeUndefined();
  });

  it('records a delete once, not what the copy’s kubelet and controllers do while delete waits', () => {
    const { objects, now } = served();
    const { result, ops } = runRecorded(mirrorSimulation(objects, now), 'kubectl delete pod web');
    expect(result.chunks.map((c) => c.text).join('')).toContain('pod "web" deleted');
    expect(ops).toEqual([
      {
        op: 'delete',
        kind: 'Pod',
        namespace: 'default',
        name: 'web',
        options: expect.any(Object),
        dryRun: false,
      },
    ]);
  });

  it('records nothing for a command that fails on the copy (the copy’s error is what is printed)', () => {
    const { objects, now } = served();
    const { result, ops } = runRecorded(mirrorSimulation(objects, now), 'kubectl cordon nope');
    expect(result.exitCode).toBe(1);
    expect(result.chunks.map((c) => c.text).join('')).toContain('nodes "nope" not found');
    expect(ops).toEqual([]);
  });

  it('a server dry run is recorded as one', () => {
    const { objects, now } = served();
    const { ops } = runRecorded(
      mirrorSimulation(objects, now),
      'kubectl label node node-1 a=b --dry-run=server',
    );
    expect(ops.map((o) => o.dryRun)).toEqual([true]);
  });
});

describe('watchingCommand', () => {
  it('names the commands that follow the cluster over time', () => {
    expect(watchingCommand(['rollout', 'status', 'ds/x'])).toBe('kubectl rollout status');
    expect(watchingCommand(['get', 'pods', '-w'])).toBe('kubectl … --watch');
    expect(watchingCommand(['drain', 'node-1'])).toBe('kubectl drain');
    expect(watchingCommand(['get', 'pods'])).toBeNull();
    expect(watchingCommand(['rollout', 'history', 'ds/x'])).toBeNull();
    expect(watchingCommand(['-n', 'kube-system', 'logs', 'x'])).toBe('kubectl logs');
    expect(watchingCommand(['--namespace', 'logs', 'get', 'pods'])).toBeNull();
  });
});

describe('streamingCommand', () => {
  it('names the commands that open a stream to a container, after any global flags', () => {
    expect(streamingCommand(['exec', 'web', '--', 'ls'])).toBe('kubectl exec');
    expect(streamingCommand(['cp', 'web:/etc/hosts', 'hosts'])).toBe('kubectl cp');
    expect(streamingCommand(['-n', 'kube-system', 'cp', 'web:/a', 'a'])).toBe('kubectl cp');
    expect(streamingCommand(['--context', 'x', 'attach', 'web'])).toBe('kubectl attach');
    expect(streamingCommand(['port-forward', 'web', '8080:80'])).toBe('kubectl port-forward');
    expect(streamingCommand(['-n', 'exec', 'get', 'pods'])).toBeNull();
    expect(streamingCommand(['get', 'pods', 'cp'])).toBeNull();
  });

  it('takes debug as streaming only when it attaches (-i, -it, --attach), as debug.go defaults it', () => {
    expect(streamingCommand(['debug', 'web', '-it', '--image=busybox'])).toBe('kubectl debug --attach');
    expect(streamingCommand(['debug', 'web', '--stdin', '--image=busybox'])).toBe('kubectl debug --attach');
    expect(streamingCommand(['debug', 'web', '--attach', '--image=busybox'])).toBe('kubectl debug --attach');
    expect(streamingCommand(['debug', 'web', '-i', '--attach=false', '--image=b'])).toBeNull();
    expect(streamingCommand(['debug', 'web', '--image=busybox'])).toBeNull();
    expect(streamingCommand(['debug', 'web', '--image=busybox', '--', 'sh', '-i'])).toBeNull();
  });
});
