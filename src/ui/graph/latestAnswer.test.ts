import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { latestAnswer } from './latestAnswer';

/** An engine that answers `query@askNumber` after `rtt` ms (or after `rtts[i]` for the i-th ask). */
function engine(rtts: (i: number) => number) {
  let i = 0;
  const asked: string[] = [];
  const ask = (q: string) => {
    const n = i++;
    asked.push(q);
    return new Promise<string>((resolve, reject) =>
      setTimeout(() => (q === 'bad' ? reject(new Error('no such node')) : resolve(`${q}@${n}`)), rtts(n)),
    );
  };
  return { ask, asked };
}

describe('latestAnswer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows answers while changes keep coming faster than the wait plus the round trip', async () => {
    const e = engine(() => 40);
    const shown: string[] = [];
    const a = latestAnswer(60, e.ask, (_q, r) => shown.push('value' in r ? r.value : r.error.message));
    // a change every 30 ms for a second (a rollout's batches)
    for (let t = 0; t < 1000; t += 30) {
      a.changed('gpu-1');
      await vi.advanceTimersByTimeAsync(30);
    }
    expect(shown.length).toBeGreaterThan(5);
    expect(e.asked.length).toBeLessThanOrEqual(Math.ceil(1000 / 60) + 1);
    a.stop();
  });

  it('asks about the newest query when the wait ends, and one change asks once', async () => {
    const e = engine(() => 10);
    const shown: string[] = [];
    const a = latestAnswer(60, e.ask, (q, r) => shown.push(`${q}:${'value' in r ? r.value : ''}`));
    a.changed('node-1');
    a.changed('node-2');
    await vi.advanceTimersByTimeAsync(200);
    expect(e.asked).toEqual(['node-2']);
    expect(shown).toEqual(['node-2:node-2@0']);
  });

  it('an older answer that arrives after a newer one is not shown', async () => {
    // the first ask is slow, the second fast
    const e = engine((i) => (i === 0 ? 500 : 10));
    const shown: string[] = [];
    const a = latestAnswer(60, e.ask, (_q, r) => shown.push('value' in r ? r.value : ''));
    a.changed('node-1');
    await vi.advanceTimersByTimeAsync(70);
    a.changed('node-2');
    await vi.advanceTimersByTimeAsync(1000);
    expect(e.asked).toEqual(['node-1', 'node-2']);
    expect(shown).toEqual(['node-2@1']);
  });

  it('an error is shown as one; nothing is shown or asked after stop', async () => {
    const e = engine(() => 10);
    const shown: string[] = [];
    const a = latestAnswer(60, e.ask, (_q, r) =>
      shown.push('error' in r ? `error: ${r.error.message}` : r.value),
    );
    a.changed('bad');
    await vi.advanceTimersByTimeAsync(100);
    expect(shown).toEqual(['error: no such node']);
    a.changed('node-1');
    await vi.advanceTimersByTimeAsync(65);
    a.stop();
    a.changed('node-2');
    await vi.advanceTimersByTimeAsync(1000);
    expect(e.asked).toEqual(['bad', 'node-1']);
    expect(shown).toEqual(['error: no such node']);
  });
});
