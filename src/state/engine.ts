// The engine's lifecycle on the page: start the worker (or the main-thread fallback), watch it, and
// when it crashes or stops answering, start a new one and restore the state by replaying the inputs.
//
// Restarts are serialised, and the latest request wins: however many resets arrive while one is under
// way, at most one more engine is started afterwards, with the spec of the last request.

import { EngineClient } from '../worker/client';
import { openEnginePort } from '../worker/inProcess';
import type { Replayed, Response, SessionSpec } from '../wire/protocol';
import { DEFAULT_WATCHDOG, Watchdog } from '../worker/watchdog';
import { i18n } from '../i18n';
import { useStore } from './store';
import { BatchQueue, frameTimers } from './batchQueue';
import { sameStart } from './earlyStart';

let client: EngineClient | null = null;
let baseSpec: Omit<SessionSpec, 'inputs' | 'until'> = { seed: 1, preset: 'article' };
let watchdog: Watchdog | null = null;
let restarting = false;
/** Batches wait here and are applied in frame-sized slices (one queue: a reset drops what waits). */
export const batches = new BatchQueue(
  (bs) => useStore.getState().applyBatches(bs),
  typeof requestAnimationFrame === 'function'
    ? frameTimers()
    : { now: () => Date.now(), schedule: (fn) => setTimeout(fn, 0) },
  undefined,
  {
    stage: (bs) => useStore.getState().stageBatches(bs),
    publish: () => useStore.getState().publishStaged(),
  },
);

/**
 * What waits before an answer is handed out: `init`'s answer follows the engine's first snapshot (a
 * whole cluster), which goes in over several tasks (drain); any other answer follows a command's
 * changes, applied at once (flush) so the command's output and the page agree when it returns.
 */
export function beforeAnswerOf(queue: Pick<BatchQueue, 'drain' | 'flush'>) {
  return (type: string): void | Promise<void> => (type === 'init' ? queue.drain() : queue.flush());
}
/** How many engines this page started (a figure for the flood test). */
let started = 0;
/** Set when the page shows a connected cluster (src/connect): nothing local to restart or replay. */
let remoteReason: string | null = null;

export function engine(): EngineClient {
  if (!client) throw new Error('the engine has not started');
  return client;
}

export function enginesStarted(): number {
  return started;
}

/**
 * Puts a client that is not the worker in the engine's place (a connected cluster, src/connect). It is
 * not watched or restarted: `reason` is what resets and restores answer instead.
 */
export function attachEngine(c: EngineClient, reason: string): void {
  watchdog?.stop();
  watchdog = null;
  remoteReason = reason;
  client = c;
  c.onBatch = (b) => useStore.getState().applyBatch(b);
  c.onFatal = () => undefined;
  useStore.setState({ engineStatus: 'ready', engineMode: null });
}

/** The watchdog's timings; tests of the page may shorten them. */
export const watchdogTimings = { ...DEFAULT_WATCHDOG };

/**
 * What the engine's second chunk (kubectl, fetched by the worker after its first snapshot) waits for:
 * on a phone it shared the line with the graph's chunk, which the first cards wait for (issue 24), so
 * the page asks for it (`prefetch`) once that is in. A request that needs it loads it at once anyway.
 */
let commandsAfter: Promise<unknown> = Promise.resolve();
export function fetchCommandsAfter(p: Promise<unknown>): void {
  commandsAfter = p.catch(() => undefined);
}

/**
 * The start the entry made before the first render (startEngineEarly), until App's boot takes it;
 * `asked` once its `init` has gone out (the worker said ready).
 */
let early: { spec: SessionSpec; result: Promise<Replayed[]>; asked: boolean } | null = null;

/**
 * Starts the engine on `spec` now, before the page's first render (src/state/earlyStart.ts says when
 * that spec is certain): its first snapshot is then in the store when the page renders, instead of
 * being asked for after the first commit (issue 24). App's boot calls startEngine with the same spec
 * later and gets this start; an engine already started is left alone.
 */
export function startEngineEarly(spec: SessionSpec): void {
  if (early || client) return;
  const start = { spec, result: Promise.resolve<Replayed[]>([]), asked: false };
  start.result = startEngine(spec, { onInit: () => (start.asked = true) });
  // (App's boot awaits it and handles a failure; until then it must not count as unhandled)
  start.result.catch(() => undefined);
  early = start;
}

/**
 * The early start's first snapshot while the engine is making it (its `init` has gone out): resolves
 * once the snapshot is in the store (published: `init`'s answer follows it) or the start failed. The
 * page's first render waits for it (src/main.tsx) and has the cluster in it; a snapshot published
 * after that render began is held until its commit and then costs the page a second render (issue 24).
 * Null when nothing is under way: no early start, or its worker has not said ready yet (the render
 * does not wait for a worker's script).
 */
export function earlySnapshot(): Promise<void> | null {
  if (!early?.asked) return null;
  return early.result.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Starts an engine on a spec. With `transcript`, answers what each replayed input printed (a restored
 * share link shows it in the console); otherwise an empty list.
 */
export async function startEngine(
  spec: SessionSpec,
  opts: { transcript?: boolean; onInit?: () => void } = {},
): Promise<Replayed[]> {
  const pre = early;
  early = null;
  if (pre) {
    // the entry started this very cluster before the first render (startEngineEarly): that start is it
    if (!opts.transcript && sameStart(pre.spec, spec)) return pre.result;
    // another one: the early engine goes (it cannot happen where earlySpec is right; nothing is lost)
    await pre.result.catch(() => undefined);
    const c = client;
    client = null;
    watchdog?.stop();
    batches.flush();
    c?.terminate();
  }
  baseSpec = { seed: spec.seed, preset: spec.preset, nodes: spec.nodes };
  watchdog?.stop();
  const { port, mode } = await openEnginePort();
  started++;
  sessions++;
  const c = new EngineClient(port);
  client = c;
  c.onBatch = (b) => batches.push(b);
  c.beforeAnswer = beforeAnswerOf(batches);
  c.onFatal = (message) => {
    if (client === c) void recover(message);
  };
  useStore.setState({ engineMode: mode });
  // The watchdog runs from the start: a replay that hangs is caught like a command that hangs.
  const dog = new Watchdog(c, (ms) => onHang(c, ms), {
    ...watchdogTimings,
    now: () => Date.now(),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
  });
  watchdog = dog;
  dog.start();
  let res: Extract<Response, { type: 'ok' }>;
  try {
    const answer = c.request<Extract<Response, { type: 'ok' }>>(
      { type: 'init', spec, holdCommands: true, ...(opts.transcript ? { transcript: true } : {}) },
      { timeoutMs: Infinity },
    );
    opts.onInit?.();
    res = await answer;
  } catch (e) {
    dog.stop();
    throw e;
  }
  // kubectl's chunk once what the page waits for first is in (fetchCommandsAfter)
  void commandsAfter.then(() => {
    // (not a request in flight: a lesson's reset right after the start still reuses this engine)
    if (client === c) c.tell({ type: 'prefetch' });
  });
  if (client === c) useStore.setState({ engineStatus: 'ready' });
  return res.replayed ?? [];
}

/** The engine went quiet: the commands waiting for it get a clear error, then a new engine takes over. */
function onHang(c: EngineClient, silentMs: number): void {
  if (client !== c) return;
  const secs = Math.round(silentMs / 1000);
  c.rejectAll(i18n.t('reliability:hang.command', { secs }));
  void recover(i18n.t('reliability:hang.reason', { secs }));
}

/** Replaces a broken engine with a new one holding the same state (inputs replayed to the same time). */
export async function recover(reason: string): Promise<void> {
  if (restarting || remoteReason !== null) return;
  restarting = true;
  batches.flush();
  const s = useStore.getState();
  const inputs = s.inputs;
  const until = s.now - s.start;
  useStore.setState({ engineStatus: 'restarting', engineNotice: reason, busy: false });
  const old = client;
  client = null;
  try {
    old?.terminate();
  } catch {
    // already gone
  }
  try {
    await startEngine({ ...baseSpec, inputs, until });
    // The clock runs on as it did.
    const now = client as EngineClient | null;
    if (s.playing && now) await now.request({ type: 'play', speed: s.speed });
    useStore.setState({ engineNotice: `restored:${reason}` });
  } catch (e) {
    useStore.setState({ engineStatus: 'failed', engineNotice: (e as Error).message });
  } finally {
    restarting = false;
  }
}

/** How many fresh sessions this page started: new engines and healthy engines given a new `init`. */
let sessions = 0;

export function sessionsStarted(): number {
  return sessions;
}

/**
 * Whether a reset can give this engine a new `init` instead of replacing it (issue 24: `?lesson=ID`
 * started a second worker right after the first, a second download and compile of its chunks on a
 * phone). Only an engine that is answering and has nothing in flight: one busy with a long replay, a
 * watching command or a request it never answered (crashed, hung) is terminated and replaced, so a
 * reset never waits behind it; the watchdog still replaces one that hangs later (recover).
 */
function reusable(c: EngineClient): boolean {
  return !restarting && remoteReason === null && c.inFlight() === 0;
}

/** A fresh session on the engine already running (the host's `init` starts over: cluster, clock, streams). */
async function reinitEngine(
  c: EngineClient,
  spec: SessionSpec,
  opts: { transcript?: boolean },
): Promise<Replayed[]> {
  baseSpec = { seed: spec.seed, preset: spec.preset, nodes: spec.nodes };
  sessions++;
  const res = await c.request<Extract<Response, { type: 'ok' }>>(
    { type: 'init', spec, ...(opts.transcript ? { transcript: true } : {}) },
    { timeoutMs: Infinity },
  );
  if (client === c) useStore.setState({ engineStatus: 'ready' });
  return res.replayed ?? [];
}

interface Waiter {
  resolve(replayed: Replayed[]): void;
  reject(e: unknown): void;
}
let wanted: { spec: Partial<SessionSpec>; opts: { transcript?: boolean }; waiters: Waiter[] } | null = null;
let draining = false;

/**
 * Starts over with a fresh cluster (keeps the editor text). Calls made while a restart is under way
 * are coalesced: the last spec wins, and every caller's promise settles when that engine is up.
 */
export function resetEngine(
  spec: Partial<SessionSpec> = {},
  opts: { transcript?: boolean } = {},
): Promise<Replayed[]> {
  return new Promise<Replayed[]>((resolve, reject) => {
    if (remoteReason !== null) {
      reject(new Error(remoteReason));
      return;
    }
    if (wanted) {
      wanted.spec = spec;
      wanted.opts = opts;
      wanted.waiters.push({ resolve, reject });
    } else {
      wanted = { spec, opts, waiters: [{ resolve, reject }] };
    }
    if (!draining) void drain();
  });
}

async function drain(): Promise<void> {
  draining = true;
  try {
    while (wanted) {
      const w = wanted;
      wanted = null;
      const spec: SessionSpec = { ...baseSpec, ...w.spec, inputs: w.spec.inputs ?? [] };
      const old = client;
      const reuse = old !== null && reusable(old);
      if (!reuse) {
        client = null;
        try {
          old?.terminate();
        } catch {
          // already gone
        }
      }
      try {
        const replayed = reuse ? await reinitEngine(old, spec, w.opts) : await startEngine(spec, w.opts);
        // A newer request came in meanwhile: its engine replaces this one before anyone is told.
        const next = wanted as typeof w | null;
        if (next) next.waiters.push(...w.waiters);
        else for (const x of w.waiters) x.resolve(replayed);
      } catch (e) {
        const next = wanted as typeof w | null;
        if (next) next.waiters.push(...w.waiters);
        else for (const x of w.waiters) x.reject(e);
      }
    }
  } finally {
    draining = false;
  }
}
