import { describe, expect, it } from 'vitest';
import { StatusError } from '../engine';
import { decodeDeleteOptions, decodeObjectBody, tooDeep } from './requestBody';

const deep = (n: number) => `{"kind":"Pod","x":${'['.repeat(n)}${']'.repeat(n)}}`;

function error(f: () => unknown): StatusError {
  try {
    f();
  } catch (e) {
    if (e instanceof StatusError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('decodeObjectBody', () => {
  it('reads JSON and YAML bodies; an empty body is no object', () => {
    expect(decodeObjectBody(Buffer.from('{"kind":"Pod"}'), 'application/json', 'Pod')).toEqual({
      kind: 'Pod',
    });
    expect(
      decodeObjectBody(
        Buffer.from('kind: Pod\nmetadata:\n  name: a\n'),
        'application/yaml; charset=utf-8',
        'Pod',
      ),
    ).toEqual({ kind: 'Pod', metadata: { name: 'a' } });
    expect(decodeObjectBody(Buffer.alloc(0), 'application/json', 'Pod')).toBeUndefined();
  });

  it('answers what encoding/json says, as transformDecodeError words it (400)', () => {
    const e = error(() => decodeObjectBody(Buffer.from('{"kind":"Pod",'), 'application/json', 'Pod'));
    expect(e.code).toBe(400);
    expect(e.message).toBe(
      'the object provided is unrecognized (must be of type Pod): couldn\'t get version/kind; json parse error: unexpected end of JSON input ({"kind":"Pod",)',
    );
  });

  it('stops at 10,000 levels as the scanner does, without running the stack out', () => {
    expect(() => decodeObjectBody(Buffer.from(deep(9_999)), 'application/json', 'Pod')).not.toThrow();
    const e = error(() => decodeObjectBody(Buffer.from(deep(10_000)), 'application/json', 'Pod'));
    expect(e.message).toBe(
      `the object provided is unrecognized (must be of type Pod): couldn't get version/kind; json parse error: invalid character '[' exceeded max depth ({"kind":"Pod","x":${'['.repeat(12)} ...)`,
    );
  });

  it('says where a YAML body does not read', () => {
    const e = error(() => decodeObjectBody(Buffer.from('kind: [Pod\n'), 'application/yaml', 'Pod'));
    expect(e.code).toBe(400);
    expect(e.message).toContain('error converting YAML to JSON: yaml:');
  });
});

describe('decodeDeleteOptions', () => {
  it('reads DeleteOptions; none, or null, is the defaults', () => {
    expect(decodeDeleteOptions(Buffer.from('{"propagationPolicy":"Orphan"}'), 'application/json')).toEqual({
      propagationPolicy: 'Orphan',
    });
    expect(decodeDeleteOptions(Buffer.alloc(0), undefined)).toEqual({});
    expect(decodeDeleteOptions(Buffer.from('null'), 'application/json')).toEqual({});
  });

  it('answers a body that does not decode as the API server does: a 500 without a reason', () => {
    const e = error(() => decodeDeleteOptions(Buffer.from('{bad'), 'application/json'));
    expect([e.code, e.reason, e.message]).toEqual([
      500,
      '',
      "couldn't get version/kind; json parse error: invalid character 'b' looking for beginning of object key string",
    ]);
  });
});

describe('tooDeep', () => {
  it('finds the first value nested past the limit, without recursion', () => {
    let v: unknown = 'leaf';
    for (let i = 0; i < 50_000; i++) v = [v];
    expect(tooDeep({ a: { b: v } })).toBe('a.b[0][0][0][0]…');
    expect(tooDeep({ a: { b: [[1]] } })).toBeUndefined();
  });
});
