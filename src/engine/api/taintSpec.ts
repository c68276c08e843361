// One reading of `KEY[=VALUE]:EFFECT` for the places that take a whole taint: `sim node add --taint`
// (script/simCommands.ts) and the graph's "Add taint" box. `kubectl taint` has its own, stricter
// parser (kubectl/commands/taint.ts, upstream's parseTaint: removals without an effect, name checks).

import type { Taint, TaintEffect } from './types';

export const TAINT_EFFECTS: readonly TaintEffect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

export type TaintSpecResult =
  { ok: true; taint: Taint } | { ok: false; problem: 'no-effect' | 'bad-effect' | 'no-key'; effect?: string };

/** Splits `KEY[=VALUE]:EFFECT` at its last colon; an empty value is no value. */
export function splitTaintSpec(s: string): TaintSpecResult {
  const colon = s.lastIndexOf(':');
  if (colon < 0) return { ok: false, problem: 'no-effect' };
  const effect = s.slice(colon + 1);
  if (!(TAINT_EFFECTS as readonly string[]).includes(effect))
    return { ok: false, problem: 'bad-effect', effect };
  const kv = s.slice(0, colon);
  const eq = kv.indexOf('=');
  const key = eq >= 0 ? kv.slice(0, eq) : kv;
  const value = eq >= 0 ? kv.slice(eq + 1) : '';
  if (!key) return { ok: false, problem: 'no-key' };
  const e = effect as TaintEffect;
  return { ok: true, taint: value ? { key, value, effect: e } : { key, effect: e } };
}
