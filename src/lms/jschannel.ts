// Open edX's JSInput across origins (issue 25): with `sop="false"` the problem's page does not call the
// frame's functions (which a browser forbids across origins) but talks to it with jschannel
// (common/static/js/capa/src/jschannel.js in edx-platform): JSON text over postMessage, methods scoped
// `JSInput::`. This is the frame's side of that protocol, written from its message formats:
//   handshake  {method: 'JSInput::__ready', params: 'ping'}  → answered {method: 'JSInput::__ready', params: 'pong'}
//              (either side pings when it starts; the parent holds its calls until the handshake is done)
//   request    {id, method: 'JSInput::getGrade', params}     → {id, result} or {id, error, message}
// Only messages from the parent window and from an allowed origin (the page's own, or one in `origin=`)
// are answered, and only to that origin; anything else is ignored without an answer.

export const SCOPE = 'JSInput';

export type Handler = (params: unknown) => unknown;

export interface JsChannelOptions {
  win: Window;
  allowed: ReadonlySet<string>;
  handlers: ReadonlyMap<string, Handler>;
}

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string' || data.length > 4_000_000) return null;
  try {
    const m: unknown = JSON.parse(data);
    return typeof m === 'object' && m !== null && !Array.isArray(m) ? (m as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Where the first ping goes: the parent's origin as the browser says it, when it is allowed. */
function parentOrigin(win: Window, allowed: ReadonlySet<string>): string | null {
  const ancestors = (win.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const candidates = [ancestors && ancestors.length ? ancestors[0] : null];
  try {
    if (win.document.referrer) candidates.push(new URL(win.document.referrer).origin);
  } catch {
    // no referrer origin
  }
  return candidates.find((o): o is string => !!o && allowed.has(o)) ?? null;
}

/** Answers the parent's jschannel requests; returns a stop. */
export function answerJsChannel(o: JsChannelOptions): () => void {
  const { win, allowed, handlers } = o;
  if (win.parent === win) return () => undefined;
  const post = (msg: Record<string, unknown>, origin: string) =>
    win.parent.postMessage(JSON.stringify(msg), origin);

  const onMessage = (e: MessageEvent) => {
    if (e.source !== win.parent || e.origin === 'null' || !allowed.has(e.origin)) return;
    const m = parse(e.data);
    if (!m || typeof m.method !== 'string') return; // responses to calls of ours: we make none
    const [scope, method, ...rest] = m.method.split('::');
    if (scope !== SCOPE || method === undefined || rest.length) return;
    if (method === '__ready') {
      // every ping is answered: a problem drawn again builds a new channel to the same frame
      if (m.params === 'ping') post({ method: `${SCOPE}::__ready`, params: 'pong' }, e.origin);
      return;
    }
    const id = m.id;
    if (typeof id !== 'number' && typeof id !== 'string') return; // a notification: nothing bound for one
    if (!handlers.has(method)) return;
    let result: unknown;
    try {
      result = handlers.get(method)!(m.params);
    } catch (err) {
      post(
        { id, error: 'runtime_error', message: err instanceof Error ? err.message : String(err) },
        e.origin,
      );
      return;
    }
    post(result === undefined ? { id } : { id, result }, e.origin);
  };
  win.addEventListener('message', onMessage);
  // The parent's ping may have come before this page listened: ping it (jschannel answers with pong).
  const to = parentOrigin(win, allowed);
  if (to) post({ method: `${SCOPE}::__ready`, params: 'ping' }, to);
  return () => win.removeEventListener('message', onMessage);
}
