// Share links (issue 6): the whole situation as inputs in the URL fragment `#s=…` (DESIGN §4).

import { decodeShared, encodeShared } from './codec';
import { ShareError } from './errors';
import { MAX_LINK_CHARS } from './limits';
import type { SharedState } from './types';
import { sharePayload } from './payload';

export type { SharedState } from './types';
export { ShareError, type ShareErrorCode } from './errors';
export {
  decodeShared,
  encodeShared,
  decodeSharedJson,
  encodeScenarioFile,
  decoders,
  CURRENT_VERSION,
} from './codec';
export { LIMITS, MAX_LINK_CHARS } from './limits';
export { sharePayload } from './payload';

/** The last hash read and what it gave: the page reads its address's link more than once as it boots. */
let lastRead: { hash: string; state: SharedState | null } | { hash: string; error: unknown } | null = null;

/**
 * Reads `#s=…` from a location hash. null when there is none; throws a ShareError when it is damaged.
 * The page's first render reads it (its editor and status line, issue 24) and the boot again: the last
 * hash's answer is kept, so a link is inflated and checked once (milliseconds each on a phone).
 */
export function readSharedState(hash: string): SharedState | null {
  if (lastRead?.hash === hash) {
    if ('error' in lastRead) throw lastRead.error;
    return lastRead.state;
  }
  try {
    const state = decodeHash(hash);
    lastRead = { hash, state };
    return state;
  } catch (error) {
    lastRead = { hash, error };
    throw error;
  }
}

function decodeHash(hash: string): SharedState | null {
  const payload = sharePayload(hash);
  if (payload === null) return null;
  if (!payload) throw new ShareError('garbage', 'empty');
  // Some mail and chat tools percent-encode a link's fragment; the payload itself never needs it.
  let p = payload;
  if (p.includes('%')) {
    try {
      p = decodeURIComponent(p);
    } catch {
      throw new ShareError('garbage', 'bad percent-encoding');
    }
  }
  return decodeShared(p);
}

/** Query parameters a link keeps: the rest is either in the payload (seed, preset, lesson, step) or about
 * how one page is embedded (embed, view, origin, id…), which the person opening the link does not want. */
const KEPT_PARAMS = ['lang', 'theme'];

/** The standalone page's address with the state in its fragment. */
export function shareUrl(
  state: SharedState,
  href: string,
): { url: string; payload: string; tooLong: boolean } {
  const payload = encodeShared(state);
  const u = new URL(href);
  const keep = new URLSearchParams();
  for (const k of KEPT_PARAMS) {
    const v = u.searchParams.get(k);
    if (v !== null) keep.set(k, v);
  }
  u.search = keep.toString();
  u.hash = `s=${payload}`;
  const url = u.toString();
  return { url, payload, tooLong: url.length > MAX_LINK_CHARS };
}
