// computeDigest against the simple version it replaced: eight FNV-1a hashes of `${i}:${s}`.

import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { computeDigest } from './images';

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function oracleDigest(s: string): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += fnv(`${i}:${s}`).toString(16).padStart(8, '0');
  return out;
}

describe('computeDigest', () => {
  it('is the eight FNV-1a hashes of `i:s`, for random strings', () => {
    const r = new Random(3);
    const alphabet = 'abz09-/:@.é漢😀';
    const cases = ['', 'docker.io/library/nginx:1.27', '3f1c-uid/fluentd'];
    for (let n = 0; n < 300; n++) {
      let s = '';
      for (let k = r.int(60); k > 0; k--) s += alphabet[r.int(alphabet.length)];
      cases.push(s);
    }
    for (const s of cases) expect(computeDigest(s)).toBe(oracleDigest(s));
    expect(computeDigest('x')).toHaveLength(64);
  });
});
