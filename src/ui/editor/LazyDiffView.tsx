// The side-by-side diff (DiffView: Monaco's diff editor) as it is used on the page: its own chunk, loaded
// when a diff is first shown (Compare, the live drift, a pod's diff), with `fallback` while it comes and
// a ChunkBoundary if the network drops it — the panel says so with a Retry, the page goes on (issue 24).

import { Suspense, type ReactNode } from 'react';
import { ChunkBoundary, retryableLazy } from '../layout/ChunkBoundary';
import type { DiffViewProps } from './DiffView';

const DiffView = retryableLazy(() => import('./DiffView'));

export function LazyDiffView({ fallback, ...props }: DiffViewProps & { fallback: ReactNode }) {
  return (
    <ChunkBoundary what="panel" retry={DiffView.retry}>
      <Suspense fallback={fallback}>
        <DiffView {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
