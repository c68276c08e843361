import { describe, expect, it } from 'vitest';
import { newNode } from '../../cluster/nodeFactory';
import { getPodCondition } from '../../api/podutil';
import type { Pod } from '../../api/types';
import { Simulation } from '../../simulation';
import { TIMINGS } from '../../timings';

function cluster(): Simulation {
  const sim = new Simulation({ seed: 1 });
  sim.store.create(newNode('n1', { index: 0, now: sim.iso() }));
  sim.store.create(newNode('n2', { index: 1, now: sim.iso() }));
  for (const [name, node] of [
    ['a', 'n1'],
    ['b', 'n1'],
    ['c', 'n2'],
  ]) {
    sim.store.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'nginx:1.27' }], nodeName: node },
    } as unknown as Pod);
  }
  sim.settle();
  return sim;
}

const get = (sim: Simulation, name: string) => sim.store.get('Pod', 'default', name);

describe('PodGCController', () => {
  it('force-deletes pods of a deleted node after the next gc tick plus the quarantine', () => {
    const sim = cluster();
    sim.advance(7_000);
    const last = new Map<string, Pod>();
    sim.watch((c) => {
      if (c.kind === 'Pod' && c.type === 'MODIFIED') last.set(c.obj.metadata.name, c.obj as Pod);
    });
    const deletedAt = sim.now();
    sim.store.delete('Node', undefined, 'n1');
    // The check is at the first 20 s tick after the deletion (counted from the start) + 40 s.
    const start = Date.parse('2026-01-01T00:00:00Z');
    const tick =
      start + (Math.floor((deletedAt - start) / TIMINGS.podGCPeriodMs) + 1) * TIMINGS.podGCPeriodMs;
    const due = tick + TIMINGS.podGCQuarantineMs;
    expect(due - deletedAt).toBeGreaterThanOrEqual(40_000);
    expect(due - deletedAt).toBeLessThanOrEqual(60_000);
    sim.advance(due - deletedAt - 1);
    expect(get(sim, 'a')).toBeDefined();
    sim.advance(1);
    expect(get(sim, 'a')).toBeUndefined();
    expect(get(sim, 'b')).toBeUndefined();
    expect(get(sim, 'c')).toBeDefined();
    const final = last.get('a')!;
    expect(final.status.phase).toBe('Failed');
    expect(getPodCondition(final, 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'DeletionByPodGC',
      message: 'PodGC: node no longer exists',
    });
    sim.settle();
    expect(sim.nextAt()).toBeUndefined();
  });

  it('removes them between 40 s and 60 s after the node is deleted, whenever that happens', () => {
    for (const offset of [0, 1, 5_000, 19_999, 20_000, 33_333]) {
      const sim = cluster();
      sim.advance(offset);
      const deletedAt = sim.now();
      sim.store.delete('Node', undefined, 'n2');
      let goneAt: number | undefined;
      sim.watch((c) => {
        if (c.kind === 'Pod' && c.type === 'DELETED' && c.obj.metadata.name === 'c') goneAt = sim.now();
      });
      sim.settle();
      expect(goneAt).toBeDefined();
      expect(goneAt! - deletedAt).toBeGreaterThan(40_000);
      expect(goneAt! - deletedAt).toBeLessThanOrEqual(60_000);
    }
  });

  it('keeps the pods when the node comes back before the check, and stays quiet when idle', () => {
    const sim = cluster();
    expect(sim.nextAt()).toBeUndefined();
    sim.store.delete('Node', undefined, 'n1');
    sim.advance(10_000);
    sim.store.create(newNode('n1', { index: 0, now: sim.iso() }));
    sim.settle();
    expect(get(sim, 'a')).toBeDefined();
    expect(sim.nextAt()).toBeUndefined();
  });
});
