// The engine worker boot.js started (src/embed/sandbox/boot.js, issue 24): it asks for the worker's
// script once the stylesheet is in, long before the page's own modules have come and run, and leaves
// the worker here with what became of it (its first message, the host's `ready`, or an error).

/** What boot.js leaves on `window.__dspEngineWorker`. */
export interface BootWorker {
  worker: Worker;
  /** the script's absolute address, to check it is the page's own engine worker */
  url: string;
  state: 'starting' | 'ready' | 'failed';
  /** called once with the outcome when it comes after the page has looked */
  settle: ((ok: boolean) => void) | null;
}

const KEY = '__dspEngineWorker';

function isBootWorker(v: unknown): v is BootWorker {
  if (typeof v !== 'object' || v === null) return false;
  const h = v as Partial<BootWorker>;
  return (
    typeof h.worker === 'object' &&
    h.worker !== null &&
    typeof h.worker.postMessage === 'function' &&
    typeof h.worker.terminate === 'function' &&
    typeof h.url === 'string' &&
    (h.state === 'starting' || h.state === 'ready' || h.state === 'failed')
  );
}

/**
 * Whether `url` is this build's engine worker: the build's `engine.worker-<hash>.js` beside the page's
 * own chunks (`assets`, the folder of `chunkUrl`). The build writes that address into boot.js's data
 * (src/embed/sandbox/vitePlugin.ts, from the same bundle), so this only guards against a page whose
 * boot.js and modules come from different places.
 */
export function isEngineWorkerUrl(url: string, chunkUrl: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const dir = new URL('.', chunkUrl).href;
  return u.href.startsWith(dir) && /^engine\.worker-[\w-]+\.js$/.test(u.href.slice(dir.length));
}

/**
 * Takes over the worker boot.js started, once: `ok` resolves true when it has said `ready` (at once if
 * it already has), false when it failed or said nothing within `timeoutMs`. Null when boot.js started
 * none, or one from another place than this build's (ended: the page starts its own).
 */
export function takeBootWorker(
  chunkUrl: string,
  timeoutMs: number,
  scope: object = globalThis,
): { worker: Worker; ok: Promise<boolean> } | null {
  if (!Object.hasOwn(scope, KEY)) return null;
  const handle: unknown = (scope as Record<string, unknown>)[KEY];
  delete (scope as Record<string, unknown>)[KEY];
  if (!isBootWorker(handle)) return null;
  if (!isEngineWorkerUrl(handle.url, chunkUrl)) {
    handle.worker.terminate();
    return null;
  }
  const ok =
    handle.state === 'starting'
      ? new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            handle.settle = null;
            resolve(false);
          }, timeoutMs);
          handle.settle = (v) => {
            clearTimeout(timer);
            resolve(v);
          };
        })
      : Promise.resolve(handle.state === 'ready');
  return { worker: handle.worker, ok };
}
