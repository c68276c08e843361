// The manifest editor: Monaco with the YAML language and the Kubernetes schema (completion, hover
// docs, validation), plus the engine's validation errors as markers. Load it with React.lazy; Monaco
// itself is loaded by an effect (loadMonaco), so this component's own chunk is small.

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Monaco from 'monaco-editor/editor';
import { useMonaco, type MonacoSetup } from './useMonaco';
import { isMac, shortcuts } from './shortcuts';
import { ENGINE_MARKER_OWNER, type EditorMarker } from '../../state/editorMarkers';
import './editor.css';

export type { EditorMarker } from '../../state/editorMarkers';

export type YamlEditorProps = {
  value: string;
  onChange(v: string): void;
  onApply(): void;
  markers: EditorMarker[];
  theme: 'light' | 'dark';
  readOnly?: boolean;
  ariaLabel: string;
  /** text size in px (default 13; presentation mode asks for more) */
  fontSize?: number;
  /** focus the editor once it has loaded (the learner touched the preview to edit) */
  autoFocus?: boolean;
  /** shown in the editor's place while Monaco loads (YamlPreview) */
  preview?: ReactNode;
};

type Loaded = {
  setup: MonacoSetup;
  editor: Monaco.editor.IStandaloneCodeEditor;
  model: Monaco.editor.ITextModel;
};

function toMarkerData(
  setup: MonacoSetup,
  model: Monaco.editor.ITextModel,
  m: EditorMarker,
  source: string,
): Monaco.editor.IMarkerData {
  const lines = model.getLineCount();
  const line = Math.min(Math.max(m.line, 1), lines);
  const endLine = Math.min(Math.max(m.endLine ?? line, line), lines);
  return {
    startLineNumber: line,
    startColumn: Math.max(m.column, 1),
    endLineNumber: endLine,
    // No end given: to the end of the line.
    endColumn: m.endColumn ?? model.getLineMaxColumn(endLine),
    message: m.message,
    severity:
      m.severity === 'error' ? setup.monaco.MarkerSeverity.Error : setup.monaco.MarkerSeverity.Warning,
    source,
  };
}

export default function YamlEditor(props: YamlEditorProps) {
  const { value, markers, theme, readOnly = false, ariaLabel } = props;
  const { t, i18n } = useTranslation('editor');
  const hostRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  const [tabMovesFocus, setTabMovesFocus] = useState(false);
  const hintId = useId();
  // Set while we replace the text because the `value` prop changed, so that onChange does not echo it.
  const applyingProp = useRef(false);
  // Texts reported through onChange that the `value` prop has not caught up with yet. React renders
  // after the keystrokes that caused them, so a `value` equal to one of these is our own echo from a
  // few keystrokes ago, not a change from outside, and must not overwrite what was typed since.
  const emitted = useRef<string[]>([]);

  useEffect(() => {
    latest.current = props;
  });

  // Create the editor once; later prop changes are applied by the effects below.
  const { loaded, error } = useMonaco<Loaded>(
    hostRef,
    i18n.language,
    theme,
    (setup, host) => {
      const { monaco } = setup;
      const p = latest.current;
      const model = monaco.editor.createModel(p.value, 'yaml', setup.manifestUri());
      const editor = monaco.editor.create(host, {
        model,
        theme: setup.themeName(p.theme),
        readOnly: p.readOnly ?? false,
        ariaLabel: p.ariaLabel,
        automaticLayout: true,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        tabSize: 2,
        insertSpaces: true,
        detectIndentation: false,
        fontSize: p.fontSize ?? 13,
        renderWhitespace: 'boundary',
        fixedOverflowWidgets: true,
        quickSuggestions: { other: true, comments: false, strings: true },
        hover: { delay: 300 },
        // The enclosing keys stay on top while scrolling a deep manifest; YAML nests by indentation.
        stickyScroll: { enabled: true, defaultModel: 'indentationModel', maxLineCount: 4 },
      });
      editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => latest.current.onApply());
      model.onDidChangeContent(() => {
        // The engine's markers describe the text it was given; after an edit they may point anywhere.
        monaco.editor.setModelMarkers(model, ENGINE_MARKER_OWNER, []);
        if (applyingProp.current) return;
        const text = model.getValue();
        emitted.current.push(text);
        if (emitted.current.length > 100) emitted.current.shift(); // a parent that never echoes
        latest.current.onChange(text);
      });
      // The Tab trap: Tab indents, so keyboard users need a way out. Monaco's own "Toggle Tab Key Moves
      // Focus" flips a global flag that the public API does not report; bind its keys to the same
      // switch kept per editor (the tabFocusMode option), so the hint below can say which mode is on.
      const { KeyMod, KeyCode } = monaco;
      const toggleKeys = isMac()
        ? KeyMod.WinCtrl | KeyMod.Shift | KeyCode.KeyM
        : KeyMod.CtrlCmd | KeyCode.KeyM;
      editor.addCommand(toggleKeys, () => {
        const next = !editor.getOption(monaco.editor.EditorOption.tabFocusMode);
        editor.updateOptions({ tabFocusMode: next });
        setTabMovesFocus(next);
      });
      // Tie the visible keyboard hint to Monaco's text input for screen readers.
      editor
        .getDomNode()
        ?.querySelectorAll('textarea, .native-edit-context')
        .forEach((el) => el.setAttribute('aria-describedby', hintId));
      return { setup, editor, model };
    },
    (made) => {
      made.editor.dispose();
      made.model.dispose();
    },
  );

  // The value prop changed from outside (a lesson, a shared link, undo in the store): replace the text,
  // keeping it on Monaco's undo stack.
  useEffect(() => {
    if (!loaded) return;
    const { model, editor } = loaded;
    if (model.getValue() === value) {
      emitted.current = [];
      return;
    }
    const echo = emitted.current.indexOf(value);
    if (echo >= 0) {
      emitted.current = emitted.current.slice(echo + 1);
      return;
    }
    emitted.current = [];
    applyingProp.current = true;
    try {
      editor.pushUndoStop();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
      editor.pushUndoStop();
    } finally {
      applyingProp.current = false;
    }
  }, [loaded, value]);

  useEffect(() => {
    if (!loaded) return;
    const { setup, model } = loaded;
    const source = t('engineSource');
    setup.monaco.editor.setModelMarkers(
      model,
      ENGINE_MARKER_OWNER,
      markers.map((m) => toMarkerData(setup, model, m, source)),
    );
  }, [loaded, markers, t]);

  // Shown (the host was hidden behind the preview until now): lay out, and take the learner's focus
  // when they touched the preview to edit.
  useEffect(() => {
    if (!loaded) return;
    loaded.editor.layout();
    if (latest.current.autoFocus) loaded.editor.focus();
  }, [loaded]);

  useEffect(() => {
    loaded?.editor.updateOptions({ readOnly, ariaLabel });
  }, [loaded, readOnly, ariaLabel]);

  const { fontSize } = props;
  useEffect(() => {
    loaded?.editor.updateOptions({ fontSize: fontSize ?? 13 });
  }, [loaded, fontSize]);

  const keys = shortcuts();
  return (
    <div
      className="nokey yaml-editor"
      data-theme={theme}
      data-testid="yaml-editor"
      data-ready={loaded ? 'true' : 'false'}
    >
      {!loaded && props.preview && !error ? props.preview : null}
      <div ref={hostRef} className="yaml-editor-host" hidden={!loaded && !!props.preview && !error} />
      {!loaded && (
        <div
          className={`yaml-editor-status${props.preview && !error ? ' yaml-editor-status-quiet' : ''}`}
          role="status"
          data-error={error ? '' : undefined}
        >
          {error ? t('loadFailed', { message: error }) : t('loading')}
        </div>
      )}
      <p className="yaml-editor-hint" id={hintId} data-testid="yaml-editor-hint" aria-live="polite">
        {tabMovesFocus
          ? t('tabHintActive', { toggle: keys.toggleTab })
          : t('tabHint', { toggle: keys.toggleTab })}{' '}
        {readOnly ? null : t('applyHint', { keys: keys.apply })}
      </p>
    </div>
  );
}
