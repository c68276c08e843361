// The worker host: owns a Session (engine + kubectl), answers requests, runs the clock while playing
// and pushes batched changes. It runs in a Web Worker, or on the main thread as a fallback (inProcess).

import { probeLines } from '../lessons/probe'
import { Session } from '../engine/script/session'
import { why } from '../engine/script/why'
import { rolloutWatchTarget, watchRollout } from './liveWatch'
import { startLiveGetWatch } from './getWatchLive'
import { followLogs, logsFollowTarget } from './logsFollow'
import type { Change } from '../engine/api/objectStore'
import type { KObject } from '../engine/api/types'
import type { StepRecord, Simulation } from '../engine/simulation'
import type { RecordedEvent } from '../engine/events'
import { toRow, type EventRecord, type EventRow } from '../engine/api/eventStore'
import { diffObjects, encodeGroup, type CompactGroup } from '../wire/delta'
import { exportSession } from './exportSession'
import { PROTOCOL_VERSION, type ChangeBatch, type Input, type Message, type ObjectPatch, type ObjectRef, type Replayed, type Request, type SessionSpec } from '../wire/protocol'

export interface Endpoint {
  postMessage(m: Message): void
  onMessage(fn: (r: Request) => void): void
  /** stop answering for good (simulates a crashed worker) */
  crash?(): void
  /** get stuck for good without crashing (simulates a hung engine; a worker loops forever) */
  hang?(): void
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(h: unknown): void
  /** wall-clock ms: for the keep-alives sent from inside long work (default Date.now) and for the play loop, so a late tick catches up (default performance.now) */
  now?(): number
}

/** While busy, a keep-alive goes out at most this often (ms of wall time). */
export const BEAT_MS = 1000

/** Wall-clock period of the play loop. */
export const TICK_MS = 50
const MAX_STEPS_PER_BATCH = 200
const MAX_EVENTS_PER_BATCH = 500
/** from this many new objects of a kind in one batch on, they go as a compact group */
export const COMPACT_FROM = 64
/**
 * At most this many changes (objects, patches, deletes, event rows) per message: a larger flush goes
 * as several messages, so the page never has to take in (structured-clone) one huge message in one
 * task, and can spread their application over frames. Only the first carries `reset`; only the last
 * the steps, events and inputs. A compact group holds at most this many objects.
 */
export const MAX_CHANGES_PER_MESSAGE = 1000
/**
 * The play loop catches up at most this much wall time per tick: a tick the engine took long over
 * (thousands of pods changing at once) does not slow the simulated clock, while a page left in the
 * background for minutes does not come back to one enormous step.
 */
export const MAX_CATCH_UP_MS = 1000

export class Host {
  private session!: Session
  /** what the session started from (the export replays its inputs from the same start) */
  private spec: Pick<SessionSpec, 'seed' | 'preset' | 'nodes'> = { seed: 1, preset: 'article' }
  private attached?: Simulation
  private unsubscribe: (() => void)[] = []
  private pendingUpserts = new Map<string, KObject>()
  private pendingDeletes = new Map<string, ObjectRef>()
  /** the version of each object the page has (what patches are computed against) */
  private sent = new Map<string, KObject>()
  private pendingRows = new Map<string, EventRecord>()
  private pendingRowDeletes = new Map<string, { namespace: string; name: string }>()
  private steps: StepRecord[] = []
  private events: RecordedEvent[] = []
  private inputs: Input[] = []
  private playing = false
  private speed = 1
  private timer: unknown
  /** simulated time at which the session started; inputs are stored relative to it */
  private startMs = 0
  /** the next batch replaces everything the page holds */
  private resetNext = false
  /** the hang test: get stuck in the next exec */
  private hangNextExec = false
  private lastBeat = 0

  constructor(
    private readonly endpoint: Endpoint,
    private readonly timers: Timers,
  ) {
    endpoint.onMessage((r) => this.handle(r))
    endpoint.postMessage({ type: 'ready', version: PROTOCOL_VERSION })
  }

  private handle(r: Request): void {
    try {
      switch (r.type) {
        case 'init': {
          const replayed = this.init(r.spec)
          this.endpoint.postMessage(r.transcript ? { id: r.id, type: 'ok', replayed } : { id: r.id, type: 'ok' })
          return
        }
        case 'exec': {
          if (this.hangNextExec) {
            this.endpoint.hang?.()
            return
          }
          if (this.startWatch(r.id, r.line)) return
          if (this.startGetWatch(r.id, r.line)) return
          if (this.startLogsFollow(r.id, r.line)) return
          const res = this.exec(r.line, r.stdin, r.id)
          // Changes first, so the page's mirror is current when the answer arrives.
          this.flush()
          this.endpoint.postMessage({ id: r.id, type: 'exec', chunks: res.chunks, exitCode: res.exitCode, diagnostics: res.diagnostics ?? [] })
          return
        }
        case 'play':
          this.speed = r.speed
          this.setPlaying(true)
          this.flush()
          this.endpoint.postMessage({ id: r.id, type: 'ok' })
          return
        case 'pause':
          this.setPlaying(false)
          this.flush()
          this.endpoint.postMessage({ id: r.id, type: 'ok' })
          return
        case 'step': {
          const record = this.session.sim.step()
          this.flush()
          this.endpoint.postMessage({ id: r.id, type: 'step', record })
          return
        }
        case 'advance':
          this.session.sim.advance(r.ms)
          this.flush()
          this.endpoint.postMessage({ id: r.id, type: 'ok' })
          return
        case 'ping':
          this.endpoint.postMessage({ id: r.id, type: 'ok' })
          return
        case 'probe':
          this.endpoint.postMessage({ id: r.id, type: 'probe', results: probeLines(this.session, r.lines) })
          return
        case 'export': {
          const x = exportSession(this.spec, this.inputs, this.session.sim.now() - this.startMs, r.mtime, () => this.beat())
          this.endpoint.postMessage({ id: r.id, type: 'export', ...x })
          return
        }
        case 'why': {
          const reports = why(this.session.sim, r.node, r.namespace, r.daemonSet).map((w) => ({
            daemonSet: { namespace: w.ds.metadata.namespace ?? 'default', name: w.ds.metadata.name },
            node: w.node.metadata.name,
            shouldRun: w.shouldRun,
            shouldContinueRunning: w.shouldContinueRunning,
            checks: w.checks.map((c) => ({ check: c.check, passed: c.passed, message: c.message, blocks: c.blocks, taint: c.taint })),
            scheduler: w.scheduler.map((s) => ({ name: s.name, passed: s.passed, reason: s.reason })),
            decisions: w.decisions.map((d) => ({ action: d.action, pod: d.pod, reason: d.reason })),
          }))
          this.endpoint.postMessage({ id: r.id, type: 'why', reports })
          return
        }
        case 'cancel': {
          const stop = this.watches.get(r.target)
          if (stop) stop()
          this.endpoint.postMessage({ id: r.id, type: 'ok' })
          return
        }
        case 'crash':
          // For the recovery test: the engine stops answering, as a hung or crashed worker would.
          this.endpoint.crash?.()
          return
        case 'hang':
          // For the hang test: get stuck now, or while running the next command.
          if (r.when === 'now') this.endpoint.hang?.()
          else {
            this.hangNextExec = true
            this.endpoint.postMessage({ id: r.id, type: 'ok' })
          }
          return
      }
    } catch (e) {
      this.endpoint.postMessage({ id: r.id, type: 'error', message: (e as Error).message })
    }
  }

  /** Starts a fresh session and replays the spec's inputs (deterministic: same spec, same state). */
  init(spec: SessionSpec): Replayed[] {
    this.inputs = []
    this.spec = { seed: spec.seed, preset: spec.preset, nodes: spec.nodes }
    this.session = new Session({ seed: spec.seed, preset: spec.preset, nodes: spec.nodes })
    const start = this.session.sim.now()
    this.startMs = start
    this.attach(true)
    const replayed: Replayed[] = []
    for (const input of spec.inputs) {
      const due = start + input.at
      if (due > this.session.sim.now()) this.session.sim.advance(due - this.session.sim.now())
      const res = this.exec(input.line, input.stdin)
      replayed.push({ line: input.line, ...(input.stdin !== undefined ? { stdin: input.stdin } : {}), chunks: res.chunks })
    }
    if (spec.until !== undefined && start + spec.until > this.session.sim.now()) {
      this.session.sim.advance(start + spec.until - this.session.sim.now())
    }
    this.flush(true)
    return replayed
  }

  private readonly watches = new Map<number, () => void>()

  /**
   * A watching `kubectl rollout status`: print the current line now, then a line per change of the
   * DaemonSet as the clock runs, and answer the request when the rollout is done (or cancelled).
   * It is recorded as `--watch=false` so that replaying the inputs does not run the clock.
   */
  private startWatch(id: number, line: string): boolean {
    const target = rolloutWatchTarget(line)
    if (!target) return false
    const once = this.exec(`${line} --watch=false`, undefined, id)
    const text = once.chunks.map((c) => c.text).join('')
    if (once.exitCode !== 0 || text.includes('successfully rolled out')) {
      this.flush()
      this.endpoint.postMessage({ id, type: 'exec', chunks: once.chunks, exitCode: once.exitCode, diagnostics: [] })
      return true
    }
    const chunks = [...once.chunks]
    const keepAlive = this.timers.setInterval(() => this.endpoint.postMessage({ type: 'alive', id }), 2000)
    const end = (exitCode: number) => {
      this.timers.clearInterval(keepAlive)
      this.watches.delete(id)
      this.endpoint.postMessage({ id, type: 'exec', chunks, exitCode, diagnostics: [] })
    }
    const stopWatch = watchRollout(
      this.session.sim,
      target,
      (text, stream) => {
        const chunk = { stream, text }
        chunks.push(chunk)
        this.endpoint.postMessage({ type: 'chunk', id, chunk })
      },
      end,
    )
    this.watches.set(id, () => {
      stopWatch()
      end(130)
    })
    this.flush()
    return true
  }

  /**
   * A watching `kubectl get` (-w, --watch-only): the listing now, then a row per change of a watched
   * object as the clock runs, until Ctrl+C (answered with exit code 130). A read: not recorded.
   */
  private startGetWatch(id: number, line: string): boolean {
    const chunks: { stream: 'stdout' | 'stderr'; text: string }[] = []
    const live = startLiveGetWatch(this.session.sim, line, (chunk) => {
      chunks.push(chunk)
      this.endpoint.postMessage({ type: 'chunk', id, chunk })
    })
    if (!live) return false
    const keepAlive = this.timers.setInterval(() => this.endpoint.postMessage({ type: 'alive', id }), 2000)
    this.watches.set(id, () => {
      live.stop()
      this.timers.clearInterval(keepAlive)
      this.watches.delete(id)
      this.endpoint.postMessage({ id, type: 'exec', chunks, exitCode: 130, diagnostics: [] })
    })
    this.flush()
    return true
  }

  /**
   * A following `kubectl logs -f`: print what was written so far now, then each new line as the clock
   * runs, and answer when the container exits (or on Ctrl+C). Recorded as `--follow=false`, like the
   * live rollout status, so that replaying the inputs does not run the clock.
   */
  private startLogsFollow(id: number, line: string): boolean {
    const target = logsFollowTarget(line)
    if (!target) return false
    const once = this.exec(`${line} --follow=false`, undefined, id)
    const chunks = [...once.chunks]
    if (once.exitCode !== 0) {
      this.flush()
      this.endpoint.postMessage({ id, type: 'exec', chunks, exitCode: once.exitCode, diagnostics: [] })
      return true
    }
    const keepAlive = this.timers.setInterval(() => this.endpoint.postMessage({ type: 'alive', id }), 2000)
    let ended = false
    const end = (exitCode: number) => {
      ended = true
      this.timers.clearInterval(keepAlive)
      this.watches.delete(id)
      this.endpoint.postMessage({ id, type: 'exec', chunks, exitCode, diagnostics: [] })
    }
    this.flush()
    const stopFollow = followLogs(
      this.session.sim,
      target,
      (text) => {
        const chunk = { stream: 'stdout' as const, text }
        chunks.push(chunk)
        this.endpoint.postMessage({ type: 'chunk', id, chunk })
      },
      end,
    )
    if (ended) return true
    this.watches.set(id, () => {
      stopFollow()
      end(130)
    })
    return true
  }

  private stopWatches(): void {
    // stop() removes its entry, so iterate over a copy
    for (const stop of Array.from(this.watches.values())) stop()
  }

  private exec(line: string, stdin: string | undefined, id?: number) {
    const sim = this.session.sim
    this.inputs.push({ at: sim.now() - this.startMs, line, ...(stdin !== undefined ? { stdin } : {}) })
    const res = this.session.exec(line, stdin, id === undefined ? undefined : (chunk) => this.endpoint.postMessage({ type: 'chunk', id, chunk }))
    if (this.session.sim !== this.attached) {
      this.stopWatches()
      this.attach(true)
    }
    return res
  }

  private attach(reset: boolean): void {
    for (const u of this.unsubscribe) u()
    const sim = this.session.sim
    this.attached = sim
    this.unsubscribe = [sim.watch((c) => this.onChange(c))]
    const onStep = (s: StepRecord) => {
      this.steps.push(s)
      this.beat()
    }
    sim.stepListeners.push(onStep)
    const onEvent = (e: RecordedEvent) => this.events.push(e)
    sim.recorder.listeners.push(onEvent)
    const onRow = (type: 'upsert' | 'delete', r: EventRecord) => {
      const key = `${r.namespace}/${r.name}`
      if (type === 'upsert') {
        this.pendingRowDeletes.delete(key)
        this.pendingRows.set(key, r)
      } else {
        this.pendingRows.delete(key)
        this.pendingRowDeletes.set(key, { namespace: r.namespace, name: r.name })
      }
    }
    sim.store.events.listeners.push(onRow)
    this.unsubscribe.push(() => {
      sim.stepListeners.splice(sim.stepListeners.indexOf(onStep), 1)
      sim.recorder.listeners.splice(sim.recorder.listeners.indexOf(onEvent), 1)
      sim.store.events.listeners.splice(sim.store.events.listeners.indexOf(onRow), 1)
    })
    if (reset) {
      this.pendingUpserts.clear()
      this.pendingDeletes.clear()
      this.pendingRows.clear()
      this.pendingRowDeletes.clear()
      this.resetNext = true
    }
  }

  /**
   * A keep-alive from inside long synchronous work (a big replay, a settle over thousands of nodes):
   * the page's watchdog then knows the engine is busy, not hung. Called on every write and step.
   */
  private beat(): void {
    const t = this.timers.now ? this.timers.now() : Date.now()
    if (t - this.lastBeat < BEAT_MS) return
    this.lastBeat = t
    this.endpoint.postMessage({ type: 'alive' })
  }

  private onChange(c: Change): void {
    this.beat()
    const key = `${c.kind}/${c.obj.metadata.namespace ?? ''}/${c.obj.metadata.name}`
    if (c.type === 'DELETED') {
      this.pendingUpserts.delete(key)
      this.pendingDeletes.set(key, { kind: c.kind, namespace: c.obj.metadata.namespace, name: c.obj.metadata.name })
    } else {
      this.pendingDeletes.delete(key)
      this.pendingUpserts.set(key, c.obj)
    }
  }

  private setPlaying(p: boolean): void {
    if (p && !this.playing) {
      this.lastTick = undefined
      this.timer = this.timers.setInterval(() => this.tick(), TICK_MS)
    }
    if (!p && this.playing) this.timers.clearInterval(this.timer)
    this.playing = p
  }

  private lastTick: number | undefined

  /**
   * One play-loop tick: advance the simulated clock by the wall time since the last tick × speed (at
   * most MAX_CATCH_UP_MS of it, so a busy moment is caught up without a jump) and push the
   * changes. The clock keeps the speed asked for as long as the engine keeps up.
   */
  tick(): void {
    const wall = this.timers.now?.() ?? (typeof performance !== 'undefined' ? performance.now() : TICK_MS)
    const elapsed = this.lastTick === undefined ? TICK_MS : Math.min(MAX_CATCH_UP_MS, Math.max(0, wall - this.lastTick))
    this.lastTick = wall
    this.session.sim.advance(Math.round(elapsed * this.speed))
    this.flush()
  }

  /** Sends what changed since the last batch (everything, when reset): new objects whole, known ones as patches. */
  flush(forceReset = false): void {
    const sim = this.session.sim
    const reset = forceReset || this.resetNext
    this.resetNext = false
    const upserts: KObject[] = []
    const patches: ObjectPatch[] = []
    let deletes: ObjectRef[] = []
    let eventRows: EventRow[]
    let eventDeletes: { namespace: string; name: string }[] = []
    if (reset) {
      this.sent.clear()
      for (const o of sim.store.all({ events: false })) {
        upserts.push(o)
        this.sent.set(`${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`, o)
      }
      eventRows = [...sim.store.events.values()].map(toRow)
    } else {
      for (const [key, o] of this.pendingUpserts) {
        const prev = this.sent.get(key)
        this.sent.set(key, o)
        if (!prev || prev.metadata.uid !== o.metadata.uid) upserts.push(o)
        else patches.push({ kind: o.kind as ObjectPatch['kind'], namespace: o.metadata.namespace, name: o.metadata.name, resourceVersion: o.metadata.resourceVersion, changes: diffObjects(prev, o) })
      }
      for (const key of this.pendingDeletes.keys()) this.sent.delete(key)
      deletes = [...this.pendingDeletes.values()]
      eventRows = [...this.pendingRows.values()].map(toRow)
      eventDeletes = [...this.pendingRowDeletes.values()]
    }
    this.pendingUpserts.clear()
    this.pendingDeletes.clear()
    this.pendingRows.clear()
    this.pendingRowDeletes.clear()
    const compact: CompactGroup[] = []
    const byKind = new Map<string, KObject[]>()
    for (const o of upserts) {
      const l = byKind.get(o.kind)
      if (l) l.push(o)
      else byKind.set(o.kind, [o])
    }
    let whole = upserts
    for (const [kind, objs] of byKind) {
      if (objs.length < COMPACT_FROM) continue
      for (let i = 0; i < objs.length; i += MAX_CHANGES_PER_MESSAGE) compact.push(encodeGroup(kind, objs.slice(i, i + MAX_CHANGES_PER_MESSAGE)))
    }
    if (compact.length) {
      const grouped = new Set(compact.map((g) => g.kind))
      whole = upserts.filter((o) => !grouped.has(o.kind))
    }
    const steps = this.steps.slice(-MAX_STEPS_PER_BATCH)
    const events = this.events.slice(-MAX_EVENTS_PER_BATCH)
    this.steps = []
    this.events = []
    const batch: ChangeBatch = {
      type: 'changes',
      reset,
      upserts: whole,
      compact,
      patches,
      deletes,
      eventRows,
      eventDeletes,
      now: sim.now(),
      start: this.startMs,
      steps,
      events,
      playing: this.playing,
      speed: this.speed,
      inputs: this.inputs,
    }
    for (const part of splitBatch(batch, MAX_CHANGES_PER_MESSAGE)) this.endpoint.postMessage(part)
  }
}

export function createHost(endpoint: Endpoint, timers: Timers): Host {
  return new Host(endpoint, timers)
}

/**
 * A batch as messages of at most `max` changes each (a compact group counts its objects and is not
 * cut), in the order they apply: the first carries `reset`, the last the steps, events and inputs.
 */
export function splitBatch(b: ChangeBatch, max: number): ChangeBatch[] {
  const size = (x: ChangeBatch) =>
    x.upserts.length + (x.compact ?? []).reduce((n, g) => n + g.items.length, 0) + (x.patches?.length ?? 0) + x.deletes.length + (x.eventRows?.length ?? 0) + (x.eventDeletes?.length ?? 0)
  if (size(b) <= max) return [b]
  const parts: ChangeBatch[] = []
  const empty = (): ChangeBatch => ({ ...b, reset: false, upserts: [], compact: [], patches: [], deletes: [], eventRows: [], eventDeletes: [], steps: [], events: [] })
  let cur = empty()
  let n = 0
  const room = (k: number) => {
    if (n > 0 && n + k > max) {
      parts.push(cur)
      cur = empty()
      n = 0
    }
    n += k
  }
  for (const g of b.compact ?? []) {
    room(g.items.length)
    cur.compact!.push(g)
  }
  for (const o of b.upserts) {
    room(1)
    cur.upserts.push(o)
  }
  for (const p of b.patches ?? []) {
    room(1)
    cur.patches!.push(p)
  }
  for (const d of b.deletes) {
    room(1)
    cur.deletes.push(d)
  }
  for (const r of b.eventRows ?? []) {
    room(1)
    cur.eventRows!.push(r)
  }
  for (const d of b.eventDeletes ?? []) {
    room(1)
    cur.eventDeletes!.push(d)
  }
  parts.push(cur)
  parts[0].reset = b.reset
  const last = parts[parts.length - 1]
  last.steps = b.steps
  last.events = b.events
  return parts
}
