// `sim why pod/NAME` reads the feasible nodes from an explanation's ScheduleResult (a scheduling
// cycle leaves them out: only the explanation needs them). One feasible node is taken unscored and
// shown as "the only feasible node"; the others as filtered out or feasible but not scored.

import { describe, expect, it } from 'vitest';
import type { KObject, Pod } from '../api/types';
import { applyPreset } from '../cluster/presets';
import { Simulation } from '../simulation';
import { whyPod } from './why';

function pod(name: string, nodeSelector?: Record<string, string>): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { nodeSelector, containers: [{ name: 'c', image: 'nginx:1.27' }] },
  } as unknown as KObject;
}

describe('sim why pod: the feasible nodes of an explanation', () => {
  it('names the only feasible node, and a cycle leaves the list out', () => {
    const sim = new Simulation({ seed: 1 });
    applyPreset(sim, 'large', 12);
    const nodes = sim.store.list('Node').map((n) => n.metadata.name);
    const target = nodes[5];
    sim.store.create(pod('one', { 'kubernetes.io/hostname': target }));
    const stored = sim.store.get('Pod', 'default', 'one') as Pod;
    const explained = sim.scheduler.schedulePod(stored, false);
    expect(explained).toMatchObject({ node: target, feasible: [target] });
    const r = whyPod(sim, 'default', 'one');
    const verdicts = new Map(r.nodes.map((n) => [n.node, n.verdict]));
    expect(verdicts.get(target)).toBe('only');
    for (const n of nodes) if (n !== target) expect(verdicts.get(n)).toBe('infeasible');
    // a cycle binds its pick and makes no list of names
    const cycle = sim.scheduler.schedulePod(stored);
    expect(cycle).toMatchObject({ node: target });
    expect('node' in cycle && cycle.feasible).toBeUndefined();
  });
});
