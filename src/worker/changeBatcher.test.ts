import { describe, expect, it } from 'vitest';
import { ARTICLE_MANIFEST, Session } from '../engine';
import { ChangeBatcher, splitBatch } from './changeBatcher';
import type { ChangeBatch } from '../wire/protocol';
import { syncHost, wholeBatches } from './hostHarness';
import { changeBatch } from '../wire/testing/changeBatch';

const NOW = { start: 0, playing: false, speed: 1, inputs: [] };

function run(s: Session, line: string, stdin?: string) {
  const r = s.exec(line, stdin);
  if (r.exitCode !== 0) throw new Error(`${line}: ${r.chunks.map((c) => c.text).join('')}`);
}

describe("ChangeBatcher: the engine's record of renumbered revisions", () => {
  it('goes with a reset, then only when it changed', () => {
    const s = new Session({ seed: 1 });
    const b = new ChangeBatcher();
    s.sim.watch((c) => b.object(c));
    expect(b.take(s.sim, true, NOW)[0].renumbered).toEqual([]);
    run(s, 'kubectl apply -f -', ARTICLE_MANIFEST);
    run(s, 'sim settle');
    run(
      s,
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
    );
    run(s, 'sim settle');
    expect(b.take(s.sim, false, NOW).some((x) => 'renumbered' in x)).toBe(false);
    run(s, 'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system');
    run(s, 'sim settle');
    const sent = b.take(s.sim, false, NOW).flatMap((x) => x.renumbered ?? []);
    expect(sent.map((r) => [r.daemonSet.name, r.previous])).toEqual([['fluentd-elasticsearch', [1]]]);
    expect(b.take(s.sim, false, NOW).some((x) => 'renumbered' in x)).toBe(false);
    // a restore (reset) sends it again, whole
    expect(b.take(s.sim, true, NOW).flatMap((x) => x.renumbered ?? [])).toEqual(sent);
  });

  it('a batch cut into several messages sends it once, with the last', () => {
    const rec = {
      namespace: 'a',
      daemonSet: { uid: 'u', name: 'd' },
      revision: 'd-1',
      uid: 'c',
      previous: [1],
    };
    const b = changeBatch({
      reset: true,
      renumbered: [rec],
      deletes: Array.from({ length: 5 }, (_, i) => ({ kind: 'Pod' as const, name: `p${i}` })),
    });
    const parts = splitBatch(b, 2);
    expect(parts.length).toBe(3);
    expect(parts.map((p) => p.renumbered)).toEqual([undefined, undefined, [rec]]);
    // the page shows the batch once, with its last message (issue 24)
    expect(parts.map((p) => p.more)).toEqual([true, true, undefined]);
  });

  it("a large cluster's first snapshot goes as messages of at most 250 changes, which join back into it", () => {
    // (the page takes each message in, structured clone and mirror, in a task of its own: a phone's
    // apply of a 1,000-change message was one long task of a share link's first seconds, issue 24)
    const messages: ChangeBatch[] = [];
    const { send } = syncHost((m) => {
      if ('type' in m && m.type === 'changes') messages.push(structuredClone(m));
    });
    send({ type: 'init', spec: { seed: 1, preset: 'large', nodes: 1000, inputs: [] } });
    const changes = (b: ChangeBatch) =>
      b.upserts.length +
      (b.compact ?? []).reduce((n, g) => n + g.items.length, 0) +
      (b.patches?.length ?? 0) +
      b.deletes.length +
      (b.eventRows?.length ?? 0) +
      (b.eventDeletes?.length ?? 0);
    const [snapshot] = wholeBatches(messages);
    expect(snapshot.reset).toBe(true);
    expect(changes(snapshot)).toBeGreaterThan(1000);
    const first = messages.slice(0, messages.findIndex((m) => !m.more) + 1);
    expect(first.length).toBeGreaterThan(2);
    for (const m of first) expect(changes(m)).toBeLessThanOrEqual(250);
    expect(first.map((m) => m.reset)).toEqual([true, ...first.slice(1).map(() => false)]);
    expect(splitBatch(snapshot, 250)).toEqual(first);
  });
});
