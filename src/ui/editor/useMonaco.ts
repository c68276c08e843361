// The Monaco start-up the manifest editor and the diff view share: load Monaco (once per page,
// loadMonaco), make the component's editor in its host element once it has loaded, dispose of it on
// unmount, say why when loading failed, and keep Monaco's theme in step with the page's.

import { useEffect, useState, type RefObject } from 'react';
import { isLostChunk } from '../layout/chunkRetry';
import { loadMonaco } from './loadMonaco';

export type MonacoSetup = Awaited<ReturnType<typeof loadMonaco>>;

/**
 * `create` runs once, when Monaco has loaded and the host element is mounted (it reads the props it
 * needs through a ref: later changes reach the editor through the component's own effects); `dispose`
 * runs on unmount. Returns what `create` made (undefined until then) and the load error, if any. Monaco's
 * code lost on the way (the network dropped it) is thrown to the nearest ChunkBoundary instead, whose
 * Retry mounts the component again (and loadMonaco asks for the chunk afresh).
 */
export function useMonaco<T extends { setup: MonacoSetup }>(
  hostRef: RefObject<HTMLDivElement | null>,
  language: string | undefined,
  theme: 'light' | 'dark',
  create: (setup: MonacoSetup, host: HTMLDivElement) => T,
  dispose: (made: T) => void,
): { loaded: T | undefined; error: string | undefined } {
  const [loaded, setLoaded] = useState<T>();
  const [error, setError] = useState<string>();
  const [lost, setLost] = useState<{ error: unknown }>();
  if (lost) throw lost.error;

  // Made once; `create` and `dispose` of the first render are the ones used.
  useEffect(() => {
    let disposed = false;
    let created: T | undefined;
    loadMonaco(language).then(
      (setup) => {
        const host = hostRef.current;
        if (disposed || !host) return;
        created = create(setup, host);
        setLoaded(created);
      },
      (e: unknown) => {
        if (disposed) return;
        if (isLostChunk(e)) setLost({ error: e });
        else setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      disposed = true;
      if (created) dispose(created);
    };
  }, []);

  useEffect(() => {
    loaded?.setup.monaco.editor.setTheme(loaded.setup.themeName(theme));
  }, [loaded, theme]);

  return { loaded, error };
}
