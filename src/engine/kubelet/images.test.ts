// computeDigest against the simple version it replaced: eight FNV-1a hashes of `${i}:${s}`; the
// cached normalizeImage and imageID against the code they wrap, before and after the caches fill.

import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { normalizeImage } from '../registry/reference';
import { ImageCache, computeDigest, imageID } from './images';

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

/** docker reference normalization as it was (no cache). */
function oracleNormalize(image: string): string {
  let name = image;
  const slash = name.indexOf('/');
  const first = slash < 0 ? '' : name.slice(0, slash);
  if (slash < 0) name = `docker.io/library/${name}`;
  else if (!first.includes('.') && !first.includes(':') && first !== 'localhost') name = `docker.io/${name}`;
  const lastSlash = name.lastIndexOf('/');
  if (!name.includes('@') && !name.slice(lastSlash + 1).includes(':')) name += ':latest';
  return name;
}

function oracleImageID(image: string): string {
  const n = oracleNormalize(image);
  if (n.includes('@')) return n;
  return `${n.slice(0, n.lastIndexOf(':'))}@sha256:${oracleDigest(n)}`;
}

describe('normalizeImage and imageID', () => {
  it('are the uncached results, on random images, while the caches fill and after they are cleared', () => {
    const r = new Random(8);
    const parts = [
      'nginx',
      'library',
      'quay.io',
      'localhost',
      'localhost:5000',
      'a.b',
      'x',
      ':1.27',
      '@sha256:ab',
      '/',
      ':',
      '.',
    ];
    const images = ['', 'nginx', 'nginx:1.27', 'quay.io/x/y', 'localhost/z', 'a/b/c:d@sha256:00'];
    for (let n = 0; n < 12_000; n++) {
      let s = '';
      for (let k = 1 + r.int(5); k > 0; k--) s += parts[r.int(parts.length)];
      images.push(s);
    }
    for (let round = 0; round < 2; round++) {
      for (const image of images) {
        expect(normalizeImage(image)).toBe(oracleNormalize(image));
        expect(imageID(image)).toBe(oracleImageID(image));
      }
    }
  });
});

describe('ImageCache', () => {
  it('answers like a Set per node, through one image and then many', () => {
    const c = new ImageCache();
    const oracle = new Map<string, Set<string>>();
    const images = [
      'nginx',
      'nginx:latest',
      'docker.io/library/nginx:1.27',
      'busybox',
      'k8s.gcr.io/pause:3.9',
    ];
    let x = 11;
    const pick = (n: number) => (x = (x * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 500; i++) {
      const node = `n${pick(4)}`;
      const image = images[pick(images.length)];
      const op = pick(10);
      if (op < 4) {
        c.add(node, image);
        if (!oracle.has(node)) oracle.set(node, new Set());
        oracle.get(node)!.add(normalizeImage(image));
      } else if (op === 9) {
        c.forget(node);
        oracle.delete(node);
      }
      for (const im of images)
        expect(c.has(node, im)).toBe(oracle.get(node)?.has(normalizeImage(im)) ?? false);
    }
  });
});

describe('normalizeImage follows docker reference normalization', () => {
  it('qualifies Docker Hub names the way ParseNormalizedNamed does', () => {
    expect(normalizeImage('nginx')).toBe('docker.io/library/nginx:latest');
    expect(normalizeImage('docker.io/nginx')).toBe('docker.io/library/nginx:latest');
    expect(normalizeImage('index.docker.io/library/nginx:1.27')).toBe('docker.io/library/nginx:1.27');
    expect(normalizeImage('prom/node-exporter:v1.8.0')).toBe('docker.io/prom/node-exporter:v1.8.0');
    expect(normalizeImage('localhost:5000/app')).toBe('localhost:5000/app:latest');
    expect(normalizeImage('Registry.Example/app:1')).toBe('Registry.Example/app:1');
  });
});
