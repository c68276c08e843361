// The separator's place is remembered with the page's other things (src/state/persist.ts, namespaced
// per page and lesson): read before the first paint, written when the user moves it.

import { load, save } from './persist';
import { parseSplitSizes } from './split';
import { useStore } from './store';

export const SPLIT_KEY = 'split';

/** Puts the saved sizes in the store (call before the shell first renders). */
export function loadSplitSizes(ns: string): void {
  const sizes = parseSplitSizes(load(ns, SPLIT_KEY));
  if (Object.keys(sizes).length) useStore.setState({ consoleSizes: sizes });
}

/** Saves the sizes whenever they change; returns the function that stops it. */
export function keepSplitSizes(ns: string): () => void {
  return useStore.subscribe((s, prev) => {
    if (s.consoleSizes === prev.consoleSizes) return;
    // A size that cannot be kept is not worth a notice: the page works the same, at the default.
    save(ns, SPLIT_KEY, Object.keys(s.consoleSizes).length ? JSON.stringify(s.consoleSizes) : null);
  });
}
