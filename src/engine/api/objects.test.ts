import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { canonicalJSON, shallowCopy } from './objects';

/** canonicalJSON as it was (map/filter/join): the oracle. */
function oracleCanonicalJSON(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(oracleCanonicalJSON).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${oracleCanonicalJSON(o[k])}`).join(',')}}`;
}

const KEYS = ['b', 'a', 'z', 'ä', '10', '2', 'A', 'key with "quotes"', '', '__proto__x'];

function value(r: Random, depth: number): unknown {
  const x = r.int(depth > 3 ? 6 : 9);
  switch (x) {
    case 0:
      return null;
    case 1:
      return r.int(1000) - 500;
    case 2:
      return r.int(2) === 0;
    case 3:
      return ['', 'text', 'ü"\\n', '<&>'][r.int(4)];
    case 4:
      return undefined;
    case 5:
      return r.int(7) / 4;
    case 6: {
      const a: unknown[] = Array.from({ length: r.int(4) }, () => value(r, depth + 1));
      if (r.int(6) === 0) a.length += 1; // a hole at the end
      return a;
    }
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(5); i > 0; i--) o[KEYS[r.int(KEYS.length)]] = value(r, depth + 1);
      return o;
    }
  }
}

describe('canonicalJSON', () => {
  it('writes what the map/filter/join version wrote, on random JSON-like values', () => {
    const r = new Random(21);
    for (let i = 0; i < 3000; i++) {
      const v = value(r, 0);
      expect(canonicalJSON(v)).toBe(oracleCanonicalJSON(v));
    }
  });
});

describe('shallowCopy', () => {
  it('copies own enumerable keys in order, like an object spread, sharing the values', () => {
    const labels = { a: '1' };
    const o = { name: 'n', labels, uid: 'u' };
    const c = shallowCopy(o);
    expect(c).toEqual({ ...o });
    expect(Object.keys(c)).toEqual(['name', 'labels', 'uid']);
    expect(c.labels).toBe(labels);
    expect(c).not.toBe(o);
  });

  it('keeps a __proto__ key an own property and the prototype untouched', () => {
    const o = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}') as Record<string, unknown>;
    const c = shallowCopy(o);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(Object.hasOwn(c, '__proto__')).toBe(true);
    expect((c as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(c)).toEqual(['__proto__', 'name']);
  });
});
