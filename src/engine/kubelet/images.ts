// Container images as the kubelet and containerd report them: a per-node image cache, fully
// qualified names, deterministic digests and sizes (derived from the name, so runs are repeatable).

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
const DIGEST_SEEDS = Array.from({ length: 8 }, (_, i) => fnv(`${i}:`));

/** The eight hashes fnv(`${i}:${s}`), i = 0…7, in one pass over `s`, as 64 hex characters. */
export function computeDigest(s: string): string {
  const h = DIGEST_SEEDS.slice();
  for (let j = 0; j < s.length; j++) {
    const ch = s.charCodeAt(j);
    for (let i = 0; i < 8; i++) h[i] = Math.imul(h[i] ^ ch, 0x01000193) >>> 0;
  }
  let out = '';
  for (let i = 0; i < 8; i++) out += h[i].toString(16).padStart(8, '0');
  return out;
}

/** `nginx:1.27` → `docker.io/library/nginx:1.27` (docker reference normalization). */
export function normalizeImage(image: string): string {
  let name = image;
  const slash = name.indexOf('/');
  const first = slash < 0 ? '' : name.slice(0, slash);
  if (slash < 0) name = `docker.io/library/${name}`;
  else if (!first.includes('.') && !first.includes(':') && first !== 'localhost') name = `docker.io/${name}`;
  const lastSlash = name.lastIndexOf('/');
  if (!name.includes('@') && !name.slice(lastSlash + 1).includes(':')) name += ':latest';
  return name;
}

/** `docker.io/library/nginx@sha256:…` as containerStatuses[].imageID shows it. */
export function imageID(image: string): string {
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

/** Go's time.Duration.String for whole milliseconds: `2s`, `1.5s`, `500ms`, `1m30s`. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`;
}

/** The images present on each node (what `crictl images` would list). */
export class ImageCache {
  private readonly byNode = new Map<string, Set<string>>();

  has(node: string, image: string): boolean {
    return this.byNode.get(node)?.has(normalizeImage(image)) ?? false;
  }

  add(node: string, image: string): void {
    let s = this.byNode.get(node);
    if (!s) this.byNode.set(node, (s = new Set()));
    s.add(normalizeImage(image));
  }

  /** A node that is deleted and registered again starts with no images. */
  forget(node: string): void {
    this.byNode.delete(node);
  }
}
