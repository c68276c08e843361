// The page: boot from the URL, start the engine, lay out the panels.

import { useCallback, useEffect, useMemo } from 'react'
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
import { engine } from './state/engine'
import { play } from './state/actions'
import { load, save, storageNamespace } from './state/persist'
import { ARTICLE_MANIFEST } from './engine/cluster/manifests'
import { LessonSlot } from './ui/lessons/LessonSlot'
import { openLessonParam, setPicking, useLessonHost } from './state/lessonHost'
import { allowedOrigins } from './embed/protocol'
import { ShareLayer } from './share/ShareLayer'
import { bootFromLocation, startFromBoot } from './share/session'
import { startEmbedBridge } from './embed/bridge'
import { reportStep } from './embed/step'
import { registerOfflineWorker } from './offline/register'

export function App() {
  const params = useMemo(() => parseBootParams(location.search), [])
  const ns = useMemo(() => storageNamespace(location), [])
  const { t } = useTranslation('common')
  const lessonOpen = useLessonHost((s) => !!s.lesson)
  const lessonShown = useLessonHost((s) => !!(s.lesson || s.picking || s.preparing || s.error))
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
      // ?lesson=ID|URL (issue 13): a built-in or a file; a shared link keeps its cluster
      const lessonParam = params.lesson ?? boot.shared?.lesson
      if (!cancelled && lessonParam) {
        await openLessonParam(lessonParam, { allowed: allowedOrigins(location.search, location.origin), startStep: boot.step, freshCluster: !boot.shared })
      }
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
      header={params.embed ? null : <Header onStartLesson={() => setPicking(true)} lessonOpen={lessonOpen} />}
      lesson={lessonShown ? <LessonSlot onStepChange={onStepChange} /> : null}
      notice={
        <>
          <EngineNotice />
          <ShareLayer embed={params.embed} />
        </>
      }
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
