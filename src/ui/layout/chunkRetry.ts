// Loading a chunk again after the network dropped it. Chromium keeps a module whose fetch failed in
// its module map: `import()` of the same address fails again at once, without asking the network
// (seen in e2e lost-chunk: no second request). The same file under another address (a query added)
// is a new module to the browser and is fetched; its own imports are the shared chunks, already
// loaded. The address is read from the error (Chromium: "Failed to fetch dynamically imported module:
// URL", Firefox: "error loading dynamically imported module: URL"); where the error names none
// (Safari), the plain import is all there is.

/** The chunk's address a failed `import()` names, or null. Only this page's origin, only `.js`. */
export function failedChunkUrl(error: unknown, origin: string): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /dynamically imported module:\s*(\S+\.js)\b/i.exec(message);
  if (!match) return null;
  let url: URL;
  try {
    url = new URL(match[1]!);
  } catch {
    return null;
  }
  return url.origin === origin ? url.href : null;
}

/**
 * Whether an error is a module the network did not deliver (Chromium, Firefox, Safari's words, and
 * Vite's preload of a chunk's stylesheet), as opposed to one that loaded and then threw.
 */
export function isLostChunk(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** The address to fetch a chunk under on retry `attempt` (1, 2, …): a new module to the browser. */
export function retryAddress(href: string, attempt: number): string {
  const url = new URL(href);
  url.searchParams.set('retry', String(attempt));
  return url.href;
}

/**
 * `load()` again; if it fails again with an address (a browser that keeps the failure), that chunk
 * under a new address. `load` must be a plain `import()` of the module (the namespace is returned).
 */
export async function loadAgain<M>(load: () => Promise<M>, attempt: number): Promise<M> {
  try {
    return await load();
  } catch (error) {
    const href = failedChunkUrl(error, location.origin);
    if (href === null) throw error;
    return (await import(/* @vite-ignore */ retryAddress(href, attempt))) as M;
  }
}

/**
 * `load` asked for once and shared (a prefetch and the render get the same promise); a load that failed
 * is forgotten, so the next call (Retry) asks the network again.
 */
export function importOnce<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | null = null;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = null;
      throw e;
    }));
}
