import { describe, expect, it } from 'vitest';
import { sameInputs } from './sameInputs';

describe('sameInputs', () => {
  const a = [
    { at: 0, line: 'kubectl apply -f -', stdin: 'kind: DaemonSet' },
    { at: 1000, line: 'kubectl get pods' },
  ];
  it('is true for a copy with the same commands (what every batch from the worker brings)', () => {
    expect(sameInputs(a, structuredClone(a))).toBe(true);
    expect(sameInputs([], [])).toBe(true);
  });
  it('is false for a command more, another time, line or stdin', () => {
    expect(sameInputs(a, [...a, { at: 2000, line: 'kubectl get ds' }])).toBe(false);
    expect(sameInputs(a, [a[0], { ...a[1], at: 1001 }])).toBe(false);
    expect(sameInputs(a, [a[0], { ...a[1], line: 'kubectl get nodes' }])).toBe(false);
    expect(sameInputs(a, [{ ...a[0], stdin: 'kind: Pod' }, a[1]])).toBe(false);
    expect(sameInputs(a, [{ at: 0, line: 'kubectl apply -f -' }, a[1]])).toBe(false);
  });
});
