// The engine's `init` before the page's first render (issue 24). App's boot starts the engine after
// its first commit (the address, a share link, a saved session, a lesson, a course platform decide
// the cluster); on a phone that commit came a second or more after the engine worker had said `ready`,
// and the first snapshot, then the graph's cards, waited for it. Where the address and this browser
// leave no doubt — no share link, no parameter that changes the cluster or the boot (only `present`,
// `lang`, `theme`), no saved session of this page — the cluster is the default one, and the entry
// starts it at once; App's boot later asks for the same spec and takes that start over (startEngine).
// A module without the engine's code: the entry asks here, then starts (src/main.tsx).

import { parseBootParams } from '../boot';
import type { SessionSpec } from '../wire/protocol';
import { SESSION_KEY, storageNamespace } from './namespace';

/** The parameters that change nothing of the cluster nor of how the page boots it. */
const HARMLESS = new Set(['present', 'lang', 'theme']);

/**
 * The spec App's boot will start for this address (share/session.ts bootFromLocation with no link and
 * no saved session), or null where it is not certain.
 */
export function earlySpec(
  loc: { pathname: string; search: string; hash: string },
  savedSession: (key: string) => string | null,
): SessionSpec | null {
  if (loc.hash !== '') return null;
  for (const k of new URLSearchParams(loc.search).keys()) if (!HARMLESS.has(k)) return null;
  let saved: string | null;
  try {
    saved = savedSession(`${storageNamespace(loc)}:${SESSION_KEY}`);
  } catch {
    // storage that throws: the boot will not find a session either, but do not guess
    return null;
  }
  if (saved !== null) return null;
  const p = parseBootParams(loc.search);
  return { seed: p.seed, preset: p.preset, nodes: p.nodes, inputs: [] };
}

/** Two specs start the same cluster (no inputs and no clock in either: what an early start has). */
export function sameStart(a: SessionSpec, b: SessionSpec): boolean {
  return (
    a.seed === b.seed &&
    a.preset === b.preset &&
    a.nodes === b.nodes &&
    a.inputs.length === 0 &&
    b.inputs.length === 0 &&
    a.until === undefined &&
    b.until === undefined
  );
}
