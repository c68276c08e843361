// The embed protocol's rules: which origins are trusted, which messages are accepted, where replies go.

import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  BridgeCore,
  MAX_SCRIPT_CHARS,
  allowedOrigins,
  isAllowedOrigin,
  parseIncoming,
  withRequestId,
  type OutgoingMessage,
} from './protocol';

const SELF = 'https://play.example.org';

describe('allowed origins', () => {
  it('the page itself, and the exact origins of origin=', () => {
    expect([...allowedOrigins('', SELF)]).toEqual([SELF]);
    expect([...allowedOrigins('?origin=https://course.example.com', SELF)]).toEqual([
      SELF,
      'https://course.example.com',
    ]);
    expect([...allowedOrigins('?origin=https://a.example,http://localhost:8080', SELF)]).toEqual([
      SELF,
      'https://a.example',
      'http://localhost:8080',
    ]);
    expect([
      ...allowedOrigins(`?origin=${encodeURIComponent('https://a.example, https://b.example/')}`, SELF),
    ]).toEqual([SELF, 'https://a.example', 'https://b.example']);
  });

  it('drops anything that is not an exact http(s) origin', () => {
    for (const bad of [
      '*',
      'null',
      'https://a.example/path',
      'https://*.example.com',
      'a.example',
      'javascript:alert(1)',
      'file:///x',
      'https://user@a.example',
      '',
    ]) {
      expect([...allowedOrigins(`?origin=${encodeURIComponent(bad)}`, SELF)], bad).toEqual([SELF]);
    }
  });

  it('never trusts the opaque origin', () => {
    expect(isAllowedOrigin('null', new Set(['null']))).toBe(false);
    expect([...allowedOrigins('', 'null')]).toEqual([]);
  });
});

describe('incoming messages', () => {
  it('accepts load, reset and step', () => {
    expect(parseIncoming({ type: 'load', script: 'kubectl get po' })).toEqual({
      type: 'load',
      script: 'kubectl get po',
    });
    expect(parseIncoming({ type: 'reset', extra: 1 })).toEqual({ type: 'reset' });
    expect(parseIncoming({ type: 'step', step: 2 })).toEqual({ type: 'step', step: 2 });
  });

  it('ignores everything else', () => {
    for (const bad of [
      null,
      'load',
      ['load'],
      {},
      { type: 'eval', code: 'alert(1)' },
      { type: 'load' },
      { type: 'load', script: 42 },
      { type: 'load', script: 'x'.repeat(MAX_SCRIPT_CHARS + 1) },
      { type: 'step', step: -1 },
      { type: 'step', step: 1.5 },
      { type: 'step', step: '2' },
      { type: 'ready' },
    ]) {
      expect(parseIncoming(bad), JSON.stringify(bad)?.slice(0, 40)).toBeNull();
    }
  });
});

describe('requestId', () => {
  it('comes with the message when it is a string of at most 200 characters or a finite number', () => {
    expect(parseIncoming({ type: 'reset', requestId: 'a1' })).toEqual({ type: 'reset', requestId: 'a1' });
    expect(parseIncoming({ type: 'step', step: 2, requestId: 0 })).toEqual({
      type: 'step',
      step: 2,
      requestId: 0,
    });
    expect(parseIncoming({ type: 'load', script: 'sim settle', requestId: 'x'.repeat(200) })).toMatchObject({
      requestId: 'x'.repeat(200),
    });
  });
  it('is dropped (the request still acted on) when it is anything else, or inherited', () => {
    for (const requestId of ['x'.repeat(201), Number.NaN, Infinity, { a: 1 }, ['a'], null, true]) {
      expect(parseIncoming({ type: 'reset', requestId }), String(requestId).slice(0, 20)).toEqual({
        type: 'reset',
      });
    }
    const inherited = Object.assign(Object.create({ requestId: 'proto' }), { type: 'reset' });
    expect(parseIncoming(inherited)).toEqual({ type: 'reset' });
    expect(withRequestId(undefined)).toEqual({});
    expect(withRequestId('q')).toEqual({ requestId: 'q' });
  });
});

describe('message types are not looked up through the prototype chain', () => {
  it('any text as a type: one of the three, or ignored; never a crash', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.anything(), (type, script) => {
        const m = parseIncoming({ type, script, step: 1 });
        if (m === null) return true;
        return ['load', 'reset', 'step'].includes(m.type) && m.type === type;
      }),
      { numRuns: 2000 },
    );
  });
  const names = [...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype', 'then'];
  it.each(names)('type %s is ignored', (name) => {
    expect(parseIncoming({ type: name })).toBeNull();
    expect(parseIncoming(JSON.parse(`{"type": ${JSON.stringify(name)}, "script": "sim settle"}`))).toBeNull();
  });
  it('reads only the fields the message carries itself', () => {
    const inherited = Object.create({ type: 'load', script: 'sim settle' }) as object;
    expect(parseIncoming(inherited)).toBeNull();
    const noScript = Object.assign(Object.create({ script: 'sim settle' }) as object, { type: 'load' });
    expect(parseIncoming(noScript)).toBeNull();
    expect(parseIncoming(JSON.parse('{"type": "load", "__proto__": {"script": "x"}}'))).toBeNull();
  });
});

function setup(search: string, knownParentOrigin: string | null) {
  const parent = { name: 'parent' };
  const posted: [OutgoingMessage, string][] = [];
  const actions = { load: vi.fn(), reset: vi.fn(), step: vi.fn() };
  const core = new BridgeCore(
    { parent, post: (m, o) => posted.push([m, o]) },
    allowedOrigins(search, SELF),
    actions,
    { selfOrigin: SELF, knownParentOrigin },
  );
  return { parent, posted, actions, core };
}

const hello: OutgoingMessage = {
  source: 'daemonset-playground',
  version: 1,
  type: 'step',
  id: null,
  step: 1,
};

describe('the bridge', () => {
  it('acts on messages from the parent window at an allowed origin only', () => {
    const { parent, actions, core } = setup(
      '?origin=https://course.example.com',
      'https://course.example.com',
    );
    expect(
      core.handle({
        origin: 'https://course.example.com',
        source: parent,
        data: { type: 'load', script: 'sim settle' },
      }),
    ).toBe(true);
    expect(actions.load).toHaveBeenCalledWith('sim settle', undefined);
    // another origin, even with the right window
    expect(core.handle({ origin: 'https://evil.example', source: parent, data: { type: 'reset' } })).toBe(
      false,
    );
    // the right origin from another window (a popup, a sibling frame)
    expect(
      core.handle({
        origin: 'https://course.example.com',
        source: { name: 'other' },
        data: { type: 'reset' },
      }),
    ).toBe(false);
    // not one of our messages
    expect(
      core.handle({ origin: 'https://course.example.com', source: parent, data: { type: 'eval' } }),
    ).toBe(false);
    expect(actions.reset).not.toHaveBeenCalled();
    expect(
      core.handle({ origin: 'https://course.example.com', source: parent, data: { type: 'step', step: 4 } }),
    ).toBe(true);
    expect(actions.step).toHaveBeenCalledWith(4, undefined);
    // the request's id goes to the action, which puts it on the reply
    core.handle({
      origin: 'https://course.example.com',
      source: parent,
      data: { type: 'reset', requestId: 'r-7' },
    });
    expect(actions.reset).toHaveBeenCalledWith('r-7');
  });

  it('a same-origin parent needs no origin= parameter', () => {
    const { parent, actions, core, posted } = setup('', SELF);
    expect(core.handle({ origin: SELF, source: parent, data: { type: 'reset' } })).toBe(true);
    expect(actions.reset).toHaveBeenCalled();
    core.send(hello);
    expect(posted).toEqual([[hello, SELF]]);
  });

  it('replies to the allowed parent origin, never to *', () => {
    const { core, posted } = setup('?origin=https://course.example.com', 'https://course.example.com');
    expect(core.send(hello)).toBe(true);
    expect(posted[0][1]).toBe('https://course.example.com');
  });

  it('says nothing to a parent that is not allowed', () => {
    const { core, posted } = setup('?origin=https://course.example.com', 'https://evil.example');
    expect(core.send(hello)).toBe(false);
    expect(posted).toEqual([]);
  });

  it('without the parent origin from the browser: the only listed origin, else nobody', () => {
    expect(setup('?origin=https://course.example.com', null).core.targetOrigin()).toBe(
      'https://course.example.com',
    );
    expect(setup('', null).core.targetOrigin()).toBe(SELF);
    const two = setup('?origin=https://a.example,https://b.example', null);
    expect(two.core.targetOrigin()).toBeNull();
    // …until the parent speaks: then its origin is known
    expect(
      two.core.handle({ origin: 'https://b.example', source: two.parent, data: { type: 'reset' } }),
    ).toBe(true);
    expect(two.core.targetOrigin()).toBe('https://b.example');
  });
});
