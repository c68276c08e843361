// The registry's rules: each `sim image` verb states one side of a rule (how the image pulls, or how
// it runs) and keeps the other; `ok` clears both; rules hold for the normalized reference.

import { describe, expect, it } from 'vitest';
import { Registry } from './registry';
import { catalogueLookup } from './catalogue';

describe('registry rules', () => {
  it('with no rule, an image pulls as the catalogue says and runs', () => {
    const r = new Registry();
    expect(r.facts('nginx')).toEqual({
      ref: 'docker.io/library/nginx:latest',
      exists: catalogueLookup('docker.io/library/nginx:latest') !== 'missing',
      pullMs: undefined,
      run: { kind: 'runs' },
    });
    expect(r.list()).toEqual([]);
  });

  it('holds for the normalized reference: nginx, nginx:latest and docker.io/library/nginx:latest are one image', () => {
    const r = new Registry();
    r.missing('nginx');
    expect(r.facts('docker.io/library/nginx:latest').exists).toBe(false);
    expect(r.facts('nginx:latest').exists).toBe(false);
    expect(r.facts('nginx:1.27').exists).toBe(catalogueLookup('docker.io/library/nginx:1.27') !== 'missing');
    expect(r.rules.size).toBe(1);
  });

  it('missing and slow set how it pulls, and keep how it runs', () => {
    const r = new Registry();
    r.runAs('app', { kind: 'crash', afterMs: 2000, exitCode: 3 });
    r.slow('app', 30_000);
    expect(r.facts('app')).toMatchObject({
      exists: true,
      pullMs: 30_000,
      run: { kind: 'crash', afterMs: 2000, exitCode: 3 },
    });
    r.missing('app');
    // a missing image has no pull time (the registry answers at once that the tag is unknown)
    expect(r.facts('app')).toMatchObject({
      exists: false,
      pullMs: undefined,
      run: { kind: 'crash', afterMs: 2000, exitCode: 3 },
    });
    r.slow('app', 5_000);
    expect(r.facts('app')).toMatchObject({ exists: true, pullMs: 5_000 });
  });

  it('crash, oom and unready set how it runs (the last one wins), and keep how it pulls', () => {
    const r = new Registry();
    r.missing('app');
    r.runAs('app', { kind: 'crash', afterMs: 5000, exitCode: 1 });
    r.runAs('app', { kind: 'oom', afterMs: 30_000 });
    expect(r.facts('app')).toMatchObject({ exists: false, run: { kind: 'oom', afterMs: 30_000 } });
    r.runAs('app', { kind: 'unready' });
    expect(r.facts('app').run).toEqual({ kind: 'unready' });
  });

  it('ok clears every rule of the image: it exists (whatever the catalogue says) and runs', () => {
    const r = new Registry();
    r.slow('app', 9000);
    r.runAs('app', { kind: 'oom', afterMs: 1000 });
    r.ok('app');
    expect(r.facts('app')).toEqual({
      ref: 'docker.io/library/app:latest',
      exists: true,
      pullMs: undefined,
      run: { kind: 'runs' },
    });
    r.missing('app');
    r.ok('app');
    expect(r.facts('app').exists).toBe(true);
  });

  it('rules are not shared: changing one later does not change a copy or an earlier facts answer', () => {
    const r = new Registry();
    const run = { kind: 'crash' as const, afterMs: 1, exitCode: 2 };
    r.runAs('registry.example.com/app', run);
    run.exitCode = 9;
    expect(r.facts('registry.example.com/app').run).toEqual({ kind: 'crash', afterMs: 1, exitCode: 2 });
    const copy = new Registry();
    copy.copyFrom(r);
    r.missing('registry.example.com/app');
    r.missing('other');
    expect(copy.facts('registry.example.com/app').exists).toBe(true);
    expect([...copy.rules.keys()]).toEqual(['registry.example.com/app:latest']);
  });

  it('lists the rules in the order the images first got one, as sim image list words them', () => {
    const r = new Registry();
    r.missing('nginx:1.99');
    r.runAs('busybox', { kind: 'crash', afterMs: 90_000, exitCode: 0 });
    r.slow('quay.io/org/agent:v2', 1500);
    r.runAs('quay.io/org/agent:v2', { kind: 'unready' });
    r.ok('registry.k8s.io/pause:3.9');
    r.runAs('nginx:1.99', { kind: 'oom', afterMs: 30_000 });
    const pull = (ref: string) => {
      const known = catalogueLookup(ref);
      return known === 'missing'
        ? 'missing (catalogue)'
        : known === 'exists'
          ? 'ok (catalogue)'
          : 'ok (not catalogued)';
    };
    expect(r.list()).toEqual([
      { ref: 'docker.io/library/nginx:1.99', pull: 'missing', run: 'oom after 30s' },
      {
        ref: 'docker.io/library/busybox:latest',
        pull: pull('docker.io/library/busybox:latest'),
        run: 'crash after 1m30s (exit 0)',
      },
      { ref: 'quay.io/org/agent:v2', pull: 'slow 1.5s', run: 'unready' },
      { ref: 'registry.k8s.io/pause:3.9', pull: 'ok', run: 'runs' },
    ]);
  });
});
