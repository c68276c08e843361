import { describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { probeLines } from './probe';

describe('expectations in the engine worker', () => {
  it('run read-only commands without changing the cluster, and refuse others', () => {
    const s = new Session();
    const before = s.sim.store.all().length;
    const r = probeLines(s, ['kubectl get nodes -o name', 'kubectl delete node node-1', 'sim node add x']);
    expect(r[0]).toEqual({ text: 'node/master\nnode/node-1\n', exitCode: 0 });
    expect(r[1].exitCode).toBe(1);
    expect(r[1].text).toContain('not a read-only command');
    expect(r[2].exitCode).toBe(1);
    expect(s.sim.store.all().length).toBe(before);
  });
});
