// Local storage, namespaced per page so several embedded playgrounds on one course page do not
// collide. Storage may be unavailable (sandboxed iframes): then nothing is kept, nothing breaks.

export function storageNamespace(loc: { pathname: string; search: string }): string {
  const p = new URLSearchParams(loc.search)
  const id = p.get('id') ?? p.get('lesson') ?? ''
  return `daemonset-playground:${loc.pathname}:${id}`
}

export function load(ns: string, key: string): string | null {
  try {
    return localStorage.getItem(`${ns}:${key}`)
  } catch {
    return null
  }
}

export function save(ns: string, key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(`${ns}:${key}`)
    else localStorage.setItem(`${ns}:${key}`, value)
  } catch {
    // quota or sandbox: keep going without persistence
  }
}
