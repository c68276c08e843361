// The host's second chunk (kubectl and everything that runs commands, ./commands): the first snapshot
// goes out without it; requests that need it wait while it loads, with every request after them, and
// are answered in the order they came; a failed load answers them with its error and the next request
// loads again (issue 24).

import { afterEach, describe, expect, it } from 'vitest';
import { channelHost, closeChannels } from './hostHarness';
import type { Message, Request } from '../wire/protocol';
import { until } from '../testing/until';

type Commands = typeof import('./commands');

afterEach(closeChannels);

/** A host whose second chunk loads when the test says (each load is one `loads` entry). */
function connect() {
  const loads: { resolve(): void; reject(e: Error): void }[] = [];
  const { page } = channelHost({
    loadCommands: () =>
      new Promise<Commands>((resolve, reject) =>
        loads.push({ resolve: () => void import('./commands').then(resolve), reject }),
      ),
  });
  const got: Message[] = [];
  page.on('message', (m: Message) => got.push(m));
  const send = (r: Request) => page.postMessage(r);
  /** the answers (messages with an id, keep-alives and chunks left out), in the order they came */
  const answers = () => got.filter((m) => 'id' in m && m.type !== 'chunk' && m.type !== 'alive');
  return { send, got, answers, loads };
}

const init: Request = { id: 1, type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } };

describe("the host's second chunk (kubectl)", () => {
  it('sends the first snapshot without it, and answers what came while it loaded in order', async () => {
    const { send, got, answers, loads } = connect();
    send(init);
    // the snapshot and the init's answer, while the chunk has not come (it is being fetched: a load
    // starts once the snapshot is out)
    await until(() => expect(answers().length).toBe(1));
    expect(answers()[0]).toEqual({ id: 1, type: 'ok' });
    expect(got.some((m) => m.type === 'changes' && m.reset)).toBe(true);
    await until(() => expect(loads.length).toBe(1));
    send({ id: 2, type: 'exec', line: 'kubectl get nodes' });
    send({ id: 3, type: 'step' }); // needs no command, but came after one: waits its turn
    send({ id: 4, type: 'probe', lines: ['kubectl get ds -A'] });
    send({ id: 5, type: 'ping' });
    await new Promise((r) => setTimeout(r, 50));
    expect(answers().map((m) => m.id)).toEqual([1]);
    // a keep-alive while it loads, for the page's watchdog
    expect(got.some((m) => m.type === 'alive')).toBe(true);
    loads[0].resolve();
    await until(() => expect(answers().length).toBe(5));
    expect(answers().map((m) => [m.id, m.type])).toEqual([
      [1, 'ok'],
      [2, 'exec'],
      [3, 'step'],
      [4, 'probe'],
      [5, 'ok'],
    ]);
    const exec = answers()[1] as Extract<Message, { type: 'exec' }>;
    expect(exec.exitCode).toBe(0);
    expect(exec.chunks.map((c) => c.text).join('')).toMatch(/^NAME +STATUS +ROLES[\s\S]*\nnode-1 +Ready/);
    expect(loads.length).toBe(1);
  });

  it('waits for it before an init that replays inputs', async () => {
    const { send, answers, loads } = connect();
    send({
      id: 1,
      type: 'init',
      spec: { seed: 1, preset: 'article', inputs: [{ at: 0, line: 'kubectl get nodes -o name' }] },
      transcript: true,
    });
    await until(() => expect(loads.length).toBe(1));
    expect(answers()).toEqual([]);
    loads[0].resolve();
    await until(() => expect(answers().length).toBe(1));
    expect(answers()[0]).toMatchObject({
      id: 1,
      type: 'ok',
      replayed: [{ line: 'kubectl get nodes -o name', chunks: [{ text: 'node/master\nnode/node-1\n' }] }],
    });
  });

  it('answers what waited with the error when it fails to load, and loads again at the next request', async () => {
    const { send, answers, loads } = connect();
    send({ id: 1, type: 'exec', line: 'kubectl get nodes' });
    send({ id: 2, type: 'ping' });
    await until(() => expect(loads.length).toBe(1));
    loads[0].reject(new Error('Failed to fetch dynamically imported module'));
    await until(() => expect(answers().length).toBe(2));
    expect(answers()).toEqual([
      {
        id: 1,
        type: 'error',
        message: "the engine's commands could not be loaded: Failed to fetch dynamically imported module",
      },
      {
        id: 2,
        type: 'error',
        message: "the engine's commands could not be loaded: Failed to fetch dynamically imported module",
      },
    ]);
    send(init);
    send({ id: 3, type: 'exec', line: 'kubectl get nodes -o name' });
    await until(() => expect(loads.length).toBe(2));
    loads[1].resolve();
    await until(() => expect(answers().length).toBe(4));
    expect(answers().slice(2)).toMatchObject([
      { id: 1, type: 'ok' },
      { id: 3, type: 'exec', exitCode: 0, chunks: [{ text: 'node/master\nnode/node-1\n' }] },
    ]);
  });

  it('with holdCommands, fetches it only when the page sends prefetch (or a request needs it)', async () => {
    const { send, answers, loads } = connect();
    send({ ...init, holdCommands: true });
    await until(() => expect(answers().length).toBe(1));
    // the snapshot is out and nothing is fetched (on a phone the graph's chunk has the line)
    await new Promise((r) => setTimeout(r, 50));
    expect(loads.length).toBe(0);
    send({ id: 2, type: 'prefetch' });
    await until(() => expect(answers().length).toBe(2));
    expect(answers()[1]).toEqual({ id: 2, type: 'ok' });
    await until(() => expect(loads.length).toBe(1));
    loads[0].resolve();
    send({ id: 3, type: 'exec', line: 'kubectl get nodes -o name' });
    await until(() => expect(answers().length).toBe(3));
    expect(answers()[2]).toMatchObject({ id: 3, type: 'exec', exitCode: 0 });
    expect(loads.length).toBe(1);
  });
  it('with holdCommands, a command before any prefetch loads it and is answered', async () => {
    const { send, answers, loads } = connect();
    send({ ...init, holdCommands: true });
    await until(() => expect(answers().length).toBe(1));
    send({ id: 2, type: 'exec', line: 'kubectl get nodes -o name' });
    await until(() => expect(loads.length).toBe(1));
    loads[0].resolve();
    await until(() => expect(answers().length).toBe(2));
    expect(answers()[1]).toMatchObject({ id: 2, type: 'exec', exitCode: 0 });
  });
});
