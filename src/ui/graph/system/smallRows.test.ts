import { describe, expect, it } from 'vitest';
import { dsSmallHeight } from './layout';
import {
  dsCardExtra,
  dsSmallRows,
  extraLines,
  headSideEm,
  nameExtra,
  revisionWhat,
  smallExtra,
  wrap,
} from './smallRows';
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

  it("a long name wraps after its hyphens beside the counters, and the card's slot grows by its lines", () => {
    // "fluentd-elasticsearch" (21 monospace characters) beside "⚠ 2/3 ↻" on a tiny card: two lines
    expect(nameExtra('fluentd-elasticsearch', 3)).toEqual({ compact: 0, tiny: 1 });
    expect(nameExtra('kube-proxy', 3)).toEqual({ compact: 0, tiny: 0 });
    // longer still: a line more on compact cards too; a Deployment's ❐ takes room as well
    expect(nameExtra('prometheus-node-exporter-for-the-class', 12).compact).toBeGreaterThanOrEqual(1);
    expect(nameExtra('node-exporter-ab', 3, true).tiny).toBe(1);
    expect(nameExtra('node-exporter-ab', 3).tiny).toBe(0);
    // more digits in the counters leave less room for the name
    expect(headSideEm('tiny', 100)).toBeGreaterThan(headSideEm('tiny', 3));
    const chain = [rev({ revision: 1, current: true, images: ['a:v1'] })];
    expect(dsCardExtra('fluentd-elasticsearch', 3, chain)).toEqual({ compact: 0, tiny: 1 });
  });
});
