import { describe, expect, it } from 'vitest';
import { lastApplied } from './applied';

describe('lastApplied', () => {
  it('is the last manifest applied or created from standard input', () => {
    const inputs = [
      { at: 0, line: 'kubectl apply -f -', stdin: 'a' },
      { at: 1, line: 'kubectl get pods' },
      { at: 2, line: 'kubectl create -f -', stdin: 'b' },
      { at: 3, line: 'sim node add node-2' },
    ];
    expect(lastApplied(inputs)).toBe('b');
    expect(lastApplied(inputs.slice(0, 2))).toBe('a');
  });
  it('is null before anything was applied (going back before the first Apply)', () => {
    expect(lastApplied([{ at: 0, line: 'kubectl get nodes' }])).toBeNull();
    expect(lastApplied([])).toBeNull();
  });
});
