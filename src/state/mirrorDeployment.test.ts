// A Deployment's rolling update as the page receives it: the engine's changes through the worker's
// ChangeBatcher (compact groups, patches) into the page's
// Mirror, one batch per tick as the host sends them. Issue 23: `bench:page` once measured 0.08 MB for a
// 3,000-replica rollout (1.14 MB for 79 daemon pods), so whether the page is sent every replaced pod
// is checked here against the engine's own state, at a size where the new ReplicaSet's pods go as
// compact groups.

import { describe, expect, it } from 'vitest';
import { type Kind, type KObject, Session } from '../engine';
import { deepEqual } from '../engine/predicates';
import { ChangeBatcher } from '../worker/changeBatcher';
import type { ChangeBatch } from '../wire/protocol';
import { decodeGroup } from '../wire/delta';
import { Mirror } from './clusterSlice';

function run(session: Session, line: string): string {
  const r = session.exec(line);
  const text = r.chunks.map((c) => c.text).join('');
  if (r.exitCode !== 0) throw new Error(`${line} failed (${r.exitCode}): ${text}`);
  return text;
}

/** What the page learnt of the Deployment's pods in a run of batches. */
function podsSeen(batches: readonly ChangeBatch[]): { created: Set<string>; deleted: Set<string> } {
  const created = new Set<string>();
  const deleted = new Set<string>();
  const isWeb = (o: KObject) => o.kind === 'Pod' && o.metadata.labels?.app === 'web';
  for (const b of batches) {
    for (const o of b.upserts) if (isWeb(o)) created.add(o.metadata.name);
    for (const g of b.compact ?? [])
      for (const o of decodeGroup<KObject>(g)) if (isWeb(o)) created.add(o.metadata.name);
    for (const d of b.deletes) if (d.kind === 'Pod' && d.name.startsWith('web-')) deleted.add(d.name);
  }
  return { created, deleted };
}

describe('the page’s mirror through a Deployment’s rolling update', () => {
  it('receives every replaced pod and ends equal to the engine’s pods', () => {
    const replicas = 300;
    const session = new Session({ seed: 1, preset: 'large', nodes: 30 });
    const sim = session.sim;
    const batcher = new ChangeBatcher();
    sim.watch((c) => batcher.object(c));
    const mirror = new Mirror();
    const meta = { start: 0, playing: true, speed: 60, inputs: [] };
    const sent: ChangeBatch[] = [];
    const pump = () => {
      for (const b of batcher.take(sim, false, meta)) {
        sent.push(b);
        mirror.apply(b);
      }
    };
    for (const b of batcher.take(sim, true, meta)) mirror.apply(b);
    // the host's play loop: 100 ms ticks at 60x, a batch after each
    const play = () => {
      for (let i = 0; i < 1000 && sim.nextAt() !== undefined; i++) {
        sim.advance(6000);
        pump();
      }
    };
    run(session, `kubectl create deployment web --image=nginx:1.27 --replicas=${replicas}`);
    pump();
    play();
    const fromRollout = sent.length;
    run(session, 'kubectl set image deploy/web nginx=nginx:1.28');
    pump();
    play();

    const enginePods = sim.store.list('Pod', 'default');
    expect(enginePods.filter((p) => p.spec.containers[0].image === 'nginx:1.28')).toHaveLength(replicas);
    // the page holds exactly the engine's objects (pods, ReplicaSets, the Deployment…), field for field
    const differ: string[] = [];
    let count = 0;
    for (const o of sim.store.all({ events: false })) {
      count++;
      const key = `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
      if (!deepEqual(mirror.get(o.kind as Kind, key), o)) differ.push(`${o.kind} ${key}`);
    }
    expect(differ).toEqual([]);
    let held = 0;
    for (const [kind, m] of mirror.maps) if (kind !== 'Event') held += m.size;
    expect(held).toBe(count);
    // and was told of each new pod and each deleted old one during the rollout
    const seen = podsSeen(sent.slice(fromRollout));
    expect(seen.created.size).toBe(replicas);
    expect(seen.deleted.size).toBe(replicas);
    // the new pods went as compact groups (COMPACT_FROM of a kind in one batch)
    expect(sent.slice(fromRollout).some((b) => (b.compact ?? []).some((g) => g.kind === 'Pod'))).toBe(true);
  });
});
