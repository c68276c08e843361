import { describe, expect, it } from 'vitest';
import {
  MIN_CONSOLE_LINES,
  MIN_GRAPH_SHARE,
  clampSize,
  parseSplitSizes,
  sizeAfterKey,
  splitLayoutOf,
  splitLimits,
} from './split';

// The 700×450 embed as measured on the page: console chrome (title row, input line, borders) 46 px,
// output lines 16.875 px, padding 12 px; the graph and the console share 434 px.
const EMBED = { chrome: 46, line: 16.875, pad: 12, area: 434 };

describe('the graph/console split', () => {
  it('keeps three lines of output at least, and leaves the graph its share', () => {
    const l = splitLimits(EMBED);
    expect(l.min).toBe(Math.ceil(46 + 12 + MIN_CONSOLE_LINES * 16.875));
    expect(l.max).toBe(Math.floor(434 * (1 - MIN_GRAPH_SHARE)));
    expect(clampSize(10, l)).toBe(l.min);
    expect(clampSize(5000, l)).toBe(l.max);
    expect(clampSize(150.4, l)).toBe(150);
  });

  it('never inverts the limits in a frame too small for both', () => {
    const l = splitLimits({ ...EMBED, area: 100 });
    expect(l.max).toBe(l.min);
  });

  it('moves by a line with the arrows, three with Page Up/Down, to the ends with Home/End', () => {
    const l = splitLimits(EMBED);
    expect(sizeAfterKey('ArrowUp', 160, l, 17)).toBe(177);
    expect(sizeAfterKey('ArrowDown', 160, l, 17)).toBe(143);
    expect(sizeAfterKey('PageUp', 160, l, 17)).toBe(211);
    expect(sizeAfterKey('PageDown', 160, l, 17)).toBe(l.min);
    expect(sizeAfterKey('Home', 160, l, 17)).toBe(l.min);
    expect(sizeAfterKey('End', 160, l, 17)).toBe(l.max);
    expect(sizeAfterKey('ArrowUp', l.max, l, 17)).toBe(l.max);
    expect(sizeAfterKey('Enter', 160, l, 17)).toBeNull();
  });

  it('has a size per layout, and none where the panels stack', () => {
    expect(splitLayoutOf({ embed: true, present: false, narrow: true })).toBe('embed');
    expect(splitLayoutOf({ embed: false, present: true, narrow: false })).toBe('present');
    expect(splitLayoutOf({ embed: false, present: false, narrow: false })).toBe('desk');
    expect(splitLayoutOf({ embed: false, present: true, narrow: true })).toBeNull();
  });

  it('reads back only known layouts with sensible sizes', () => {
    expect(parseSplitSizes('{"embed":180.6,"desk":240}')).toEqual({ embed: 181, desk: 240 });
    expect(parseSplitSizes('{"embed":-3,"present":"200","__proto__":5,"other":100}')).toEqual({});
    expect(parseSplitSizes('not json')).toEqual({});
    expect(parseSplitSizes('[1,2]')).toEqual({});
    expect(parseSplitSizes(null)).toEqual({});
  });
});
