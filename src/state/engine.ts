// The engine's lifecycle on the page: start the worker (or the main-thread fallback), watch it, and
// when it crashes or stops answering, start a new one and restore the state by replaying the inputs.

import { EngineClient } from '../worker/client'
import { createEnginePort } from '../worker/inProcess'
import type { Replayed, Response, SessionSpec } from '../worker/protocol'
import { useStore } from './store'

let client: EngineClient | null = null
let baseSpec: Omit<SessionSpec, 'inputs' | 'until'> = { seed: 1, preset: 'article' }
let watchdog: ReturnType<typeof setInterval> | undefined
let restarting = false

const PING_EVERY_MS = 3000
const PING_TIMEOUT_MS = 5000

export function engine(): EngineClient {
  if (!client) throw new Error('the engine has not started')
  return client
}

/**
 * Starts an engine on a spec. With `transcript`, answers what each replayed input printed (a restored
 * share link shows it in the console); otherwise an empty list.
 */
export async function startEngine(spec: SessionSpec, opts: { transcript?: boolean } = {}): Promise<Replayed[]> {
  baseSpec = { seed: spec.seed, preset: spec.preset, nodes: spec.nodes }
  const { port, mode } = createEnginePort()
  const c = new EngineClient(port)
  client = c
  c.onBatch = (b) => useStore.getState().applyBatch(b)
  c.onFatal = (message) => {
    if (client === c) void recover(message)
  }
  useStore.setState({ engineMode: mode })
  const res = await c.request<Extract<Response, { type: 'ok' }>>({ type: 'init', spec, ...(opts.transcript ? { transcript: true } : {}) }, { timeoutMs: 60_000 })
  useStore.setState({ engineStatus: 'ready' })
  if (watchdog) clearInterval(watchdog)
  watchdog = setInterval(() => {
    if (client !== c || useStore.getState().busy) return
    c.request({ type: 'ping' }, { timeoutMs: PING_TIMEOUT_MS }).catch(() => {
      /* onFatal handles it */
    })
  }, PING_EVERY_MS)
  return res.replayed ?? []
}

/** Replaces a broken engine with a new one holding the same state (inputs replayed to the same time). */
export async function recover(reason: string): Promise<void> {
  if (restarting) return
  restarting = true
  const s = useStore.getState()
  const inputs = s.inputs
  const until = s.now - s.start
  useStore.setState({ engineStatus: 'restarting', engineNotice: reason, busy: false })
  const old = client
  client = null
  try {
    old?.terminate()
  } catch {
    // already gone
  }
  try {
    await startEngine({ ...baseSpec, inputs, until })
    useStore.setState({ engineNotice: `restored:${reason}` })
  } catch (e) {
    useStore.setState({ engineStatus: 'failed', engineNotice: (e as Error).message })
  } finally {
    restarting = false
  }
}

/** Starts over with a fresh cluster (keeps the editor text). */
export async function resetEngine(spec: Partial<SessionSpec> = {}, opts: { transcript?: boolean } = {}): Promise<Replayed[]> {
  const old = client
  client = null
  old?.terminate()
  return startEngine({ ...baseSpec, ...spec, inputs: spec.inputs ?? [] }, opts)
}

/** For tests and the "kill the worker" check: break the engine on purpose. */
export function crashEngineForTest(): void {
  void recover('the engine worker was stopped')
}
