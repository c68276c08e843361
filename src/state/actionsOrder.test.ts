// The Apply button's `kubectl apply -f -` and a command typed right after it reach the engine in that
// order, though Apply first loads the editor's YAML code (commandTurns.ts). On the code before, the
// typed command went first (CI: `sim advance 20s` ran before the apply).

import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../worker/client';
import { attachEngine } from './engine';
import { applyEditor, runCommand } from './actions';
import { useStore } from './store';
import { ARTICLE_MANIFEST } from '../engine/scripts';

function fakeEngine(sent: string[]): EngineClient {
  let id = 1;
  return {
    peekNextId: () => id,
    request: (body: { type: string; line?: string }) => {
      id++;
      if (body.type === 'exec') sent.push(body.line!);
      return Promise.resolve({ type: 'exec', id, exitCode: 0, chunks: [], diagnostics: [] });
    },
  } as unknown as EngineClient;
}

describe('commands reach the engine in the order given', () => {
  it('Apply, then a typed command: the apply first', async () => {
    const sent: string[] = [];
    attachEngine(fakeEngine(sent), 'test');
    useStore.setState({ editorText: ARTICLE_MANIFEST, appliedText: null });
    const applied = applyEditor();
    const typed = runCommand('sim advance 20s');
    await Promise.all([applied, typed]);
    expect(sent).toEqual(['kubectl apply -f -', 'sim advance 20s']);
    const echoed = useStore
      .getState()
      .lines.filter((l) => l.kind === 'command')
      .map((l) => l.text);
    expect(echoed.slice(-2)).toEqual(['kubectl apply -f -', 'sim advance 20s']);
  });

  it('an Apply that does not parse gives its turn up', async () => {
    const sent: string[] = [];
    attachEngine(fakeEngine(sent), 'test');
    useStore.setState({ editorText: 'kind: [', appliedText: null });
    const applied = applyEditor();
    const typed = runCommand('kubectl get pods');
    expect(await applied).toBe(false);
    await typed;
    expect(sent).toEqual(['kubectl get pods']);
  });
});
