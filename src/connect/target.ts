// `?connect=…`: which cluster the page shows instead of its own simulation. Only a loopback address
// (`http://127.0.0.1:PORT`, `http://localhost:PORT`; not `[::1]`, which no CSP source can name) or `same-origin` (the page is
// served by `kubectl proxy --www=…`, the API is on its own origin) is accepted: a page that sends
// requests to any address a link names would let a link make the reader's browser talk to servers of
// the link author's choosing.

export type ConnectTarget =
  | { type: 'none' }
  /** `base`: the URL the API paths are appended to (no trailing slash) */
  | { type: 'remote'; base: string; label: string; sameOrigin: boolean }
  /** `why`: the reason alone (the banner words the rest in the page's language) */
  | { type: 'refused'; value: string; why: string; message: string };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

export function parseConnect(search: string, origin: string): ConnectTarget {
  const p = new URLSearchParams(search);
  const value = p.get('connect');
  if (value === null) return { type: 'none' };
  const v = value.trim();
  if (v === 'same-origin') return { type: 'remote', base: origin, label: origin, sameOrigin: true };
  const refuse = (why: string): ConnectTarget => ({
    type: 'refused',
    value,
    why,
    message: `connect=${value} was not followed: ${why}. The page connects only to http://127.0.0.1:PORT, http://localhost:PORT or same-origin; it shows its own simulated cluster instead.`,
  });
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return refuse('it is not a URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    return refuse(`the scheme ${u.protocol} is not http: or https:`);
  // A Content-Security-Policy source cannot name an IPv6 address, so the page could not reach it.
  if (u.hostname === '[::1]')
    return refuse(
      'the page’s Content-Security-Policy cannot allow an IPv6 address such as [::1]; use http://127.0.0.1:PORT or http://localhost:PORT for the same server',
    );
  if (!LOOPBACK_HOSTS.has(u.hostname)) return refuse(`${u.hostname} is not a loopback address`);
  if (u.username || u.password) return refuse('it carries a user name or password');
  if (u.search || u.hash) return refuse('it carries a query or a fragment');
  const path = u.pathname.replace(/\/+$/, '');
  const base = `${u.protocol}//${u.host}${path}`;
  return { type: 'remote', base, label: base, sameOrigin: false };
}
