// What a web page must not be able to make the API-server mode do. The server has no authentication
// (by design: a local playground), so it refuses what a browser sends on another page's behalf:
//
// - a request whose `Host` is not this server on loopback (127.0.0.1, localhost or [::1] with the port
//   it was reached on): a page on a name that resolves to 127.0.0.1 (DNS rebinding) would be
//   same-origin with its own name, so CORS would not stop it; answered 403, a Forbidden Status;
// - a write (POST, PUT, PATCH, a DELETE with a body) whose body is not in a media type the API server
//   decodes: `text/plain`, `application/x-www-form-urlencoded` and `multipart/form-data` are the
//   types a browser sends cross-origin without asking first (a "simple request": an HTML form, or
//   `fetch(…, {mode: 'no-cors'})`), and a body without a type is one too (a Blob or an ArrayBuffer);
//   answered 415 with the API server's words (k8s.io/apiserver negotiation: "the body of the request
//   was in an unknown format - accepted media types include: …");
// - `POST /playground/v1/sim` without its own media type (SIM_MEDIA_TYPE), which a browser sends
//   only after a CORS preflight — answered for the `--allow-origin` origins only.
//
// - except a POST to a pod's streaming subresources (exec, attach, portforward) and the proxy
//   subresources, which the playground does not serve: the API server's router answers them 404
//   before anything reads a body, as a real one answers a route it has not registered — so a
//   refusal of the body's type would be words no API server says (kubectl falls back from its
//   WebSocket upgrade to a SPDY POST without a body, and must see the same 404 as for the upgrade).
//
// Any other media type makes a browser ask first (a preflight OPTIONS), and CORS answers only the
// `--allow-origin` origins, so a page elsewhere never gets to send it.

import type { IncomingMessage } from 'node:http';
import { PATCH_TYPES } from './patch';
import { failure, type StatusBody } from './status';

// the sim endpoint's path and media type, shared with the page (src/wire/sim.ts)
import { SIM_MEDIA_TYPE, SIM_PATH } from '../wire/sim';
export { SIM_MEDIA_TYPE, SIM_PATH };

/**
 * The media types the API server decodes a create, update or delete body from (its serializers:
 * JSON, YAML, protobuf — listed in this order in its 415). A handler that does not decode one of
 * them answers for itself; this list only keeps the types a browser may send unasked out.
 */
export const BODY_MEDIA_TYPES: readonly string[] = [
  'application/json',
  'application/yaml',
  'application/vnd.kubernetes.protobuf',
];

/**
 * The connect subresources (rest.Connecter in the API server: pods' exec, attach, portforward and
 * proxy, nodes' and services' proxy) the playground does not serve: answered 404 unread.
 */
const UNSERVED_CONNECT =
  /^\/api\/v1\/(?:namespaces\/[^/]+\/(?:pods\/[^/]+\/(?:exec|attach|portforward|proxy)|services\/[^/]+\/proxy)|nodes\/[^/]+\/proxy)(?:\/.*)?$/;

/** Whether PATH is a connect subresource the playground does not serve (the router's 404). */
export function unservedConnect(path: string): boolean {
  return UNSERVED_CONNECT.test(path);
}

/** Hosts a loopback server is reached by (as kubectl proxy's default --accept-hosts). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `type/subtype` of a Content-Type header, lower case, without parameters ('' when absent). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

export function unsupportedMediaType(accepted: Iterable<string>): StatusBody {
  return failure(
    415,
    `the body of the request was in an unknown format - accepted media types include: ${[...accepted].join(', ')}`,
    'UnsupportedMediaType',
  );
}

/**
 * The Host header names this server: a loopback name with the port the connection came in on
 * (`port`; 80 is implied when the header has none).
 */
export function hostAllowed(host: string | undefined, port: number | undefined): boolean {
  if (!host || port === undefined) return false;
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  if (!m) return false;
  const name = m[1].toLowerCase();
  const hostPort = m[2] === undefined ? 80 : Number(m[2]);
  return LOOPBACK_HOSTS.has(name) && hostPort === port;
}

/** Whether the request carries a body (a length, or chunked). */
function hasBody(req: IncomingMessage): boolean {
  const len = req.headers['content-length'];
  if (len !== undefined) return Number(len) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * The refusal for a request a page elsewhere may have sent, or undefined when it may go on.
 * `path` is the decoded path without a trailing slash.
 */
export function guardRequest(req: IncomingMessage, path: string): StatusBody | undefined {
  const host = req.headers.host;
  if (!hostAllowed(host, req.socket.localPort)) {
    return failure(
      403,
      `forbidden: Host "${host ?? ''}" is not this server: it answers requests for 127.0.0.1, localhost and [::1] on port ${req.socket.localPort ?? '?'} only`,
      'Forbidden',
    );
  }
  const method = req.method ?? 'GET';
  const type = mediaType(req.headers['content-type']);
  if (path === SIM_PATH) {
    if (method === 'POST' && type !== SIM_MEDIA_TYPE) return unsupportedMediaType([SIM_MEDIA_TYPE]);
    return undefined;
  }
  if (unservedConnect(path)) return undefined;
  if (method === 'PATCH') return PATCH_TYPES.has(type) ? undefined : unsupportedMediaType(PATCH_TYPES);
  if (method === 'POST' || method === 'PUT' || (method === 'DELETE' && (hasBody(req) || type !== ''))) {
    return BODY_MEDIA_TYPES.includes(type) ? undefined : unsupportedMediaType(BODY_MEDIA_TYPES);
  }
  return undefined;
}
