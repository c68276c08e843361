// The mirror names the nodes that changed in each publish (the overview redraws only those): no
// change to a node's object, pods or waiting pods may be left out, and a quiet step names few.

import { describe, expect, it } from 'vitest';
import { syncHost } from '../worker/hostHarness';
import { Mirror, NO_PODS } from './clusterSlice';
import { ARTICLE_MANIFEST } from '../engine/scripts';

describe('Mirror.publish: nodesChanged', () => {
  it('names every node whose object, pods or waiting pods changed', () => {
    const held = new Mirror();
    const seen: { changed: number; missed: string[]; resets: number }[] = [];
    const snap = () => {
      const out = new Map<string, unknown[]>();
      for (const [key, n] of held.maps.get('Node')!) {
        const name = key.slice(1);
        out.set(name, [n, held.pods.arrays.get(name) ?? NO_PODS, held.waiting.arrays.get(name) ?? NO_PODS]);
      }
      return out;
    };
    let before = snap();
    const { send } = syncHost((m) => {
      if (!('type' in m) || m.type !== 'changes') return;
      held.apply(structuredClone(m));
      const { nodesChanged } = held.publish();
      const after = snap();
      if (nodesChanged === 'all') seen.push({ changed: after.size, missed: [], resets: 1 });
      else {
        const missed: string[] = [];
        for (const [name, v] of after) {
          const old = before.get(name);
          if (!old || old.some((x, i) => x !== v[i])) if (!nodesChanged.has(name)) missed.push(name);
        }
        for (const name of before.keys()) if (!after.has(name) && !nodesChanged.has(name)) missed.push(name);
        seen.push({ changed: nodesChanged.size, missed, resets: 0 });
      }
      before = after;
    });
    send({ type: 'init', spec: { seed: 3, preset: 'large', nodes: 60, inputs: [] } });
    send({ type: 'exec', line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST });
    send({ type: 'advance', ms: 6000 });
    send({
      type: 'exec',
      line: 'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
    });
    send({ type: 'exec', line: 'kubectl cordon node-0007' });
    send({ type: 'exec', line: 'sim node add extra-1' });
    send({ type: 'exec', line: 'kubectl delete node node-0009' });
    for (let i = 0; i < 30; i++) send({ type: 'advance', ms: 500 });
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.flatMap((s) => s.missed)).toEqual([]);
    // a rollout step touches a few nodes, not all sixty
    const steps = seen.filter((s) => !s.resets && s.changed > 0);
    expect(steps.length).toBeGreaterThan(5);
    expect(Math.min(...steps.map((s) => s.changed))).toBeLessThan(10);
  });
});
