// liveDrift.ts, loaded on first use: it reads manifests with the yaml package (30 KB gzipped), which
// the page's first view does not use (issue 24). It is needed where an applied text is compared with
// the live objects: a share link's or saved session's restore (loaded before that restore), an Apply
// (loaded with the editor's YAML reading, src/state/locate.ts), a command run while a text is applied.
// Whoever sets an applied text has loaded it, so the editor's notice reads it at once (liveDriftNow).

type LiveDriftModule = typeof import('./liveDrift');

let loaded: LiveDriftModule | null = null;
let loading: Promise<LiveDriftModule> | null = null;

/** The module, fetched once (a failed fetch is tried again on the next call). */
export function loadLiveDrift(): Promise<LiveDriftModule> {
  loading ??= import('./liveDrift').then(
    (m) => (loaded = m),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** The module when it has loaded, else null. */
export function liveDriftNow(): LiveDriftModule | null {
  return loaded;
}
