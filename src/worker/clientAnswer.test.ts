// The page may apply batches later than they arrive (spread over frames): before an answer that
// follows changes is handed out, the client has what waits applied; answers to reads do not wait.

import { describe, expect, it } from 'vitest';
import { EngineClient, type Port } from './client';
import type { Message, Request } from '../wire/protocol';

function fakePort() {
  const sent: Request[] = [];
  const port: Port = { postMessage: (m) => sent.push(m), onmessage: null };
  const deliver = (m: Message) => port.onmessage!({ data: m } as MessageEvent<Message>);
  return { port, sent, deliver };
}

describe('EngineClient.beforeAnswer', () => {
  it('runs before an exec answer resolves, not before a ping answer', async () => {
    const { port, sent, deliver } = fakePort();
    const c = new EngineClient(port, () => 0);
    const log: string[] = [];
    c.beforeAnswer = () => log.push('flush');
    const exec = c.request({ type: 'exec', line: 'kubectl get pods' }).then(() => log.push('exec answered'));
    const ping = c.request({ type: 'ping' }).then(() => log.push('ping answered'));
    deliver({ id: sent[1].id, type: 'ok' });
    await ping;
    expect(log).toEqual(['ping answered']);
    deliver({ id: sent[0].id, type: 'exec', chunks: [], exitCode: 0, diagnostics: [] });
    await exec;
    expect(log).toEqual(['ping answered', 'flush', 'exec answered']);
  });
});
