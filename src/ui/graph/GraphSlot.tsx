// The graph panel's content, drawn after the page's first commit has painted (issue 24). On a phone
// the first commit of the whole page was the longest task while loading (about half a second under 4×
// CPU): React Flow's mount measures its pane in an effect, which forced the whole new page's first layout
// inside that task, and its own elements and effects came on top. Now the shell and the other panels
// commit first; the canvas comes in a transition of its own once the browser has painted, in its own
// chunk (React Flow and the graph's code leave the page's first bundle). The static first view's cards
// (src/firstView/keepCards.ts) stay over the panel until React Flow has drawn its own, so nothing blinks.

import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { ChunkBoundary } from '../layout/ChunkBoundary';
import { importOnce } from '../layout/chunkRetry';
import type { PaneSize } from './paneArea';
// The graph's styles stay in the page's first stylesheet (React Flow's first, ours over it): the static
// first view's cards are drawn with them, and a stylesheet arriving with the chunk restyled those cards
// (a layout shift).
import '@xyflow/react/dist/style.css';
import './graph.css';
import './nodes/nodes.css';
import './nodes/daemonset.css';
import './nodes/trouble.css';
import './panels.css';

/**
 * The graph's code: asked for at once (this module is in the first bundle), drawn when the page has
 * painted. Lost on the way, the panel offers a reload and no Retry (the ChunkBoundary without `retry`:
 * other chunks import this one by its address, so it cannot be loaded again under another).
 */
export const loadGraphPanel = importOnce(() => import('./GraphPanel'));
const GraphPanel = lazy(loadGraphPanel);

/**
 * True once the browser has painted the commit that mounted the caller: a frame, then a task after it
 * (a frame callback runs before the paint; a timer set in it runs after). A page that gets no frames (a
 * hidden tab, a frame scrolled far off screen) does not wait for one: a plain timer goes too.
 * `onPainted` runs then, first, in the same transition (the page is laid out for that paint: reading a
 * box there costs no layout).
 */
export function useAfterPaint(fallbackMs = 250, onPainted?: () => void): boolean {
  const [painted, setPainted] = useState(false);
  const then = useRef(onPainted);
  then.current = onPainted;
  useEffect(() => {
    let done = false;
    let timer = 0;
    const go = () => {
      if (done) return;
      done = true;
      startTransition(() => {
        then.current?.();
        setPainted(true);
      });
    };
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(go, 0);
    });
    const fallback = window.setTimeout(go, fallbackMs);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [fallbackMs]);
  return painted;
}

/** The box the graph's pane fills (the panel's body), null when it has none (a collapsed panel). */
function slotSize(mark: HTMLElement | null): PaneSize | null {
  const body = mark?.parentElement;
  return body && body.clientWidth && body.clientHeight ? { w: body.clientWidth, h: body.clientHeight } : null;
}

export function GraphSlot() {
  // The pane's size for the graph's first render (issue 24): read after the page's paint, where the
  // panel is laid out already. Read by the pane at its mount instead, it forced a layout of the new
  // canvas inside that commit and rendered the graph a second time with it, both before its first view.
  const mark = useRef<HTMLSpanElement>(null);
  const [size, setSize] = useState<PaneSize | null>(null);
  const painted = useAfterPaint(250, () => setSize(slotSize(mark.current)));
  return painted ? (
    <ChunkBoundary what="graph">
      <Suspense fallback={null}>
        <GraphPanel initialSize={size} />
      </Suspense>
    </ChunkBoundary>
  ) : (
    <span ref={mark} hidden />
  );
}
