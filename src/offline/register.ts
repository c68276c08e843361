// Registers the offline service worker (sw.js at the root of the build) for the standalone page.
// Not in an iframe (a course page did not ask for 8 MB of our files in its visitors' storage) unless
// the embed URL says `offline=1`; `offline=0` turns it off anywhere. Never in the dev server.

export interface OfflineDecision {
  prod: boolean;
  supported: boolean;
  embed: boolean;
  framed: boolean;
  /** the `offline=` parameter */
  offline: string | null;
}

export function shouldRegisterOffline(d: OfflineDecision): boolean {
  if (!d.prod || !d.supported) return false;
  if (d.offline === '0') return false;
  if (d.offline === '1') return true;
  return !d.embed && !d.framed;
}

function framed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** The worker's URL: next to index.html, i.e. one folder up from this chunk (assets/). */
export function serviceWorkerUrl(moduleUrl: string): string {
  return new URL('../sw.js', new URL(moduleUrl)).href;
}

export function registerOfflineWorker(opts: { embed: boolean; search?: string }): void {
  const search = opts.search ?? location.search;
  const ok = shouldRegisterOffline({
    prod: import.meta.env.PROD,
    supported: typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext,
    embed: opts.embed,
    framed: framed(),
    offline: new URLSearchParams(search).get('offline'),
  });
  if (!ok) return;
  const start = () => {
    navigator.serviceWorker.register(serviceWorkerUrl(import.meta.url)).catch(() => {
      // no offline use then; the page works as before
    });
  };
  // After the page has loaded, so precaching does not compete with the first paint.
  if (document.readyState === 'complete') setTimeout(start, 1000);
  else window.addEventListener('load', () => setTimeout(start, 1000), { once: true });
}
