// The manifest editor of the classic bundle (sandboxed frames, src/embed/sandbox/vitePlugin.ts): a
// plain text box with the same props as the Monaco editor. Monaco needs workers and module chunks that
// a sandboxed frame on a plain static host cannot load, so it is left out there, and the note says so.

import type { YamlEditorProps } from '../../ui/editor/YamlEditor';
import { useTranslation } from 'react-i18next';
import './plain.css';

export default function PlainYamlEditor({
  value,
  onChange,
  onApply,
  markers,
  theme,
  readOnly = false,
  ariaLabel,
}: YamlEditorProps) {
  const { t } = useTranslation('reliability');
  return (
    <div
      className="nokey yaml-editor plain-editor"
      data-theme={theme}
      data-testid="yaml-editor"
      data-ready="true"
      data-plain=""
    >
      <p className="plain-editor-note" role="note" data-testid="sandbox-editor-note">
        {t('sandbox.editor')}
      </p>
      <textarea
        className="plain-editor-text"
        data-testid="plain-editor"
        value={value}
        readOnly={readOnly}
        spellCheck={false}
        aria-label={ariaLabel}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            if (!readOnly) onApply();
          }
        }}
      />
      {markers.length > 0 && (
        <ul className="plain-editor-markers" data-testid="plain-editor-markers">
          {markers.map((m, i) => (
            <li key={i}>{t('sandbox.marker', { line: m.line, message: m.message })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
