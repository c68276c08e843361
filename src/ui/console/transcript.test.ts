import { describe, expect, it } from 'vitest';
import { displayText, rowPieces, transcript } from './transcript';

describe('console transcript', () => {
  it('prints commands with a prompt and output as it came', () => {
    const lines = [
      { id: 1, kind: 'command' as const, text: 'kubectl get nodes' },
      { id: 2, kind: 'stdout' as const, text: 'NAME     STATUS\nmaster   Ready\n' },
      { id: 3, kind: 'stderr' as const, text: 'error: x' },
    ];
    expect(transcript(lines)).toBe('$ kubectl get nodes\nNAME     STATUS\nmaster   Ready\nerror: x\n');
    expect(displayText(lines[1])).toBe('NAME     STATUS\nmaster   Ready');
    expect(displayText({ id: 4, kind: 'stdout', text: '\n' })).toBe('');
  });

  it('keeps words with a hyphen whole when a row wraps, and gives back the row unchanged', () => {
    const row = 'kubectl drain worker-1 (--ignore-daemonsets --force)';
    const pieces = rowPieces(row);
    expect(pieces.map((p) => p.text).join('')).toBe(row);
    expect(pieces.filter((p) => p.keep).map((p) => p.text)).toEqual([
      'worker-1',
      '(--ignore-daemonsets',
      '--force)',
    ]);
    expect(rowPieces('NAME   READY')).toEqual([{ text: 'NAME   READY', keep: false }]);
    // a lone dash (an empty column) is no word to keep
    expect(rowPieces('a  -  b').every((p) => !p.keep)).toBe(true);
  });
});
