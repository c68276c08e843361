import { afterEach, describe, expect, it } from 'vitest';
import { currentStep, onStep, reportStep, resetStepForTest } from './step';

afterEach(resetStepForTest);

describe('lesson step', () => {
  it('records the step and tells listeners who moved it', () => {
    const seen: [number, string][] = [];
    const off = onStep((n, by) => seen.push([n, by]));
    reportStep(2);
    reportStep(3, 'parent');
    reportStep(-1);
    reportStep(1.5);
    off();
    reportStep(4);
    expect(seen).toEqual([
      [2, 'page'],
      [3, 'parent'],
    ]);
    expect(currentStep()).toBe(4);
  });
});
