import { describe, expect, it } from 'vitest';
import { ServedClock } from './clock';

describe('ServedClock', () => {
  it('is the wall clock without readings', () => {
    expect(new ServedClock().now(1234)).toBe(1234);
  });
  it('runs on from a reading at the rate seen between changes, at most one step past it', () => {
    const c = new ServedClock(10_000);
    c.reading(1_000_000, 0);
    expect(c.now(500)).toBe(1_000_500);
    expect(c.now(60_000)).toBe(1_010_000); // never more than one step past the reading
    c.reading(1_000_000, 400); // the same step: no news
    c.reading(1_020_000, 1000); // 20 s of server time in 1 s: --speed 20
    expect(c.now(1250)).toBe(1_025_000);
  });
  it('a reading that stays put longer than the rate allows means the clock stopped (paced, idle)', () => {
    const c = new ServedClock(10_000);
    c.reading(0, 0);
    c.reading(10_000, 10_000); // rate 1
    c.reading(10_000, 25_000); // 15 s at rate 1 should have moved it: not yet sure
    expect(c.now(25_000)).toBe(20_000);
    c.reading(10_000, 31_000); // 21 s: stopped
    expect(c.now(40_000)).toBe(10_000);
    c.reading(50_000, 41_000); // moved by `sim advance`: runs again
    expect(c.now(41_500)).toBeGreaterThan(50_000);
  });
  it('forgets its readings', () => {
    const c = new ServedClock();
    c.reading(5, 0);
    c.clear();
    expect(c.now(77)).toBe(77);
  });
});
