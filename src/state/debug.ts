// The test and debugging handle `window.__dsp` (the store, and ways to break the engine on purpose).
// It exists in the dev server, and in a production build only when asked for explicitly: `?debug=1` in
// the address, or a cookie `dsp-debug=1` (the e2e suite sets it for every browser context in
// e2e/playwright.config.ts, so specs need nothing of their own).

import { useStore } from './store';
import { engine, enginesStarted, sessionsStarted } from './engine';

export function debugRequested(search: string, cookie: () => string): boolean {
  if (new URLSearchParams(search).get('debug') === '1') return true;
  try {
    return /(?:^|;\s*)dsp-debug=1(?:;|$)/.test(cookie());
  } catch {
    // a sandboxed document may not read cookies
    return false;
  }
}

export function isDebug(): boolean {
  if (import.meta.env.DEV) return true;
  return debugRequested(location.search, () => document.cookie);
}

export function exposeDebugHandle(): void {
  if (!isDebug()) return;
  (window as unknown as { __dsp: unknown }).__dsp = {
    store: useStore,
    crashEngine: () =>
      engine()
        .request({ type: 'crash' }, { timeoutMs: 3000 })
        .catch(() => undefined),
    /** the engine gets stuck in the next command (`next-exec`) or at once (`now`) */
    hangEngine: (when: 'now' | 'next-exec' = 'next-exec') =>
      engine()
        .request({ type: 'hang', when }, { timeoutMs: Infinity })
        .catch(() => undefined),
    enginesStarted,
    sessionsStarted,
  };
}
