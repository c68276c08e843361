// `sim image` rules are inputs like any command: a share link (or a saved session, or the timeline
// going back) replays them to the same registry, also across `sim cluster`, which keeps them.

import { describe, expect, it } from 'vitest';
import { syncHost, type RequestBody } from '../worker/hostHarness';
import type { ChangeBatch, Message, Replayed } from '../wire/protocol';
import { ARTICLE_MANIFEST } from '../engine/scripts';
import { inputsUpTo } from '../state/scrub';
import { decodeShared, encodeShared } from './codec';
import type { SharedState } from './types';

function host() {
  let last: ChangeBatch | undefined;
  const answers = new Map<number, Message>();
  const h = syncHost((m) => {
    if ('type' in m && m.type === 'changes') last = m;
    if ('id' in m && (m.type === 'exec' || m.type === 'ok')) answers.set(m.id, m);
  });
  const send = (r: RequestBody): Message | undefined => answers.get(h.send(r));
  const exec = (line: string, stdin?: string) => {
    const m = send({ type: 'exec', line, ...(stdin !== undefined ? { stdin } : {}) });
    if (!m || m.type !== 'exec') throw new Error(`no answer to ${line}`);
    return { text: m.chunks.map((c) => c.text).join(''), exitCode: m.exitCode };
  };
  return { send, exec, last: () => last! };
}

const text = (r: Replayed) => r.chunks.map((c) => c.text).join('');

describe('sim image in a shared state', () => {
  it('is recorded as an input and replays to the same rules, across sim cluster', () => {
    const a = host();
    a.send({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    a.exec('kubectl apply -f -', ARTICLE_MANIFEST);
    a.send({ type: 'advance', ms: 5000 });
    expect(a.exec('sim image missing nginx:1.99')).toEqual({ text: '', exitCode: 0 });
    a.send({ type: 'advance', ms: 3000 });
    expect(a.exec('sim image crash registry.example.com/team/agent:v1 --after 2s --exit-code 2')).toEqual({
      text: '',
      exitCode: 0,
    });
    a.send({ type: 'advance', ms: 3000 });
    expect(a.exec('sim image missing Nginx').exitCode).toBe(1);
    expect(a.exec('sim cluster kubeadm').exitCode).toBe(0);
    expect(a.exec('sim image slow registry.example.com/team/agent:v1 30s').exitCode).toBe(0);
    const listed = a.exec('sim image list');
    expect(listed).toEqual({
      exitCode: 0,
      text: [
        'IMAGE                                PULL       RUN',
        'docker.io/library/nginx:1.99         missing    runs',
        'registry.example.com/team/agent:v1   slow 30s   crash after 2s (exit 2)',
        '',
      ].join('\n'),
    });

    const b0 = a.last();
    expect(b0.inputs.map((i) => i.line)).toEqual([
      'kubectl apply -f -',
      'sim image missing nginx:1.99',
      'sim image crash registry.example.com/team/agent:v1 --after 2s --exit-code 2',
      'sim image missing Nginx',
      'sim cluster kubeadm',
      'sim image slow registry.example.com/team/agent:v1 30s',
      'sim image list',
    ]);
    const state: SharedState = {
      seed: 1,
      preset: 'article',
      inputs: b0.inputs,
      until: b0.now - b0.start,
      editorText: ARTICLE_MANIFEST,
    };
    const decoded = decodeShared(encodeShared(state));
    expect(decoded.inputs).toEqual(b0.inputs);

    const b = host();
    const ok = b.send({
      type: 'init',
      spec: { seed: decoded.seed, preset: decoded.preset, inputs: decoded.inputs, until: decoded.until },
      transcript: true,
    });
    if (!ok || ok.type !== 'ok' || !ok.replayed) throw new Error('no transcript');
    expect(text(ok.replayed[ok.replayed.length - 1])).toBe(listed.text);
    expect(text(ok.replayed[3])).toContain('error: invalid image reference "Nginx"');
    expect(b.exec('sim image list')).toEqual(listed);
    expect(b.last().now).toBe(b0.now);
  });

  it('going back in time drops the rules set after that moment', () => {
    const a = host();
    a.send({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    a.exec('sim image missing nginx:1.99');
    a.send({ type: 'advance', ms: 10_000 });
    a.exec('sim image oom nginx:1.99 --after 1m');
    const inputs = a.last().inputs;
    const b = host();
    b.send({
      type: 'init',
      spec: { seed: 1, preset: 'article', inputs: inputsUpTo(inputs, 5000), until: 5000 },
    });
    expect(b.exec('sim image list').text).toBe(
      'IMAGE                          PULL      RUN\ndocker.io/library/nginx:1.99   missing   runs\n',
    );
    const c = host();
    c.send({
      type: 'init',
      spec: { seed: 1, preset: 'article', inputs: inputsUpTo(inputs, 10_000), until: 10_000 },
    });
    expect(c.exec('sim image list').text).toBe(
      'IMAGE                          PULL      RUN\ndocker.io/library/nginx:1.99   missing   oom after 1m0s\n',
    );
  });
});
