import { describe, expect, it } from 'vitest';
import { describeProbe, type Probe } from './describeProbe';

const ATTRS = 'delay=0s timeout=1s period=10s #success=1 #failure=3';

// DescribeProbe of kubectl 1.33–1.36, the URL as Go's (&url.URL{Scheme, Host, Path}).String() gives it.
describe('describeProbe', () => {
  it.each<[string, Probe, string]>([
    [
      'http-get, defaults filled in as the API server would',
      { httpGet: { port: 8080, path: '/healthz' } },
      `http-get http://:8080/healthz ${ATTRS}`,
    ],
    ['http-get without a path: the defaulted /', { httpGet: { port: 80 } }, `http-get http://:80/ ${ATTRS}`],
    [
      'https, a host and a named port',
      { httpGet: { scheme: 'HTTPS', host: 'example.com', port: 'web', path: '/ready' } },
      `http-get https://example.com:web/ready ${ATTRS}`,
    ],
    [
      'a path without its leading slash gets one',
      { httpGet: { port: 8080, path: 'healthz' } },
      `http-get http://:8080/healthz ${ATTRS}`,
    ],
    [
      'an IPv6 host is bracketed',
      { httpGet: { host: 'fd00::1', port: 8080, path: '/' } },
      `http-get http://[fd00::1]:8080/ ${ATTRS}`,
    ],
    [
      'a path escapes ?, spaces and non-ASCII',
      { httpGet: { port: 8080, path: '/health check?full=1&é' } },
      `http-get http://:8080/health%20check%3Ffull=1&%C3%A9 ${ATTRS}`,
    ],
    [
      'exec, with every attribute set',
      {
        exec: { command: ['sh', '-c', 'cat /tmp/healthy'] },
        initialDelaySeconds: 5,
        timeoutSeconds: 2,
        periodSeconds: 5,
        successThreshold: 1,
        failureThreshold: 6,
      },
      'exec [sh -c cat /tmp/healthy] delay=5s timeout=2s period=5s #success=1 #failure=6',
    ],
    [
      'tcp-socket',
      { tcpSocket: { port: 5432 }, failureThreshold: 30 },
      'tcp-socket :5432 delay=0s timeout=1s period=10s #success=1 #failure=30',
    ],
    ['grpc without a service', { grpc: { port: 9090 } }, `grpc <pod>:9090  ${ATTRS}`],
    ['grpc with a service', { grpc: { port: 9090, service: 'health' } }, `grpc <pod>:9090 health ${ATTRS}`],
    ['no handler', {}, `unknown ${ATTRS}`],
  ])('%s', (_name, probe, want) => {
    expect(describeProbe(probe)).toBe(want);
  });
});
