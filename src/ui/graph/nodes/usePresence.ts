// Keeps items that just left a list on screen for a moment (marked `leaving`) so they can fade out,
// where they were. Off when the user prefers reduced motion.

import { useEffect, useState } from 'react';

export const LEAVE_MS = 450;

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function usePresence<T extends { key: string }>(items: readonly T[]): { item: T; leaving: boolean }[] {
  const [state, setState] = useState<{ items: readonly T[]; leaving: { item: T; index: number }[] }>({
    items,
    leaving: [],
  });
  let current = state;
  if (state.items !== items) {
    const keys = new Set(items.map((i) => i.key));
    const gone = reducedMotion()
      ? []
      : state.items.flatMap((item, index) => (keys.has(item.key) ? [] : [{ item, index }]));
    current = {
      items,
      leaving: [
        ...state.leaving.filter((l) => !keys.has(l.item.key) && !gone.some((g) => g.item.key === l.item.key)),
        ...gone,
      ],
    };
    setState(current);
  }
  useEffect(() => {
    if (!state.leaving.length) return;
    const t = setTimeout(() => setState((s) => ({ ...s, leaving: [] })), LEAVE_MS);
    return () => clearTimeout(t);
  }, [state.leaving]);
  const out = current.items.map((item) => ({ item, leaving: false }));
  for (const l of current.leaving)
    out.splice(Math.min(l.index, out.length), 0, { item: l.item, leaving: true });
  return out;
}
