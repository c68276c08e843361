import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSeed } from './fastCheckSeed';

describe('FC_SEED', () => {
  it('reads 32-bit integers, nothing else', () => {
    expect(parseSeed(undefined)).toBeUndefined();
    expect(parseSeed('')).toBeUndefined();
    expect(parseSeed('-50055334')).toBe(-50055334);
    expect(parseSeed(' 42\n')).toBe(42);
    expect(parseSeed('4294967295')).toBe(4294967295);
    for (const bad of ['x', '1.5', '1e3', '0x10', '4294967296', '-2147483649', '12abc']) {
      expect(() => parseSeed(bad), bad).toThrow(/^FC_SEED=.*not a seed; give a 32-bit integer/);
    }
  });

  it('is the seed of every property of the run when set (the setup file configures fast-check)', () => {
    const seed = parseSeed(process.env.FC_SEED);
    expect(fc.readConfigureGlobal().seed).toBe(seed);
    // and a property run with it reports that seed
    const out = fc.check(
      fc.property(fc.nat(), () => true),
      { numRuns: 1 },
    );
    if (seed !== undefined) expect(out.seed).toBe(seed);
  });
});
