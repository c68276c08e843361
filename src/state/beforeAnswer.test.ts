// Which answers wait for the batches to be drained (one slice per task) and which flush them at once:
// only `init`'s, the engine's first snapshot (issue 24: a 1,000-node share link's load on a phone).

import { describe, expect, it } from 'vitest';
import { beforeAnswerOf } from './engine';

describe('beforeAnswerOf', () => {
  it('drains before init, flushes before any other answer', async () => {
    const calls: string[] = [];
    const before = beforeAnswerOf({
      drain: () => {
        calls.push('drain');
        return Promise.resolve();
      },
      flush: () => {
        calls.push('flush');
      },
    });
    await before('init');
    expect(before('exec')).toBeUndefined();
    before('apply');
    expect(calls).toEqual(['drain', 'flush', 'flush']);
  });
});
