// V8's %HaveSameMap, for tests that check objects keep one hidden class (api/podStatusFields.test.ts,
// api/deletionFields.test.ts). The natives syntax is allowed from here on, for the functions compiled
// after it; importing this module allows it in its test file's process. Also the random field sets those tests
// give the layout functions.

import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');

/** Whether `a` and `b` have the same hidden class. */
export const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

/**
 * A random object over `values`' keys, each left out, present as `undefined` or holding one of its
 * values, in a random order, own properties even for `__proto__` (a layout function's input).
 */
export function randomOwnFields(
  r: { int(n: number): number },
  values: Record<string, readonly unknown[]>,
): Record<string, unknown> {
  const keys = Object.keys(values);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const roll = r.int(4);
    if (roll === 0) continue;
    const v = roll === 1 ? undefined : values[k][r.int(values[k].length)];
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
