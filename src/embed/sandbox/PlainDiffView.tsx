// The diff view of the classic bundle (sandboxed frames): both texts side by side, the lines that
// differ marked. Monaco's diff editor is not available there (see PlainYamlEditor).

import type { DiffViewProps } from '../../ui/editor/DiffView';
import './plain.css';

export default function PlainDiffView({
  original,
  modified,
  originalLabel,
  modifiedLabel,
  theme,
}: DiffViewProps) {
  const a = original.split('\n');
  const b = modified.split('\n');
  const side = (lines: string[], other: string[], label: string) => (
    <div className="plain-diff-side">
      <div className="plain-diff-label">{label}</div>
      <pre>
        {lines.map((l, i) => (
          <div key={i} className={other[i] === l ? '' : 'plain-diff-changed'}>
            {l || ' '}
          </div>
        ))}
      </pre>
    </div>
  );
  return (
    <div className="plain-diff" data-theme={theme} data-testid="diff-view" data-plain="">
      {side(a, b, originalLabel)}
      {side(b, a, modifiedLabel)}
    </div>
  );
}
