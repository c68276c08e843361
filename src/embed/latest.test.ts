import { describe, expect, it } from 'vitest';
import { LatestWins, SUPERSEDED } from './latest';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('latest request wins', () => {
  it('runs the one under way and the last of a flood, skips the rest', async () => {
    const q = new LatestWins();
    const done: number[] = [];
    const results = [];
    for (let i = 0; i < 10_000; i++) {
      // the first is under way when the rest arrive
      if (i === 1) await tick();
      results.push(
        q.run(async () => {
          await tick();
          done.push(i);
          return i;
        }),
      );
    }
    const r = await Promise.all(results);
    expect(done).toEqual([0, 9999]);
    expect(q.ran).toBe(2);
    expect(r[9999]).toBe(9999);
    expect(r.slice(1, 9999).every((x) => x === SUPERSEDED)).toBe(true);
  });

  it('tells a running job that a newer one is waiting, so it stops between steps', async () => {
    const q = new LatestWins();
    let steps = 0;
    const long = q.run(async (stale) => {
      for (let i = 0; i < 100; i++) {
        if (stale()) return 'stopped';
        steps++;
        await tick();
      }
      return 'finished';
    });
    await tick();
    await tick();
    const last = q.run(async () => 'last');
    expect(await long).toBe('stopped');
    expect(steps).toBeLessThan(10);
    expect(await last).toBe('last');
  });

  it('keeps going after a job fails', async () => {
    const q = new LatestWins();
    const bad = q.run(async () => {
      throw new Error('boom');
    });
    await expect(bad).rejects.toThrow('boom');
    expect(await q.run(async () => 1)).toBe(1);
  });
});
