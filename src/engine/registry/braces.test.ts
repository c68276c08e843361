import { describe, expect, it } from 'vitest';
import { braceMatcher, expandBraces } from './braces';

describe('expandBraces', () => {
  it.each([
    ['latest', ['latest']],
    ['', ['']],
    ['1.{26,27}', ['1.26', '1.27']],
    ['1.27.{0..3}', ['1.27.0', '1.27.1', '1.27.2', '1.27.3']],
    ['{8..11}', ['8', '9', '10', '11']],
    ['1.27{,-alpine}', ['1.27', '1.27-alpine']],
    ['{1.{26,27},mainline}{,-perl}', ['1.26', '1.26-perl', '1.27', '1.27-perl', 'mainline', 'mainline-perl']],
    ['v3.{0.{0,1},{2..3}.0}', ['v3.0.0', 'v3.0.1', 'v3.2.0', 'v3.3.0']],
    ['a{b}c', ['abc']],
  ])('%s', (pattern, expected) => {
    expect(expandBraces(pattern)).toEqual(expected);
  });

  it.each([
    ['1.{26,27', 'unmatched {'],
    ['1.26}', 'unmatched }'],
    ['{3..1}', 'empty range {3..1}'],
  ])('rejects %s', (pattern, message) => {
    expect(() => expandBraces(pattern)).toThrow(message);
  });
});

describe('braceMatcher', () => {
  it('matches exactly what expandBraces spells out', () => {
    const patterns = '{1.{26,27},mainline}{,-perl} v3.{0.{0,1},{2..3}.0} {8..11}-x latest';
    const expanded = new Set(patterns.split(' ').flatMap(expandBraces));
    const matches = braceMatcher(patterns);
    for (const s of expanded) expect(matches(s), s).toBe(true);
    for (const s of [
      '1.2',
      '1.26-',
      '1.26-perlx',
      'mainline-',
      'v3.0',
      'v3.1.0',
      'v3.4.0',
      '12-x',
      '7-x',
      '8-',
      'lates',
      'latestx',
      '',
    ])
      expect(matches(s), s).toBe(false);
  });

  it('matches nothing for no patterns, and the empty string for an empty alternative', () => {
    expect(braceMatcher('')('')).toBe(false);
    expect(braceMatcher('{,a}')('')).toBe(true);
  });

  it.each([
    ['1.{26,27', 'unmatched {'],
    ['1.26}', 'unmatched }'],
    ['{3..1}', 'empty range {3..1}'],
  ])('rejects %s', (pattern, message) => {
    expect(() => braceMatcher(pattern)).toThrow(message);
  });
});
