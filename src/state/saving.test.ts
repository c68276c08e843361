// The session's timed saves wait for the page's load to be over (issue 24): the share payload's
// deflate is not one more long task of a share link's first seconds; a reload still loses nothing.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPersistence, SESSION_KEY } from './saving';
import { useStore } from './store';

/** A window and a document with event listeners, and a Storage: enough for startPersistence. */
function fakePage() {
  const listeners = new Map<string, Set<() => void>>();
  const target = {
    addEventListener: (t: string, f: () => void) => {
      if (!listeners.has(t)) listeners.set(t, new Set());
      listeners.get(t)!.add(f);
    },
    removeEventListener: (t: string, f: () => void) => listeners.get(t)?.delete(f),
  };
  const m = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
  const doc = { ...target, visibilityState: 'visible' };
  vi.stubGlobal('window', target);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('localStorage', localStorage);
  return {
    fire: (t: string) => [...(listeners.get(t) ?? [])].forEach((f) => f()),
    saved: () => [...m.keys()].some((k) => k.endsWith(SESSION_KEY)),
    doc,
  };
}

const ns = 'daemonset-playground:/:';
const input = { at: 0, line: 'kubectl get pods' };

describe('saving the session', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useStore.setState({ engineStatus: 'ready', inputs: [input], now: 0, playing: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('makes no payload while the page loads (the clock running, no input), then once a second after an input', () => {
    const page = fakePage();
    let payloads = 0;
    const stop = startPersistence(ns, { sessionPayload: () => `p${++payloads}` });
    // a share link's first seconds: the clock runs, the session changes with every batch
    for (let t = 1; t <= 40; t++) {
      useStore.setState({ now: t * 100 });
      vi.advanceTimersByTime(100);
    }
    expect(payloads).toBe(0);
    expect(page.saved()).toBe(false);
    // the user's first input: the timed saves start
    page.fire('pointerdown');
    useStore.setState({ now: 4100 });
    vi.advanceTimersByTime(1000);
    expect(payloads).toBe(1);
    expect(page.saved()).toBe(true);
    useStore.setState({ now: 5100 });
    vi.advanceTimersByTime(1000);
    expect(payloads).toBe(2);
    stop();
  });

  it('saves at once when the page is hidden or reloaded, input or not', () => {
    const page = fakePage();
    let payloads = 0;
    const stop = startPersistence(ns, { sessionPayload: () => `p${++payloads}` });
    useStore.setState({ now: 100 });
    vi.advanceTimersByTime(2000);
    expect(payloads).toBe(0);
    page.fire('pagehide');
    expect(payloads).toBe(1);
    expect(page.saved()).toBe(true);
    stop();
  });

  it('starts the timed saves after the hold (10 s) without any input', () => {
    const page = fakePage();
    let payloads = 0;
    const stop = startPersistence(ns, { sessionPayload: () => `p${++payloads}` });
    useStore.setState({ now: 100 });
    vi.advanceTimersByTime(9_999);
    expect(payloads).toBe(0);
    vi.advanceTimersByTime(1_001);
    expect(payloads).toBe(1);
    expect(page.saved()).toBe(true);
    stop();
  });
});
