// The sim endpoint's runner (simRunner.ts): a script parsed in blocks is parsed exactly as a whole,
// requests run one at a time, and a long script lets other clients through while it runs.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseScript, ScriptParseError } from '../engine';
import { Session } from '../engine';
import { ApiServer } from './apiServer';
import { SIM_MEDIA_TYPE } from './guard';
import { parseScriptInBlocks } from './simRunner';
import { until } from '../testing/until';

const none = () => Promise.resolve();

describe('parseScriptInBlocks', () => {
  it('gives what parseScript gives, with here-documents and continuations across block ends', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 40; i++) {
      lines.push(`sim advance ${i}s   # comment ${i}`);
      if (i % 7 === 0)
        lines.push(
          'kubectl apply -f - <<EOF',
          'apiVersion: v1',
          'kind: Namespace',
          'metadata:',
          `  name: ns-${i}`,
          'EOF',
        );
      if (i % 5 === 0) lines.push('sim node add \\', `  n-${i} \\`, '  --label a=b', '');
    }
    const text = lines.join('\n');
    const whole = parseScript(text);
    for (const block of [1, 2, 3, 5, 8, 1000])
      expect(await parseScriptInBlocks(text, none, block), `blocks of ${block}`).toEqual(whole);
  });

  it('reports an error at its line in the whole script, and one not closed at the end', async () => {
    const text = ['sim settle', 'sim settle', 'sim settle', 'bogus line', 'sim settle'].join('\n');
    const e = await parseScriptInBlocks(text, none, 2).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ScriptParseError);
    expect((e as ScriptParseError).line).toBe(4);
    const open = await parseScriptInBlocks(
      ['sim settle', 'kubectl apply -f - <<EOF', 'a: b'].join('\n'),
      none,
      1,
    ).catch((x: unknown) => x);
    expect((open as ScriptParseError).message).toBe(
      'here-document started here is not closed by a line "EOF"',
    );
    expect((open as ScriptParseError).line).toBe(2);
  });
});

describe('the sim endpoint while a long script runs', () => {
  let server: Server;
  let api: ApiServer;
  let base = '';
  beforeEach(async () => {
    api = new ApiServer(new Session({ seed: 1 }));
    server = createServer(api.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('answers other clients between slices, and runs a second script after the first', async () => {
    // ~1 MiB of commands: long enough to need many slices on any machine.
    const big = Array.from({ length: 70_000 }, () => 'sim advance 1s').join('\n');
    const order: string[] = [];
    const first = fetch(`${base}/playground/v1/sim`, {
      method: 'POST',
      body: big,
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    }).then(async (r) => {
      order.push('big script');
      return r;
    });
    // Other clients are answered while the big script runs (once it has started giving up slices).
    await until(() => expect(api.simRunner.turns).toBeGreaterThan(0));
    const version = await fetch(`${base}/version`);
    order.push('version');
    // A script posted now waits for the first one.
    const second = fetch(`${base}/playground/v1/sim`, {
      method: 'POST',
      body: 'sim node add late-node\n',
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    }).then((r) => {
      order.push('second script');
      return r;
    });
    expect(version.status).toBe(200);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(order).toEqual(['version', 'big script', 'second script']);
    expect(api.simRunner.turns).toBeGreaterThan(0);
    expect(api.session.sim.store.get('Node', undefined, 'late-node')).toBeDefined();
  });
});
