// Sizing the frame like the embeds course authors know (issue 25, item 4), with `autoheight=1`: the
// embed tells its parent the height it wants, in the two dialects course platforms listen for.
//  - Canvas (and LTI platforms that copied it): `{subject: 'lti.frameResize', height}`.
//  - H5P's resizer script (h5p-resizer.js, on Moodle, WordPress, Drupal and h5p.com pages): the framed
//    side of its handshake, as H5P's own content does it (h5p.js, `H5P.communicator`): `hello` until the
//    parent answers `hello`; then each resize is `prepareResize` → the parent's `resizePrepared` →
//    `resize` with the height; a `resize` from the parent (its window changed) starts one again, and its
//    `ready` (the resizer loaded after us) asks for a new `hello`. The resizer sets the frame to the
//    height it is told plus 75 px (room H5P keeps for its action bar), so the embed tells it 75 less.
// Pure: no window, no DOM; the bridge measures and posts.

/** What h5p-resizer.js adds to the height it is told (`data.scrollHeight + 75`). */
export const H5P_RESIZER_EXTRA_PX = 75;

/** The frame the playground is designed for (README: "made for a 700×450 frame"). */
export const EMBED_MIN_HEIGHT = 450;
/** Below this width the panels stack (the phone layout) and want a phone's height. */
export const STACKED_BELOW_WIDTH = 640;
export const STACKED_HEIGHT = 760;
export const EMBED_MAX_HEIGHT = 1200;
/** The most of a lesson's text the frame grows for; a longer step scrolls inside the lesson panel. */
export const LESSON_GROW_MAX = 420;

/**
 * The height the embed asks for at this width: the playground's proportions (0.64 of the width,
 * 700 → 450, at most 860) or a phone's height when the panels stack, plus the lesson's own text height
 * (up to LESSON_GROW_MAX). Neither depends on the frame's current height, so a parent that obeys does
 * not make the embed ask again (no resize loop).
 */
export function desiredFrameHeight(width: number, lessonContent: number): number {
  if (!Number.isFinite(width) || width <= 0) return EMBED_MIN_HEIGHT;
  const base =
    width < STACKED_BELOW_WIDTH
      ? STACKED_HEIGHT
      : Math.min(860, Math.max(EMBED_MIN_HEIGHT, Math.round(width * 0.64)));
  const lesson = Number.isFinite(lessonContent)
    ? Math.min(LESSON_GROW_MAX, Math.max(0, Math.round(lessonContent)))
    : 0;
  return Math.min(EMBED_MAX_HEIGHT, base + lesson);
}

/** Canvas's message (Canvas reads `height` in px). */
export function canvasFrameResize(height: number): { subject: 'lti.frameResize'; height: number } {
  return { subject: 'lti.frameResize', height };
}

export type H5pMessage = { context: 'h5p'; action: string; scrollHeight?: number; clientHeight?: number };

/** The action of a message from h5p-resizer.js, or null when it is not one. */
export function h5pAction(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  if (!Object.hasOwn(data, 'context') || (data as { context: unknown }).context !== 'h5p') return null;
  const action = Object.hasOwn(data, 'action') ? (data as { action: unknown }).action : undefined;
  return typeof action === 'string' ? action : null;
}

/** The framed side of H5P's resize handshake. `post` sends to the parent; `height()` is the wanted height. */
export class H5pFrameResizer {
  /** the parent answered `hello`: it runs h5p-resizer.js and will size the frame */
  private friendly = false;

  constructor(
    private readonly post: (m: H5pMessage) => void,
    private readonly height: () => number,
  ) {}

  /** Says hello (the resizer answers it when it is on the page). */
  start(): void {
    this.post({ context: 'h5p', action: 'hello' });
  }

  /** The wanted height changed (or the parent asked): start a resize, or say hello again first. */
  resize(): void {
    if (!this.friendly) {
      this.post({ context: 'h5p', action: 'hello' });
      return;
    }
    const h = this.told();
    this.post({ context: 'h5p', action: 'prepareResize', scrollHeight: h, clientHeight: h });
  }

  /** A message from the parent; returns true when it was one of H5P's. */
  handle(data: unknown): boolean {
    const action = h5pAction(data);
    if (action === null) return false;
    if (action === 'hello') {
      this.friendly = true;
      this.resize();
    } else if (action === 'ready') this.post({ context: 'h5p', action: 'hello' });
    else if (action === 'resizePrepared')
      this.post({ context: 'h5p', action: 'resize', scrollHeight: this.told() });
    else if (action === 'resize') this.resize();
    return true;
  }

  isFriendly(): boolean {
    return this.friendly;
  }

  /** The height to tell the resizer, which adds its 75 px. */
  private told(): number {
    return Math.max(0, this.height() - H5P_RESIZER_EXTRA_PX);
  }
}
