// Go's crypto/tls X509KeyPair (crypto/tls/tls.go), as `kubectl create secret tls` calls it on the
// --cert and --key files: the PEM blocks found and skipped (encoding/pem), the certificate read down
// to its public key (crypto/x509 parser.go), the private key read as PKCS #1, PKCS #8 or SEC 1
// (parsePrivateKey), and the two keys compared — an RSA modulus, an ECDSA public point computed from
// the private scalar, an Ed25519 public key derived from the seed — each failure in Go's words.
// Not modelled: the certificate's names, validity, extensions and signature are read as opaque DER
// (Go checks their structure too), and an RSA key's primes are checked only as far as N = P·Q.

/** X509KeyPair's refusal: Go's error text. */
export class KeyPairError extends Error {}

const fail = (m: string): never => {
  throw new KeyPairError(m);
};

// ------------------------------------------------------------------------------------------ PEM

interface PemBlock {
  type: string;
  bytes: Uint8Array;
}

/** Standard base64 with whitespace ignored (pem.Decode's decoder); null when not base64. */
function base64Bytes(text: string): Uint8Array | null {
  const s = text.replace(/[ \t\r\n]/g, '');
  if (s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return null;
  const bin = atob(s);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** Every block pem.Decode returns, in order (a block whose body is not base64 is skipped, as there). */
export function pemBlocks(text: string): PemBlock[] {
  const out: PemBlock[] = [];
  const re = /(?:^|\n)-----BEGIN ([^\n]*?)-----[ \t]*\r?\n([\s\S]*?)(?:^|\n)-----END \1-----/gm;
  for (const m of text.matchAll(re)) {
    // RFC 1421 headers (`Proc-Type: …`) end at the first blank line
    let body = m[2];
    if (/^[^\n]*:/.test(body)) body = body.slice(body.search(/\r?\n\r?\n/) + 1);
    const bytes = base64Bytes(body);
    if (bytes) out.push({ type: m[1], bytes });
  }
  return out;
}

// ------------------------------------------------------------------------------------------ DER

interface Tlv {
  tag: number;
  /** the content */
  body: Uint8Array;
  /** the whole element (tag, length, content) */
  raw: Uint8Array;
}

/** A strict DER reader over one level (cryptobyte.String's ReadASN1). */
class Der {
  private pos = 0;
  constructor(private readonly buf: Uint8Array) {}
  get empty(): boolean {
    return this.pos >= this.buf.length;
  }
  peekTag(): number | undefined {
    return this.buf[this.pos];
  }
  /** The next element, or null when it is not well-formed DER or has another tag. */
  read(tag?: number): Tlv | null {
    const b = this.buf;
    const start = this.pos;
    if (start + 2 > b.length) return null;
    const t = b[start];
    if (tag !== undefined && t !== tag) return null;
    let len = b[start + 1];
    let off = start + 2;
    if (len & 0x80) {
      const n = len & 0x7f;
      // no indefinite length, at most 4 length bytes, minimal encoding (DER)
      if (n === 0 || n > 4 || off + n > b.length || b[off] === 0) return null;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + b[off + i];
      if (len < 128) return null;
      off += n;
    }
    if (off + len > b.length) return null;
    this.pos = off + len;
    return { tag: t, body: b.subarray(off, off + len), raw: b.subarray(start, off + len) };
  }
}

const SEQUENCE = 0x30;
const INTEGER = 0x02;
const BIT_STRING = 0x03;
const OCTET_STRING = 0x04;
const NULL = 0x05;
const OID = 0x06;

/** A non-negative big-endian integer of bytes. */
function bigOf(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const x of bytes) n = (n << 8n) | BigInt(x);
  return n;
}

/** A DER INTEGER's value (two's complement), or null when not minimally encoded. */
function derInt(t: Tlv | null): bigint | null {
  if (!t || t.body.length === 0) return null;
  const b = t.body;
  if (b.length > 1 && ((b[0] === 0 && !(b[1] & 0x80)) || (b[0] === 0xff && b[1] & 0x80))) return null;
  const v = bigOf(b);
  return b[0] & 0x80 ? v - (1n << BigInt(8 * b.length)) : v;
}

/** An OBJECT IDENTIFIER as dotted text. */
function oidText(t: Tlv | null): string | null {
  if (!t || t.body.length === 0) return null;
  const parts: number[] = [];
  let v = 0;
  for (const x of t.body) {
    v = v * 128 + (x & 0x7f);
    if (!(x & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  const first = parts.shift()!;
  return [
    Math.min(2, Math.floor(first / 40)),
    first - 40 * Math.min(2, Math.floor(first / 40)),
    ...parts,
  ].join('.');
}

/** A BIT STRING's bytes (whole bytes only, as keys are). */
function bitStringBytes(t: Tlv | null): Uint8Array | null {
  if (!t || t.body.length === 0 || t.body[0] !== 0) return null;
  return t.body.subarray(1);
}

// --------------------------------------------------------------------------------------- curves

interface Curve {
  name: string;
  p: bigint;
  b: bigint;
  n: bigint;
  gx: bigint;
  gy: bigint;
  /** bytes of a coordinate */
  size: number;
}

const hex = (s: string) => BigInt(`0x${s}`);

/** The NIST curves crypto/x509 knows, by their named-curve OIDs (a = -3 for each). */
const CURVES = new Map<string, Curve>([
  [
    '1.2.840.10045.3.1.7',
    {
      name: 'P-256',
      p: hex('FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF'),
      b: hex('5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B'),
      n: hex('FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551'),
      gx: hex('6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296'),
      gy: hex('4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5'),
      size: 32,
    },
  ],
  [
    '1.3.132.0.34',
    {
      name: 'P-384',
      p: hex(
        'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFF0000000000000000FFFFFFFF',
      ),
      b: hex(
        'B3312FA7E23EE7E4988E056BE3F82D19181D9C6EFE8141120314088F5013875AC656398D8A2ED19D2A85C8EDD3EC2AEF',
      ),
      n: hex(
        'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973',
      ),
      gx: hex(
        'AA87CA22BE8B05378EB1C71EF320AD746E1D3B628BA79B9859F741E082542A385502F25DBF55296C3A545E3872760AB7',
      ),
      gy: hex(
        '3617DE4A96262C6F5D9E98BF9292DC29F8F41DBD289A147CE9DA3113B5F0B8C00A60B1CE1D7E819D7A431D7C90EA0E5F',
      ),
      size: 48,
    },
  ],
  [
    '1.3.132.0.35',
    {
      name: 'P-521',
      p: (1n << 521n) - 1n,
      b: hex(
        '0051953EB9618E1C9A1F929A21A0B68540EEA2DA725B99B315F3B8B489918EF109E156193951EC7E937B1652C0BD3BB1BF073573DF883D2C34F1EF451FD46B503F00',
      ),
      n: hex(
        '01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409',
      ),
      gx: hex(
        '00C6858E06B70404E9CD9E3ECB662395B4429C648139053FB521F828AF606B4D3DBAA14B5E77EFE75928FE1DC127A2FFA8DE3348B3C1856A429BF97E7E31C2E5BD66',
      ),
      gy: hex(
        '011839296A789A3BC0045C8A5FB42C7D1BD998F54449579B446817AFBD17273E662C97EE72995EF42640C550B9013FAD0761353C7086A272C24088BE94769FD16650',
      ),
      size: 66,
    },
  ],
]);

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

/** a⁻¹ mod m by the extended Euclidean algorithm (m prime, a ≠ 0). */
function inv(a: bigint, m: bigint): bigint {
  let [r0, r1, s0, s1] = [mod(a, m), m, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, m);
}

type Affine = { x: bigint; y: bigint } | null;

function ecAdd(c: Curve, P: Affine, Q: Affine): Affine {
  if (!P) return Q;
  if (!Q) return P;
  const { p } = c;
  let l: bigint;
  if (P.x === Q.x) {
    if (mod(P.y + Q.y, p) === 0n) return null;
    l = mod((3n * P.x * P.x - 3n) * inv(2n * P.y, p), p);
  } else l = mod((Q.y - P.y) * inv(Q.x - P.x, p), p);
  const x = mod(l * l - P.x - Q.x, p);
  return { x, y: mod(l * (P.x - x) - P.y, p) };
}

/** k·G (crypto/ecdh's ScalarBaseMult, without its constant time). */
function ecBaseMult(c: Curve, k: bigint): Affine {
  let R: Affine = null;
  let A: Affine = { x: c.gx, y: c.gy };
  for (let e = k; e > 0n; e >>= 1n) {
    if (e & 1n) R = ecAdd(c, R, A);
    A = ecAdd(c, A, A);
  }
  return R;
}

function onCurve(c: Curve, x: bigint, y: bigint): boolean {
  return x < c.p && y < c.p && mod(y * y - (x * x * x - 3n * x + c.b), c.p) === 0n;
}

// ------------------------------------------------------------------------------------- Ed25519

const ED_P = (1n << 255n) - 19n;
const ED_D = mod(-121665n * inv(121666n, ED_P), ED_P);

function powmod(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  for (b = mod(b, m); e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) r = (r * b) % m;
  return r;
}

/** The base point: y = 4/5, x even. */
const ED_G = (() => {
  const y = mod(4n * inv(5n, ED_P), ED_P);
  const u = mod(y * y - 1n, ED_P);
  const v = mod(ED_D * y * y + 1n, ED_P);
  let x = powmod(u * inv(v, ED_P), (ED_P + 3n) / 8n, ED_P);
  if (mod(x * x * v - u, ED_P) !== 0n) x = mod(x * powmod(2n, (ED_P - 1n) / 4n, ED_P), ED_P);
  if (x & 1n) x = ED_P - x;
  return [x, y, 1n, mod(x * y, ED_P)] as const;
})();

type Ext = readonly [bigint, bigint, bigint, bigint];

/** Twisted Edwards addition in extended coordinates (a = -1; add-2008-hwcd-3). */
function edAdd([X1, Y1, Z1, T1]: Ext, [X2, Y2, Z2, T2]: Ext): Ext {
  const p = ED_P;
  const A = mod((Y1 - X1) * (Y2 - X2), p);
  const B = mod((Y1 + X1) * (Y2 + X2), p);
  const C = mod(2n * ED_D * T1 * T2, p);
  const D = mod(2n * Z1 * Z2, p);
  const [E, F, G, H] = [B - A, D - C, D + C, B + A];
  return [mod(E * F, p), mod(G * H, p), mod(F * G, p), mod(E * H, p)];
}

// prettier-ignore
const K64 = [
  '428a2f98d728ae22', '7137449123ef65cd', 'b5c0fbcfec4d3b2f', 'e9b5dba58189dbbc', '3956c25bf348b538',
  '59f111f1b605d019', '923f82a4af194f9b', 'ab1c5ed5da6d8118', 'd807aa98a3030242', '12835b0145706fbe',
  '243185be4ee4b28c', '550c7dc3d5ffb4e2', '72be5d74f27b896f', '80deb1fe3b1696b1', '9bdc06a725c71235',
  'c19bf174cf692694', 'e49b69c19ef14ad2', 'efbe4786384f25e3', '0fc19dc68b8cd5b5', '240ca1cc77ac9c65',
  '2de92c6f592b0275', '4a7484aa6ea6e483', '5cb0a9dcbd41fbd4', '76f988da831153b5', '983e5152ee66dfab',
  'a831c66d2db43210', 'b00327c898fb213f', 'bf597fc7beef0ee4', 'c6e00bf33da88fc2', 'd5a79147930aa725',
  '06ca6351e003826f', '142929670a0e6e70', '27b70a8546d22ffc', '2e1b21385c26c926', '4d2c6dfc5ac42aed',
  '53380d139d95b3df', '650a73548baf63de', '766a0abb3c77b2a8', '81c2c92e47edaee6', '92722c851482353b',
  'a2bfe8a14cf10364', 'a81a664bbc423001', 'c24b8b70d0f89791', 'c76c51a30654be30', 'd192e819d6ef5218',
  'd69906245565a910', 'f40e35855771202a', '106aa07032bbd1b8', '19a4c116b8d2d0c8', '1e376c085141ab53',
  '2748774cdf8eeb99', '34b0bcb5e19b48a8', '391c0cb3c5c95a63', '4ed8aa4ae3418acb', '5b9cca4f7763e373',
  '682e6ff3d6b2b8a3', '748f82ee5defb2fc', '78a5636f43172f60', '84c87814a1f0ab72', '8cc702081a6439ec',
  '90befffa23631e28', 'a4506cebde82bde9', 'bef9a3f7b2c67915', 'c67178f2e372532b', 'ca273eceea26619c',
  'd186b8c721c0c207', 'eada7dd6cde0eb1e', 'f57d4f7fee6ed178', '06f067aa72176fba', '0a637dc5a2c898a6',
  '113f9804bef90dae', '1b710b35131c471b', '28db77f523047d84', '32caab7b40c72493', '3c9ebe0a15c9bebc',
  '431d67c49c100d4c', '4cc5d4becb3e42b6', '597f299cfc657e2a', '5fcb6fab3ad6faec', '6c44198c4a475817',
].map(hex);

/** SHA-512 (FIPS 180-4) of a short message: what ed25519.NewKeyFromSeed hashes the seed with. */
export function sha512(msg: Uint8Array): Uint8Array {
  const M = (x: bigint) => BigInt.asUintN(64, x);
  const rotr = (x: bigint, n: bigint) => M((x >> n) | (x << (64n - n)));
  // prettier-ignore
  const H = [
    '6a09e667f3bcc908', 'bb67ae8584caa73b', '3c6ef372fe94f82b', 'a54ff53a5f1d36f1',
    '510e527fade682d1', '9b05688c2b3e6c1f', '1f83d9abfb41bd6b', '5be0cd19137e2179',
  ].map(hex);
  const len = msg.length;
  const padded = new Uint8Array(Math.ceil((len + 17) / 128) * 128);
  padded.set(msg);
  padded[len] = 0x80;
  const bits = BigInt(len) * 8n;
  for (let i = 0; i < 16; i++) padded[padded.length - 1 - i] = Number((bits >> BigInt(8 * i)) & 0xffn);
  for (let off = 0; off < padded.length; off += 128) {
    const W: bigint[] = [];
    for (let t = 0; t < 16; t++) W.push(bigOf(padded.subarray(off + 8 * t, off + 8 * t + 8)));
    for (let t = 16; t < 80; t++) {
      const s0 = rotr(W[t - 15], 1n) ^ rotr(W[t - 15], 8n) ^ (W[t - 15] >> 7n);
      const s1 = rotr(W[t - 2], 19n) ^ rotr(W[t - 2], 61n) ^ (W[t - 2] >> 6n);
      W.push(M(W[t - 16] + s0 + W[t - 7] + s1));
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let t = 0; t < 80; t++) {
      const S1 = rotr(e, 14n) ^ rotr(e, 18n) ^ rotr(e, 41n);
      const ch = (e & f) ^ (M(~e) & g);
      const t1 = M(h + S1 + ch + K64[t] + W[t]);
      const S0 = rotr(a, 28n) ^ rotr(a, 34n) ^ rotr(a, 39n);
      const t2 = M(S0 + ((a & b) ^ (a & c) ^ (b & c)));
      [h, g, f, e, d, c, b, a] = [g, f, e, M(d + t1), c, b, a, M(t1 + t2)];
    }
    [a, b, c, d, e, f, g, h].forEach((v, i) => (H[i] = M(H[i] + v)));
  }
  const out = new Uint8Array(64);
  H.forEach((v, i) => {
    for (let j = 0; j < 8; j++) out[8 * i + j] = Number((v >> BigInt(56 - 8 * j)) & 0xffn);
  });
  return out;
}

/** ed25519.NewKeyFromSeed(seed).Public(): the encoded point of the clamped hash's scalar. */
export function ed25519PublicKey(seed: Uint8Array): Uint8Array {
  const h = sha512(seed).subarray(0, 32);
  const le = Uint8Array.from(h).reverse();
  let s = bigOf(le);
  s &= ~7n;
  s &= (1n << 254n) - 1n;
  s |= 1n << 254n;
  let R: Ext = [0n, 1n, 1n, 0n];
  let A: Ext = ED_G;
  for (let e = s; e > 0n; e >>= 1n) {
    if (e & 1n) R = edAdd(R, A);
    A = edAdd(A, A);
  }
  const zi = inv(R[2], ED_P);
  const x = mod(R[0] * zi, ED_P);
  const y = mod(R[1] * zi, ED_P);
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((y >> BigInt(8 * i)) & 0xffn);
  out[31] |= Number(x & 1n) << 7;
  return out;
}

// ------------------------------------------------------------------------------------- the keys

type PublicKey =
  | { type: 'rsa'; n: bigint; e: bigint }
  | { type: 'ecdsa'; curve: Curve; x: bigint; y: bigint }
  | { type: 'ed25519'; key: Uint8Array }
  | { type: 'unknown' };

type PrivateKey =
  | { type: 'rsa'; n: bigint }
  | { type: 'ecdsa'; x: bigint; y: bigint }
  | { type: 'ed25519'; pub: Uint8Array }
  | { type: 'other' };

const RSA_OID = '1.2.840.113549.1.1.1';
const EC_OID = '1.2.840.10045.2.1';
const ED25519_OID = '1.3.101.112';
const X25519_OID = '1.3.101.110';

/** x509.ParseCertificate down to the subject public key, each step's error in its words. */
function parseCertificatePublicKey(der: Uint8Array): PublicKey {
  const outer = new Der(der).read(SEQUENCE) ?? fail('x509: malformed certificate');
  const input = new Der(outer.body);
  const tbsEl = input.read(SEQUENCE) ?? fail('x509: malformed tbs certificate');
  const tbs = new Der(tbsEl.body);
  if (tbs.peekTag() === 0xa0) {
    const v = tbs.read(0xa0)!;
    const version = derInt(new Der(v.body).read(INTEGER));
    if (version === null || version < 0n) fail('x509: malformed version');
    if (version! + 1n > 3n) fail('x509: invalid version');
  }
  if (derInt(tbs.read(INTEGER)) === null) fail('x509: malformed serial number');
  const sigAI = tbs.read(SEQUENCE) ?? fail('x509: malformed signature algorithm identifier');
  const outerSigAI = input.read(SEQUENCE) ?? fail('x509: malformed algorithm identifier');
  if (sigAI.body.join() !== outerSigAI.body.join())
    fail("x509: inner and outer signature algorithm identifiers don't match");
  for (const part of ['issuer', 'validity', 'subject'])
    if (!tbs.read(SEQUENCE)) fail(`x509: malformed ${part}`);
  const spki = tbs.read(SEQUENCE) ?? fail('x509: malformed spki');
  const spkiDer = new Der(spki.body);
  const algo = spkiDer.read(SEQUENCE) ?? fail('x509: malformed public key algorithm identifier');
  const algoDer = new Der(algo.body);
  const oid = oidText(algoDer.read(OID)) ?? fail('x509: malformed public key algorithm identifier');
  const params = algoDer.empty ? null : algoDer.read();
  const key = bitStringBytes(spkiDer.read(BIT_STRING)) ?? fail('x509: malformed subjectPublicKey');
  switch (oid) {
    case RSA_OID: {
      if (!params || params.tag !== NULL || params.body.length !== 0)
        fail('x509: RSA key missing NULL parameters');
      const seq = new Der(new Der(key).read(SEQUENCE)?.body ?? fail('x509: invalid RSA public key'));
      const n = derInt(seq.read(INTEGER)) ?? fail('x509: invalid RSA modulus');
      const e = derInt(seq.read(INTEGER)) ?? fail('x509: invalid RSA public exponent');
      if (n <= 0n) fail('x509: RSA modulus is not a positive number');
      if (e <= 0n) fail('x509: RSA public exponent is not a positive number');
      return { type: 'rsa', n, e };
    }
    case EC_OID: {
      const curve = CURVES.get((params && params.tag === OID && oidText(params)) || '');
      if (!curve) return fail('x509: unsupported elliptic curve');
      const ok = key.length === 1 + 2 * curve.size && key[0] === 4;
      const x = bigOf(key.subarray(1, 1 + curve.size));
      const y = bigOf(key.subarray(1 + curve.size));
      if (!ok || !onCurve(curve, x, y)) fail('x509: failed to unmarshal elliptic curve point');
      return { type: 'ecdsa', curve, x, y };
    }
    case ED25519_OID:
      if (params) fail('x509: Ed25519 key encoded with illegal parameters');
      if (key.length !== 32) fail('x509: wrong Ed25519 public key size');
      return { type: 'ed25519', key };
    default:
      return { type: 'unknown' };
  }
}

/** x509.ParsePKCS1PrivateKey; null when it fails (parsePrivateKey tries the next form). */
function parsePKCS1(der: Uint8Array): PrivateKey | null {
  const seq = new Der(der).read(SEQUENCE);
  if (!seq) return null;
  const d = new Der(seq.body);
  const ints: bigint[] = [];
  for (let i = 0; i < 9; i++) {
    const v = derInt(d.read(INTEGER));
    if (v === null) return null;
    ints.push(v);
  }
  const [version, n, , , p, q] = ints;
  if (version > 1n || n <= 0n || p <= 0n || q <= 0n) return null;
  // rsa.PrivateKey.Validate (in part): the primes make the modulus (a 512-bit key still parses)
  if (p * q !== n) return null;
  return { type: 'rsa', n };
}

/** parseECPrivateKey(namedCurveOID, der): the public point computed from the scalar, as Go does. */
function parseSEC1(der: Uint8Array, namedCurve: string | null): PrivateKey | null {
  const seq = new Der(der).read(SEQUENCE);
  if (!seq) return null;
  const d = new Der(seq.body);
  if (derInt(d.read(INTEGER)) !== 1n) return null;
  const priv = d.read(OCTET_STRING);
  if (!priv) return null;
  let oid = namedCurve;
  if (d.peekTag() === 0xa0) {
    const inner = oidText(new Der(d.read(0xa0)!.body).read(OID));
    if (oid === null) oid = inner;
  }
  const curve = oid === null ? undefined : CURVES.get(oid);
  if (!curve) return null;
  const k = bigOf(priv.body);
  if (k === 0n || k >= curve.n) return null;
  const P = ecBaseMult(curve, k);
  return P ? { type: 'ecdsa', x: P.x, y: P.y } : null;
}

/** x509.ParsePKCS8PrivateKey: the algorithm, then its own form of the key inside. */
function parsePKCS8(der: Uint8Array): PrivateKey | null {
  const seq = new Der(der).read(SEQUENCE);
  if (!seq) return null;
  const d = new Der(seq.body);
  if (derInt(d.read(INTEGER)) === null) return null;
  const algo = d.read(SEQUENCE);
  const key = d.read(OCTET_STRING);
  if (!algo || !key) return null;
  const a = new Der(algo.body);
  const oid = oidText(a.read(OID));
  const params = a.empty ? null : a.read();
  switch (oid) {
    case RSA_OID:
      return parsePKCS1(key.body);
    case EC_OID:
      return parseSEC1(key.body, params && params.tag === OID ? oidText(params) : null);
    case ED25519_OID: {
      if (params) return null;
      const seed = new Der(key.body).read(OCTET_STRING);
      if (!seed || seed.body.length !== 32) return null;
      return { type: 'ed25519', pub: ed25519PublicKey(seed.body) };
    }
    case X25519_OID:
      return { type: 'other' };
    default:
      return null;
  }
}

/** crypto/tls parsePrivateKey: PKCS #1, then PKCS #8, then SEC 1. */
function parsePrivateKey(der: Uint8Array): PrivateKey {
  const key = parsePKCS1(der) ?? parsePKCS8(der);
  if (key?.type === 'other') fail('tls: found unknown private key type in PKCS#8 wrapping');
  return key ?? parseSEC1(der, null) ?? fail('tls: failed to parse private key');
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** tls.X509KeyPair(certPEM, keyPEM): returns when the pair is usable, else throws KeyPairError. */
export function x509KeyPair(certPEM: string, keyPEM: string): void {
  const certs: Uint8Array[] = [];
  const skipped: string[] = [];
  for (const b of pemBlocks(certPEM)) {
    if (b.type === 'CERTIFICATE') certs.push(b.bytes);
    else skipped.push(b.type);
  }
  if (certs.length === 0) {
    if (skipped.length === 0) fail('tls: failed to find any PEM data in certificate input');
    if (skipped.length === 1 && skipped[0].endsWith('PRIVATE KEY'))
      fail(
        'tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched',
      );
    fail(
      `tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [${skipped.join(' ')}]`,
    );
  }
  const keySkipped: string[] = [];
  const keyBlock = pemBlocks(keyPEM).find((b) => {
    if (b.type === 'PRIVATE KEY' || b.type.endsWith(' PRIVATE KEY')) return true;
    keySkipped.push(b.type);
    return false;
  });
  if (!keyBlock) {
    if (keySkipped.length === 0) fail('tls: failed to find any PEM data in key input');
    if (keySkipped.length === 1 && keySkipped[0] === 'CERTIFICATE')
      fail('tls: found a certificate rather than a key in the PEM for the private key');
    fail(
      `tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM blocks of the following types: [${keySkipped.join(' ')}]`,
    );
  }
  const pub = parseCertificatePublicKey(certs[0]);
  const priv = parsePrivateKey(keyBlock!.bytes);
  const mismatch = () => fail('tls: private key type does not match public key type');
  switch (pub.type) {
    case 'rsa':
      if (priv.type !== 'rsa') mismatch();
      else if (priv.n !== pub.n) fail('tls: private key does not match public key');
      return;
    case 'ecdsa':
      if (priv.type !== 'ecdsa') mismatch();
      else if (priv.x !== pub.x || priv.y !== pub.y) fail('tls: private key does not match public key');
      return;
    case 'ed25519':
      if (priv.type !== 'ed25519') mismatch();
      else if (!sameBytes(priv.pub, pub.key)) fail('tls: private key does not match public key');
      return;
    default:
      fail('tls: unknown public key algorithm');
  }
}
