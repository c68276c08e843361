import { describe, expect, it } from 'vitest';
import {
  EMBED_MIN_HEIGHT,
  H5P_RESIZER_EXTRA_PX,
  H5pFrameResizer,
  LESSON_GROW_MAX,
  STACKED_HEIGHT,
  canvasFrameResize,
  desiredFrameHeight,
  h5pAction,
  type H5pMessage,
} from './frameSize';

/** A parent that runs h5p-resizer.js's rules (prepareResize sets clientHeight + 75, resize sets scrollHeight + 75). */
function resizerParent(frameHeight: number) {
  const frame = { height: frameHeight };
  const toFrame: unknown[] = [];
  const onMessage = (m: H5pMessage) => {
    if (m.action === 'hello') toFrame.push({ context: 'h5p', action: 'hello' });
    else if (m.action === 'prepareResize') {
      if (frame.height !== m.scrollHeight || m.scrollHeight !== m.clientHeight) {
        frame.height = (m.clientHeight ?? 0) + 75;
        toFrame.push({ context: 'h5p', action: 'resizePrepared' });
      }
    } else if (m.action === 'resize') frame.height = (m.scrollHeight ?? 0) + 75;
  };
  return { frame, toFrame, onMessage };
}

describe('desiredFrameHeight', () => {
  it('is the designed 700×450 at 700 px, grows with the width to 860, and a phone height when stacked', () => {
    expect(desiredFrameHeight(700, 0)).toBe(450);
    expect(desiredFrameHeight(1000, 0)).toBe(640);
    expect(desiredFrameHeight(2000, 0)).toBe(860);
    expect(desiredFrameHeight(390, 0)).toBe(STACKED_HEIGHT);
    expect(desiredFrameHeight(0, 0)).toBe(EMBED_MIN_HEIGHT);
    expect(desiredFrameHeight(Number.NaN, 100)).toBe(EMBED_MIN_HEIGHT);
  });
  it("adds the lesson's text height, at most LESSON_GROW_MAX", () => {
    expect(desiredFrameHeight(700, 180.4)).toBe(630);
    expect(desiredFrameHeight(700, 5000)).toBe(450 + LESSON_GROW_MAX);
    expect(desiredFrameHeight(700, -20)).toBe(450);
  });
});

describe('canvasFrameResize', () => {
  it("is Canvas's lti.frameResize message", () => {
    expect(canvasFrameResize(630)).toEqual({ subject: 'lti.frameResize', height: 630 });
  });
});

describe('h5pAction', () => {
  it("reads H5P's own fields only", () => {
    expect(h5pAction({ context: 'h5p', action: 'hello' })).toBe('hello');
    expect(h5pAction({ context: 'other', action: 'hello' })).toBeNull();
    expect(h5pAction(Object.create({ context: 'h5p', action: 'hello' }))).toBeNull();
    expect(h5pAction('{"context":"h5p"}')).toBeNull();
    expect(h5pAction(null)).toBeNull();
    expect(h5pAction({ context: 'h5p', action: 3 })).toBeNull();
  });
});

describe('H5pFrameResizer against the resizer rules', () => {
  function run(frameHeight: number, wanted: () => number) {
    const parent = resizerParent(frameHeight);
    const sent: H5pMessage[] = [];
    const r = new H5pFrameResizer((m) => {
      sent.push(m);
      parent.onMessage(m);
    }, wanted);
    const pump = () => {
      while (parent.toFrame.length) r.handle(parent.toFrame.shift());
    };
    return { parent, sent, r, pump };
  }

  it('hello, then the frame ends at exactly the wanted height (the 75 px the resizer adds taken off)', () => {
    const t = run(450, () => 630);
    t.r.start();
    t.pump();
    expect(t.r.isFriendly()).toBe(true);
    expect(t.parent.frame.height).toBe(630);
    expect(t.sent.map((m) => m.action)).toEqual(['hello', 'prepareResize', 'resize']);
    expect(t.sent[1]).toMatchObject({ scrollHeight: 630 - H5P_RESIZER_EXTRA_PX });
  });

  it('follows a new wanted height, and the parent window resizing asks again', () => {
    let wanted = 630;
    const t = run(450, () => wanted);
    t.r.start();
    t.pump();
    wanted = 500;
    t.r.resize();
    t.pump();
    expect(t.parent.frame.height).toBe(500);
    wanted = 700;
    t.r.handle({ context: 'h5p', action: 'resize' });
    t.pump();
    expect(t.parent.frame.height).toBe(700);
  });

  it('without a resizer on the page it only says hello, and a late resizer (ready) gets one', () => {
    const sent: H5pMessage[] = [];
    const r = new H5pFrameResizer(
      (m) => sent.push(m),
      () => 630,
    );
    r.start();
    r.resize();
    expect(sent.map((m) => m.action)).toEqual(['hello', 'hello']);
    expect(r.handle({ context: 'h5p', action: 'ready' })).toBe(true);
    expect(sent.at(-1)).toEqual({ context: 'h5p', action: 'hello' });
    expect(r.handle({ type: 'load' })).toBe(false);
  });
});
