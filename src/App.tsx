// The page: boot from the URL, start the engine, lay out the panels.

import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AppShell } from './ui/layout/AppShell'
import ManifestPanel from './ui/manifest/ManifestPanel'
import ConsolePanel from './ui/console/ConsolePanel'
import TimelineBar from './ui/timeline/TimelineBar'
import EventLog from './ui/timeline/EventLog'
import GraphPanel from './ui/graph/GraphPanel'
import { Header } from './ui/layout/Header'
import { EngineNotice } from './ui/layout/EngineNotice'
import { EmbedControls } from './ui/layout/EmbedControls'
import { parseBootParams } from './boot'
import { useStore } from './state/store'
import { engine } from './state/engine'
import { play } from './state/actions'
import { load, save, storageNamespace } from './state/persist'
import { ARTICLE_MANIFEST } from './engine/cluster/manifests'
import { LessonPanel } from './ui/lessons/LessonPanel'
import { lessonById } from './lessons'
import { ShareLayer } from './share/ShareLayer'
import { bootFromLocation, startFromBoot } from './share/session'
import { startEmbedBridge } from './embed/bridge'
import { reportStep } from './embed/step'
import { registerOfflineWorker } from './offline/register'

export function App() {
  const params = useMemo(() => parseBootParams(location.search), [])
  const ns = useMemo(() => storageNamespace(location), [])
  const { t } = useTranslation('common')
  const [lessonId, setLessonId] = useState<string | undefined>(lessonById(params.lesson) ? params.lesson : undefined)
  const lesson = lessonById(lessonId)
  // The lesson step goes to share links and to a parent page (embed `step` messages).
  const onStepChange = useCallback((n: number) => reportStep(n), [])

  useEffect(() => {
    // A handle for end-to-end tests and the curious: the store, and a way to break the engine on purpose.
    ;(window as unknown as { __dsp: unknown }).__dsp = {
      store: useStore,
      crashEngine: () => engine().request({ type: 'crash' }, { timeoutMs: 3000 }).catch(() => undefined),
    }
    // A share link (#s=…) gives the cluster and the editor text; a damaged one shows a message (ShareLayer).
    const boot = bootFromLocation(params, location.hash)
    const saved = load(ns, 'editor')
    useStore.setState({ editorText: boot.editorText ?? saved ?? ARTICLE_MANIFEST, appliedText: boot.appliedText ?? null })
    const unsub = useStore.subscribe((s, prev) => {
      if (s.editorText !== prev.editorText) save(ns, 'editor', s.editorText)
    })
    const stopBridge = startEmbedBridge(params)
    registerOfflineWorker({ embed: params.embed })
    let cancelled = false
    void (async () => {
      await startFromBoot(boot, params)
      if (!cancelled && boot.step === undefined && !params.lesson) await play(1)
    })()
    return () => {
      cancelled = true
      unsub()
      stopBridge()
    }
  }, [ns, params])

  return (
    <AppShell
      header={params.embed ? null : <Header onStartLesson={() => setLessonId('article')} lessonOpen={!!lesson} />}
      lesson={lesson ? <LessonPanel lesson={lesson} startStep={params.step} onStepChange={onStepChange} onClose={() => setLessonId(undefined)} /> : null}
      notice={
        <>
          <EngineNotice />
          <ShareLayer embed={params.embed} />
        </>
      }
      timeline={<TimelineBar extra={params.embed ? <EmbedControls /> : null} />}
      editor={<ManifestPanel readOnly={params.readonly} lessonOpen={!!lesson} lessonAvailable={!params.embed} />}
      graph={<GraphPanel />}
      console={<ConsolePanel />}
      events={<EventLog />}
      labels={{ editor: t('panels.editor'), graph: t('panels.graph'), console: t('panels.console'), events: t('panels.events') }}
      view={params.view}
      embed={params.embed}
    />
  )
}
