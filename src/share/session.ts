// Share links on the page: boot from `#s=…`, restore a state later (a dropped file, a new fragment),
// and describe the current situation as a SharedState for "Copy link" and the embed bridge.

import type { BootParams } from '../boot'
import type { Input, SessionSpec } from '../worker/protocol'
import type { PresetName } from '../engine/cluster/presets'
import { ARTICLE_MANIFEST } from '../engine/cluster/manifests'
import { useStore } from '../state/store'
import { resetEngine, startEngine } from '../state/engine'
import { play } from '../state/actions'
import { i18n } from '../i18n'
import { currentStep, reportStep } from '../embed/step'
import { useTimeline } from '../ui/timeline/timelineStore'
import { readSharedState } from './index'
import { ShareError } from './errors'
import { useShareNotice } from './notice'
import type { SharedState } from './types'

interface Base {
  seed: number
  preset: PresetName
  nodes?: number
  lesson?: string
}

/** The seed, preset and nodes the running engine started from (a link or file sets them). */
let base: Base = { seed: 1, preset: 'article' }

export interface Boot {
  spec: SessionSpec
  /** the editor text to show, when the state says (else the saved text or the default) */
  editorText?: string
  appliedText?: string | null
  step?: number
  /** the state came from a link */
  shared: SharedState | null
}

/** The text of the last `kubectl apply -f -` (the Apply button), for the "applied / unapplied" mark. */
function lastApplied(inputs: readonly Input[]): string | null {
  for (let i = inputs.length - 1; i >= 0; i--) {
    const l = inputs[i].line
    if (inputs[i].stdin !== undefined && /^kubectl (apply|create) -f -$/.test(l)) return inputs[i].stdin ?? null
  }
  return null
}

/** What to start: the state in `#s=…` when there is a good one, else what the URL asks for. */
export function bootFromLocation(params: BootParams, hash: string): Boot {
  let shared: SharedState | null = null
  try {
    shared = readSharedState(hash)
  } catch (e) {
    useShareNotice.getState().show(e instanceof ShareError ? e.code : 'garbage', 'default', e instanceof ShareError ? e.budget : undefined)
  }
  if (!shared) {
    base = { seed: params.seed, preset: params.preset, nodes: params.nodes, lesson: params.lesson }
    if (params.step !== undefined) reportStep(params.step, 'url')
    return { spec: { seed: params.seed, preset: params.preset, nodes: params.nodes, inputs: [] }, step: params.step, shared: null }
  }
  base = { seed: shared.seed, preset: shared.preset, nodes: shared.nodes, lesson: shared.lesson ?? params.lesson }
  const step = shared.step ?? params.step
  if (step !== undefined) reportStep(step, 'link')
  return {
    spec: { seed: shared.seed, preset: shared.preset, nodes: shared.nodes, inputs: shared.inputs, until: shared.until },
    editorText: shared.editorText,
    appliedText: lastApplied(shared.inputs),
    step,
    shared,
  }
}

/**
 * Starts the engine for a boot. When a shared state cannot be replayed (an engine error, or it runs
 * too long), says so and starts the default playground instead.
 */
export async function startFromBoot(boot: Boot, params: BootParams): Promise<void> {
  if (!boot.shared) return startEngine(boot.spec)
  const t0 = performance.now()
  try {
    await startEngine(boot.spec)
    noteRestored(boot.shared, 'link', performance.now() - t0)
    forgetLinkWhenChanged(boot.shared)
  } catch {
    useShareNotice.getState().show('replay')
    base = { seed: params.seed, preset: params.preset, nodes: params.nodes, lesson: params.lesson }
    useStore.setState({ editorText: ARTICLE_MANIFEST, appliedText: null })
    await resetEngine({ seed: params.seed, preset: params.preset, nodes: params.nodes, inputs: [] })
  }
}

/**
 * Restores a state while the page runs (a dropped scenario file, a pasted link). When the replay fails,
 * the page goes back to what it showed before (its inputs replayed) and says so.
 */
export async function restoreShared(s: SharedState, from: 'link' | 'file'): Promise<boolean> {
  if (useStore.getState().busy) await waitIdle()
  const before = currentSharedState()
  const prevBase = base
  const wasPlaying = useStore.getState().playing
  useStore.setState({ busy: true })
  const t0 = performance.now()
  try {
    base = { seed: s.seed, preset: s.preset, nodes: s.nodes, lesson: s.lesson ?? base.lesson }
    await resetEngine({ seed: s.seed, preset: s.preset, nodes: s.nodes, inputs: s.inputs, until: s.until })
    useTimeline.setState({ branch: null, fork: null, error: null })
    useStore.setState({ editorText: s.editorText, appliedText: lastApplied(s.inputs), markers: [], applyError: null })
    if (s.step !== undefined) reportStep(s.step, 'link')
    noteRestored(s, from, performance.now() - t0)
    if (wasPlaying) await play()
    return true
  } catch {
    base = prevBase
    useShareNotice.getState().show('replay', 'unchanged')
    await resetEngine({ seed: before.seed, preset: before.preset, nodes: before.nodes, inputs: before.inputs, until: before.until }).catch(() => undefined)
    return false
  } finally {
    useStore.setState({ busy: false })
  }
}

function waitIdle(): Promise<void> {
  return new Promise((resolve) => {
    const unsub = useStore.subscribe((s) => {
      if (!s.busy) {
        unsub()
        resolve()
      }
    })
  })
}

/** Last restore's duration (ms from asking the engine to the restored state), for the e2e figures. */
export let lastRestoreMs: number | null = null

function noteRestored(s: SharedState, from: 'link' | 'file', ms: number): void {
  lastRestoreMs = Math.round(ms)
  try {
    // readable by tests and the curious: performance.getEntriesByName('dsp:restore')
    performance.measure('dsp:restore', { start: performance.now() - ms, duration: ms })
  } catch {
    // older browsers: no measure with options
  }
  const st = useStore.getState()
  const secs = Math.round(s.until / 1000)
  st.appendLine('info', `# ${i18n.t(from === 'link' ? 'share:restored.link' : 'share:restored.file', { count: s.inputs.length, time: `${Math.floor(secs / 60)}m${String(secs % 60).padStart(2, '0')}s` })}\n`)
  const typed = s.inputs.filter((i) => i.stdin === undefined).map((i) => i.line)
  useStore.setState((x) => ({ history: [...x.history.filter((h) => !typed.includes(h)), ...typed].slice(-200) }))
  useShareNotice.getState().showInfo(from)
}

/**
 * The fragment stays in the address bar while the page shows exactly the linked state, so a reload
 * opens it again; once the user changes something (a command, the editor text), it is dropped, so a
 * reload does not throw that work away for the old link.
 */
function forgetLinkWhenChanged(s: SharedState): void {
  const unsub = useStore.subscribe((st) => {
    if (st.inputs.length > s.inputs.length || st.editorText !== s.editorText) {
      unsub()
      try {
        if (location.hash.includes('s=')) history.replaceState(history.state, '', location.pathname + location.search)
      } catch {
        // sandboxed: keep the URL
      }
    }
  })
}

/** The situation on the page now, as inputs: what "Copy link" writes. */
export function currentSharedState(): SharedState {
  const st = useStore.getState()
  const s: SharedState = {
    seed: base.seed,
    preset: base.preset,
    inputs: st.inputs,
    until: Math.max(0, st.now - st.start),
    editorText: st.editorText,
  }
  if (base.nodes !== undefined) s.nodes = base.nodes
  if (base.lesson !== undefined) s.lesson = base.lesson
  const step = currentStep()
  if (step !== undefined) s.step = step
  return s
}
