// Booting from the session saved in this browser (a reload): when it is used, when the URL wins, and
// what a damaged record does.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseBootParams } from '../boot';
import { useSessionNotice } from '../state/sessionNotice';
import { bootFromLocation } from './session';
import { encodeShared } from './index';
import type { SharedState } from './types';

const ns = 'daemonset-playground:/:';
const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  useSessionNotice.getState().dismiss();
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

const manifest = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: a\n';
const state: SharedState = {
  seed: 1,
  preset: 'article',
  inputs: [
    { at: 0, line: 'kubectl apply -f -', stdin: manifest },
    { at: 5000, line: 'sim node add node-2' },
  ],
  until: 12_000,
  editorText: '',
};

function saveSession(s: SharedState, extra: Record<string, unknown> = {}) {
  store.set(
    `${ns}:session`,
    JSON.stringify({ v: 1, savedAt: 1, playing: false, speed: 10, payload: encodeShared(s), ...extra }),
  );
}

describe('booting from the saved session', () => {
  it('replays it, with the clock, the last applied manifest and the clock paused as saved', () => {
    saveSession(state);
    const boot = bootFromLocation(parseBootParams(''), '', ns);
    expect(boot.session?.inputs).toEqual(state.inputs);
    expect(boot.spec).toMatchObject({ seed: 1, preset: 'article', until: 12_000, inputs: state.inputs });
    expect(boot.appliedText).toBe(manifest);
    expect(boot.play).toBe(false);
    expect(boot.speed).toBe(10);
  });

  it('is not used when the URL asks for another start, or a link is given, or nothing was done', () => {
    saveSession(state);
    expect(bootFromLocation(parseBootParams('?preset=kubeadm'), '', ns).session).toBeUndefined();
    expect(bootFromLocation(parseBootParams('?seed=2'), '', ns).session).toBeUndefined();
    expect(bootFromLocation(parseBootParams('?lesson=article'), '', ns).session).toBeUndefined();
    const link = `#s=${encodeShared({ ...state, inputs: [{ at: 0, line: 'sim node add x' }], editorText: 'e' })}`;
    const fromLink = bootFromLocation(parseBootParams(''), link, ns);
    expect(fromLink.session).toBeUndefined();
    expect(fromLink.shared?.inputs[0].line).toBe('sim node add x');
    saveSession({ ...state, inputs: [] });
    expect(bootFromLocation(parseBootParams(''), '', ns).session).toBeUndefined();
  });

  it('says so and forgets a damaged session', () => {
    store.set(
      `${ns}:session`,
      JSON.stringify({ v: 1, savedAt: 1, playing: true, speed: 1, payload: '1.garbage!' }),
    );
    const boot = bootFromLocation(parseBootParams(''), '', ns);
    expect(boot.session).toBeUndefined();
    expect(boot.spec.inputs).toEqual([]);
    expect(useSessionNotice.getState().failed).toBeTruthy();
    expect(store.has(`${ns}:session`)).toBe(false);
  });
});
