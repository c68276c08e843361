// A read-only side-by-side diff of two YAML texts (Monaco's diff editor): the DaemonSet's pod template
// beside a pod the controller generated from it, or two ControllerRevisions. Load it with React.lazy.

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Monaco from 'monaco-editor/editor';
import { useMonaco, type MonacoSetup } from './useMonaco';
import './editor.css';

export type DiffViewProps = {
  original: string;
  modified: string;
  originalLabel: string;
  modifiedLabel: string;
  theme: 'light' | 'dark';
  /** text size in px (default 13; presentation mode asks for more) */
  fontSize?: number;
};

type Loaded = {
  setup: MonacoSetup;
  editor: Monaco.editor.IStandaloneDiffEditor;
  original: Monaco.editor.ITextModel;
  modified: Monaco.editor.ITextModel;
};

export default function DiffView(props: DiffViewProps) {
  const { original, modified, originalLabel, modifiedLabel, theme } = props;
  const { t, i18n } = useTranslation('editor');
  const hostRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);

  useEffect(() => {
    latest.current = props;
  });

  const { loaded, error } = useMonaco<Loaded>(
    hostRef,
    i18n.language,
    theme,
    (setup, host) => {
      const { monaco } = setup;
      const p = latest.current;
      const uris = setup.diffUris();
      const originalModel = monaco.editor.createModel(p.original, 'yaml', uris.original);
      const modifiedModel = monaco.editor.createModel(p.modified, 'yaml', uris.modified);
      const editor = monaco.editor.createDiffEditor(host, {
        theme: setup.themeName(p.theme),
        readOnly: true,
        originalEditable: false,
        automaticLayout: true,
        renderSideBySide: true,
        // Side by side even in a narrow panel: inline mode would hide which side an addition is on.
        useInlineViewWhenSpaceIsLimited: false,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        renderOverviewRuler: false,
        fontSize: p.fontSize ?? 13,
        ariaLabel: p.modifiedLabel,
        originalAriaLabel: p.originalLabel,
      });
      editor.setModel({ original: originalModel, modified: modifiedModel });
      return { setup, editor, original: originalModel, modified: modifiedModel };
    },
    (made) => {
      made.editor.dispose();
      made.original.dispose();
      made.modified.dispose();
    },
  );

  useEffect(() => {
    if (loaded && loaded.original.getValue() !== original) loaded.original.setValue(original);
  }, [loaded, original]);

  useEffect(() => {
    if (loaded && loaded.modified.getValue() !== modified) loaded.modified.setValue(modified);
  }, [loaded, modified]);

  const { fontSize } = props;
  useEffect(() => {
    loaded?.editor.updateOptions({ fontSize: fontSize ?? 13 });
  }, [loaded, fontSize]);

  useEffect(() => {
    loaded?.editor.getOriginalEditor().updateOptions({ ariaLabel: originalLabel });
    loaded?.editor.getModifiedEditor().updateOptions({ ariaLabel: modifiedLabel });
  }, [loaded, originalLabel, modifiedLabel]);

  return (
    <div
      className="nokey diff-view"
      data-theme={theme}
      data-testid="diff-view"
      data-ready={loaded ? 'true' : 'false'}
      role="group"
      aria-label={t('diff.label', { original: originalLabel, modified: modifiedLabel })}
    >
      <div className="diff-view-labels">
        <span title={originalLabel}>{originalLabel}</span>
        <span title={modifiedLabel}>{modifiedLabel}</span>
      </div>
      <div ref={hostRef} className="yaml-editor-host" />
      {!loaded && (
        <div className="yaml-editor-status" role="status" data-error={error ? '' : undefined}>
          {error ? t('loadFailed', { message: error }) : t('diff.loading')}
        </div>
      )}
    </div>
  );
}
