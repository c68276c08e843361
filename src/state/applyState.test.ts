import { describe, expect, it } from 'vitest';
import { selectApplyState } from './selectors';
import type { AppState } from './store';

const at = (editorText: string, appliedText: string | null) =>
  selectApplyState({ editorText, appliedText } as AppState);

describe('the editor against the cluster', () => {
  it('says nothing was applied yet on a first load (not "unapplied changes")', () => {
    expect(at('kind: DaemonSet\n', null)).toBe('notApplied');
  });
  it('is applied when the text equals what was applied (by Apply or by a lesson step)', () => {
    expect(at('kind: DaemonSet\n', 'kind: DaemonSet\n')).toBe('applied');
  });
  it('has unapplied changes once the text differs', () => {
    expect(at('kind: DaemonSet\n# edit\n', 'kind: DaemonSet\n')).toBe('unapplied');
  });
});
