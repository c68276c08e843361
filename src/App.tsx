// The page: boot from the URL, start the engine, lay out the panels.

import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { appliedOnRestore, lastApplied } from './state/applied';
import { readSharedState } from './share/index';
import type { Input } from './wire/protocol';
import type { AppState } from './state/store';
import { liveDriftNow, loadLiveDrift } from './state/liveDriftLoad';
import { useTranslation } from 'react-i18next';
import { AppShell } from './ui/layout/AppShell';
import ManifestPanel from './ui/manifest/ManifestPanel';
import ConsolePanel from './ui/console/ConsolePanel';
import TimelineBar from './ui/timeline/TimelineBar';
import EventLog from './ui/timeline/EventLog';
import { GraphSlot } from './ui/graph/GraphSlot';
import { Header } from './ui/layout/Header';
import { EngineNotice } from './ui/layout/EngineNotice';
import { EmbedControls } from './ui/layout/EmbedControls';
import { parseBootParams } from './boot';
import { useStore } from './state/store';
import { exposeDebugHandle } from './state/debug';
import { play } from './state/actions';
import { storageNamespace } from './state/persist';
import { loadEditorText, startPersistence } from './state/saving';
import { keepSplitSizes, loadSplitSizes } from './state/keepSplit';
import { ARTICLE_MANIFEST } from './engine/scripts';
import { LessonSlot } from './ui/lessons/LessonSlot';
import {
  bootLessonParam,
  expectLesson,
  openLessonParam,
  setPicking,
  useLessonHost,
} from './state/lessonHost';
import { startEngine } from './state/engine';
import { earlySpec } from './state/earlyStart';
import { allowedOrigins } from './embed/protocol';
import { ShareLayer } from './ui/share/ShareLayer';
import { bootFromLocation, sessionPayload, startFromBoot } from './share/session';
import { useShareNotice } from './share/notice';
import { startEmbedBridge } from './embed/bridge';
import { reportStep } from './state/step';
import { registerOfflineWorker } from './offline/register';
import { parseConnect } from './connect/target';
import { useConnection } from './connect/status';
import { ConnectBanner } from './ui/connect/ConnectBanner';
import { ClockBar } from './ui/connect/ClockBar';
import { startLms } from './lms/start';
import type { Suspended } from './lms/suspend';
import { LmsNotice } from './ui/lessons/LmsNotice';

/**
 * The editor's state for a restored state: its text, what it applied, told apart from the other
 * applies of the inputs (the Why panel's fix), and who changed its objects since — after a reload or
 * from a link the editor says what it said before.
 */
function editorOnRestore(
  editorText: string,
  inputs: readonly Input[] | undefined,
  applied: string | null,
): Pick<AppState, 'editorText' | 'appliedText' | 'liveChanges'> {
  // (liveDrift.ts, with the yaml package, is loaded before a restore with inputs: main.tsx for a link
  // in the address, go() below for a saved session)
  const refsOf = liveDriftNow()?.manifestRefs;
  const restored = inputs && refsOf ? appliedOnRestore(inputs, editorText, refsOf) : null;
  return {
    editorText,
    appliedText: restored ? restored.text : applied,
    liveChanges:
      restored?.text != null && restored.by.length
        ? { text: restored.text, before: {}, by: restored.by, unseen: true }
        : null,
  };
}

export function App() {
  const params = useMemo(() => parseBootParams(location.search), []);
  // ?connect=… (src/connect): a served or real cluster instead of the page's own simulation. Its editor
  // text is kept apart, so the local playground's saved session is left as it was.
  const connect = useMemo(() => parseConnect(location.search, location.origin), []);
  const ns = useMemo(
    () => storageNamespace(location) + (connect.type === 'remote' ? ':connect' : ''),
    [connect],
  );
  const { t } = useTranslation('common');
  // A lesson in the address keeps its place from the first paint (set before anything reads the store).
  useState(() => {
    if (connect.type !== 'remote' && params.lesson) expectLesson();
  });
  // The graph/console split the user chose, from the first paint too (src/state/split.ts).
  useState(() => loadSplitSizes(ns));
  useEffect(() => keepSplitSizes(ns), [ns]);
  // The header's Lesson button follows in a render React may slice: the whole page re-renders for it
  // (issue 24: it added to the lesson's opening, one sync render, on a phone).
  const lessonOpen = useDeferredValue(useLessonHost((s) => !!s.lesson));
  const lessonShown = useLessonHost((s) => !!(s.lesson || s.picking || s.preparing || s.awaiting || s.error));
  // The lesson step goes to share links and to a parent page (embed `step` messages).
  const onStepChange = useCallback((n: number) => reportStep(n), []);

  // A share link's editor text, and what it applied, from the first paint (set before anything reads
  // the store): the effect below boots the page after that paint, which showed the default manifest
  // and "Not applied yet" until then, then the link's (not the link's content, and a layout shift on
  // a phone, issue 24). The effect sets the same again (or a course platform's resumed state).
  useState(() => {
    if (connect.type === 'remote') return;
    let shared = null;
    try {
      shared = readSharedState(location.hash);
    } catch {
      return; // the effect says what is wrong with it
    }
    if (shared)
      useStore.setState(
        editorOnRestore(
          shared.editorText ?? loadEditorText(ns) ?? ARTICLE_MANIFEST,
          shared.inputs,
          lastApplied(shared.inputs),
        ),
      );
    // The default boot (no link, no saved session, nothing in the address that changes the cluster:
    // src/state/earlyStart.ts) sets the kept editor text or the default manifest, with nothing applied:
    // from the first render too. After the commit, in the boot's task, the editor's preview of the
    // whole manifest was rendered at once (a render React cannot slice: a store update) and laid out
    // in the next frame (issue 24). The effect sets the same again.
    else if (earlySpec(location, (key) => localStorage.getItem(key)) !== null)
      useStore.setState(editorOnRestore(loadEditorText(ns) ?? ARTICLE_MANIFEST, undefined, null));
  });

  useEffect(() => {
    // A handle for end-to-end tests and the curious (debug flag only, see src/state/debug.ts).
    exposeDebugHandle();
    if (connect.type === 'refused')
      useConnection.setState({ refused: { value: connect.value, why: connect.why } });
    if (connect.type === 'remote') {
      // a connected cluster is what the page shows: a share link in the address is not replayed
      useShareNotice.getState().notRestoring();
      useStore.setState({ editorText: loadEditorText(ns) ?? ARTICLE_MANIFEST, appliedText: null });
      const unsubRemote = startPersistence(ns, { sessionPayload: () => '' });
      registerOfflineWorker({ embed: params.embed });
      // The connection code runs the emulator on a copy of the cluster: loaded only when asked for, so
      // the engine stays out of the page's first bundle (it lives in the worker).
      import('./connect/start')
        .then((m) => m.startRemote(connect))
        .catch((e: unknown) =>
          useStore
            .getState()
            .appendLine(
              'stderr',
              `error: could not load the connection code: ${e instanceof Error ? e.message : String(e)}`,
            ),
        );
      return unsubRemote;
    }
    // A share link (#s=…) gives the cluster and the editor text; a damaged one shows a message (ShareLayer).
    // lms=… (issue 25): a course platform launched the page; a returning learner's session is the cluster.
    // cmi5 reads it from the LRS first (resumeLater): the page boots once that has answered.
    const lms = startLms(location.search, window, allowedOrigins(location.search, location.origin));
    let cancelled = false;
    let unsub = () => undefined as void;
    let stopBridge = () => undefined as void;
    const go = (resume: Suspended | null) => {
      const boot = bootFromLocation(
        params,
        resume?.sessionPayload ? `#s=${resume.sessionPayload}` : location.hash,
      );
      // A restore with inputs reads the editor's text with liveDrift.ts (the yaml package), which the
      // first bundle does not hold (issue 24): the boot goes on once it is in (a failed load restores
      // without it: the editor's applied text is the last one applied).
      if ((boot.session?.inputs ?? boot.shared?.inputs) && !liveDriftNow()) {
        const boot2 = () => {
          if (!cancelled) start(boot, resume);
        };
        loadLiveDrift().then(boot2, boot2);
      } else start(boot, resume);
    };
    const start = (boot: ReturnType<typeof bootFromLocation>, resume: Suspended | null) => {
      const saved = loadEditorText(ns);
      useStore.setState(
        editorOnRestore(
          boot.editorText ?? saved ?? ARTICLE_MANIFEST,
          boot.session?.inputs ?? boot.shared?.inputs,
          boot.appliedText ?? null,
        ),
      );
      // The editor text and the session's inputs are kept as the user works (src/state/saving.ts).
      unsub = startPersistence(ns, { sessionPayload });
      stopBridge = startEmbedBridge(params);
      registerOfflineWorker({ embed: params.embed });
      void (async () => {
        try {
          // ?lesson=ID|URL (issue 13): a built-in or a file; a shared link keeps its cluster
          const lessonParam = params.lesson ?? boot.shared?.lesson;
          if (lessonParam && !boot.shared) {
            // a fresh cluster for the lesson: the lesson first, its cluster the engine's first `init`
            await bootLessonParam(lessonParam, {
              allowed: allowedOrigins(location.search, location.origin),
              startStep: resume?.step ?? boot.step,
              progress: resume?.progress,
              startEngineOn: (inputs) => startEngine({ ...boot.spec, inputs }),
              startDefault: () => startFromBoot(boot, params),
            });
          } else await startFromBoot(boot, params);
          if (!cancelled && lessonParam && boot.shared) {
            await openLessonParam(lessonParam, {
              allowed: allowedOrigins(location.search, location.origin),
              startStep: resume?.step ?? boot.step,
              freshCluster: false,
              progress: resume?.progress,
            });
          }
        } finally {
          // whatever happened, the kept place goes (the lesson, its error, or nothing takes it)
          if (!cancelled) useLessonHost.setState({ awaiting: false });
        }
        if (!cancelled) lms.begin();
        // A restored session keeps its paused/playing state and speed (src/state/saving.ts).
        if (!cancelled && boot.step === undefined && !params.lesson && boot.play !== false)
          await play(boot.speed ?? 1);
      })();
    };
    // In a task of its own, after the first commit's effects (issue 24: with them, one task of about
    // 90 ms at 4× CPU on a phone; the store's updates below re-render at once, useSyncExternalStore).
    // The editor text of a link is in the store from the first render already (above).
    let soon: ReturnType<typeof setTimeout> | undefined;
    if (lms.resumeLater)
      void lms.resumeLater.then((r) => {
        if (!cancelled) go(r);
      });
    else soon = setTimeout(() => go(lms.resume), 0);
    return () => {
      clearTimeout(soon);
      cancelled = true;
      lms.stop();
      unsub();
      stopBridge();
    };
  }, [ns, params, connect]);

  return (
    <AppShell
      header={params.embed ? null : <Header onStartLesson={() => setPicking(true)} lessonOpen={lessonOpen} />}
      lesson={lessonShown ? <LessonSlot onStepChange={onStepChange} /> : null}
      notice={
        <>
          <ConnectBanner />
          <LmsNotice />
          <EngineNotice />
          <ShareLayer embed={params.embed} />
        </>
      }
      timeline={
        connect.type === 'remote' ? (
          <ClockBar />
        ) : (
          <TimelineBar extra={params.embed ? <EmbedControls /> : null} />
        )
      }
      editor={
        <ManifestPanel
          readOnly={params.readonly}
          lessonOpen={lessonShown}
          lessonAvailable={!params.embed}
          editorOnUse={params.embed}
        />
      }
      graph={<GraphSlot />}
      console={<ConsolePanel />}
      events={<EventLog />}
      labels={{
        editor: t('panels.editor'),
        graph: t('panels.graph'),
        console: t('panels.console'),
        events: t('panels.events'),
      }}
      view={params.view}
      embed={params.embed}
    />
  );
}
