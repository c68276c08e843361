import { describe, expect, it } from 'vitest';
import { droppedInputs, hasForked, inputsUpTo, rewind, sliderMax } from './scrub';

const inputs = [
  { at: 0, line: 'kubectl get nodes' },
  { at: 2000, line: 'kubectl apply -f -', stdin: 'x' },
  { at: 9000, line: 'kubectl get pods' },
];

describe('scrubbing', () => {
  it('keeps the inputs at or before the time', () => {
    expect(inputsUpTo(inputs, 1999).map((i) => i.at)).toEqual([0]);
    expect(inputsUpTo(inputs, 2000).map((i) => i.at)).toEqual([0, 2000]);
  });

  it('remembers the future it went back from, and can go forward again', () => {
    const b = rewind({ inputs, offset: 12_000 }, null, 1000);
    expect(b).toMatchObject({ at: 1000, end: 12_000, kept: 1 });
    expect(droppedInputs(b)).toHaveLength(2);
    // after the replay the engine holds 1 input at +1s
    const again = rewind({ inputs: inputsUpTo(inputs, 1000), offset: 1000 }, b, 10_000);
    expect(again).toMatchObject({ at: 10_000, end: 12_000, kept: 3 });
    expect(rewind({ inputs, offset: 12_000 }, null, 99_000).at).toBe(12_000);
    expect(sliderMax(b, 1000)).toBe(12_000);
    expect(sliderMax(null, 500)).toBe(500);
  });

  it('tells a fork: time moves on or a new command runs', () => {
    const b = rewind({ inputs, offset: 12_000 }, null, 1000);
    const replayed = inputsUpTo(inputs, 1000);
    expect(hasForked(b, replayed, 1000)).toBe(false);
    expect(hasForked(b, replayed, 1050)).toBe(true);
    expect(hasForked(b, [...replayed, { at: 1000, line: 'kubectl get ds' }], 1000)).toBe(true);
  });
});
