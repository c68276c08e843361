// A lesson's first view (lessonView.ts) keeps its lesson panel on the page until the app's own is
// there (issue 24). React's first commit replaces the static page, but the lesson opens a moment
// later (its file, then its cluster in the engine worker: seconds on a slow phone); meanwhile the app
// keeps the lesson's place with a "Preparing the lesson…" box. Without this, the step text would go
// and come back. Called before React renders; does nothing where boot.js showed no lesson first view.

/** How long the panel may wait for the lesson at most (a page that never opens it loses it). */
const GIVE_UP_MS = 30_000;

export function keepFirstViewLesson(doc: Document = document): void {
  if (doc.documentElement.dataset.firstView !== 'lesson') return;
  const panel = doc.querySelector('#root > .fv-lesson .lesson-panel');
  const root = doc.getElementById('root');
  if (!panel || !root) return;
  // the panel itself goes where the app keeps the lesson's place, so the app's rules for the side
  // column's children lay it out as they will the app's panel
  panel.classList.add('fv-lesson-kept');
  panel.setAttribute('inert', '');
  panel.setAttribute('aria-hidden', 'true');
  panel.setAttribute('data-testid', 'first-view-lesson');
  const start = performance.now();
  let placed = false;
  const stop = () => {
    watch.disconnect();
    panel.remove();
  };
  // a mutation callback runs before the paint: the panel is there in React's first frame. It is
  // moved only then: the first view shows it until that commit (the page's first render is a
  // transition of many frames on a phone).
  const watch = new MutationObserver(() => {
    const reserved = root.querySelector('.side-col > [data-testid="lesson-reserved"]');
    if (reserved) {
      if (panel.nextElementSibling !== reserved) reserved.before(panel);
      placed = true;
      return;
    }
    // the lesson is open (or failed, or the page drew something else): the app's own takes over
    if (
      placed ||
      root.querySelector('[data-testid="lesson-panel"]') ||
      performance.now() - start > GIVE_UP_MS
    )
      stop();
  });
  watch.observe(root, { childList: true, subtree: true });
  setTimeout(() => {
    if (!placed) stop();
  }, GIVE_UP_MS);
}
