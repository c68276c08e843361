// Module-level selectors: components subscribe narrowly with useStore(selectX).

import type { DaemonSet, KEvent, Kind, KObject, Node, Pod, ControllerRevision } from '../engine/api/types'
import type { AppState } from './store'
import { NO_PODS } from './clusterSlice'

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

// Per node, for the graph: a card subscribes to its own node and its own pods, so a pod change
// re-renders one card. The selectors are cached per name, so each card gets the same function (and
// React gets stable references while nothing on that node changes). They read the mirror's Maps, so
// they cost O(1) however large the cluster.
//   const node = useStore(selectNode(name)); const pods = useStore(selectPodsOnNode(name))
//   pods with nowhere to go yet: useStore(selectPodsOnNode(''))
const nodeSelectors = new Map<string, (s: AppState) => Node | undefined>()
const podSelectors = new Map<string, (s: AppState) => readonly Pod[]>()
const waitingSelectors = new Map<string, (s: AppState) => readonly Pod[]>()

export function selectNode(name: string): (s: AppState) => Node | undefined {
  let f = nodeSelectors.get(name)
  if (!f) nodeSelectors.set(name, (f = (s: AppState) => s.mirror.get('Node', `/${name}`) as Node | undefined))
  return f
}

/** The pods drawn on a node: bound to it, or pinned to it and on their way (see PodsByNode). */
export function selectPodsOnNode(name: string): (s: AppState) => readonly Pod[] {
  let f = podSelectors.get(name)
  if (!f) podSelectors.set(name, (f = (s: AppState) => s.podsByNode.get(name) ?? NO_PODS))
  return f
}

/** Unschedulable pods pinned to a node (they wait in the lane; the card counts them). */
export function selectWaitingFor(name: string): (s: AppState) => readonly Pod[] {
  let f = waitingSelectors.get(name)
  if (!f) waitingSelectors.set(name, (f = (s: AppState) => s.waitingByNode.get(name) ?? NO_PODS))
  return f
}

/** One object by kind and key (`namespace/name`), O(1). */
export function selectObject<T extends KObject = KObject>(kind: Kind, key: string): (s: AppState) => T | undefined {
  return (s: AppState) => s.mirror.get(kind, key) as T | undefined
}

/** Node names in order; a new array only when a node comes or goes. */
export const selectNodeNames = (s: AppState): readonly string[] => s.nodeNames
export const selectPodsVersion = (s: AppState) => s.podsVersion
