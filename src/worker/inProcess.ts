// Fallback for environments without module workers: the same host, on the main thread, talking over a
// MessageChannel so the client cannot tell the difference.

import type { Port } from './client';
import type { Message, Request } from '../wire/protocol';
import { takeBootWorker } from './bootWorker';

export function createInProcessPort(): Port {
  const channel = new MessageChannel();
  const hostSide = channel.port1;
  const pageSide = channel.port2;
  // The hang test hook: on the page's own thread a real endless loop would freeze the page, so the
  // host goes silent instead (which is what the watchdog sees of a hung worker).
  let stuck = false;
  // The engine is loaded only when this fallback is used (it is not in the page's first bundle);
  // the page's requests wait in the channel until the host listens.
  void import('./host').then(({ createHost }) =>
    createHost(
      {
        postMessage: (m: Message) => {
          if (!stuck) hostSide.postMessage(m);
        },
        onMessage: (fn) => {
          hostSide.onmessage = (e: MessageEvent<Request>) => {
            if (!stuck) fn(e.data);
          };
        },
        hang: () => {
          stuck = true;
        },
      },
      {
        setInterval: (fn, ms) => setInterval(fn, ms),
        clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
      },
    ),
  );
  const port: Port = {
    postMessage: (m) => pageSide.postMessage(m),
    onmessage: null,
    terminate: () => {
      hostSide.close();
      pageSide.close();
    },
  };
  pageSide.onmessage = (e: MessageEvent<Message>) => port.onmessage?.(e);
  return port;
}

/** A Worker when module workers work here, else the in-process host. */
export function createEnginePort(): { port: Port; mode: 'worker' | 'main-thread' } {
  try {
    const w = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
    return { port: w as unknown as Port, mode: 'worker' };
  } catch {
    return { port: createInProcessPort(), mode: 'main-thread' };
  }
}

/**
 * Where the classic bundle (sandboxed frames, src/embed/sandbox) was loaded from: its classic engine
 * worker sits next to it. Read while the bundle runs for the first time (document.currentScript).
 */
const classicScript: string | null =
  import.meta.env.VITE_CLASSIC &&
  typeof document !== 'undefined' &&
  document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : null;

/** Ways to start the engine in a worker, best first. */
function workerFactories(): (() => Worker)[] {
  const out: (() => Worker)[] = [
    () => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
  ];
  if (classicScript) {
    // An opaque origin may not start a worker from the site's address, but may start one from a blob
    // URL of its own, which then loads the classic worker script (importScripts is not a CORS fetch).
    const src = new URL('engine.worker.js', classicScript).href;
    out.push(
      () =>
        new Worker(
          URL.createObjectURL(
            new Blob([`importScripts(${JSON.stringify(src)})`], { type: 'text/javascript' }),
          ),
          { name: 'engine' },
        ),
    );
  }
  return out;
}

/** Set once a worker could not be started: later restarts go to the main thread at once (no loops). */
let workersFailed = false;

/** Resolves true on the worker's first message (the host's `ready`), false on an error or time-out. */
function started(w: Worker, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      w.onmessage = null;
      w.onerror = null;
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    w.onmessage = () => done(true);
    w.onerror = (e) => {
      e.preventDefault();
      done(false);
    };
  });
}

/**
 * The engine's port: a worker that has started (said `ready`), else the main-thread host. A worker
 * that cannot start (refused in a sandboxed frame, blocked, failing to load) is dropped quietly, and
 * the page does not try workers again.
 */
/** A module worker started before the page renders (prestartEngineWorker), waiting to be used. */
let prestarted: { worker: Worker; ok: Promise<boolean> } | null = null;

/**
 * Starts the engine worker at once, before the page renders (main.tsx): its script (the engine, the
 * biggest file of the first view) then downloads and compiles while React draws the page, and the
 * engine is ready for `init` when startEngine asks (issue 24). openEnginePort takes it over.
 */
export function prestartEngineWorker(timeoutMs = 20_000): void {
  if (prestarted || workersFailed || typeof Worker === 'undefined' || import.meta.env.VITE_CLASSIC) return;
  // boot.js may have started it already, before this module had even come (src/worker/bootWorker.ts)
  const fromBoot = takeBootWorker(import.meta.url, timeoutMs);
  if (fromBoot) {
    prestarted = fromBoot;
    return;
  }
  try {
    const worker = workerFactories()[0]();
    prestarted = { worker, ok: started(worker, timeoutMs) };
  } catch {
    // openEnginePort tries again, and falls back as before
  }
}

export async function openEnginePort(
  timeoutMs = 20_000,
): Promise<{ port: Port; mode: 'worker' | 'main-thread' }> {
  if (!workersFailed && typeof Worker !== 'undefined') {
    let factories = workerFactories();
    const pre = prestarted;
    prestarted = null;
    if (pre) {
      if (await pre.ok) return { port: pre.worker as unknown as Port, mode: 'worker' };
      pre.worker.terminate();
      factories = factories.slice(1); // that way has just failed
    }
    for (const make of factories) {
      let w: Worker;
      try {
        w = make();
      } catch {
        continue;
      }
      if (await started(w, timeoutMs)) return { port: w as unknown as Port, mode: 'worker' };
      w.terminate();
    }
    workersFailed = true;
  }
  return { port: createInProcessPort(), mode: 'main-thread' };
}
