// The cards' action menu (⋯, right click, Enter on a card: ActionMenu.tsx with its items and forms) is a
// chunk of its own, not on the first graph card's path (issue 24): asked for when a menu opens, or a
// second after the graph has mounted (so the first ⋯ a learner presses usually finds it loaded).

import { Suspense, useEffect } from 'react';
import { ChunkBoundary, retryableLazy } from '../layout/ChunkBoundary';
import { useGraphUi } from './graphStore';

/** After the graph has mounted, the menu's code is fetched this much later (ms). */
const PREFETCH_MS = 1000;

let menuModule: Promise<typeof import('./ActionMenu')> | null = null;
/** The menu's code, asked for once (an import that failed is forgotten: the next asks again). */
export const loadActionMenu = () =>
  (menuModule ??= import('./ActionMenu').catch((e: unknown) => {
    menuModule = null;
    throw e;
  }));
const ActionMenu = retryableLazy(loadActionMenu);

export function ActionMenuSlot() {
  const open = useGraphUi((s) => s.menu !== null);
  useEffect(() => {
    const timer = window.setTimeout(() => void loadActionMenu().catch(() => undefined), PREFETCH_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <ChunkBoundary what="panel" retry={ActionMenu.retry}>
      <Suspense fallback={null}>
        <ActionMenu />
      </Suspense>
    </ChunkBoundary>
  );
}
