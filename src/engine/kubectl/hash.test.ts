import { describe, expect, it } from 'vitest';
import { configMapHash, encodeHash, secretHash, sha256Hex } from './hash';

describe('pkg/util/hash', () => {
  it('sha256Hex matches FIPS 180-4 examples, across block boundaries', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('encodeHash keeps ten characters and swaps 0, 1, 3, a, e', () => {
    expect(encodeHash('94b26054c0295afc')).toBe('94b26g54cg');
    expect(encodeHash('a416ce30b23fd46c')).toBe('m4h6ctkgb2');
  });

  // expected: kubectl 1.33.1 `create configmap c [--from-literal=a=b] --append-hash --dry-run=client -o name`,
  // `create secret generic s [--from-literal=a=b --type=x] --append-hash …`
  it('hashes ConfigMaps and Secrets as kubectl 1.33.1 names them', () => {
    expect(configMapHash('c', {})).toBe('94b26g54cg');
    expect(configMapHash('c', { a: 'b' })).toBe('m4h6ctkgb2');
    expect(secretHash('s', '', {})).toBe('6cmg28h685');
    expect(secretHash('s', 'x', { a: 'Yg==' })).toBe('426t5bkm8k');
  });
});
