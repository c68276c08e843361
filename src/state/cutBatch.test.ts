// A batch cut in parts (cutBatch.ts) and applied part by part gives the page what the whole batch
// gives: the oracle is the whole batch applied at once, to a mirror and to the store's cluster slice.

import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { syncHost, wholeBatches } from '../worker/hostHarness';
import type { ChangeBatch } from '../wire/protocol';
import { createClusterSlice, Mirror } from './clusterSlice';
import type { AppState } from './store';
import { ARTICLE_MANIFEST } from '../engine/scripts';
import { cutBatch, newObjects } from './cutBatch';

/**
 * The batches the worker's host sends for a large cluster: its snapshot, an apply, a minute, then a reset
 * of the same — each whole (the messages a large one was sent as, joined back: the queue cuts whole batches).
 */
function hostBatches(): ChangeBatch[] {
  const batches: ChangeBatch[] = [];
  const { send } = syncHost((m) => {
    if ('type' in m && m.type === 'changes') batches.push(structuredClone(m));
  });
  const spec = { seed: 1, preset: 'large' as const, nodes: 300, inputs: [] };
  send({ type: 'init', spec });
  send({ type: 'exec', line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST });
  send({ type: 'advance', ms: 60_000 });
  // a restart of the engine: the same cluster again, as a reset
  send({
    type: 'init',
    spec: {
      ...spec,
      inputs: [{ at: 0, line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST }],
      until: 60_000,
    },
  });
  return wholeBatches(batches);
}

/** A batch as parts of `n` new objects and its rest, as the queue stages them. */
function parts(b: ChangeBatch, n: number): ChangeBatch[] {
  const out: ChangeBatch[] = [];
  let rest = b;
  while (newObjects(rest) > n) {
    const [part, r] = cutBatch(rest, n);
    out.push(part);
    rest = r;
  }
  return [...out, rest];
}

const flat = (m: Mirror) =>
  Object.fromEntries([...m.maps].map(([k, objs]) => [k, Object.fromEntries(objs)] as const));

describe('cutBatch', () => {
  const batches = hostBatches();

  it('has batches worth cutting: a reset with hundreds of new objects, in compact groups', () => {
    const resets = batches.filter((b) => b.reset);
    expect(resets.length).toBe(2);
    expect(Math.max(...batches.map(newObjects))).toBeGreaterThan(300);
    expect(batches.some((b) => (b.compact ?? []).some((g) => g.items.length > 100))).toBe(true);
  });

  for (const n of [1, 37, 128])
    it(`parts of ${n} give the mirror the same objects, pod lists and kept identities`, () => {
      const whole = new Mirror();
      const cut = new Mirror();
      for (const b of batches) {
        const heldWhole = flat(whole);
        const heldCut = flat(cut);
        whole.apply(b);
        for (const p of parts(b, n)) cut.apply(p);
        const a = whole.publish();
        const c = cut.publish();
        expect(JSON.parse(JSON.stringify(flat(cut)))).toEqual(JSON.parse(JSON.stringify(flat(whole))));
        expect([...cut.pods.arrays.keys()].sort()).toEqual([...whole.pods.arrays.keys()].sort());
        for (const [node, pods] of whole.pods.arrays)
          expect(cut.pods.arrays.get(node)!.map((p) => p.metadata.name)).toEqual(
            pods.map((p) => p.metadata.name),
          );
        expect(c.podsChanged).toBe(a.podsChanged);
        expect(c.nodesChanged === 'all').toBe(a.nodesChanged === 'all');
        // an object kept (same identity) by the whole batch is kept by its parts, and only those
        for (const k of whole.maps.keys()) {
          const nowWhole = whole.maps.get(k)!;
          for (const [key, o] of nowWhole) {
            const keptWhole = heldWhole[k][key] === o;
            const keptCut = heldCut[k][key] === cut.maps.get(k)!.get(key);
            expect(keptCut, `${k} ${key}`).toBe(keptWhole);
          }
        }
      }
    });

  it('gives the store the same steps, events, revisions and clock', () => {
    const store = () => createStore<AppState>()((...a) => createClusterSlice(...a) as unknown as AppState);
    const whole = store();
    const cut = store();
    for (const b of batches) {
      whole.getState().applyBatches([b]);
      const ps = parts(b, 50);
      cut.getState().stageBatches(ps.slice(0, -1));
      cut.getState().applyBatches(ps.slice(-1));
      const w = whole.getState();
      const c = cut.getState();
      for (const f of [
        'steps',
        'events',
        'renumbered',
        'now',
        'start',
        'playing',
        'speed',
        'namespace',
        'nodeNames',
      ] as const)
        expect(c[f], f).toEqual(w[f]);
      expect(c.inputs).toEqual(w.inputs);
      expect(Object.keys(c.objects.Pod).length).toBe(Object.keys(w.objects.Pod).length);
    }
  });
});
