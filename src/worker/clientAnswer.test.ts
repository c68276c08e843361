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
    c.beforeAnswer = () => {
      log.push('flush');
    };
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

describe('EngineClient.beforeAnswer returning a promise (the first snapshot, drained)', () => {
  it('hands the init answer out once the promise settles; later answers wait behind it in order', async () => {
    const { port, sent, deliver } = fakePort();
    const c = new EngineClient(port, () => 0);
    const log: string[] = [];
    let drained!: () => void;
    c.beforeAnswer = (type) => {
      log.push(`before ${type}`);
      if (type === 'init') return new Promise<void>((r) => (drained = r));
    };
    const init = c
      .request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } })
      .then(() => log.push('init answered'));
    const exec = c.request({ type: 'exec', line: 'kubectl get pods' }).then(() => log.push('exec answered'));
    const ping = c.request({ type: 'ping' }).then(() => log.push('ping answered'));
    deliver({ id: sent[0].id, type: 'ok' });
    deliver({ id: sent[1].id, type: 'exec', chunks: [], exitCode: 0, diagnostics: [] });
    deliver({ id: sent[2].id, type: 'ok' });
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['before init']);
    drained();
    await Promise.all([init, exec, ping]);
    expect(log).toEqual(['before init', 'init answered', 'before exec', 'exec answered', 'ping answered']);
  });
});
