import { describe, expect, it } from 'vitest';
import { Simulation } from './simulation';
import { addNode } from './cluster/presets';
import { runKubectl } from './kubectl/index';
import type { KObject } from './api/types';
import { parseSelector } from './api/labels';

function setup() {
  const sim = new Simulation({ seed: 1 });
  addNode(sim, 'node-1');
  const node = sim.store.get('Node', undefined, 'node-1') as KObject;
  return { sim, node };
}

const out = (sim: Simulation, cmd: string) =>
  runKubectl(sim, cmd.split(' '), {})
    .chunks.map((c) => c.text)
    .join('');

describe('event recorder (EventCorrelator)', () => {
  it('counts repeats of the same event into one Event (count, first and last timestamp)', () => {
    const { sim, node } = setup();
    sim.recorder.event(node, 'Normal', 'Starting', 'Starting kubelet.', 'kubelet', 'node-1');
    sim.advance(5000);
    sim.recorder.event(node, 'Normal', 'Starting', 'Starting kubelet.', 'kubelet', 'node-1');
    const evs = sim.store.list('Event', 'default');
    expect(evs).toHaveLength(1);
    expect(evs[0].count).toBe(2);
    expect(evs[0].firstTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(evs[0].lastTimestamp).toBe('2026-01-01T00:00:05Z');
  });

  it('combines similar events (same reason, other message) from the 10th on', () => {
    const { sim, node } = setup();
    for (let i = 0; i < 14; i++) {
      sim.recorder.event(node, 'Normal', 'Thing', `thing ${i}`, 'kubelet', 'node-1');
      sim.advance(1000);
    }
    const evs = sim.store.list('Event', 'default');
    expect(evs.map((e) => e.message).filter((m) => !m.startsWith('(combined'))).toHaveLength(9);
    const combined = evs.filter((e) => e.message.startsWith('(combined from similar events): '));
    expect(combined).toHaveLength(1);
    expect(combined[0].count).toBe(5);
    expect(combined[0].message).toBe('(combined from similar events): thing 13');
  });

  it('starts a new group after 10 minutes without a similar event', () => {
    const { sim, node } = setup();
    for (let i = 0; i < 9; i++)
      sim.recorder.event(node, 'Normal', 'Thing', `thing ${i}`, 'kubelet', 'node-1');
    sim.advance(601_000);
    sim.recorder.event(node, 'Normal', 'Thing', 'thing 9', 'kubelet', 'node-1');
    expect(sim.store.list('Event', 'default').some((e) => e.message.startsWith('(combined'))).toBe(false);
  });

  it('lets a source write 25 events about one object, then one per 5 minutes', () => {
    const { sim, node } = setup();
    for (let i = 0; i < 40; i++) sim.recorder.event(node, 'Normal', `R${i}`, 'm', 'kubelet', 'node-1');
    expect(sim.store.count('Event')).toBe(25);
    sim.advance(299_000);
    sim.recorder.event(node, 'Normal', 'Late', 'm', 'kubelet', 'node-1');
    expect(sim.store.count('Event')).toBe(25);
    sim.advance(2_000);
    sim.recorder.event(node, 'Normal', 'Later', 'm', 'kubelet', 'node-1');
    expect(sim.store.count('Event')).toBe(26);
    // another source has its own budget
    sim.recorder.event(node, 'Normal', 'Other', 'm', 'node-controller');
    expect(sim.store.count('Event')).toBe(27);
  });

  it('drops an Event one hour (the API server TTL) after its last write', () => {
    const { sim, node } = setup();
    sim.recorder.event(node, 'Normal', 'A', 'a', 'kubelet', 'node-1');
    sim.advance(30 * 60_000);
    sim.recorder.event(node, 'Normal', 'B', 'b', 'kubelet', 'node-1');
    sim.advance(30 * 60_000 - 1);
    expect(sim.store.list('Event').map((e) => e.reason)).toEqual(['A', 'B']);
    sim.advance(1);
    expect(sim.store.list('Event').map((e) => e.reason)).toEqual(['B']);
    sim.advance(30 * 60_000);
    expect(sim.store.count('Event')).toBe(0);
  });

  it('makes Event objects only when asked, once per version, with a resourceVersion and uid like any object', () => {
    const { sim, node } = setup();
    const rv = Number(sim.store.resourceVersion());
    sim.recorder.event(node, 'Warning', 'Bad', 'bad', 'kubelet', 'node-1');
    const [a] = sim.store.list('Event');
    expect(Number(a.metadata.resourceVersion)).toBe(rv + 1);
    expect(a.metadata.uid).toMatch(/^[0-9a-f]{8}-/);
    expect(sim.store.list('Event')[0]).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(sim.store.get('Event', 'default', a.metadata.name)).toBe(a);
  });

  it('kubectl get events lists in the API order (by name), not by time', () => {
    const { sim } = setup();
    addNode(sim, 'a-node');
    const a = sim.store.get('Node', undefined, 'a-node') as KObject;
    const n1 = sim.store.get('Node', undefined, 'node-1') as KObject;
    sim.recorder.event(n1, 'Normal', 'First', 'first', 'kubelet', 'node-1');
    sim.advance(1000);
    sim.recorder.event(a, 'Normal', 'Second', 'second', 'kubelet', 'a-node');
    const lines = out(sim, 'get events').trim().split('\n');
    expect(lines[1]).toContain('node/a-node');
    expect(lines[2]).toContain('node/node-1');
  });

  it('keeps an Event written through the API whole', () => {
    const { sim } = setup();
    const ev = sim.store.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'x.1', namespace: 'default', labels: { a: 'b' } },
      involvedObject: { kind: 'Node', name: 'node-1' },
      reason: 'R',
      message: 'm',
      source: { component: 'me' },
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: '2026-01-01T00:00:00Z',
      count: 1,
      type: 'Normal',
    } as unknown as KObject);
    expect(sim.store.get('Event', 'default', 'x.1')).toBe(ev);
    expect(sim.store.list('Event', 'default', parseSelector('a=b'))).toHaveLength(1);
    expect(sim.store.list('Event', 'default', parseSelector('a=c'))).toHaveLength(0);
    sim.store.delete('Event', 'default', 'x.1');
    expect(sim.store.count('Event')).toBe(0);
  });
});
