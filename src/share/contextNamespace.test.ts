// `kubectl config set-context --current --namespace=X` is session state: the page restores a session
// by replaying its inputs (a reload, a share link, the history scrubber's rewind, a lesson reset
// that starts over), so the namespace must come back exactly when its command is replayed — and
// the streaming commands (get -w, logs -f, rollout status) must use it too.

import { describe, expect, it } from 'vitest';
import { syncHost } from '../worker/hostHarness';
import type { Input } from '../wire/protocol';
import { ARTICLE_MANIFEST } from '../engine/scripts';
import { inputsUpTo } from '../state/scrub';
import { decodeShared, encodeShared } from './codec';

function host() {
  const answers = new Map<number, string>();
  let inputs: Input[] = [];
  let start = 0;
  let now = 0;
  let namespace: string | undefined;
  const { send } = syncHost((m) => {
    if (!('type' in m)) return;
    if (m.type === 'changes') {
      inputs = m.inputs;
      start = m.start;
      now = m.now;
      namespace = m.namespace;
    }
    if (m.type === 'chunk') answers.set(m.id, (answers.get(m.id) ?? '') + m.chunk.text);
    if (m.type === 'exec' && !answers.has(m.id)) answers.set(m.id, m.chunks.map((c) => c.text).join(''));
  });
  /** runs a command line, returns what it printed */
  const exec = (line: string, stdin?: string) =>
    answers.get(send({ type: 'exec', line, ...(stdin !== undefined ? { stdin } : {}) })) ?? '';
  const init = (spec: { inputs: Input[]; until?: number }) =>
    send({ type: 'init', spec: { seed: 1, preset: 'article', ...spec } });
  return {
    send,
    exec,
    init,
    inputs: () => inputs,
    /** what the last change batch told the page (its console completes names there) */
    namespace: () => namespace,
    offset: () => now - start,
    answer: (i: number) => answers.get(i),
  };
}

/** A session that applied the article's DaemonSet (kube-system), then switched to kube-system. */
function switched() {
  const h = host();
  h.init({ inputs: [] });
  h.exec('kubectl apply -f -', ARTICLE_MANIFEST);
  h.send({ type: 'advance', ms: 10_000 });
  const before = h.offset();
  expect(h.exec('kubectl config set-context --current --namespace=kube-system')).toBe(
    'Context "playground" modified.\n',
  );
  h.send({ type: 'advance', ms: 5_000 });
  return { h, before };
}

const DS_ROW = /^fluentd-elasticsearch +2 +2 +2 /m;

describe('the kubeconfig namespace is session state', () => {
  it('commands without -n use it, live streams included', () => {
    const { h } = switched();
    expect(h.namespace()).toBe('kube-system');
    expect(h.exec('kubectl get ds')).toMatch(DS_ROW);
    const watch = h.send({ type: 'exec', line: 'kubectl get ds -w' });
    expect(h.answer(watch)).toMatch(DS_ROW);
    h.send({ type: 'cancel', target: watch });
    const status = h.send({ type: 'exec', line: 'kubectl rollout status ds/fluentd-elasticsearch' });
    expect(h.answer(status)).toBe('daemon set "fluentd-elasticsearch" successfully rolled out\n');
  });

  it('a share link (and a reload: the same inputs) brings it back', () => {
    const { h } = switched();
    const state = decodeShared(
      encodeShared({
        seed: 1,
        preset: 'article',
        inputs: h.inputs(),
        until: h.offset(),
        editorText: ARTICLE_MANIFEST,
      }),
    );
    const b = host();
    b.init({ inputs: state.inputs, until: state.until });
    expect(b.exec('kubectl config view --minify')).toContain('    namespace: kube-system\n');
    expect(b.exec('kubectl get ds')).toMatch(DS_ROW);
  });

  it('a rewind to before the command restores the old namespace; to after it, the new one', () => {
    const { h, before } = switched();
    const all = h.inputs();
    // the scrubber: a new session replaying the inputs run at or before the chosen moment
    // (inputs at the chosen moment are kept: go back to just before it)
    h.init({ inputs: inputsUpTo(all, before - 1), until: before - 1 });
    expect(h.exec('kubectl get ds')).toBe('No resources found in default namespace.\n');
    h.init({ inputs: inputsUpTo(all, before + 5_000), until: before + 5_000 });
    expect(h.exec('kubectl get ds')).toMatch(DS_ROW);
  });

  it('a reset (a lesson starting over, Start fresh) goes back to default', () => {
    const { h } = switched();
    h.init({ inputs: [] });
    expect(h.namespace()).toBeUndefined();
    expect(h.exec('kubectl config get-contexts')).toBe(
      'CURRENT   NAME         CLUSTER      AUTHINFO           NAMESPACE\n*         playground   playground   playground-admin   \n',
    );
  });
});
