import { describe, expect, it } from 'vitest';
import { clearShift, GAP, intersects, type Rect } from './clearShift';

const r = (left: number, top: number, w: number, h: number): Rect => ({
  left,
  top,
  right: left + w,
  bottom: top + h,
});
const pane = r(0, 0, 800, 400);

describe('clearShift', () => {
  it('is null for a title nothing covers', () => {
    expect(clearShift(r(100, 100, 200, 20), [r(600, 0, 200, 40)], pane)).toBeNull();
  });

  it('moves a title out from under the legend by the shorter way (down, not across the pane)', () => {
    const legend = r(400, 10, 390, 30);
    const title = r(380, 20, 200, 20);
    const s = clearShift(title, [legend], pane)!;
    expect(s).toEqual({ dx: 0, dy: legend.bottom + GAP - title.top });
    const moved = r(title.left + s.dx, title.top + s.dy, 200, 20);
    expect(intersects(moved, legend)).toBe(false);
  });

  it('moves a title out of the minimap corner sideways when that is shorter', () => {
    const minimap = r(640, 290, 150, 100);
    const title = r(600, 296, 60, 24);
    // left by 26 beats up by 36
    expect(clearShift(title, [minimap], pane)).toEqual({ dx: 640 - GAP - 660, dy: 0 });
  });

  it('brings a title cut by the pane edge back inside, and not under a control there', () => {
    const addNode = r(8, 8, 100, 30);
    const title = r(-40, 12, 180, 20);
    const s = clearShift(title, [addNode], pane)!;
    const moved = r(title.left + s.dx, title.top + s.dy, 180, 20);
    expect(moved.left).toBeGreaterThanOrEqual(0);
    expect(intersects(moved, addNode)).toBe(false);
  });

  it('does not uncover one title by covering another, and gives up when there is no room', () => {
    const legend = r(0, 0, 800, 30);
    const title = r(100, 20, 100, 20);
    // moving down by 16 would push the other (near the bottom edge) out of the pane
    const other = r(300, 370, 100, 20);
    const s = clearShift(title, [legend], pane, [other]);
    expect(s).toBeUndefined();
    expect(clearShift(r(0, 0, 900, 20), [], pane)).toBeUndefined();
  });
});
