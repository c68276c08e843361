// The page: boot from the URL, start the engine, lay out the panels.

import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { AppShell } from './ui/layout/AppShell'
import ManifestPanel from './ui/manifest/ManifestPanel'
import ConsolePanel from './ui/console/ConsolePanel'
import TimelineBar from './ui/timeline/TimelineBar'
import EventLog from './ui/timeline/EventLog'
import GraphPanel from './ui/graph/GraphPanel'
import { Header } from './ui/layout/Header'
import { EngineNotice } from './ui/layout/EngineNotice'
import { parseBootParams } from './boot'
import { useStore } from './state/store'
import { engine, startEngine } from './state/engine'
import { play } from './state/actions'
import { load, save, storageNamespace } from './state/persist'
import { ARTICLE_MANIFEST } from './engine/cluster/manifests'

export function App() {
  const params = useMemo(() => parseBootParams(location.search), [])
  const ns = useMemo(() => storageNamespace(location), [])
  const { t } = useTranslation('common')

  useEffect(() => {
    // A handle for end-to-end tests and the curious: the store, and a way to break the engine on purpose.
    ;(window as unknown as { __dsp: unknown }).__dsp = {
      store: useStore,
      crashEngine: () => engine().request({ type: 'crash' }, { timeoutMs: 3000 }).catch(() => undefined),
    }
    const saved = load(ns, 'editor')
    useStore.setState({ editorText: saved ?? ARTICLE_MANIFEST, appliedText: null })
    const unsub = useStore.subscribe((s, prev) => {
      if (s.editorText !== prev.editorText) save(ns, 'editor', s.editorText)
    })
    let cancelled = false
    void (async () => {
      await startEngine({ seed: params.seed, preset: params.preset, nodes: params.nodes, inputs: [] })
      if (!cancelled && params.step === undefined && !params.lesson) await play(1)
    })()
    return () => {
      cancelled = true
      unsub()
    }
  }, [ns, params])

  return (
    <AppShell
      header={params.embed ? null : <Header />}
      notice={<EngineNotice />}
      timeline={<TimelineBar />}
      editor={<ManifestPanel readOnly={params.readonly} />}
      graph={<GraphPanel />}
      console={<ConsolePanel />}
      events={<EventLog />}
      labels={{ editor: t('panels.editor'), graph: t('panels.graph'), console: t('panels.console'), events: t('panels.events') }}
      view={params.view}
      embed={params.embed}
    />
  )
}
