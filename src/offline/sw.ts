// The offline service worker (issue 6), built by vitePlugin.ts into `sw.js` at the root of the build,
// with the precache manifest prepended as `self.__DSP_PRECACHE__`. Classic script: no imports at run
// time (swCore is bundled in). Its scope is the build's folder, so sub-path hosting works.

import { cacheName, precacheUrls, route, staleCaches, type PrecacheManifest } from './swCore';

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface SWGlobal {
  __DSP_PRECACHE__?: PrecacheManifest;
  registration: { scope: string };
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
}

const sw = self as unknown as SWGlobal;
const manifest: PrecacheManifest = sw.__DSP_PRECACHE__ ?? { version: 'dev', entries: [] };
const scope = sw.registration.scope;
const CACHE = cacheName(manifest, scope);
/** How long a page request waits for the network before the cached page is used. */
const NAVIGATION_TIMEOUT_MS = 4000;

sw.addEventListener('install', (e) => {
  // `cache: 'reload'`: straight from the server, not from the HTTP cache (it may be older than the manifest).
  e.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(precacheUrls(manifest, scope).map((u) => new Request(u, { cache: 'reload' })))),
  );
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, CACHE, scope).map((n) => caches.delete(n))))
      .then(() => sw.clients.claim()),
  );
});

async function fromCache(url: string): Promise<Response | undefined> {
  const c = await caches.open(CACHE);
  return (await c.match(url)) ?? undefined;
}

async function page(req: Request, fallback: string): Promise<Response> {
  const timeout = new Promise<undefined>((resolve) =>
    setTimeout(() => resolve(undefined), NAVIGATION_TIMEOUT_MS),
  );
  try {
    const res = await Promise.race([fetch(req), timeout]);
    if (res && res.ok) return res;
    const cached = await fromCache(fallback);
    return cached ?? res ?? (await fetch(req));
  } catch {
    const cached = await fromCache(fallback);
    if (cached) return cached;
    throw new Error('offline, and the page is not cached');
  }
}

async function precached(req: Request, url: string): Promise<Response> {
  return (await fromCache(url)) ?? fetch(req);
}

sw.addEventListener('fetch', (e) => {
  const r = route({ url: e.request.url, method: e.request.method, mode: e.request.mode }, manifest, scope);
  if (r.kind === 'page') e.respondWith(page(e.request, r.fallback));
  else if (r.kind === 'precached') e.respondWith(precached(e.request, r.url));
});
