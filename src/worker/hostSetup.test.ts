// Issue 24: an init whose inputs only set a cluster up (a lesson's `sim cluster`, `sim node add`,
// `sim settle`) replays in the worker's first chunk: its first snapshot goes out before kubectl's chunk
// is asked for. The oracle is the host as it was: the same init replayed by the Session (the chunk
// already loaded); every message up to the init's answer must be the same, field by field, for every
// built-in lesson, and the Session made later runs on that cluster.

import { describe, expect, it } from 'vitest';
import { needsCommands } from './host';
import * as commands from './commands';
import { syncHost } from './hostHarness';
import type { Input, Message, Request } from '../wire/protocol';
import { BUILTIN_LESSONS, lessonById } from '../lessons/index';
import { lessonStartInputs } from '../lessons/startScript';

type Commands = typeof import('./commands');

/** A host driven synchronously; `loads` counts the times it asked for its second chunk. */
function host(loadCommands: () => Commands | Promise<Commands>) {
  const got: Message[] = [];
  let loads = 0;
  const { request } = syncHost((m) => got.push(m), {
    now: () => 0,
    loadCommands: () => {
      loads++;
      return loadCommands();
    },
  });
  return { got, send: request, loads: () => loads };
}

const init = (inputs: Input[]): Request => ({
  id: 1,
  type: 'init',
  spec: { seed: 1, preset: 'article', inputs },
  holdCommands: true,
  transcript: true,
});

describe("a lesson's setup replayed without kubectl's chunk", () => {
  it('tells the setup lines from those that need kubectl', () => {
    expect(
      needsCommands(
        init([
          { at: 0, line: 'sim cluster kubeadm' },
          { at: 0, line: 'sim settle' },
        ]),
      ),
    ).toBe(false);
    expect(needsCommands(init([{ at: 0, line: "sim node add a --label 'x=y z'" }]))).toBe(false);
    for (const line of [
      'kubectl get nodes',
      'sim why node-1',
      'sim image ok nginx',
      'sim "unterminated',
      'ls',
    ])
      expect(
        needsCommands(
          init([
            { at: 0, line: 'sim cluster empty' },
            { at: 0, line },
          ]),
        ),
        line,
      ).toBe(true);
  });

  for (const id of BUILTIN_LESSONS)
    it(`${id}: the same first snapshot as the Session's, and the Session goes on from that cluster`, async () => {
      const lesson = (await lessonById(id))!;
      const inputs = lessonStartInputs(lesson);
      // read here, not from the host: a lesson whose setup is only `sim` lines that set a cluster up
      const setupOnly = inputs.every((i) => /^sim (cluster|node add|settle|advance)\b/.test(i.line));
      if (id === 'article' || id === 'network') expect(setupOnly).toBe(true);

      // the oracle: the chunk loaded before the init (a prefetch), so the Session replays it
      const oracle = host(() => commands);
      oracle.send({ id: 0, type: 'prefetch' });
      oracle.got.length = 0;
      oracle.send(init(inputs));

      const held: ((c: Commands) => void)[] = [];
      const lazy = host(() => new Promise<Commands>((resolve) => held.push(resolve)));
      lazy.send(init(inputs));
      if (setupOnly) {
        // the snapshot and the init's answer are out, and the chunk was never asked for
        expect(lazy.loads()).toBe(0);
        expect(lazy.got.some((m) => m.type === 'changes' && m.reset)).toBe(true);
      } else {
        // kubectl in the setup (taints, daemonset-or-deployment): it waits for the chunk, as before
        expect(lazy.loads()).toBe(1);
        expect(lazy.got.filter((m) => m.type === 'changes')).toEqual([]);
        held[0](commands);
        await new Promise((r) => setTimeout(r, 0));
      }
      const answered = (ms: Message[]) => ms.findIndex((m) => 'id' in m && m.id === 1);
      expect(answered(lazy.got)).toBeGreaterThan(0);
      const first = (ms: Message[]) =>
        ms.slice(0, answered(ms) + 1).filter((m) => m.type !== 'alive' && m.type !== 'ready');
      expect(first(lazy.got)).toEqual(first(oracle.got));
      expect(lazy.got.some((m) => m.type === 'changes' && m.upserts.some((o) => o.kind === 'Node'))).toBe(
        true,
      );

      // then a command: the chunk comes, and kubectl, `sim why` and the clock run on the lesson's cluster
      const before = [oracle.got.length, lazy.got.length] as const;
      for (const [i, line] of [
        'kubectl get nodes -o wide',
        'sim why worker-1',
        'sim advance 30s',
        'kubectl get pods -A',
      ].entries()) {
        oracle.send({ id: 10 + i, type: 'exec', line });
        lazy.send({ id: 10 + i, type: 'exec', line });
        if (held.length > 0) for (const r of held.splice(0)) r(commands);
        await new Promise((r) => setTimeout(r, 0));
      }
      expect(lazy.got.slice(before[1]).filter((m) => m.type !== 'alive' && m.type !== 'ready')).toEqual(
        oracle.got.slice(before[0]).filter((m) => m.type !== 'alive' && m.type !== 'ready'),
      );
    });
});
