// A container probe as `kubectl describe` prints it (DescribeProbe in k8s.io/kubectl/pkg/describe/
// describe.go), with the URL of an http-get probe built the way Go's net/url builds it.

export interface Probe {
  initialDelaySeconds?: number;
  timeoutSeconds?: number;
  periodSeconds?: number;
  successThreshold?: number;
  failureThreshold?: number;
  exec?: { command?: string[] };
  httpGet?: { scheme?: string; host?: string; port?: number | string; path?: string };
  tcpSocket?: { host?: string; port?: number | string };
  grpc?: { port: number; service?: string };
}

const HEX = '0123456789ABCDEF';

/** Go's net/url shouldEscape for a path (encodePath) or a host (encodeHost). */
function shouldEscape(c: number, host: boolean): boolean {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9]/.test(ch)) return false;
  if (host && '!$&\'()*+,;=:[]<>"'.includes(ch)) return false;
  if ('-_.~'.includes(ch)) return false;
  // reserved characters: a path escapes only `?`; a host (the rest are allowed above) escapes `/ ? @`
  if ('$&+,/:;=?@'.includes(ch)) return host || ch === '?';
  return true;
}

/** Go's url.escape: each byte of the UTF-8 encoding that must be escaped becomes %XX. */
function urlEscape(s: string, host: boolean): string {
  let out = '';
  for (const b of new TextEncoder().encode(s)) {
    out += shouldEscape(b, host) ? `%${HEX[b >> 4]}${HEX[b & 15]}` : String.fromCharCode(b);
  }
  return out;
}

/** net.JoinHostPort: brackets around a host that holds a colon (IPv6). */
const joinHostPort = (host: string, port: string) =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;

/** (&url.URL{Scheme, Host, Path}).String(), as DescribeProbe builds an http-get probe's URL. */
function probeURL(scheme: string, host: string, path: string): string {
  let out = scheme ? `${scheme}:` : '';
  if (scheme || host) {
    if (host || path) out += '//';
    out += urlEscape(host, true);
  }
  const escaped = path === '*' ? '*' : urlEscape(path, false);
  if (escaped !== '' && escaped[0] !== '/' && host !== '') out += '/';
  return out + escaped;
}

/**
 * DescribeProbe, kubectl 1.33–1.36 wording (`#success=1 #failure=3`; 1.37 spells them
 * successThreshold= / failureThreshold=). Unset fields print as the API server would have defaulted
 * them (SetDefaults_Probe: timeout 1, period 10, success 1, failure 3; SetDefaults_HTTPGetAction:
 * path `/`, scheme HTTP), since the playground's store keeps a probe as written.
 */
export function describeProbe(p: Probe): string {
  const attrs = `delay=${p.initialDelaySeconds ?? 0}s timeout=${p.timeoutSeconds ?? 1}s period=${p.periodSeconds ?? 10}s #success=${
    p.successThreshold ?? 1
  } #failure=${p.failureThreshold ?? 3}`;
  if (p.exec) return `exec [${(p.exec.command ?? []).join(' ')}] ${attrs}`;
  if (p.httpGet) {
    const scheme = (p.httpGet.scheme || 'HTTP').toLowerCase();
    const port = String(p.httpGet.port ?? '');
    const hostName = p.httpGet.host ?? '';
    const host = port.length > 0 ? joinHostPort(hostName, port) : hostName;
    return `http-get ${probeURL(scheme, host, p.httpGet.path || '/')} ${attrs}`;
  }
  if (p.tcpSocket) return `tcp-socket ${p.tcpSocket.host ?? ''}:${p.tcpSocket.port ?? ''} ${attrs}`;
  if (p.grpc) return `grpc <pod>:${p.grpc.port} ${p.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}
