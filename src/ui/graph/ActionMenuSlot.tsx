// The cards' action menu (⋯, right click, Enter on a card: ActionMenu.tsx with its items and forms) is a
// chunk of its own, not on the first graph card's path (issue 24): asked for when a menu opens, or a
// second after React Flow has drawn (measured) its cards — five after the graph mounted where it draws
// none (the overview, an empty cluster) — so the first ⋯ a learner presses usually finds it loaded.

import { Suspense, useEffect } from 'react';
import { useNodesInitialized } from '@xyflow/react';
import { ChunkBoundary, retryableLazy } from '../layout/ChunkBoundary';
import { importOnce } from '../layout/chunkRetry';
import { useGraphUi } from './graphStore';

/** After the cards are drawn, the menu's code is fetched this much later (ms). */
const PREFETCH_MS = 1000;
/** …or this long after the graph mounted, whatever it drew (ms). */
const PREFETCH_LATEST_MS = 5000;

/** The menu's code, asked for once (an import that failed is forgotten: the next asks again). */
export const loadActionMenu = importOnce(() => import('./ActionMenu'));
const ActionMenu = retryableLazy(loadActionMenu);
const prefetch = () => void loadActionMenu().catch(() => undefined);

export function ActionMenuSlot() {
  const open = useGraphUi((s) => s.menu !== null);
  const drawn = useNodesInitialized();
  useEffect(() => {
    const timer = window.setTimeout(prefetch, drawn ? PREFETCH_MS : PREFETCH_LATEST_MS);
    return () => clearTimeout(timer);
  }, [drawn]);
  if (!open) return null;
  return (
    <ChunkBoundary what="panel" retry={ActionMenu.retry}>
      <Suspense fallback={null}>
        <ActionMenu />
      </Suspense>
    </ChunkBoundary>
  );
}
