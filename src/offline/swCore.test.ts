import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheName, isPrecached, precacheUrls, route, staleCaches, type PrecacheManifest } from './swCore';
import { shouldRegisterOffline, serviceWorkerUrl } from './register';
import { buildManifest } from './vitePlugin';

const m: PrecacheManifest = {
  version: 'abc',
  entries: [
    { url: 'index.html', rev: '1' },
    { url: 'embed-example.html', rev: '2' },
    { url: 'assets/main-x.js', rev: '3' },
    { url: 'assets/monacoSetup-y.js', rev: '4' },
  ],
};
const scope = 'https://host.example/sub/dir/';
const get = (url: string, mode = 'cors') => route({ url, method: 'GET', mode }, m, scope);

describe('service worker routes', () => {
  it('answers the page from the network first, with the cached index.html as fallback', () => {
    const page = { kind: 'page', fallback: 'https://host.example/sub/dir/index.html' };
    expect(get('https://host.example/sub/dir/', 'navigate')).toEqual(page);
    expect(get('https://host.example/sub/dir/?embed=1&lang=zh-CN', 'navigate')).toEqual(page);
    expect(get('https://host.example/sub/dir/index.html#s=1.abc', 'navigate')).toEqual(page);
    expect(get('https://host.example/sub/dir/embed-example.html', 'navigate')).toEqual({
      kind: 'page',
      fallback: 'https://host.example/sub/dir/embed-example.html',
    });
  });

  it('answers precached files from the cache', () => {
    expect(get('https://host.example/sub/dir/assets/monacoSetup-y.js')).toEqual({
      kind: 'precached',
      url: 'https://host.example/sub/dir/assets/monacoSetup-y.js',
    });
  });

  it('leaves everything else to the browser', () => {
    expect(get('https://host.example/sub/dir/assets/unknown.js')).toEqual({ kind: 'pass' });
    expect(get('https://host.example/other/assets/main-x.js')).toEqual({ kind: 'pass' });
    expect(get('https://cdn.example/sub/dir/assets/main-x.js')).toEqual({ kind: 'pass' });
    expect(get('https://host.example/sub/dir/other.html', 'navigate')).toEqual({ kind: 'pass' });
    expect(
      route({ url: 'https://host.example/sub/dir/', method: 'POST', mode: 'navigate' }, m, scope),
    ).toEqual({ kind: 'pass' });
  });

  it('keeps caches per build and per sub-path', () => {
    const name = cacheName(m, scope);
    expect(name).toBe('daemonset-playground-precache-abc@/sub/dir/');
    expect(
      staleCaches(
        [
          'daemonset-playground-precache-old@/sub/dir/',
          name,
          'daemonset-playground-precache-old@/other/',
          'someone-else',
        ],
        name,
        scope,
      ),
    ).toEqual(['daemonset-playground-precache-old@/sub/dir/']);
    expect(precacheUrls(m, scope)[2]).toBe('https://host.example/sub/dir/assets/main-x.js');
  });

  it('precaches the build but not maps, the worker itself or test pages', () => {
    expect(isPrecached('assets/monacoSetup-y.js')).toBe(true);
    expect(isPrecached('sw.js')).toBe(false);
    expect(isPrecached('assets/x.js.map')).toBe(false);
    expect(isPrecached('src/ui/editor/harness.html')).toBe(false);
  });
});

describe('registration', () => {
  const base = { prod: true, supported: true, embed: false, framed: false, offline: null };
  it('for the standalone page only, unless offline=1', () => {
    expect(shouldRegisterOffline(base)).toBe(true);
    expect(shouldRegisterOffline({ ...base, prod: false })).toBe(false);
    expect(shouldRegisterOffline({ ...base, supported: false })).toBe(false);
    expect(shouldRegisterOffline({ ...base, embed: true })).toBe(false);
    expect(shouldRegisterOffline({ ...base, framed: true })).toBe(false);
    expect(shouldRegisterOffline({ ...base, embed: true, framed: true, offline: '1' })).toBe(true);
    expect(shouldRegisterOffline({ ...base, offline: '0' })).toBe(false);
  });

  it('the worker sits next to index.html, one folder above the chunks', () => {
    expect(serviceWorkerUrl('https://host.example/sub/dir/assets/main-x.js')).toBe(
      'https://host.example/sub/dir/sw.js',
    );
  });
});

describe('precache manifest', () => {
  it('lists the build with content hashes; same files, same version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsp-sw-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'index.html'), '<html>');
    writeFileSync(join(dir, 'sw.js'), '');
    writeFileSync(join(dir, 'assets', 'a.js'), 'a');
    writeFileSync(join(dir, 'assets', 'a.js.map'), '{}');
    writeFileSync(join(dir, 'src', 'harness.html'), '');
    const one = buildManifest(dir);
    expect(one.entries.map((e) => e.url)).toEqual(['assets/a.js', 'index.html']);
    expect(buildManifest(dir)).toEqual(one);
    writeFileSync(join(dir, 'assets', 'a.js'), 'b');
    const two = buildManifest(dir);
    expect(two.version).not.toBe(one.version);
    expect(two.entries[0].rev).not.toBe(one.entries[0].rev);
  });
});
