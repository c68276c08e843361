// kubectl's pkg/util/hash (hash.go): the suffix `--append-hash` adds to a generated ConfigMap's or
// Secret's name — sha256 of the object's canonical JSON (kind, name, data, type), its first ten hex
// digits with 0, 1, 3, a, e replaced (encodeHash), so the name never reads as a word or a number.

import { goJSON } from '../api/encode';

// prettier-ignore
const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/** SHA-256 (FIPS 180-4) of the UTF-8 bytes of `text`, as lower-case hex (`%x` of sha256.Sum256). */
export function sha256Hex(text: string): string {
  const msg = new TextEncoder().encode(text);
  const padded = new Uint8Array(Math.ceil((msg.length + 9) / 64) * 64);
  padded.set(msg);
  padded[msg.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, msg.length * 8);
  view.setUint32(padded.length - 8, Math.floor(msg.length / 2 ** 29));
  const H = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  const W: number[] = Array.from({ length: 64 }, () => 0);
  for (let off = 0; off < padded.length; off += 64) {
    for (let t = 0; t < 16; t++) W[t] = view.getUint32(off + 4 * t);
    for (let t = 16; t < 64; t++) {
      const s0 = rotr(W[t - 15], 7) ^ rotr(W[t - 15], 18) ^ (W[t - 15] >>> 3);
      const s1 = rotr(W[t - 2], 17) ^ rotr(W[t - 2], 19) ^ (W[t - 2] >>> 10);
      W[t] = (W[t - 16] + s0 + W[t - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let t = 0; t < 64; t++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t] + W[t]) | 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
    }
    [a, b, c, d, e, f, g, h].forEach((v, i) => (H[i] = (H[i] + v) | 0));
  }
  return H.map((v) => (v >>> 0).toString(16).padStart(8, '0')).join('');
}

/** encodeHash: the first ten hex digits, with the digits and letters that spell words replaced. */
export function encodeHash(hex: string): string {
  const swap = new Map([
    ['0', 'g'],
    ['1', 'h'],
    ['3', 'k'],
    ['a', 'm'],
    ['e', 't'],
  ]);
  return Array.from(hex.slice(0, 10), (c) => swap.get(c) ?? c).join('');
}

/** ConfigMapHash: encodeConfigMap's map (kind, name, data) as json.Marshal writes it. */
export function configMapHash(name: string, data: Record<string, string>): string {
  return encodeHash(sha256Hex(goJSON({ kind: 'ConfigMap', name, data })));
}

/** SecretHash: encodeSecret's map (kind, type, name, data: base64 of each value's bytes). */
export function secretHash(name: string, type: string, data: Record<string, string>): string {
  return encodeHash(sha256Hex(goJSON({ kind: 'Secret', type, name, data })));
}
