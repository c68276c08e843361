// The cases of distribution/reference's normalize_test.go (TestValidateReferenceName,
// TestValidateRemoteName, TestParseRepositoryInfo, TestNormalizedSplitHostname), plus the error texts.

import { describe, expect, it } from 'vitest';
import { formatImageReference, ImageReferenceError, parseImageReference } from './reference';

function problem(s: string): string | null {
  try {
    parseImageReference(s);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(ImageReferenceError);
    return (e as Error).message;
  }
}

const VALID = [
  'docker/docker',
  'library/debian',
  'debian',
  'docker.io/docker/docker',
  'docker.io/library/debian',
  'docker.io/debian',
  'index.docker.io/docker/docker',
  'index.docker.io/library/debian',
  'index.docker.io/debian',
  '127.0.0.1:5000/docker/docker',
  '127.0.0.1:5000/library/debian',
  '127.0.0.1:5000/debian',
  '192.168.0.1',
  '192.168.0.1:80',
  '192.168.0.1:8/debian',
  '192.168.0.2:25000/debian',
  'thisisthesongthatneverendsitgoesonandonandonthisisthesongthatnev',
  '[fc00::1]:5000/docker',
  '[fc00::1]:5000/docker/docker',
  '[fc00:1:2:3:4:5:6:7]:5000/library/debian',
  'docker.io/1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5d7c9b1a3f5e7d9c1b3a',
  'Docker/docker',
  'DOCKER/docker',
  'docker-rules/docker',
  'docker---rules/docker',
  'doc/docker',
  'd/docker',
  'jess/t',
  'dock__er/docker',
  'busybox:latest@sha256:86e0e091d0da6bde2456dbb48306f3956bbeb2eae1b5b9a43045843f69fe4aaa',
];

const INVALID = [
  'https://github.com/docker/docker',
  'docker/Docker',
  '-docker',
  '-docker/docker',
  '-docker.io/docker/docker',
  'docker///docker',
  'docker.io/docker/Docker',
  'docker.io/docker///docker',
  '[fc00::1]',
  '[fc00::1]:5000',
  'fc00::1:5000/debian',
  '[fe80::1%eth0]:5000/debian',
  '[2001:db8:3:4::192.0.2.33]:5000/debian',
  '1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5d7c9b1a3f5e7d9c1b3a',
  'docker-/docker',
  '-docker-/docker',
  '____/____',
  '_docker/_docker',
  'dock..er/docker',
  'dock_.er/docker',
  'dock-.er/docker',
  'docker/',
  `${'this_is_not_a_valid_namespace_because_its_lenth_is_greater_than_255_'.repeat(4)}/docker`,
];

describe('image references (distribution/reference ParseNormalizedNamed)', () => {
  it.each(VALID)('takes %s', (s) => {
    expect(problem(s)).toBeNull();
  });

  it.each(INVALID)('refuses %s', (s) => {
    expect(problem(s)).not.toBeNull();
  });

  it('normalizes familiar names to Docker Hub, other hosts as they are', () => {
    const cases: [string, string, string][] = [
      ['fooo/bar', 'docker.io', 'fooo/bar'],
      ['index.docker.io/fooo/bar', 'docker.io', 'fooo/bar'],
      ['ubuntu', 'docker.io', 'library/ubuntu'],
      ['library/ubuntu', 'docker.io', 'library/ubuntu'],
      ['docker.io/foo', 'docker.io', 'library/foo'],
      ['docker.io/library/foo/bar', 'docker.io', 'library/foo/bar'],
      ['127.0.0.1:8000/private/moonbase', '127.0.0.1:8000', 'private/moonbase'],
      ['example.com:8000/privatebasee', 'example.com:8000', 'privatebasee'],
      ['test_com/foo', 'docker.io', 'test_com/foo'],
      ['test-com:8080/foo', 'test-com:8080', 'foo'],
      ['xn--n3h.com:18080/foo', 'xn--n3h.com:18080', 'foo'],
      ['localhost/foo', 'localhost', 'foo'],
      ['Foo/bar', 'Foo', 'bar'],
    ];
    for (const [s, domain, path] of cases) expect(parseImageReference(s), s).toEqual({ domain, path });
  });

  it('keeps the tag and the digest, and adds :latest only when there is neither', () => {
    const d = 'sha256:86e0e091d0da6bde2456dbb48306f3956bbeb2eae1b5b9a43045843f69fe4aaa';
    expect(formatImageReference(parseImageReference('nginx'))).toBe('docker.io/library/nginx:latest');
    expect(formatImageReference(parseImageReference('nginx:1.27'))).toBe('docker.io/library/nginx:1.27');
    expect(formatImageReference(parseImageReference(`nginx@${d}`))).toBe(`docker.io/library/nginx@${d}`);
    expect(formatImageReference(parseImageReference(`busybox:latest@${d}`))).toBe(
      `docker.io/library/busybox:latest@${d}`,
    );
    expect(formatImageReference(parseImageReference('quay.io/org/app:v1'))).toBe('quay.io/org/app:v1');
  });

  it("says what is wrong in upstream's words", () => {
    expect(problem('Nginx')).toBe(
      'invalid reference format: repository name (library/Nginx) must be lowercase',
    );
    expect(problem('docker/Docker')).toBe(
      'invalid reference format: repository name (docker/Docker) must be lowercase',
    );
    expect(problem('nginx:1.27:x')).toBe('invalid reference format');
    expect(problem('nginx ')).toBe('invalid reference format');
    expect(problem('')).toBe('invalid reference format');
    expect(problem('1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5d7c9b1a3f5e7d9c1b3a')).toBe(
      'invalid repository name (1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5d7c9b1a3f5e7d9c1b3a), cannot specify 64-byte hexadecimal strings',
    );
    expect(problem(`${'a'.repeat(256)}`)).toBe('repository name must not be more than 255 characters');
    // go-digest's checks of the digest
    expect(problem('nginx@sha256:0123456789abcdef0123456789abcdef')).toBe('invalid checksum digest length');
    expect(problem(`nginx@sha256:${'A'.repeat(64)}`)).toBe('invalid checksum digest format');
    expect(problem(`nginx@md5:${'0'.repeat(32)}`)).toBe('unsupported digest algorithm');
    expect(problem(`nginx@${'sha256+b64'}:${'0'.repeat(64)}`)).toBe('unsupported digest algorithm');
    // upstream cuts the repository at the first ':' even when it belongs to the digest
    expect(problem(`nginx@SHA256:${'0'.repeat(64)}`)).toBe(
      'invalid reference format: repository name (library/nginx@SHA256) must be lowercase',
    );
    expect(problem(`nginx@sha512:${'0'.repeat(128)}`)).toBeNull();
  });

  it('answers at once for long hostile text (the grammar is matched by backtracking regexps here)', () => {
    const t0 = performance.now();
    for (const unit of ['a.', 'a-', 'a/', 'a__', 'Ab/a-a.', 'a:1/']) {
      for (const tail of ['!', ':!', '@sha256:x'])
        expect(problem(unit.repeat(Math.floor(4000 / unit.length)) + tail)).not.toBeNull();
    }
    expect(problem('a'.repeat(5000))).toBe('invalid reference format');
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
