// Storage that is full, missing or throwing: every write says what happened; long texts go compressed.

import { describe, expect, it } from 'vitest';
import { COMPRESS_OVER_CHARS, loadText, save, saveText, storageWorks } from './persist';
import { readSavedSession } from './saving';

/** A Storage with a quota in characters (keys + values), like the browsers' ~5 M characters. */
function fakeStorage(quota = Infinity, throwing = false): Storage {
  const m = new Map<string, string>();
  const used = () => [...m].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => (throwing ? fail('SecurityError') : (m.get(k) ?? null)),
    setItem: (k, v) => {
      if (throwing) fail('SecurityError');
      const before = m.get(k);
      m.set(k, String(v));
      if (used() > quota) {
        if (before === undefined) m.delete(k);
        else m.set(k, before);
        fail('QuotaExceededError');
      }
    },
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
}

function fail(name: string): never {
  const e = new Error(`${name} (fake)`);
  e.name = name;
  throw e;
}

const ns = 'daemonset-playground:/:';

describe('saving texts', () => {
  it('keeps a short text as it is, and a 5 MB text compressed within a 5 M-character quota', () => {
    const s = fakeStorage(5_000_000);
    expect(saveText(ns, 'editor', 'kind: DaemonSet\n', s)).toEqual({ ok: true });
    expect(s.getItem(`${ns}:editor`)).toBe('kind: DaemonSet\n');
    const manifest = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: a\n';
    const big = Array.from({ length: 90_000 }, (_, i) => `${manifest}  # ${i}\n---\n`).join('');
    expect(big.length).toBeGreaterThan(5_000_000);
    expect(saveText(ns, 'editor', big, s)).toEqual({ ok: true });
    expect(s.getItem(`${ns}:editor`)).toBeNull();
    expect(s.getItem(`${ns}:editor.z`)!.length).toBeLessThan(big.length / 5);
    expect(loadText(ns, 'editor', s)).toBe(big);
    // back to a short text: the compressed copy goes
    expect(saveText(ns, 'editor', 'short', s)).toEqual({ ok: true });
    expect(s.getItem(`${ns}:editor.z`)).toBeNull();
    expect(loadText(ns, 'editor', s)).toBe('short');
    expect(COMPRESS_OVER_CHARS).toBeLessThan(big.length);
  });

  it('says when the quota is full, and keeps the last copy that fitted', () => {
    const s = fakeStorage(2_000);
    s.setItem('other-site-data', 'x'.repeat(1_900));
    expect(saveText(ns, 'editor', 'a'.repeat(50), s)).toEqual({ ok: true });
    const r = saveText(ns, 'editor', 'b'.repeat(500), s);
    expect(r).toMatchObject({ ok: false, problem: 'quota' });
    expect(loadText(ns, 'editor', s)).toBe('a'.repeat(50));
    // a random (incompressible) long text that does not fit either
    const noise = Array.from({ length: 40_000 }, (_, i) => ((i * 2654435761) % 4294967296).toString(36)).join(
      '',
    );
    expect(saveText(ns, 'editor', noise, s)).toMatchObject({ ok: false, problem: 'quota' });
    expect(loadText(ns, 'editor', s)).toBe('a'.repeat(50));
  });

  it('says when there is no storage, or it throws', () => {
    expect(save(ns, 'editor', 'x', null)).toMatchObject({ ok: false, problem: 'unavailable' });
    const s = fakeStorage(Infinity, true);
    expect(save(ns, 'editor', 'x', s)).toMatchObject({
      ok: false,
      problem: 'error',
      reason: 'SecurityError',
    });
    expect(storageWorks(s)).toBe(false);
    expect(storageWorks(null)).toBe(false);
    expect(storageWorks(fakeStorage())).toBe(true);
    expect(loadText(ns, 'editor', s)).toBeNull();
  });
});

describe('the saved session', () => {
  it('reads only a well-formed record', () => {
    const s = fakeStorage();
    expect(readSavedSession(ns, s)).toBeNull();
    for (const bad of [
      '{',
      'null',
      '[]',
      '{"v":2,"payload":"1.x","savedAt":1}',
      '{"v":1,"payload":5,"savedAt":1}',
      '{"__proto__":{"v":1,"payload":"1.x","savedAt":1}}',
    ]) {
      s.setItem(`${ns}:session`, bad);
      expect(readSavedSession(ns, s), bad).toBeNull();
    }
    s.setItem(
      `${ns}:session`,
      JSON.stringify({ v: 1, payload: '1.abc', savedAt: 5, playing: true, speed: 10 }),
    );
    expect(readSavedSession(ns, s)).toEqual({ v: 1, payload: '1.abc', savedAt: 5, playing: true, speed: 10 });
  });
});
