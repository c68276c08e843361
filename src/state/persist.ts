// Local storage, namespaced per page so several embedded playgrounds on one course page do not
// collide. Storage may be unavailable (sandboxed iframes, some private windows) or full: every write
// says whether it worked, so the page can tell the user (StorageNotice) instead of losing work silently.

import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { fromBase64url, toBase64url } from '../wire/base64url';

export { storageNamespace } from './namespace';

/** What happened to a write. */
export type SaveResult =
  { ok: true } | { ok: false; problem: 'quota' | 'unavailable' | 'error'; reason: string };

/** The browser's storage, or null where the page may not use any (reading `localStorage` can throw). */
export function storage(): Storage | null {
  try {
    const s = globalThis.localStorage;
    return s ?? null;
  } catch {
    return null;
  }
}

/** Can the page keep anything at all? (A write and a removal of a probe key.) */
export function storageWorks(s: Storage | null = storage()): boolean {
  if (!s) return false;
  try {
    s.setItem('daemonset-playground:probe', '1');
    s.removeItem('daemonset-playground:probe');
    return true;
  } catch (e) {
    // A full storage still works for reading and for what fits.
    return isQuotaError(e);
  }
}

export function isQuotaError(e: unknown): boolean {
  const name = (e as { name?: string } | null)?.name;
  return (
    name === 'QuotaExceededError' ||
    name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    (e as { code?: number } | null)?.code === 22
  );
}

export function load(ns: string, key: string, s: Storage | null = storage()): string | null {
  try {
    return s ? s.getItem(`${ns}:${key}`) : null;
  } catch {
    return null;
  }
}

export function save(
  ns: string,
  key: string,
  value: string | null,
  s: Storage | null = storage(),
): SaveResult {
  if (!s) return { ok: false, problem: 'unavailable', reason: 'no storage' };
  try {
    if (value === null) s.removeItem(`${ns}:${key}`);
    else s.setItem(`${ns}:${key}`, value);
    return { ok: true };
  } catch (e) {
    if (isQuotaError(e)) return { ok: false, problem: 'quota', reason: 'quota exceeded' };
    const err = e as { name?: string; message?: string };
    return { ok: false, problem: 'error', reason: err.name || err.message || String(e) };
  }
}

/** Texts longer than this are stored compressed (deflate, base64url) under `KEY.z`. */
export const COMPRESS_OVER_CHARS = 32 * 1024;

export function packText(text: string): string {
  return toBase64url(deflateSync(strToU8(text), { level: 6 }));
}

export function unpackText(packed: string): string {
  const bytes = fromBase64url(packed);
  if (!bytes) throw new Error('not base64url');
  return strFromU8(inflateSync(bytes));
}

/**
 * Saves a text under `key`, compressed under `key.z` when it is long (the other form is removed, so
 * a reload reads what was written last). A 5 MB manifest fits this way in the usual 5 M-character quota.
 */
export function saveText(ns: string, key: string, text: string, s: Storage | null = storage()): SaveResult {
  if (text.length <= COMPRESS_OVER_CHARS) {
    const r = save(ns, key, text, s);
    if (r.ok) save(ns, `${key}.z`, null, s);
    return r;
  }
  let packed: string;
  try {
    packed = packText(text);
  } catch (e) {
    return { ok: false, problem: 'error', reason: (e as Error).message };
  }
  // Free the old copy first: on a nearly full storage, the new one may only fit without it.
  const old = load(ns, key, s);
  save(ns, key, null, s);
  const r = save(ns, `${key}.z`, packed, s);
  if (!r.ok && old !== null) save(ns, key, old, s);
  return r;
}

/** Reads what saveText wrote (or an older plain copy); null when there is none or it is damaged. */
export function loadText(ns: string, key: string, s: Storage | null = storage()): string | null {
  const packed = load(ns, `${key}.z`, s);
  if (packed !== null) {
    try {
      return unpackText(packed);
    } catch {
      // damaged: fall back to a plain copy, if any
    }
  }
  return load(ns, key, s);
}
