// The static first view's cluster cards stay over the graph until React Flow has drawn its own
// (issue 24). React's first commit replaces the static page, but the cluster arrives from the engine
// worker a moment later (seconds on a slow phone): without this, the cards would go and the graph say
// "No nodes" in between. Called before React renders; does nothing where boot.js showed no first view.

/** How long the cards may wait for the graph at most (a page that never draws one loses them). */
const GIVE_UP_MS = 30_000;

export function keepFirstViewCards(doc: Document = document): void {
  const variant = doc.documentElement.dataset.firstView;
  if (variant !== 'plain' && variant !== 'present' && variant !== 'lesson') return;
  const graph = doc.querySelector(`#root > .fv-${variant} .fv-graph`);
  // a lesson whose cluster is not drawn at build time (lessonView.ts) has no cards to keep
  if (!graph || !graph.querySelector('.fv-card')) return;
  // out of #root before React empties it, into an overlay of its own (the first view's rules apply)
  const overlay = doc.createElement('div');
  overlay.className = 'first-view fv-overlay';
  overlay.setAttribute('inert', '');
  overlay.setAttribute('aria-hidden', 'true');
  overlay.dataset.testid = 'first-view-cards';
  overlay.append(graph);
  // into the graph panel as soon as React has committed it (a mutation callback runs before the paint)
  const root = doc.getElementById('root');
  const start = performance.now();
  let done = false;
  const place = () => {
    if (done || overlay.isConnected) return;
    doc.querySelector('#root .panel-graph > .panel-body')?.append(overlay);
  };
  const placer = new MutationObserver(place);
  if (root) placer.observe(root, { childList: true, subtree: true });
  const frame = () => {
    // React Flow shows a card once it has measured it
    const drawn = doc.querySelector('.graph-root .react-flow__node[style*="visibility: visible"]');
    // the graph's code did not load (ui/layout/ChunkBoundary): its message and Retry are not covered
    const failed = doc.querySelector('#root .panel-graph .chunk-error');
    if (drawn || failed || performance.now() - start > GIVE_UP_MS) {
      done = true;
      placer.disconnect();
      overlay.remove();
      return;
    }
    place();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
