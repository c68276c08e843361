import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeImage } from './reference';
import { braceMatcher, expandBraces } from './braces';
import { catalogueLookup } from './catalogue';
import { OFFICIAL_IMAGES, OFFICIAL_TAGS } from './catalogue/official';
import { PROJECT_TAGS } from './catalogue/projects';

/** The answer for `image` as a pod spec names it. */
const lookup = (image: string) => catalogueLookup(normalizeImage(image));

describe('catalogueLookup: Docker official images', () => {
  it.each([
    'nginx',
    'nginx:latest',
    'nginx:1.27',
    'nginx:1.27.3',
    'nginx:stable-alpine',
    'nginx:mainline',
    'busybox:1.36',
    'busybox:1.36.1-musl',
    'alpine:3.20',
    'ubuntu:24.04',
    'ubuntu:jammy-20240125',
    'debian:bookworm-slim',
    'debian:12.5',
    'redis:7',
    'redis:7.2-alpine',
    'httpd:2.4',
    'fluentd:v1.16-1',
    'postgres:16',
    'mysql:8.0',
    'python:3.12-slim',
    'node:20-alpine',
    'rabbitmq:3-management',
    'centos:7',
    'docker.io/library/nginx:1.27',
  ])('%s exists', (image) => {
    expect(lookup(image)).toBe('exists');
  });

  it.each([
    'nginx:1.99',
    'nginx:1.27.99',
    'nginx:1.11.2', // skipped upstream: 1.11.1 then 1.11.3
    'nginx:alpine3.1',
    'busybox:2',
    'redis:7-bookwrom',
    'node:20-apline',
    'ubuntu:24.04-typo',
    'python:3.12-windowsservercore-ltsc2022', // windows-only: a Linux node cannot pull it
  ])('%s is missing (no such tag)', (image) => {
    expect(lookup(image)).toBe('missing');
  });

  it.each(['ngnix', 'ngnix:1.27', 'nignx:latest', 'pause:3.10.1', 'scratch', 'NGINX', 'library/ngnix'])(
    '%s is missing (not an official image)',
    (image) => {
      expect(lookup(image)).toBe('missing');
    },
  );

  it('an official image whose tags are not catalogued is unknown, a typo of its name is missing', () => {
    expect(lookup('golang:1.22')).toBe('unknown');
    expect(lookup('golang:no-such-tag')).toBe('unknown');
    expect(lookup('golnag:1.22')).toBe('missing');
  });

  it('a digest is unknown, unless the repository cannot exist', () => {
    const digest = '@sha256:' + 'a'.repeat(64);
    expect(lookup('nginx' + digest)).toBe('unknown');
    expect(lookup('nginx:1.27' + digest)).toBe('unknown');
    expect(lookup('nginx:1.99' + digest)).toBe('unknown'); // the registry resolves the digest, not the tag
    expect(lookup('ngnix' + digest)).toBe('missing');
    expect(lookup('quay.io/cilium/cilium' + digest)).toBe('unknown');
  });
});

describe('catalogueLookup: DaemonSet images', () => {
  it.each([
    'k8s.gcr.io/fluentd-elasticsearch:1.20',
    'k8s.gcr.io/fluentd-elasticsearch:v2.2.0',
    'registry.k8s.io/fluentd-elasticsearch:v2.4.0',
    'quay.io/fluentd_elasticsearch/fluentd:v2.5.2',
    'quay.io/fluentd_elasticsearch/fluentd:v3.4.0',
    'quay.io/fluentd_elasticsearch/fluentd:v4.7.5',
    'quay.io/fluentd_elasticsearch/fluentd:v4.7',
    'fluent/fluent-bit:3.1',
    'fluent/fluent-bit:3.1.9',
    'fluent/fluent-bit:2.2.2-debug',
    'fluent/fluent-bit',
    'cr.fluentbit.io/fluent/fluent-bit:4.0.3',
    'calico/node:v3.26.1',
    'calico/cni:v3.28.0',
    'quay.io/calico/node:v3.27.3-arm64',
    'quay.io/calico/cni:v3.25.0',
    'quay.io/cilium/cilium:v1.15.3',
    'quay.io/cilium/cilium:v1.16.0-rc.1',
    'weaveworks/weave-kube:2.8.1',
    'weaveworks/weave-npc:2.8.1',
    'flannel/flannel:v0.25.1',
    'docker.io/flannel/flannel:v0.22.0',
    'quay.io/coreos/flannel:v0.10.0-amd64',
    'quay.io/coreos/flannel:v0.15.1',
    'registry.k8s.io/kube-proxy:v1.30.2',
    'registry.k8s.io/kube-proxy:v1.18.20',
    'registry.k8s.io/kube-proxy:v1.31.0-rc.0',
    'k8s.gcr.io/kube-proxy:v1.23.17',
    'prom/node-exporter:v1.8.2',
    'prom/node-exporter',
    'quay.io/prometheus/node-exporter:v1.9.1',
    'nvcr.io/nvidia/k8s-device-plugin:v0.14.5',
    'nvcr.io/nvidia/k8s-device-plugin:v0.14.5-ubi8',
    'nvcr.io/nvidia/k8s-device-plugin:v0.17.0',
    'registry.k8s.io/pause:3.10',
    'k8s.gcr.io/pause:3.1',
  ])('%s exists', (image) => {
    expect(lookup(image)).toBe('exists');
  });

  it.each([
    'k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo',
    'k8s.gcr.io/fluentd-elasticsearch:1.10', // never pushed: 1.9, then 1.11
    'k8s.gcr.io/fluentd-elasticsearch', // no latest
    'quay.io/fluentd_elasticsearch/fluentd:v9.9.9',
    'quay.io/fluentd_elasticsearch/fluentd:v5.0.2', // pushed to ghcr.io only
    'fluent/fluent-bit:3.1.99',
    'fluent/fluent-bit:3.1-typo',
    'calico/node:v3.99.0',
    'calico/node:3.26.1', // calico tags start with v
    'quay.io/cilium/cilium:v1.15.99',
    'weaveworks/weave-kube:v2.8.1', // weave tags have no v
    'weaveworks/weave-kube:2.8.2',
    'flannel/flannel:v0.19.0', // before docker.io/flannel
    'quay.io/coreos/flannel:v0.10.0-amd65',
    'registry.k8s.io/kube-proxy:v1.30.99',
    'registry.k8s.io/kube-proxy:1.30.2',
    'prom/node-exporter:v1.8.9',
    'nvcr.io/nvidia/k8s-device-plugin:v0.18.0-ubi9', // no per-distribution tags from 0.18
    'registry.k8s.io/pause:3.4', // 3.4 was never promoted: 3.4.1
  ])('%s is missing', (image) => {
    expect(lookup(image)).toBe('missing');
  });

  it.each([
    'quay.io/fluentd_elasticsearch/fluentd:v2.5.3', // hand-built era, list not complete
    'registry.k8s.io/kube-proxy:v1.10.0', // before kube-proxy was a multi-arch name
    'registry.k8s.io/pause', // latest not established
    'quay.io/coreos/flannel:v0.20.0',
    'quay.io/cilium/cilium:v1.5.0',
  ])('%s is unknown (its existence could not be established)', (image) => {
    expect(lookup(image)).toBe('unknown');
  });

  it.each([
    'ghcr.io/example/agent:1.0',
    'someone/something:1',
    'docker.io/fluent/fluentd-kubernetes-daemonset:v1.16-debian-elasticsearch8-1',
    'nvcr.io/nvidia/k8s/dcgm-exporter:3.3.6',
    'localhost:5000/agent:dev',
  ])('%s is unknown (repository not catalogued)', (image) => {
    expect(lookup(image)).toBe('unknown');
  });
});

describe('the catalogue data', () => {
  it('names only official images in the official tag data', () => {
    const names = new Set(OFFICIAL_IMAGES);
    expect(OFFICIAL_TAGS.filter(([name]) => !names.has(name))).toEqual([]);
    expect(OFFICIAL_IMAGES.length).toBeGreaterThan(180);
  });

  it('lists each repository once', () => {
    const repos = [
      ...OFFICIAL_TAGS.map(([name]) => `docker.io/library/${name}`),
      ...PROJECT_TAGS.flatMap((p) => p.repos),
    ];
    expect(repos.length).toBe(new Set(repos).size);
  });

  it('expands every pattern', () => {
    const all = [
      ...OFFICIAL_TAGS.map(([, tags]) => tags),
      ...PROJECT_TAGS.flatMap((p) => [p.tags, p.unknown ?? '']),
    ];
    const count = all.reduce((n, tags) => n + tags.split(' ').flatMap(expandBraces).length, 0);
    expect(count).toBeGreaterThan(30_000);
  });

  it('is matched exactly as it is spelled out (every 13th tag of each repository, and near misses)', () => {
    const all = [
      ...OFFICIAL_TAGS.map(([, tags]) => tags),
      ...PROJECT_TAGS.flatMap((p) => [p.tags, p.unknown ?? '']),
    ];
    for (const patterns of all) {
      const tags = new Set(patterns === '' ? [] : patterns.split(' ').flatMap(expandBraces));
      const matches = braceMatcher(patterns);
      [...tags].forEach((tag, i) => {
        if (i % 13 !== 0) return;
        for (const s of [tag, `${tag}x`, `${tag}0`, tag.slice(0, -1), `${tag}-alpine`])
          expect(matches(s), s).toBe(tags.has(s));
      });
    }
  });
});

/** Every image reference the repository's lessons, scenarios and cluster presets use. */
function imagesUsedByTheRepository(): Map<string, string> {
  const root = join(__dirname, '..', '..', '..');
  const files = [
    ...['src/lessons', 'src/scenarios'].flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((f) => /\.(ya?ml|sim)$/.test(f))
        .map((f) => `${dir}/${f}`),
    ),
    ...readdirSync(join(root, 'src/engine/cluster'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => `src/engine/cluster/${f}`),
  ];
  const found = new Map<string, string>();
  const note = (image: string, where: string) => {
    if (!found.has(image)) found.set(image, where);
  };
  for (const file of files) {
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const where = `${file}:${i + 1}`;
        // a script's comment is prose (`# sim image: rules …`), not an image
        if (/^\s*#/.test(line)) return;
        for (const m of line.matchAll(/(?<![A-Za-z])["']?image["']?:\s*["']?([A-Za-z0-9][\w./:@-]*)/g))
          note(m[1], where);
        // quotes and backticks (a command quoted in a comment) end a reference: its grammar has neither
        for (const m of line.matchAll(/--image[= ]([^\s'"`]+)/g)) note(m[1], where);
        if (line.includes('"path":"') && line.includes('/image"')) {
          for (const m of line.matchAll(/"value":"([^"]+)"/g)) note(m[1], where);
        }
        if (/\bset image\b/.test(line)) {
          // CONTAINER=IMAGE pairs; the value of -l/--selector (key=value) is a label, not an image
          const tokens = line.split(/\s+/);
          tokens.forEach((token, i) => {
            if (i > 0 && /^(-l|--selector)$/.test(tokens[i - 1])) return;
            const m = /^[\w*][\w-]*=([^\s`]+)`?$/.exec(token);
            if (m) note(m[1], where);
          });
        }
      });
  }
  // `{"image":"x"}` is a patch the server rejects (no merge key): nothing ever runs it
  found.delete('x');
  return found;
}

describe('tags that were never released', () => {
  it.each([
    'k8s.gcr.io/fluentd-elasticsearch:v2.3.0',
    'k8s.gcr.io/fluentd-elasticsearch:v2.2.1',
    'k8s.gcr.io/fluentd-elasticsearch:1.21',
    'docker.io/library/pause:3.10',
  ])('%s is missing', (ref) => {
    expect(catalogueLookup(ref)).toBe('missing');
  });
});

/** References the repository uses because they do not exist, and where. */
const MEANT_TO_BE_MISSING = new Map([
  ['k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo', 'the bad-release lesson: a typo in the tag'],
  ['nginx:9.99', 'the deployment-stalled scenario: a release whose tag does not exist stalls the rollout'],
  ['Bad', 'the debug scenario: an image name kubectl refuses (upper case) before any pull'],
  ['busybox:9.9', 'the debug scenario: a debug container whose image does not pull (ImagePullBackOff)'],
]);

describe('the images the repository uses', () => {
  it('include the ones meant to be missing, and those are', () => {
    for (const ref of MEANT_TO_BE_MISSING.keys()) {
      expect(used.has(ref), ref).toBe(true);
      expect(lookup(ref), ref).toBe('missing');
    }
  });

  const used = imagesUsedByTheRepository();

  it('finds them', () => {
    for (const image of [
      'nginx',
      'busybox:1.36',
      'k8s.gcr.io/fluentd-elasticsearch:1.20',
      'quay.io/fluentd_elasticsearch/fluentd:v2.5.2',
      'prom/node-exporter:v1.8.1',
      'weaveworks/weave-kube:2.8.1',
      'registry.k8s.io/pause:3.10',
    ]) {
      expect(used.has(image), image).toBe(true);
    }
    expect(used.size).toBeGreaterThan(20);
  });

  it('are none of them missing (else the transcripts would change)', () => {
    const missing = [...used]
      .filter(([image]) => lookup(image) === 'missing' && !MEANT_TO_BE_MISSING.has(image))
      .map(([image, where]) => `${image} (${where})`);
    expect(missing).toEqual([]);
  });
});
