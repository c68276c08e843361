// End-to-end: commands driving the real controllers through the simulation.
import { describe, expect, it } from 'vitest';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { FLUENTD_YAML } from '../../testing/builders';
import { applyCommand } from './apply';
import { setImageCommand } from './setImage';
import { rolloutHistoryCommand, rolloutStatusCommand, rolloutUndoCommand } from './rollout';
import { deleteCommand } from './delete';
import type { Chunk } from '../types';

const NS = '-n kube-system';
const DS = 'fluentd-elasticsearch';
const STATUS_LINE =
  /^(Waiting for daemon set spec update to be observed\.\.\.|Waiting for daemon set "fluentd-elasticsearch" rollout to finish: \d+ (out of \d+ new pods have been updated|of \d+ updated pods are available)\.\.\.|daemon set "fluentd-elasticsearch" successfully rolled out)$/;

function cluster() {
  const sim = simWithNodes(['node-1', 'node-2', 'node-3']);
  runDef(sim, applyCommand, '-f -', { stdin: FLUENTD_YAML });
  return sim;
}

describe('rollout status (watching the simulation)', () => {
  it('streams one line per DaemonSet update until the rollout is done', () => {
    const sim = cluster();
    const chunks: Chunk[] = [];
    const r = runDef(sim, rolloutStatusCommand, `ds/${DS} ${NS}`, { onChunk: (c) => chunks.push({ ...c }) });
    const lines = r.stdout.trimEnd().split('\n');
    expect(r.exitCode).toBe(0);
    expect(lines[0]).toBe('Waiting for daemon set spec update to be observed...');
    expect(lines[lines.length - 1]).toBe('daemon set "fluentd-elasticsearch" successfully rolled out');
    for (const l of lines) expect(l).toMatch(STATUS_LINE);
    expect(chunks.length).toBeGreaterThan(1);
    // Done: a second call prints the final line at once.
    expect(runDef(sim, rolloutStatusCommand, `ds/${DS} ${NS}`).stdout).toBe(
      'daemon set "fluentd-elasticsearch" successfully rolled out\n',
    );
  });

  it('follows a set image rollout, then history and undo renumber the revisions', () => {
    const sim = cluster();
    sim.settle();
    expect(
      runDef(
        sim,
        setImageCommand,
        `ds/${DS} ${DS}=quay.io/fluentd_elasticsearch/fluentd:v2.6.0 ${NS} --record`,
      ).stdout,
    ).toBe('daemonset.apps/fluentd-elasticsearch image updated\n');
    const r = runDef(sim, rolloutStatusCommand, `ds/${DS} ${NS}`);
    expect(r.stdout).toContain('new pods have been updated...');
    expect(r.stdout.endsWith('daemon set "fluentd-elasticsearch" successfully rolled out\n')).toBe(true);
    expect(runDef(sim, rolloutHistoryCommand, `ds/${DS} ${NS}`).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch \nREVISION  CHANGE-CAUSE\n1         <none>\n2         kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=quay.io/fluentd_elasticsearch/fluentd:v2.6.0 --namespace=kube-system --record=true\n\n',
    );
    expect(runDef(sim, rolloutUndoCommand, `ds/${DS} ${NS}`).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch rolled back\n',
    );
    runDef(sim, rolloutStatusCommand, `ds/${DS} ${NS}`);
    expect(runDef(sim, rolloutHistoryCommand, `ds/${DS} ${NS}`).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch \nREVISION  CHANGE-CAUSE\n2         kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=quay.io/fluentd_elasticsearch/fluentd:v2.6.0 --namespace=kube-system --record=true\n3         <none>\n\n',
    );
  });

  it('times out after --timeout of simulated time', () => {
    const sim = cluster();
    const t0 = sim.now();
    const r = runDef(sim, rolloutStatusCommand, `ds/${DS} ${NS} --timeout=10ms`);
    expect(r.stderr).toBe('error: timed out waiting for the condition\n');
    expect(r.exitCode).toBe(1);
    expect(sim.now()).toBeLessThanOrEqual(t0 + 10);
  });

  it('stops when the DaemonSet is deleted', () => {
    const sim = cluster();
    sim.settle();
    runDef(sim, setImageCommand, `ds/${DS} ${DS}=x:2 ${NS}`);
    sim.enqueue('test', 'delete', 1, 'delete the DaemonSet mid-rollout', () => {
      runDef(sim, deleteCommand, `ds/${DS} ${NS} --wait=false`);
    });
    const r = runDef(sim, rolloutStatusCommand, `ds/${DS} ${NS}`);
    expect(r.stderr).toBe('error: object has been deleted\n');
  });
});
