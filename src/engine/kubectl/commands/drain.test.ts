import { describe, expect, it } from 'vitest';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { FLUENTD_YAML } from '../../testing/builders';
import { applyCommand } from './apply';
import { drainCommand } from './drain';
import { runCommand } from './run';

function cluster() {
  const sim = simWithNodes(['node-1']);
  runDef(sim, applyCommand, '-f -', { stdin: FLUENTD_YAML });
  runDef(sim, runCommand, 'web --image=nginx');
  sim.settle();
  const dsPod = sim.store.list('Pod', 'kube-system')[0].metadata.name;
  return { sim, dsPod };
}

describe('kubectl drain', () => {
  it('refuses DaemonSet-managed and bare pods, listing both', () => {
    const { sim, dsPod } = cluster();
    const r = runDef(sim, drainCommand, 'node-1');
    const errs = [
      'cannot delete cannot delete Pods that declare no controller (use --force to override): default/web',
      `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/${dsPod}`,
    ];
    expect(r.stdout).toBe('node/node-1 cordoned\n');
    // The aggregate in the message, then one error per line at the end (kubectl's MultipleErrors).
    expect(r.stderr).toBe(
      `error: unable to drain node "node-1" due to error: [${errs.join(', ')}], continuing command...\nThere are pending nodes to be drained:\n node-1\n${errs.join('\n')}\n`,
    );
    expect(r.exitCode).toBe(1);
    expect(sim.store.get('Node', undefined, 'node-1')!.spec.unschedulable).toBe(true);
    expect(sim.store.get('Pod', 'default', 'web')).toBeDefined();
  });

  it('with --ignore-daemonsets --force: warns, evicts, waits, drains', () => {
    const { sim, dsPod } = cluster();
    const r = runDef(sim, drainCommand, 'node-1 --ignore-daemonsets --force');
    expect(r.text).toBe(
      'node/node-1 cordoned\n' +
        `Warning: deleting Pods that declare no controller: default/web; ignoring DaemonSet-managed Pods: kube-system/${dsPod}\n` +
        'evicting pod default/web\npod/web evicted\nnode/node-1 drained\n',
    );
    expect(sim.store.get('Pod', 'default', 'web')).toBeUndefined();
    expect(sim.store.get('Pod', 'kube-system', dsPod)).toBeDefined();
  });

  it('only the DaemonSet error without a bare pod', () => {
    const sim = simWithNodes(['node-1']);
    runDef(sim, applyCommand, '-f -', { stdin: FLUENTD_YAML });
    sim.settle();
    const dsPod = sim.store.list('Pod', 'kube-system')[0].metadata.name;
    const r = runDef(sim, drainCommand, 'node-1');
    const err = `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/${dsPod}`;
    expect(r.stderr).toBe(
      `error: unable to drain node "node-1" due to error: ${err}, continuing command...\nThere are pending nodes to be drained:\n node-1\n${err}\n`,
    );
    expect(runDef(sim, drainCommand, 'node-1 --ignore-daemonsets').text).toBe(
      `node/node-1 already cordoned\nWarning: ignoring DaemonSet-managed Pods: kube-system/${dsPod}\nnode/node-1 drained\n`,
    );
  });

  it('usage errors', () => {
    const sim = simWithNodes(['node-1']);
    expect(runDef(sim, drainCommand, '').stderr).toBe(
      "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples\n",
    );
    expect(runDef(sim, drainCommand, 'nope').stderr).toBe(
      'Error from server (NotFound): nodes "nope" not found\n',
    );
  });
});
