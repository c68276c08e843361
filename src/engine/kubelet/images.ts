// Container images as the kubelet and containerd report them: a per-node image cache, fully
// qualified names, deterministic digests and sizes (derived from the name, so runs are repeatable).

import { normalizeImage } from '../registry/reference';

/** FNV-1a 32-bit. */
function fnv(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** 64 hex characters derived from `s` (stands in for a sha256). */
const digests = new Map<string, string>();

export function pseudoDigest(s: string): string {
  const cached = digests.get(s);
  if (cached !== undefined) return cached;
  const d = computeDigest(s);
  if (digests.size > 10_000) digests.clear();
  digests.set(s, d);
  return d;
}

/** fnv of `0:`, `1:`, … `7:`: the states the eight hashes of computeDigest start from */
const [S0, S1, S2, S3, S4, S5, S6, S7] = Array.from({ length: 8 }, (_, i) => fnv(`${i}:`));
const FNV_PRIME = 0x01000193;
/** the character codes of the hex digits */
const HEX_CODES = Array.from('0123456789abcdef', (ch) => ch.charCodeAt(0));
/** the digest's 64 character codes, filled per call */
const DIGEST_CODES: number[] = Array.from({ length: 64 }, () => 0);

/** The 8 hex digits of `h` (int32, printed unsigned) into DIGEST_CODES from `at`. */
function hex8(h: number, at: number): void {
  const c = DIGEST_CODES;
  for (let i = 7; i >= 0; i--) {
    c[at + i] = HEX_CODES[h & 15];
    h >>>= 4;
  }
}

/**
 * The eight hashes fnv(`${i}:${s}`), i = 0…7, in one pass over `s`, as 64 hex characters. The
 * states are kept as int32 (Math.imul and ^ see the same 32 bits), unsigned only for printing.
 */
export function computeDigest(s: string): string {
  let h0 = S0,
    h1 = S1,
    h2 = S2,
    h3 = S3,
    h4 = S4,
    h5 = S5,
    h6 = S6,
    h7 = S7;
  for (let j = 0; j < s.length; j++) {
    const ch = s.charCodeAt(j);
    h0 = Math.imul(h0 ^ ch, FNV_PRIME);
    h1 = Math.imul(h1 ^ ch, FNV_PRIME);
    h2 = Math.imul(h2 ^ ch, FNV_PRIME);
    h3 = Math.imul(h3 ^ ch, FNV_PRIME);
    h4 = Math.imul(h4 ^ ch, FNV_PRIME);
    h5 = Math.imul(h5 ^ ch, FNV_PRIME);
    h6 = Math.imul(h6 ^ ch, FNV_PRIME);
    h7 = Math.imul(h7 ^ ch, FNV_PRIME);
  }
  hex8(h0, 0);
  hex8(h1, 8);
  hex8(h2, 16);
  hex8(h3, 24);
  hex8(h4, 32);
  hex8(h5, 40);
  hex8(h6, 48);
  hex8(h7, 56);
  // one flat string (a chain of concatenations would keep ~40 string pieces per digest alive)
  return String.fromCharCode.apply(null, DIGEST_CODES);
}

/** Per image: a few distinct images, asked for at every pod's start (bounded like `digests`). */
const imageIDs = new Map<string, string>();

function remember(m: Map<string, string>, k: string, v: string): string {
  if (m.size > 10_000) m.clear();
  m.set(k, v);
  return v;
}

/** `docker.io/library/nginx@sha256:…` as containerStatuses[].imageID shows it. */
export function imageID(image: string): string {
  return imageIDs.get(image) ?? remember(imageIDs, image, imageIDUncached(image));
}

function imageIDUncached(image: string): string {
  const n = normalizeImage(image);
  const at = n.indexOf('@');
  if (at >= 0) return n;
  const repo = n.slice(0, n.lastIndexOf(':'));
  return `${repo}@sha256:${pseudoDigest(n)}`;
}

/** A plausible compressed image size in bytes (10–90 MB), fixed per image. */
export function imageSize(image: string): number {
  return 10_000_000 + (fnv(normalizeImage(image)) % 80_000_000);
}

/** The images present on each node (what `crictl images` would list). */
export class ImageCache {
  /** node → its one image, or a Set once it has two (most nodes keep the one DaemonSet image) */
  private readonly byNode = new Map<string, string | Set<string>>();

  has(node: string, image: string): boolean {
    const s = this.byNode.get(node);
    if (s === undefined) return false;
    const n = normalizeImage(image);
    return typeof s === 'string' ? s === n : s.has(n);
  }

  add(node: string, image: string): void {
    const n = normalizeImage(image);
    const s = this.byNode.get(node);
    if (s === undefined) this.byNode.set(node, n);
    else if (typeof s === 'string') {
      if (s !== n) this.byNode.set(node, new Set([s, n]));
    } else s.add(n);
  }

  /** A node that is deleted and registered again starts with no images. */
  forget(node: string): void {
    this.byNode.delete(node);
  }
}
