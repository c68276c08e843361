// A store subscription that follows changes at most once per `ms` (the first change after a quiet
// spell shows at once): for views whose input is large and changes with every batch of a running
// clock (the event log of a 5,000-node cluster), so they cost a few updates a second, not one per batch.

import { useEffect, useState } from 'react';
import { useStore, type AppState } from './store';

/** Time until the next multiple of `ms` (ms since the epoch). */
export function alignedWait(now: number, ms: number): number {
  return ms - (now % ms);
}

export function useThrottledStore<T>(selector: (s: AppState) => T, ms: number): T {
  const [value, setValue] = useState(() => selector(useStore.getState()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const check = () => {
      const v = selector(useStore.getState());
      setValue((old) => (Object.is(old, v) ? old : v));
    };
    const unsub = useStore.subscribe(() => {
      if (timer !== undefined) return;
      const now = Date.now();
      // After a quiet spell at once; else at the next multiple of `ms` on the wall clock, so the
      // views following the store with the same (or a multiple of the same) period change in the
      // same frame: one layout, paint and commit for all of them instead of one each.
      const wait = now - last >= ms ? 0 : alignedWait(now, ms);
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        check();
      }, wait);
    });
    check();
    return () => {
      unsub();
      clearTimeout(timer);
    };
  }, [selector, ms]);
  return value;
}
