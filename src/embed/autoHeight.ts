// `autoheight=1` (issue 25, item 4): the embed measures the height it wants (frameSize.ts) and tells
// its parent in Canvas's and H5P's dialects whenever that height changes. Only started in a frame, and
// only talks to the parent origin the bridge allows (the caller's `post`).

import { H5pFrameResizer, canvasFrameResize, desiredFrameHeight } from './frameSize';

/** The lesson's own height: its head, its step's text and boxes, its buttons, however tall the frame is. */
function lessonContentHeight(doc: Document): number {
  const panel = doc.querySelector('.lesson-panel');
  if (!panel) return 0;
  let h = 0;
  for (const part of panel.querySelectorAll(':scope > .lesson-head, :scope > .lesson-actions'))
    h += part.getBoundingClientRect().height;
  const body = panel.querySelector(':scope > .lesson-body');
  if (body && !(body as HTMLElement).hidden)
    for (const child of body.children) {
      const s = getComputedStyle(child);
      h += child.getBoundingClientRect().height + parseFloat(s.marginTop) + parseFloat(s.marginBottom);
    }
  return h;
}

/** Starts the sizing; returns the handler for the parent's messages (true: an H5P one) and a stop. */
export function startAutoHeight(post: (message: object) => void): {
  handle: (data: unknown) => boolean;
  stop: () => void;
} {
  const wanted = () => desiredFrameHeight(window.innerWidth, lessonContentHeight(document));
  const h5p = new H5pFrameResizer(post, wanted);
  let last = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    timer = undefined;
    const h = wanted();
    if (h === last) return;
    last = h;
    post(canvasFrameResize(h));
    h5p.resize();
  };
  const soon = () => {
    if (timer === undefined) timer = setTimeout(check, 150);
  };
  window.addEventListener('resize', soon);
  // A lesson opening, its step changing, its panel folding: the page's content changed.
  const observer = new MutationObserver(soon);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['hidden', 'class'],
  });
  h5p.start();
  check();
  return {
    handle: (data) => h5p.handle(data),
    stop: () => {
      clearTimeout(timer);
      window.removeEventListener('resize', soon);
      observer.disconnect();
    },
  };
}
