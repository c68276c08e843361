// X509KeyPair against the real client: each pair of src/scenarios/tls/ given to kubectl 1.33.1's
// `create secret tls t --cert=C --key=K --dry-run=client -o name` (ok, or the error it printed).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ed25519PublicKey, KeyPairError, sha512, x509KeyPair } from './x509KeyPair';

const DIR = join(import.meta.dirname, '../../scenarios/tls');
const read = (f: string) => readFileSync(join(DIR, f), 'utf8');
const hexOf = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
const bytesOf = (h: string) => Uint8Array.from(h.match(/../g)!, (x) => parseInt(x, 16));

// prettier-ignore
const REAL: [cert: string, key: string, kubectl: string][] = [
  ['web.crt', 'web.key', 'ok'],
  ['web.crt', 'web-pkcs1.key', 'ok'],
  ['web.crt', 'other.key', 'error: tls: private key does not match public key'],
  ['web.key', 'web.crt', 'error: tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched'],
  ['web.crt', 'web.crt', 'error: tls: found a certificate rather than a key in the PEM for the private key'],
  ['foo.pem', 'web.key', 'error: tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [FOO]'],
  ['web.crt', 'foo.pem', 'error: tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM blocks of the following types: [FOO]'],
  ['bad-der.crt', 'web.key', 'error: x509: malformed certificate'],
  ['ec.crt', 'ec.key', 'ok'],
  ['ec.crt', 'ec-pkcs8.key', 'ok'],
  ['ec.crt', 'web.key', 'error: tls: private key type does not match public key type'],
  ['web.crt', 'ec.key', 'error: tls: private key type does not match public key type'],
  ['ec384.crt', 'ec384.key', 'ok'],
  ['ec521.crt', 'ec521.key', 'ok'],
  ['ec.crt', 'ec384.key', 'error: tls: private key does not match public key'],
  ['ec384.crt', 'ec521.key', 'error: tls: private key does not match public key'],
  ['ed.crt', 'ed.key', 'ok'],
  ['ed.crt', 'ed-other.key', 'error: tls: private key does not match public key'],
  ['ed.crt', 'ec.key', 'error: tls: private key type does not match public key type'],
  ['small.crt', 'small.key', 'ok'],
  ['web.crt', 'x25519.key', 'error: tls: found unknown private key type in PKCS#8 wrapping'],
  ['dsa.crt', 'dsa.key', 'error: tls: failed to parse private key'],
  ['dsa.crt', 'web.key', 'error: tls: unknown public key algorithm'],
  ['ec.crt', 'dsa.key', 'error: tls: failed to parse private key'],
];

describe('x509KeyPair equals kubectl 1.33.1 (crypto/tls X509KeyPair)', () => {
  it.each(REAL)('%s + %s', (cert, key, kubectl) => {
    let got = 'ok';
    try {
      x509KeyPair(read(cert), read(key));
    } catch (e) {
      if (!(e instanceof KeyPairError)) throw e;
      got = `error: ${e.message}`;
    }
    expect(got).toBe(kubectl);
  });

  it('finds no PEM data in text that has none', () => {
    expect(() => x509KeyPair('garbage\n', read('web.key'))).toThrow(
      'tls: failed to find any PEM data in certificate input',
    );
    expect(() => x509KeyPair(read('web.crt'), '')).toThrow('tls: failed to find any PEM data in key input');
  });
});

describe('the hashes and curves behind it', () => {
  it('sha512 of "abc" and of nothing (FIPS 180-4 examples)', () => {
    expect(hexOf(sha512(new TextEncoder().encode('abc')))).toBe(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
    expect(hexOf(sha512(new Uint8Array(0))).slice(0, 32)).toBe('cf83e1357eefb8bdf1542850d66d8007');
  });

  it('derives an Ed25519 public key from its seed (RFC 8032, test 1)', () => {
    const seed = bytesOf('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
    expect(hexOf(ed25519PublicKey(seed))).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    );
  });
});
