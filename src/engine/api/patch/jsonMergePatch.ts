// JSON merge patch (RFC 7386), as github.com/evanphx/json-patch MergePatch applies it: objects merge
// key by key, null deletes, anything else (lists included) replaces.

import { ownGet, ownSet } from '../own';

export function jsonMergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) {
    if (v === null) delete out[k];
    else ownSet(out, k, jsonMergePatch(ownGet(out, k), v));
  }
  return out;
}
