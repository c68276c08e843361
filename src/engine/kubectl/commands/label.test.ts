import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { newNode } from '../../cluster/nodeFactory';
import { newDaemonSet } from '../../testing/builders';
import { runDef } from '../../testing/kubectl';
import { annotateCommand, labelCommand } from './label';
import { runCommand } from './run';

function sim() {
  const s = new Simulation();
  s.store.create(newNode('node-1', { index: 0, now: s.iso(), labels: { disk: 'ssd' } }));
  s.store.create(newNode('node-2', { index: 1, now: s.iso() }));
  s.store.create(newDaemonSet('ds1'));
  return s;
}
const labelsOf = (s: Simulation) => s.store.get('Node', undefined, 'node-1')!.metadata.labels!;

describe('kubectl label', () => {
  it('labels, reports no-ops, unlabels', () => {
    const s = sim();
    expect(runDef(s, labelCommand, 'nodes node-1 gpu=true').stdout).toBe('node/node-1 labeled\n');
    expect(labelsOf(s).gpu).toBe('true');
    expect(runDef(s, labelCommand, 'nodes node-1 gpu=true').stdout).toBe('node/node-1 not labeled\n');
    expect(runDef(s, labelCommand, 'node/node-1 gpu-').stdout).toBe('node/node-1 unlabeled\n');
    expect(labelsOf(s).gpu).toBeUndefined();
    expect(runDef(s, labelCommand, 'nodes node-1 gpu-').stdout).toBe(
      'label "gpu" not found.\nnode/node-1 not labeled\n',
    );
    expect(runDef(s, labelCommand, 'nodes node-1 a=b disk-').stdout).toBe('node/node-1 label(s) changed\n');
  });

  it('needs --overwrite to change a value', () => {
    const s = sim();
    const r = runDef(s, labelCommand, 'nodes node-1 disk=hdd');
    expect(r).toMatchObject({
      stderr: "error: 'disk' already has a value (ssd), and --overwrite is false\n",
      exitCode: 1,
    });
    expect(runDef(s, labelCommand, 'nodes node-1 disk=hdd --overwrite').stdout).toBe('node/node-1 labeled\n');
    expect(labelsOf(s).disk).toBe('hdd');
  });

  it('works on daemonsets and all nodes', () => {
    const s = sim();
    expect(runDef(s, labelCommand, 'ds ds1 tier=x').stdout).toBe('daemonset.apps/ds1 labeled\n');
    expect(runDef(s, labelCommand, 'nodes --all zone=a').stdout).toBe(
      'node/node-1 labeled\nnode/node-2 labeled\n',
    );
  });

  it.each([
    ['nodes node-1 a=b=c', 'error: invalid label spec: a=b=c\n'],
    [
      'nodes node-1 a=-x',
      `error: invalid label value: "a=-x": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')\n`,
    ],
    ['nodes node-1', 'error: at least one label update is required\n'],
    ['a=b', 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n'],
    ['nodes node-1 a=b a-', 'error: can not both modify and remove a label in the same command\n'],
    ['nodes nope a=b', 'Error from server (NotFound): nodes "nope" not found\n'],
  ])('kubectl label %s', (args, stderr) => {
    expect(runDef(sim(), labelCommand, args).stderr).toBe(stderr);
  });

  it('lets the API server validate keys', () => {
    const r = runDef(sim(), labelCommand, ['nodes', 'node-1', 'bad key=v']);
    expect(r.stderr).toMatch(
      /^The Node "node-1" is invalid: metadata\.labels: Invalid value: "bad key": name part must consist/,
    );
  });
});

describe('kubectl annotate', () => {
  it('annotates and checks overwrites', () => {
    const s = sim();
    expect(runDef(s, annotateCommand, 'node node-1 note=hello').stdout).toBe('node/node-1 annotated\n');
    expect(runDef(s, annotateCommand, 'node node-1 note=bye').stderr).toBe(
      "error: --overwrite is false but found the following declared annotation(s): 'note' already has a value (hello)\n",
    );
    expect(runDef(s, annotateCommand, 'node node-1 note-').stdout).toBe('node/node-1 annotated\n');
    expect(s.store.get('Node', undefined, 'node-1')!.metadata.annotations?.note).toBeUndefined();
  });
});

describe('kubectl run', () => {
  it('creates a bare pod labelled run=NAME', () => {
    const s = sim();
    expect(runDef(s, runCommand, 'web --image=nginx').stdout).toBe('pod/web created\n');
    const pod = s.store.get('Pod', 'default', 'web')!;
    expect(pod.metadata.labels).toEqual({ run: 'web' });
    expect(pod.spec.containers[0]).toMatchObject({ name: 'web', image: 'nginx', imagePullPolicy: 'Always' });
    expect(pod.metadata.ownerReferences).toBeUndefined();
  });

  it('honours --labels, --restart, -n and --dry-run', () => {
    const s = sim();
    expect(
      runDef(s, runCommand, 'job1 --image=busybox --restart=Never --labels=app=a,tier=b -n kube-system')
        .stdout,
    ).toBe('pod/job1 created\n');
    const pod = s.store.get('Pod', 'kube-system', 'job1')!;
    expect(pod.metadata.labels).toEqual({ app: 'a', tier: 'b' });
    expect(pod.spec.restartPolicy).toBe('Never');
    expect(runDef(s, runCommand, 'x --image=nginx --dry-run=client').stdout).toBe(
      'pod/x created (dry run)\n',
    );
    expect(s.store.get('Pod', 'default', 'x')).toBeUndefined();
  });

  it('errors', () => {
    expect(runDef(sim(), runCommand, 'web').stderr).toBe('error: required flag(s) "image" not set\n');
    const s = sim();
    runDef(s, runCommand, 'web --image=nginx');
    expect(runDef(s, runCommand, 'web --image=nginx').stderr).toBe(
      'Error from server (AlreadyExists): pods "web" already exists\n',
    );
  });
});
