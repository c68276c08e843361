import { describe, expect, it } from 'vitest';
import { tokenize } from '../argv';
import { runKubectl } from '../index';
import { simWithNodes } from '../../testing/kubectl';
import type { Simulation } from '../../simulation';

function kc(sim: Simulation, line: string, stdin?: string) {
  const r = runKubectl(sim, tokenize(line).slice(1), { stdin });
  return { text: r.chunks.map((c) => c.text).join(''), exitCode: r.exitCode };
}

const POD = (name: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: c
    image: nginx
`;

// kubectl 1.33–1.35 RunWait: --for=create polls until every named object exists; on timeout it
// returns wait.ErrorInterrupted's text, naming no object (checked with the real kubectl).
describe('kubectl wait --for=create', () => {
  it('times out naming no object, after the timeout of simulated time', () => {
    const sim = simWithNodes(['node-1']);
    const t0 = sim.now();
    expect(kc(sim, 'kubectl wait --for=create pod/a pod/b --timeout=2s')).toEqual({
      text: 'error: timed out waiting for the condition\n',
      exitCode: 1,
    });
    expect(sim.now() - t0).toBe(2000);
  });

  it('reports each object once all exist', () => {
    const sim = simWithNodes(['node-1']);
    kc(sim, 'kubectl apply -f -', POD('a'));
    kc(sim, 'kubectl apply -f -', POD('b'));
    expect(kc(sim, 'kubectl wait --for=create pod/a pod/b --timeout=2s')).toEqual({
      text: 'pod/a condition met\npod/b condition met\n',
      exitCode: 0,
    });
  });

  it('one missing object is enough to time out: no object is reported met', () => {
    const sim = simWithNodes(['node-1']);
    kc(sim, 'kubectl apply -f -', POD('a'));
    expect(kc(sim, 'kubectl wait --for=create pod/a pod/b --timeout=1s').text).toBe(
      'error: timed out waiting for the condition\n',
    );
  });
});
