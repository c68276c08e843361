// The worker host: owns a Session (engine + kubectl), answers requests, runs the clock while playing
// and pushes batched changes (changeBatcher.ts); the streaming commands are streams.ts'. It runs in a
// Web Worker, or on the main thread as a fallback (inProcess).
//
// Its module holds only what the first snapshot needs: the cluster started from the engine's start
// face (the simulation, the controllers, the preset), the `sim` commands that set a cluster up (an
// init's inputs that are only those, as a lesson's setup is, replay here: the lesson's first snapshot
// does not wait for kubectl) and the batcher. kubectl, `sim why` and `sim image`, `why`, the lesson
// probes, the export and the streaming commands are a second chunk (./commands),
// loaded when a request first needs one of them, and fetched anyway once the first snapshot is out
// (issue 24: on a phone's slow 4G the worker's one file was 260 KiB gzip before the graph could draw).
// Requests that come while it loads wait in a queue, with every request after them, and are answered
// in the order they came.

import {
  isStartLine,
  runStartLine,
  SimSession,
  startSession,
  type Simulation,
  type StartedSession,
  type StepRecord,
} from '../engine/start';
import type { Session, RecordedEvent, EventRecord } from '../engine';
import { whyData } from '../wire/whyData';
import { ChangeBatcher } from './changeBatcher';
import type { Streams } from './streams';
import {
  PROTOCOL_VERSION,
  type Input,
  type Message,
  type Replayed,
  type Request,
  type SessionSpec,
} from '../wire/protocol';

export interface Endpoint {
  postMessage(m: Message): void;
  onMessage(fn: (r: Request) => void): void;
  /** stop answering for good (simulates a crashed worker) */
  crash?(): void;
  /** get stuck for good without crashing (simulates a hung engine; a worker loops forever) */
  hang?(): void;
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(h: unknown): void;
  /** wall-clock ms: for the keep-alives sent from inside long work (default Date.now) and for the play loop, so a late tick catches up (default performance.now) */
  now?(): number;
}

/** While busy, a keep-alive goes out at most this often (ms of wall time). */
export const BEAT_MS = 1000;

/** Wall-clock period of the play loop. */
export const TICK_MS = 50;
/**
 * The play loop catches up at most this much wall time per tick: a tick the engine took long over
 * (thousands of pods changing at once) does not slow the simulated clock, while a page left in the
 * background for minutes does not come back to one enormous step.
 */
export const MAX_CATCH_UP_MS = 1000;

/** The engine worker's second chunk: kubectl and everything else that runs commands. */
type Commands = typeof import('./commands');

/**
 * Whether a request runs a command (so needs the second chunk): an init does when it replays inputs
 * other than the `sim` lines that set a cluster up (isStartLine: a lesson's `sim cluster`, `sim node
 * add`, `sim settle`).
 */
export function needsCommands(r: Request): boolean {
  switch (r.type) {
    case 'exec':
    case 'probe':
    case 'why':
    case 'export':
      return true;
    case 'init':
      return r.spec.inputs.some((i) => !isStartLine(i.line));
    default:
      return false;
  }
}

export class Host {
  /** the cluster as started (before any command ran, a Session may not exist yet) */
  private started!: StartedSession;
  /** the session running commands on `started`'s cluster (or `setup`'s), made at the first command */
  private session?: Session;
  /** the session an init's setup lines ran on before the second chunk came (its Session adopts it) */
  private setup?: SimSession;
  /** the second chunk, once loaded */
  private commands?: Commands;
  /** the second chunk loading */
  private loading?: Promise<void>;
  /** requests waiting for the second chunk (and every request after the first of them), in order */
  private readonly queue: Request[] = [];
  /** what the session started from (the export replays its inputs from the same start) */
  private spec: Pick<SessionSpec, 'seed' | 'preset' | 'nodes'> = { seed: 1, preset: 'article' };
  private attached?: Simulation;
  private unsubscribe: (() => void)[] = [];
  /** what the page has not been sent yet */
  private readonly batch = new ChangeBatcher();
  /** the streaming commands running (rollout status, get -w, logs -f); made with the second chunk */
  private streams?: Streams;
  private inputs: Input[] = [];
  private playing = false;
  private speed = 1;
  private timer: unknown;
  /** simulated time at which the session started; inputs are stored relative to it */
  private startMs = 0;
  /** the hang test: get stuck in the next exec */
  private hangNextExec = false;
  private lastBeat = 0;

  constructor(
    private readonly endpoint: Endpoint,
    private readonly timers: Timers,
    /** how the second chunk is loaded (tests hold it back, fail it, or give it at once) */
    private readonly loadCommands: () => Commands | Promise<Commands> = () => import('./commands'),
  ) {
    endpoint.onMessage((r) => this.handle(r));
    endpoint.postMessage({ type: 'ready', version: PROTOCOL_VERSION });
  }

  /** The simulation running now (a command such as `sim cluster` replaces it). */
  private get sim(): Simulation {
    return this.session?.sim ?? this.setup?.sim ?? this.started.sim;
  }

  private handle(r: Request): void {
    if (this.queue.length > 0 || (!this.commands && needsCommands(r))) {
      this.queue.push(r);
      this.load();
      return;
    }
    this.answer(r);
  }

  /**
   * Loads the second chunk (once; again after a failure), then answers the queued requests in order.
   * While it loads, keep-alives tell the page's watchdog that the engine is busy, not hung. A failed
   * load answers each waiting request with the error (nothing waits for ever); the next request tries
   * again.
   */
  private load(): Promise<void> {
    if (this.commands) return Promise.resolve();
    if (this.loading) return this.loading;
    const got = this.loadCommands();
    if (!(got instanceof Promise)) {
      // given at once (tests of the share links drive the host synchronously)
      this.loaded(got);
      return Promise.resolve();
    }
    this.endpoint.postMessage({ type: 'alive' });
    const beats = this.timers.setInterval(() => this.endpoint.postMessage({ type: 'alive' }), BEAT_MS);
    this.loading = got.then(
      (commands) => {
        this.timers.clearInterval(beats);
        this.loading = undefined;
        this.loaded(commands);
      },
      (e: unknown) => {
        this.timers.clearInterval(beats);
        this.loading = undefined;
        const message = `the engine's commands could not be loaded: ${(e as Error)?.message ?? String(e)}`;
        for (const r of this.queue.splice(0)) this.endpoint.postMessage({ id: r.id, type: 'error', message });
      },
    );
    return this.loading;
  }

  /** The second chunk is here: the streaming commands can start, and what waited is answered. */
  private loaded(commands: Commands): void {
    this.commands = commands;
    this.streams = new commands.Streams({
      sim: () => this.sim,
      namespace: () => this.commandSession().session.kubeconfig.namespace(),
      exec: (line, stdin, id) => this.exec(line, stdin, id),
      flush: () => this.flush(),
      post: (m: Message) => this.endpoint.postMessage(m),
      setInterval: (fn, ms) => this.timers.setInterval(fn, ms),
      clearInterval: (h) => this.timers.clearInterval(h),
    });
    this.drain();
  }

  /** Answers the queued requests in order (a request that needs no command too: it came after one). */
  private drain(): void {
    while (this.queue.length > 0) this.answer(this.queue.shift()!);
  }

  /** The session that runs commands (the second chunk is loaded): made on the cluster as started. */
  private commandSession(): { session: Session; commands: Commands } {
    const commands = this.commands;
    if (!commands) throw new Error("the engine's commands are not loaded");
    this.session ??= new commands.Session(this.setup ?? this.started);
    return { session: this.session, commands };
  }

  private answer(r: Request): void {
    try {
      switch (r.type) {
        case 'init': {
          const replayed = this.init(r.spec, r.holdCommands === true);
          this.endpoint.postMessage(
            r.transcript ? { id: r.id, type: 'ok', replayed } : { id: r.id, type: 'ok' },
          );
          return;
        }
        case 'exec': {
          if (this.hangNextExec) {
            this.endpoint.hang?.();
            return;
          }
          this.commandSession();
          if (this.streams?.start(r.id, r.line)) return;
          const res = this.exec(r.line, r.stdin, r.id);
          // Changes first, so the page's mirror is current when the answer arrives.
          this.flush();
          this.endpoint.postMessage({
            id: r.id,
            type: 'exec',
            chunks: res.chunks,
            exitCode: res.exitCode,
            diagnostics: res.diagnostics ?? [],
          });
          return;
        }
        case 'play':
          this.speed = r.speed;
          this.setPlaying(true);
          this.flush();
          this.endpoint.postMessage({ id: r.id, type: 'ok' });
          return;
        case 'pause':
          this.setPlaying(false);
          this.flush();
          this.endpoint.postMessage({ id: r.id, type: 'ok' });
          return;
        case 'step': {
          const record = this.sim.step();
          this.flush();
          this.endpoint.postMessage({ id: r.id, type: 'step', record });
          return;
        }
        case 'advance':
          this.sim.advance(r.ms);
          this.flush();
          this.endpoint.postMessage({ id: r.id, type: 'ok' });
          return;
        case 'ping':
          this.endpoint.postMessage({ id: r.id, type: 'ok' });
          return;
        case 'prefetch':
          if (!this.commands) void this.load();
          this.endpoint.postMessage({ id: r.id, type: 'ok' });
          return;
        case 'probe': {
          const { session, commands } = this.commandSession();
          this.endpoint.postMessage({
            id: r.id,
            type: 'probe',
            results: commands.probeLines(session, r.lines),
          });
          return;
        }
        case 'export': {
          const x = this.commandSession().commands.exportSession(
            this.spec,
            this.inputs,
            this.sim.now() - this.startMs,
            r.mtime,
            () => this.beat(),
          );
          this.endpoint.postMessage({ id: r.id, type: 'export', ...x });
          return;
        }
        case 'why': {
          const reports = this.commandSession()
            .commands.why(this.sim, r.node, r.namespace, r.daemonSet)
            .map(whyData);
          this.endpoint.postMessage({ id: r.id, type: 'why', reports });
          return;
        }
        case 'cancel':
          this.streams?.cancel(r.target);
          this.endpoint.postMessage({ id: r.id, type: 'ok' });
          return;
        case 'crash':
          // For the recovery test: the engine stops answering, as a hung or crashed worker would.
          this.endpoint.crash?.();
          return;
        case 'hang':
          // For the hang test: get stuck now, or while running the next command.
          if (r.when === 'now') this.endpoint.hang?.();
          else {
            this.hangNextExec = true;
            this.endpoint.postMessage({ id: r.id, type: 'ok' });
          }
          return;
      }
    } catch (e) {
      this.endpoint.postMessage({ id: r.id, type: 'error', message: (e as Error).message });
    }
  }

  /** Starts a fresh session and replays the spec's inputs (deterministic: same spec, same state). */
  init(spec: SessionSpec, holdCommands = false): Replayed[] {
    // Again on a running engine (a reset reuses a healthy worker, src/state/engine.ts): the old
    // session's clock and watching commands end with it, as they would with its worker.
    this.setPlaying(false);
    this.streams?.stopAll();
    this.inputs = [];
    this.spec = { seed: spec.seed, preset: spec.preset, nodes: spec.nodes };
    this.session = undefined;
    this.setup = undefined;
    this.started = startSession({ seed: spec.seed, preset: spec.preset, nodes: spec.nodes });
    const start = this.sim.now();
    this.startMs = start;
    this.attach(true);
    const replayed: Replayed[] = [];
    for (const input of spec.inputs) {
      const due = start + input.at;
      if (due > this.sim.now()) this.sim.advance(due - this.sim.now());
      // kubectl's chunk not here (needsCommands let this init through): its lines set a cluster up
      const res = this.commands
        ? this.exec(input.line, input.stdin)
        : this.execSetup(input.line, input.stdin);
      replayed.push({
        line: input.line,
        ...(input.stdin !== undefined ? { stdin: input.stdin } : {}),
        chunks: res.chunks,
      });
    }
    if (spec.until !== undefined && start + spec.until > this.sim.now()) {
      this.sim.advance(start + spec.until - this.sim.now());
    }
    this.flush(true);
    // the first snapshot is out: fetch the commands now, before someone types one (an init's answer
    // goes out first: this load starts after the current task) — unless the page asks for them later
    // (`holdCommands`: it sends `prefetch` when its own first chunks are in)
    if (!this.commands && !holdCommands) void Promise.resolve().then(() => this.load());
    return replayed;
  }

  private exec(line: string, stdin: string | undefined, id?: number) {
    const { session } = this.commandSession();
    this.record(session.sim, line, stdin);
    const res = session.exec(
      line,
      stdin,
      id === undefined ? undefined : (chunk) => this.endpoint.postMessage({ type: 'chunk', id, chunk }),
    );
    if (session.sim !== this.attached) {
      this.streams?.stopAll();
      this.attach(true);
    }
    return res;
  }

  /** Records a line as an input, at the simulated time it runs. */
  private record(sim: Simulation, line: string, stdin: string | undefined): void {
    this.inputs.push({ at: sim.now() - this.startMs, line, ...(stdin !== undefined ? { stdin } : {}) });
  }

  /**
   * Runs a line that sets a cluster up (isStartLine) without the second chunk: on `setup`, which the
   * Session adopts when a command needs it. Recorded as an input, as exec does.
   */
  private execSetup(line: string, stdin: string | undefined) {
    const setup = (this.setup ??= new SimSession(this.started));
    this.record(setup.sim, line, stdin);
    const res = runStartLine(setup, line);
    if (setup.sim !== this.attached) this.attach(true);
    return res;
  }

  private attach(reset: boolean): void {
    for (const u of this.unsubscribe) u();
    const sim = this.sim;
    this.attached = sim;
    this.unsubscribe = [
      sim.watch((c) => {
        this.beat();
        this.batch.object(c);
      }),
    ];
    const onStep = (s: StepRecord) => {
      this.batch.step(s);
      this.beat();
    };
    sim.stepListeners.push(onStep);
    const onEvent = (e: RecordedEvent) => this.batch.event(e);
    sim.recorder.listeners.push(onEvent);
    const onRow = (type: 'upsert' | 'delete', r: EventRecord) => this.batch.eventRow(type, r);
    sim.store.events.listeners.push(onRow);
    this.unsubscribe.push(() => {
      sim.stepListeners.splice(sim.stepListeners.indexOf(onStep), 1);
      sim.recorder.listeners.splice(sim.recorder.listeners.indexOf(onEvent), 1);
      sim.store.events.listeners.splice(sim.store.events.listeners.indexOf(onRow), 1);
    });
    if (reset) this.batch.reset();
  }

  /**
   * A keep-alive from inside long synchronous work (a big replay, a settle over thousands of nodes):
   * the page's watchdog then knows the engine is busy, not hung. Called on every write and step.
   */
  private beat(): void {
    const t = this.timers.now ? this.timers.now() : Date.now();
    if (t - this.lastBeat < BEAT_MS) return;
    this.lastBeat = t;
    this.endpoint.postMessage({ type: 'alive' });
  }

  private setPlaying(p: boolean): void {
    if (p && !this.playing) {
      this.lastTick = undefined;
      this.timer = this.timers.setInterval(() => this.tick(), TICK_MS);
    }
    if (!p && this.playing) this.timers.clearInterval(this.timer);
    this.playing = p;
  }

  private lastTick: number | undefined;

  /**
   * One play-loop tick: advance the simulated clock by the wall time since the last tick × speed (at
   * most MAX_CATCH_UP_MS of it, so a busy moment is caught up without a jump) and push the
   * changes. The clock keeps the speed asked for as long as the engine keeps up.
   */
  tick(): void {
    const wall = this.timers.now?.() ?? (typeof performance !== 'undefined' ? performance.now() : TICK_MS);
    const elapsed =
      this.lastTick === undefined ? TICK_MS : Math.min(MAX_CATCH_UP_MS, Math.max(0, wall - this.lastTick));
    this.lastTick = wall;
    this.sim.advance(Math.round(elapsed * this.speed));
    this.flush();
  }

  /** Sends what changed since the last batch (everything, when reset): new objects whole, known ones as patches. */
  flush(forceReset = false): void {
    const session = {
      start: this.startMs,
      playing: this.playing,
      speed: this.speed,
      inputs: this.inputs,
      // no session yet (no command has run): the default kubeconfig
      namespace: this.session?.kubeconfig.namespace(),
    };
    for (const part of this.batch.take(this.sim, forceReset, session)) this.endpoint.postMessage(part);
  }
}

export function createHost(
  endpoint: Endpoint,
  timers: Timers,
  loadCommands?: () => Commands | Promise<Commands>,
): Host {
  return new Host(endpoint, timers, loadCommands);
}
