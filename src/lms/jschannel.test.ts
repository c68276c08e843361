// The frame's side of jschannel (Open edX JSInput with sop="false"): the handshake, requests answered to
// the asking origin only, errors in jschannel's format, and everything not from the parent at an allowed
// origin ignored.

import { describe, expect, it } from 'vitest';
import { answerJsChannel, type Handler } from './jschannel';

const LMS = 'https://lms.example.edu';

function fakeFrame(opts: { ancestor?: string } = {}) {
  const sent: { msg: Record<string, unknown>; origin: string }[] = [];
  const listeners: ((e: MessageEvent) => void)[] = [];
  const parent = {
    postMessage: (data: string, origin: string) => sent.push({ msg: JSON.parse(data), origin }),
  };
  const win = {
    parent,
    location: {
      ancestorOrigins: opts.ancestor ? Object.assign([opts.ancestor], { contains: () => true }) : [],
    },
    document: { referrer: '' },
    addEventListener: (_t: string, fn: (e: MessageEvent) => void) => listeners.push(fn),
    removeEventListener: (_t: string, fn: (e: MessageEvent) => void) =>
      listeners.splice(listeners.indexOf(fn), 1),
  } as unknown as Window;
  const deliver = (data: unknown, origin = LMS, source: unknown = parent) =>
    listeners.forEach((fn) => fn({ data, origin, source } as MessageEvent));
  return { win, sent, deliver, listeners };
}

const handlers = (log: unknown[] = []) =>
  new Map<string, Handler>([
    ['getGrade', () => '{"score":0.5}'],
    ['getState', () => '{"suspend":"d1~2~~"}'],
    ['setState', (p) => void log.push(p)],
    [
      'boom',
      () => {
        throw new Error('no lesson');
      },
    ],
  ]);

describe('jschannel, the frame side', () => {
  it('pings the parent at an allowed origin, answers its ping with pong, and answers calls to the asking origin', () => {
    const f = fakeFrame({ ancestor: LMS });
    const set: unknown[] = [];
    answerJsChannel({ win: f.win, allowed: new Set([LMS]), handlers: handlers(set) });
    expect(f.sent).toEqual([{ msg: { method: 'JSInput::__ready', params: 'ping' }, origin: LMS }]);
    f.deliver(JSON.stringify({ method: 'JSInput::__ready', params: 'ping' }));
    expect(f.sent[1]).toEqual({ msg: { method: 'JSInput::__ready', params: 'pong' }, origin: LMS });
    f.deliver(JSON.stringify({ id: 41, method: 'JSInput::getGrade', params: '' }));
    f.deliver(JSON.stringify({ id: 42, method: 'JSInput::getState', params: '' }));
    f.deliver(JSON.stringify({ id: 43, method: 'JSInput::setState', params: '{"suspend":"x"}' }));
    f.deliver(JSON.stringify({ id: 44, method: 'JSInput::boom', params: '' }));
    expect(f.sent.slice(2)).toEqual([
      { msg: { id: 41, result: '{"score":0.5}' }, origin: LMS },
      { msg: { id: 42, result: '{"suspend":"d1~2~~"}' }, origin: LMS },
      { msg: { id: 43 }, origin: LMS },
      { msg: { id: 44, error: 'runtime_error', message: 'no lesson' }, origin: LMS },
    ]);
    expect(set).toEqual(['{"suspend":"x"}']);
  });

  it('ignores other windows, other origins, other scopes, unbound methods, notifications and junk', () => {
    const f = fakeFrame();
    answerJsChannel({ win: f.win, allowed: new Set([LMS]), handlers: handlers() });
    expect(f.sent).toEqual([]); // no allowed parent origin known: no ping (the parent's ping is answered)
    const call = JSON.stringify({ id: 1, method: 'JSInput::getState', params: '' });
    f.deliver(call, 'https://evil.example');
    f.deliver(call, 'null');
    f.deliver(call, LMS, {});
    f.deliver(JSON.stringify({ id: 2, method: 'Other::getState' }));
    f.deliver(JSON.stringify({ id: 3, method: 'JSInput::getState::x' }));
    f.deliver(JSON.stringify({ id: 4, method: 'JSInput::constructor' }));
    f.deliver(JSON.stringify({ id: 5, method: 'JSInput::__proto__' }));
    f.deliver(JSON.stringify({ method: 'JSInput::getState' }));
    f.deliver({ id: 6, method: 'JSInput::getState' });
    f.deliver('not json');
    f.deliver('[1,2]');
    f.deliver(JSON.stringify({ id: 7, result: 'a response' }));
    expect(f.sent).toEqual([]);
    f.deliver(call);
    expect(f.sent).toEqual([{ msg: { id: 1, result: '{"suspend":"d1~2~~"}' }, origin: LMS }]);
  });

  it('does nothing in a top-level window, and stops listening when stopped', () => {
    const top = fakeFrame();
    (top.win as unknown as { parent: unknown }).parent = top.win;
    answerJsChannel({ win: top.win, allowed: new Set([LMS]), handlers: handlers() });
    expect(top.listeners).toHaveLength(0);
    const f = fakeFrame();
    const stop = answerJsChannel({ win: f.win, allowed: new Set([LMS]), handlers: handlers() });
    stop();
    f.deliver(JSON.stringify({ id: 1, method: 'JSInput::getGrade' }));
    expect(f.sent).toEqual([]);
  });
});
