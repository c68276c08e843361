import { describe, expect, it } from 'vitest';
import { ShareError, encodeShared, readSharedState } from './index';

describe('readSharedState', () => {
  const hash = `#s=${encodeShared({ seed: 7, preset: 'article', inputs: [{ at: 0, line: 'kubectl get nodes' }], until: 1000, editorText: 'kind: DaemonSet\n' })}`;

  it('decodes an address read again once (the page reads it in its first render and its boot)', () => {
    const a = readSharedState(hash);
    expect(a?.seed).toBe(7);
    expect(readSharedState(hash)).toBe(a);
    const other = `#s=${encodeShared({ seed: 8, preset: 'article', inputs: [], until: 0, editorText: '' })}`;
    expect(readSharedState(other)?.seed).toBe(8);
    expect(readSharedState(hash)).not.toBe(a);
    expect(readSharedState(hash)).toEqual(a);
  });

  it('throws the same error each time for a damaged link, and null without one', () => {
    expect(() => readSharedState('#s=')).toThrow(ShareError);
    expect(() => readSharedState('#s=')).toThrow(ShareError);
    expect(readSharedState('#x=1')).toBeNull();
  });
});
