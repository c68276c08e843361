// V8's %HaveSameMap, for tests that check objects keep one hidden class (api/podStatusFields.test.ts,
// api/deletionFields.test.ts). The natives syntax is allowed from here on, for the functions compiled
// after it; importing this module allows it in its test file's process.

import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');

/** Whether `a` and `b` have the same hidden class. */
export const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;
