import { describe, expect, it } from 'vitest';
import { dsSmallHeight } from './layout';
import { dsSmallRows, extraLines, revisionWhat, smallExtra, wrap } from './smallRows';
import type { RevisionView } from './model';

const rev = (over: Partial<RevisionView>): RevisionView => ({
  name: 'ds-1',
  revision: 1,
  hash: 'h',
  current: false,
  color: 0,
  images: ['registry.example.com/agent:1.20'],
  ...over,
});

describe('small rows wrap, and the slot follows them', () => {
  it('a short tag takes one line; a long one several, broken after hyphens', () => {
    expect(wrap('v2.2.0', 16.4, true, 6.5).lines).toBe(1);
    expect(wrap('v9.99.0-release-candidate-for-the-class', 13.8, true, 6.5).lines).toBe(3);
    // a word longer than a line breaks anywhere
    expect(wrap('x'.repeat(60), 16.4, true).lines).toBe(3);
  });

  it('the tag of a revision is what its row shows', () => {
    expect(revisionWhat(rev({ images: ['k8s.gcr.io/fluentd-elasticsearch:v2.2.0'] }))).toBe('v2.2.0');
    expect(revisionWhat(rev({ images: [], changeCause: 'by hand' }))).toBe('by hand');
  });

  it('"was rev 1", a long failing tag and a change-cause add lines; short rows add none', () => {
    const plain = [rev({ revision: 2, current: true, images: ['a:v2'] }), rev({ name: 'ds-0' })];
    expect(smallExtra(dsSmallRows(plain))).toEqual({ compact: 0, tiny: 0 });
    const long = [
      rev({
        revision: 3,
        was: 1,
        current: true,
        images: ['nginx:v9.99.0-release-candidate-for-the-class'],
        changeCause:
          'kubectl set image ds/agent agent=nginx:v9.99.0-release-candidate-for-the-class --record=true',
      }),
      rev({ name: 'ds-0', revision: 2 }),
    ];
    const e = smallExtra(dsSmallRows(long));
    expect(e.compact).toBeGreaterThanOrEqual(5);
    expect(e.tiny).toBeGreaterThanOrEqual(2);
    // the change-cause is drawn on compact cards only
    expect(extraLines(dsSmallRows(long), 'tiny')).toBe(e.tiny);
    expect(dsSmallHeight('compact', 1, 2, e)).toBeGreaterThan(dsSmallHeight('compact', 1, 2));
    expect(dsSmallHeight('tiny', 1.25, 2, e)).toBe(dsSmallHeight('tiny', 1.25, 2) + 20 * e.tiny * 1.25);
  });
});
