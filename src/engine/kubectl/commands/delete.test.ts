import { describe, expect, it } from 'vitest';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { FLUENTD_YAML } from '../../testing/builders';
import { deleteCommand } from './delete';
import { runCommand } from './run';
import { applyCommand } from './apply';

const FORCE_WARNING =
  'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';

describe('kubectl delete', () => {
  it('deletes a pod and waits for its graceful termination', () => {
    const sim = simWithNodes(['node-1']);
    runDef(sim, runCommand, 'web --image=nginx');
    sim.settle();
    expect(sim.store.get('Pod', 'default', 'web')!.status.phase).toBe('Running');
    const t0 = sim.now();
    expect(runDef(sim, deleteCommand, 'pod web').stdout).toBe('pod "web" deleted from default namespace\n');
    expect(sim.store.get('Pod', 'default', 'web')).toBeUndefined();
    expect(sim.now()).toBeGreaterThan(t0);
  });

  it('--wait=false returns while the pod is still terminating', () => {
    const sim = simWithNodes(['node-1']);
    runDef(sim, runCommand, 'web --image=nginx');
    sim.settle();
    expect(runDef(sim, deleteCommand, 'pods/web --wait=false').stdout).toBe(
      'pod "web" deleted from default namespace\n',
    );
    expect(sim.store.get('Pod', 'default', 'web')!.metadata.deletionTimestamp).toBeDefined();
  });

  it('--force --grace-period=0 removes it at once', () => {
    const sim = simWithNodes(['node-1']);
    runDef(sim, runCommand, 'web --image=nginx');
    sim.settle();
    const t0 = sim.now();
    const r = runDef(sim, deleteCommand, 'pod web --force --grace-period=0');
    expect(r.text).toBe(`${FORCE_WARNING}pod "web" force deleted from default namespace\n`);
    expect(sim.store.get('Pod', 'default', 'web')).toBeUndefined();
    expect(sim.now()).toBe(t0);
  });

  it('deletes daemonsets (namespaced, with group) and nodes (cluster-scoped)', () => {
    const sim = simWithNodes(['node-1', 'node-2']);
    runDef(sim, applyCommand, '-f -', { stdin: FLUENTD_YAML });
    expect(runDef(sim, deleteCommand, 'ds fluentd-elasticsearch -n kube-system').stdout).toBe(
      'daemonset.apps "fluentd-elasticsearch" deleted from kube-system namespace\n',
    );
    expect(runDef(sim, deleteCommand, 'node node-1 node-2').stdout).toBe(
      'node "node-1" deleted\nnode "node-2" deleted\n',
    );
  });

  it('deletes from a file', () => {
    const sim = simWithNodes([]);
    runDef(sim, applyCommand, '-f -', { stdin: FLUENTD_YAML });
    expect(runDef(sim, deleteCommand, '-f -', { stdin: FLUENTD_YAML }).stdout).toBe(
      'daemonset.apps "fluentd-elasticsearch" deleted from kube-system namespace\n',
    );
    expect(runDef(sim, deleteCommand, '-f -', { stdin: FLUENTD_YAML }).stderr).toBe(
      'Error from server (NotFound): error when deleting "STDIN": daemonsets.apps "fluentd-elasticsearch" not found\n',
    );
  });

  it('selects with -l and --all', () => {
    const sim = simWithNodes(['node-1']);
    runDef(sim, runCommand, 'a --image=nginx --labels=app=x');
    runDef(sim, runCommand, 'b --image=nginx --labels=app=y');
    expect(runDef(sim, deleteCommand, 'pods -l app=x --wait=false').stdout).toBe(
      'pod "a" deleted from default namespace\n',
    );
    expect(runDef(sim, deleteCommand, 'pods -l app=none').stdout).toBe('No resources found\n');
    expect(runDef(sim, deleteCommand, 'pods --all --wait=false').stdout).toBe(
      'pod "b" deleted from default namespace\n',
    );
  });

  it.each([
    ['pod nope', 'Error from server (NotFound): pods "nope" not found\n'],
    ['pods', 'error: resource(s) were provided, but no name was specified\n'],
    [
      'pod x --cascade=sideways',
      'error: invalid cascade value (sideways). Must be "background", "foreground", or "orphan".\n',
    ],
    [
      'pod x --force --grace-period=5',
      'error: --force and --grace-period greater than 0 cannot be specified together\n',
    ],
    ['foos x', 'error: the server doesn\'t have a resource type "foos"\n'],
  ])('kubectl delete %s', (args, stderr) => {
    expect(runDef(simWithNodes([]), deleteCommand, args).stderr).toBe(stderr);
  });

  it('--ignore-not-found', () => {
    expect(runDef(simWithNodes([]), deleteCommand, 'pod nope --ignore-not-found')).toMatchObject({
      stdout: '',
      stderr: '',
      exitCode: 0,
    });
  });
});
