// The service worker's decisions, pure (tested in Node): which cache a build uses, what to precache,
// and how each request is answered.

export interface PrecacheEntry {
  /** path relative to the build folder, e.g. `assets/main-1a2b.js` */
  url: string;
  /** content hash */
  rev: string;
}

export interface PrecacheManifest {
  /** hash of all entries: a new build gets a new cache */
  version: string;
  entries: PrecacheEntry[];
}

export const CACHE_PREFIX = 'daemonset-playground-precache-';

export function cacheName(m: PrecacheManifest, scope: string): string {
  // The scope is in the name so two builds hosted at two sub-paths of one origin keep their own caches.
  return `${CACHE_PREFIX}${m.version}@${new URL(scope).pathname}`;
}

/** Caches of ours for this scope but of another build (deleted when a new build activates). */
export function staleCaches(names: readonly string[], current: string, scope: string): string[] {
  const suffix = `@${new URL(scope).pathname}`;
  return names.filter((n) => n.startsWith(CACHE_PREFIX) && n.endsWith(suffix) && n !== current);
}

/** Absolute URLs to precache. */
export function precacheUrls(m: PrecacheManifest, scope: string): string[] {
  return m.entries.map((e) => new URL(e.url, scope).href);
}

export type Route =
  /** the page itself: network first (so a new build shows when online), the cached index.html offline */
  | { kind: 'page'; fallback: string }
  /** a precached file: from the cache, else the network */
  | { kind: 'precached'; url: string }
  /** not ours: let the browser do it */
  | { kind: 'pass' };

/** How to answer a request seen by the service worker of `scope` holding the manifest `m`. */
export function route(
  req: { url: string; method: string; mode: string },
  m: PrecacheManifest,
  scope: string,
): Route {
  if (req.method !== 'GET') return { kind: 'pass' };
  let u: URL;
  try {
    u = new URL(req.url);
  } catch {
    return { kind: 'pass' };
  }
  const s = new URL(scope);
  if (u.origin !== s.origin || !u.pathname.startsWith(s.pathname)) return { kind: 'pass' };
  const rel = u.pathname.slice(s.pathname.length);
  const precached = m.entries.some((e) => e.url === rel);
  if (req.mode === 'navigate') {
    // `/sub/dir/`, `/sub/dir/index.html?lang=…#s=…`: the app. Other precached pages (embed-example.html)
    // are pages of their own.
    if (rel === '' || rel === 'index.html')
      return { kind: 'page', fallback: new URL('index.html', scope).href };
    if (precached && rel.endsWith('.html')) return { kind: 'page', fallback: new URL(rel, scope).href };
    return { kind: 'pass' };
  }
  if (precached) return { kind: 'precached', url: new URL(rel, scope).href };
  return { kind: 'pass' };
}

/** The files of a build that go into the precache (everything but source maps, the SW and test pages). */
export function isPrecached(path: string): boolean {
  if (path === 'sw.js' || path.endsWith('.map')) return false;
  if (path.startsWith('src/')) return false; // test harness pages (src/ui/editor/harness.html)
  if (path.startsWith('classic/')) return false; // the bundle for sandboxed frames, which never install the worker
  if (path.startsWith('.')) return false;
  return true;
}
