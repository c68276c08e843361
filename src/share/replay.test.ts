// A link restores the same cluster: the inputs of a session, encoded, decoded and replayed by the
// worker host, give the same pods (same names), the same revision chain and the same clock.

import { describe, expect, it } from 'vitest';
import { syncHost } from '../worker/hostHarness';
import type { ChangeBatch } from '../wire/protocol';
import type { KObject } from '../engine';
import { ARTICLE_MANIFEST } from '../engine/scripts';
import { decodeShared, encodeShared } from './codec';
import type { SharedState } from './types';

function host() {
  const objects = new Map<string, KObject>();
  let last: ChangeBatch | undefined;
  const { send } = syncHost((m) => {
    if ('type' in m && m.type === 'changes') {
      if (m.reset) objects.clear();
      for (const o of m.upserts) objects.set(`${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`, o);
      for (const d of m.deletes) objects.delete(`${d.kind}/${d.namespace ?? ''}/${d.name}`);
      last = m;
    }
  });
  const names = (kind: string) =>
    [...objects.values()]
      .filter((o) => o.kind === kind)
      .map((o) => o.metadata.name)
      .sort();
  return { send, names, last: () => last! };
}

describe('replaying a shared state', () => {
  it('gives the same pods, revisions and clock', () => {
    const a = host();
    a.send({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    a.send({ type: 'advance', ms: 1850 });
    a.send({ type: 'exec', line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST });
    a.send({ type: 'advance', ms: 4200 });
    a.send({ type: 'exec', line: 'sim node add node-2' });
    a.send({ type: 'advance', ms: 9000 });
    a.send({
      type: 'exec',
      line: 'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 --record -n kube-system',
    });
    a.send({ type: 'advance', ms: 70_000 });
    a.send({
      type: 'exec',
      line: 'kubectl rollout undo daemonset fluentd-elasticsearch --to-revision=1 -n kube-system',
    });
    a.send({ type: 'advance', ms: 33_333 });
    const b0 = a.last();
    const state: SharedState = {
      seed: 1,
      preset: 'article',
      inputs: b0.inputs,
      until: b0.now - b0.start,
      editorText: ARTICLE_MANIFEST,
    };
    const decoded = decodeShared(encodeShared(state));

    const b = host();
    b.send({
      type: 'init',
      spec: {
        seed: decoded.seed,
        preset: decoded.preset,
        nodes: decoded.nodes,
        inputs: decoded.inputs,
        until: decoded.until,
      },
    });
    expect(a.names('Pod').length).toBe(3);
    expect(b.names('Pod')).toEqual(a.names('Pod'));
    expect(b.names('ControllerRevision')).toEqual(a.names('ControllerRevision'));
    expect(b.names('Node')).toEqual(['master', 'node-1', 'node-2']);
    expect(b.last().now).toBe(b0.now);
    expect(b.last().inputs).toEqual(b0.inputs);
  });
});
