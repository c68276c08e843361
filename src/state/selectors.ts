// Module-level selectors: components subscribe narrowly with useStore(selectX).

import type { DaemonSet, KEvent, Node, Pod, ControllerRevision } from '../engine/api/types'
import type { AppState } from './store'

export const selectNodes = (s: AppState) => s.objects.Node as Readonly<Record<string, Node>>
export const selectPods = (s: AppState) => s.objects.Pod as Readonly<Record<string, Pod>>
export const selectDaemonSets = (s: AppState) => s.objects.DaemonSet as Readonly<Record<string, DaemonSet>>
export const selectRevisions = (s: AppState) => s.objects.ControllerRevision as Readonly<Record<string, ControllerRevision>>
export const selectEventObjects = (s: AppState) => s.objects.Event as Readonly<Record<string, KEvent>>
export const selectNow = (s: AppState) => s.now
export const selectStart = (s: AppState) => s.start
export const selectPlaying = (s: AppState) => s.playing
export const selectSpeed = (s: AppState) => s.speed
export const selectSteps = (s: AppState) => s.steps
export const selectEvents = (s: AppState) => s.events
export const selectInputs = (s: AppState) => s.inputs
export const selectSelection = (s: AppState) => s.selection
export const selectEditorText = (s: AppState) => s.editorText
export const selectMarkers = (s: AppState) => s.markers
export const selectApplyError = (s: AppState) => s.applyError
export const selectDirty = (s: AppState) => s.appliedText !== s.editorText
/** The editor against the cluster: nothing applied yet, the text as applied, or changed since. */
export const selectApplyState = (s: AppState): 'notApplied' | 'applied' | 'unapplied' =>
  s.appliedText === null ? 'notApplied' : s.appliedText === s.editorText ? 'applied' : 'unapplied'
export const selectConsoleLines = (s: AppState) => s.lines
export const selectConsoleHistory = (s: AppState) => s.history
export const selectBusy = (s: AppState) => s.busy
export const selectEngineStatus = (s: AppState) => s.engineStatus
export const selectEngineNotice = (s: AppState) => s.engineNotice
export const selectTheme = (s: AppState) => s.theme
