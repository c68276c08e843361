// labels.Parse against the real client: every selector of testdata/selectors.json (written by
// tools/selectors/generate.ts from kubectl 1.33.1's own parse) parses, or fails with the same words.

import { describe, expect, it } from 'vitest';
import fixtures from './testdata/selectors.json';
import { matches, parseSelector, SelectorParseError, selectorString } from './labels';

function parseError(selector: string): string | null {
  try {
    parseSelector(selector);
    return null;
  } catch (e) {
    if (e instanceof SelectorParseError) return e.message;
    throw e;
  }
}

describe(`parseSelector equals labels.Parse of kubectl ${fixtures.kubectl}`, () => {
  it.each(fixtures.cases.map((c) => [JSON.stringify(c.selector), c.selector, c.error] as const))(
    '%s',
    (_name, selector, error) => {
      expect(parseError(selector)).toBe(error);
    },
  );
});

describe('parseSelector results', () => {
  it('sorts requirements by key and values, drops duplicate values, keeps the empty value', () => {
    expect(selectorString(parseSelector('x=y,!z,w in (2,1,1)'))).toBe('w in (1,2),x=y,!z');
    expect(parseSelector('app in (x,,y)')).toEqual([{ key: 'app', operator: 'In', values: ['', 'x', 'y'] }]);
    expect(parseSelector('app in ()')).toEqual([{ key: 'app', operator: 'In', values: [''] }]);
    expect(parseSelector('app=')).toEqual([{ key: 'app', operator: '=', values: [''] }]);
    expect(parseSelector('in in (in),notin')).toEqual([
      { key: 'in', operator: 'In', values: ['in'] },
      { key: 'notin', operator: 'Exists', values: [] },
    ]);
    expect(parseSelector('a\n=\tb')).toEqual([{ key: 'a', operator: '=', values: ['b'] }]);
  });

  it('matches gt and lt as int64 comparisons, never a label that is not an integer', () => {
    const gt = parseSelector('gen>2');
    expect(matches(gt, { gen: '3' })).toBe(true);
    expect(matches(gt, { gen: '2' })).toBe(false);
    expect(matches(gt, { gen: 'x' })).toBe(false);
    expect(matches(gt, {})).toBe(false);
    expect(matches(parseSelector('gen<10'), { gen: '9' })).toBe(true);
    expect(matches(parseSelector('gen<10'), { gen: '10' })).toBe(false);
  });
});
