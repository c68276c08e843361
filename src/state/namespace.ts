// Where this page keeps its things in local storage (a module without dependencies, so that the entry
// can ask whether a session is saved without loading persist.ts's compression: issue 24).

export function storageNamespace(loc: { pathname: string; search: string }): string {
  const p = new URLSearchParams(loc.search);
  const id = p.get('id') ?? p.get('lesson') ?? '';
  return `daemonset-playground:${loc.pathname}:${id}`;
}

/** The saved session's key in a namespace (src/state/saving.ts). */
export const SESSION_KEY = 'session';
