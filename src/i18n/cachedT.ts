// A cache of translations for the `t` functions react-i18next hands to components (issue 24: on the
// phone, i18next's lookup of the same strings again took 75–158 ms of the warm page's first card).
// i18next's `getFixedT` is wrapped: a call whose options are only primitives (or none) is answered
// from the cache after its first lookup; one with an object or function among its options, a key
// that is not a string, or a result that is not a string (returnObjects) goes to i18next every time.
// The cache is emptied when the language changes or strings are added or removed, and when it holds
// MAX_ENTRIES (a page that translates ever new counts does not grow it without end).

import type { i18n as I18n, TFunction } from 'i18next';

export const MAX_ENTRIES = 4000;

type Fixed = (key: unknown, opts?: unknown, ...rest: unknown[]) => unknown;
type GetFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown, fixedOpts?: unknown) => TFunction;

const SEP = '\u0000';

/** The options as part of a cache key, or undefined when they are not all primitives. */
function optionsKey(opts: unknown): string | undefined {
  if (opts === undefined) return '';
  if (typeof opts !== 'object' || opts === null) return undefined;
  let out = '';
  for (const [k, v] of Object.entries(opts)) {
    if (v === undefined) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined;
    out += `${SEP}${k}=${typeof v}:${String(v)}`;
  }
  return out;
}

/** `name` of a `t`'s language or namespace setting: a string, or a list of them. */
const part = (x: unknown): string => (Array.isArray(x) ? x.join(',') : x == null ? '' : String(x));

/** Makes `i18n.getFixedT` (what useTranslation calls) hand out caching `t`s. Returns the cache. */
export function cacheTranslations(i18n: I18n): Map<string, string> {
  const cache = new Map<string, string>();
  const clear = (): void => cache.clear();
  i18n.on('languageChanged', clear);
  // the resource store is made by init: listen to the one there is at a lookup (a new one: a new cache)
  let store: I18n['store'] | undefined;
  const watchStore = (): void => {
    if (i18n.store === store) return;
    store = i18n.store;
    clear();
    store?.on('added', clear);
    store?.on('removed', clear);
  };

  const original = i18n.getFixedT.bind(i18n) as unknown as GetFixedT;
  const getFixedT: GetFixedT = (lng, ns, keyPrefix, fixedOpts) => {
    const fixed = original(lng, ns, keyPrefix, fixedOpts) as unknown as Fixed & Record<string, unknown>;
    // the language the lookup resolves in: the fixed one, else the page's (a change clears the cache)
    const scope = `${part(lng)}${SEP}${part(ns)}${SEP}${typeof keyPrefix === 'string' ? keyPrefix : ''}${SEP}`;
    const uncacheable = keyPrefix !== undefined && keyPrefix !== null && typeof keyPrefix !== 'string';
    const cached: Fixed = (key, opts, ...rest) => {
      const o = uncacheable || typeof key !== 'string' || rest.length > 0 ? undefined : optionsKey(opts);
      if (o === undefined) return fixed(key, opts, ...rest);
      watchStore();
      const k = `${scope}${key as string}${o}`;
      const hit = cache.get(k);
      if (hit !== undefined) return hit;
      const value = fixed(key, opts);
      if (typeof value === 'string') {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(k, value);
      }
      return value;
    };
    // what i18next and react-i18next read off a fixed t (lng, lngs, ns, keyPrefix)
    Object.assign(cached, fixed);
    return cached as unknown as TFunction;
  };
  (i18n as unknown as { getFixedT: GetFixedT }).getFixedT = getFixedT;
  return cache;
}
