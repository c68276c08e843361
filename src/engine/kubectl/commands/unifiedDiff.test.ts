import { describe, expect, it } from 'vitest';
import { unifiedHunks } from './unifiedDiff';

const text = (n: number, change?: Record<number, string>) =>
  Array.from({ length: n }, (_, i) => change?.[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

describe('unifiedHunks (diff -u)', () => {
  it('prints nothing for equal texts', () => {
    expect(unifiedHunks(text(5), text(5))).toBe('');
  });

  it('one changed line with three lines of context', () => {
    expect(unifiedHunks(text(10), text(10, { 5: 'five' }))).toBe(
      '@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+five\n line 6\n line 7\n line 8\n',
    );
  });

  it('separate hunks far apart, one hunk when the contexts touch', () => {
    const far = unifiedHunks(text(30), text(30, { 3: 'x', 20: 'y' }));
    expect(far.match(/^@@.*$/gm)).toEqual(['@@ -1,6 +1,6 @@', '@@ -17,7 +17,7 @@']);
    const near = unifiedHunks(text(30), text(30, { 3: 'x', 10: 'y' }));
    expect(near.match(/^@@.*$/gm)).toEqual(['@@ -1,13 +1,13 @@']);
  });

  it('a new file is all additions from -0,0; a one-line range has no count', () => {
    expect(unifiedHunks('', 'a\nb\n')).toBe('@@ -0,0 +1,2 @@\n+a\n+b\n');
    expect(unifiedHunks('a\n', 'b\n')).toBe('@@ -1 +1 @@\n-a\n+b\n');
  });

  it('insertions and deletions', () => {
    expect(unifiedHunks('a\nb\nc\n', 'a\nc\n')).toBe('@@ -1,3 +1,2 @@\n a\n-b\n c\n');
    expect(unifiedHunks('a\nc\n', 'a\nb\nc\n')).toBe('@@ -1,2 +1,3 @@\n a\n+b\n c\n');
  });
});
