import { describe, expect, it } from 'vitest';
import { tokenize } from '../argv';
import { runKubectl } from '../index';
import { simWithNodes } from '../testing';
import type { Simulation } from '../../simulation';

function kc(sim: Simulation, line: string) {
  const r = runKubectl(sim, tokenize(line).slice(1), {});
  return { text: r.chunks.map((c) => c.text).join(''), exitCode: r.exitCode };
}

// The words of kubectl 1.33–1.35 (LogsOptions.Complete, logsForObjectWithClient), checked with the
// real kubectl against the served cluster (src/scenarios/logs-edit-pause).
describe('kubectl logs errors', () => {
  it('a missing object: the builder NotFound, with the namespace', () => {
    const sim = simWithNodes(['node-1']);
    expect(kc(sim, 'kubectl logs nope')).toEqual({ text: 'error: error from server (NotFound): pods "nope" not found in namespace "default"\n', exitCode: 1 });
    expect(kc(sim, 'kubectl logs ds/nope -n kube-system').text).toBe(
      'error: error from server (NotFound): daemonsets.apps "nope" not found in namespace "kube-system"\n',
    );
    expect(kc(sim, 'kubectl logs node/nope').text).toBe('error: error from server (NotFound): nodes "nope" not found in namespace "default"\n');
  });

  it('an object without a pod selector', () => {
    const sim = simWithNodes(['node-1']);
    const node = sim.store.list('Node')[0].metadata.name;
    expect(kc(sim, `kubectl logs node/${node}`).text).toBe('error: cannot get the logs from *v1.Node: selector for *v1.Node not implemented\n');
  });
});
