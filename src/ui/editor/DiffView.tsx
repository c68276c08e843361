// A read-only side-by-side diff of two YAML texts (Monaco's diff editor): the DaemonSet's pod template
// beside a pod the controller generated from it, or two ControllerRevisions. Load it with React.lazy.

import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type * as Monaco from 'monaco-editor/editor'
import { loadMonaco } from './loadMonaco'
import './editor.css'

export type DiffViewProps = {
  original: string
  modified: string
  originalLabel: string
  modifiedLabel: string
  theme: 'light' | 'dark'
}

type Setup = Awaited<ReturnType<typeof loadMonaco>>
type Loaded = {
  setup: Setup
  editor: Monaco.editor.IStandaloneDiffEditor
  original: Monaco.editor.ITextModel
  modified: Monaco.editor.ITextModel
}

export default function DiffView(props: DiffViewProps) {
  const { original, modified, originalLabel, modifiedLabel, theme } = props
  const { t, i18n } = useTranslation('editor')
  const hostRef = useRef<HTMLDivElement>(null)
  const latest = useRef(props)
  const [loaded, setLoaded] = useState<Loaded>()
  const [error, setError] = useState<string>()

  useEffect(() => {
    latest.current = props
  })

  useEffect(() => {
    let disposed = false
    let created: Loaded | undefined
    loadMonaco(i18n.language).then(
      (setup) => {
        const host = hostRef.current
        if (disposed || !host) return
        const { monaco } = setup
        const p = latest.current
        const uris = setup.diffUris()
        const originalModel = monaco.editor.createModel(p.original, 'yaml', uris.original)
        const modifiedModel = monaco.editor.createModel(p.modified, 'yaml', uris.modified)
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
          fontSize: 13,
          ariaLabel: p.modifiedLabel,
          originalAriaLabel: p.originalLabel,
        })
        editor.setModel({ original: originalModel, modified: modifiedModel })
        created = { setup, editor, original: originalModel, modified: modifiedModel }
        setLoaded(created)
      },
      (e: unknown) => {
        if (!disposed) setError(e instanceof Error ? e.message : String(e))
      },
    )
    return () => {
      disposed = true
      created?.editor.dispose()
      created?.original.dispose()
      created?.modified.dispose()
    }
  }, [])

  useEffect(() => {
    if (loaded && loaded.original.getValue() !== original) loaded.original.setValue(original)
  }, [loaded, original])

  useEffect(() => {
    if (loaded && loaded.modified.getValue() !== modified) loaded.modified.setValue(modified)
  }, [loaded, modified])

  useEffect(() => {
    loaded?.setup.monaco.editor.setTheme(loaded.setup.themeName(theme))
  }, [loaded, theme])

  useEffect(() => {
    loaded?.editor.getOriginalEditor().updateOptions({ ariaLabel: originalLabel })
    loaded?.editor.getModifiedEditor().updateOptions({ ariaLabel: modifiedLabel })
  }, [loaded, originalLabel, modifiedLabel])

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
  )
}
