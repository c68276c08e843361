// The kubelet's prober (pkg/kubelet/prober: prober.go runProbe, worker.go doProbe) as the simulation
// needs it: a container's probes with their timing fields and the API defaults, whether a probe of
// a simulated program succeeds, and the text a failing probe's handler outputs (pkg/probe/http,
// tcp, exec, grpc), which the `Unhealthy` events carry.
//
// Nothing really runs, so a probe's outcome comes from what the image's program does
// (registry.ts RunBehaviour): an `unready` program fails its readiness probes (and, with
// `liveness: true`, its liveness and startup probes); every other probe succeeds. A container
// without a readiness probe is ready once started, as in Kubernetes.

import type { Container } from '../api/types';
import type { RunBehaviour } from '../registry/registry';
import { TIMINGS } from '../timings';

export type ProbeType = 'readiness' | 'liveness' | 'startup';

/** probeType.String() (prober/prober_manager.go): the first word of an `Unhealthy` event */
export const PROBE_NAMES: Readonly<Record<ProbeType, string>> = {
  readiness: 'Readiness',
  liveness: 'Liveness',
  startup: 'Startup',
};

/** One probe of a container, its fields defaulted as the API server defaults them (SetDefaults_Probe). */
export interface Probe {
  type: ProbeType;
  /** the first probe, this long after the container started */
  firstMs: number;
  periodMs: number;
  successThreshold: number;
  failureThreshold: number;
  timeoutSeconds: number;
  /** what a failure's handler outputs (an `Unhealthy` event's text after "… probe failed: ") */
  handler: ProbeHandler;
}

export type ProbeHandler =
  | { kind: 'httpGet' }
  | { kind: 'tcpSocket'; host?: string; port: string }
  | { kind: 'grpc' }
  | { kind: 'exec' }
  | { kind: 'none' };

const FIELDS: Readonly<Record<ProbeType, 'readinessProbe' | 'livenessProbe' | 'startupProbe'>> = {
  readiness: 'readinessProbe',
  liveness: 'livenessProbe',
  startup: 'startupProbe',
};

function int(v: unknown, dflt: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : dflt;
}

/**
 * The container's probe of that type, if it has one. The first probe comes initialDelaySeconds after
 * the start (upstream: at the first tick of the probe worker's periodSeconds ticker after that); a
 * probe without initialDelaySeconds first runs TIMINGS.readinessDelayMs after the start, as the
 * simulation has always reported readiness.
 */
export function probeOf(c: Container, type: ProbeType): Probe | undefined {
  const raw = c[FIELDS[type]];
  if (raw === undefined || raw === null || typeof raw !== 'object') return undefined;
  const p = raw as Record<string, unknown>;
  const delay = p.initialDelaySeconds;
  return {
    type,
    firstMs: typeof delay === 'number' ? delay * 1000 : TIMINGS.readinessDelayMs,
    periodMs: int(p.periodSeconds, 10) * 1000,
    successThreshold: int(p.successThreshold, 1),
    failureThreshold: int(p.failureThreshold, 3),
    timeoutSeconds: int(p.timeoutSeconds, 1),
    handler: handlerOf(p, c),
  };
}

function handlerOf(p: Record<string, unknown>, c: Container): ProbeHandler {
  if (p.httpGet) return { kind: 'httpGet' };
  const tcp = p.tcpSocket as { host?: unknown; port?: unknown } | undefined;
  if (tcp)
    return {
      kind: 'tcpSocket',
      host: typeof tcp.host === 'string' && tcp.host ? tcp.host : undefined,
      port: portOf(tcp.port, c),
    };
  if (p.grpc) return { kind: 'grpc' };
  if (p.exec) return { kind: 'exec' };
  return { kind: 'none' };
}

/** A probe's port: a number, or a named container port (findPortByName); a name no port has stays as written. */
function portOf(port: unknown, c: Container): string {
  if (typeof port === 'number') return String(port);
  if (typeof port === 'string') {
    for (const p of c.ports ?? []) if (p.name === port) return String(p.containerPort);
    return port;
  }
  return '';
}

/**
 * Whether a probe of a container running `run` fails: an `unready` program fails its readiness
 * probes, and with `liveness` its liveness and startup probes too.
 */
export function probeFails(type: ProbeType, run: RunBehaviour): boolean {
  if (run.kind !== 'unready') return false;
  return type === 'readiness' || run.liveness === true;
}

/**
 * What the failing probe's handler outputs (the `%s` of "%s probe failed: %s"):
 * - httpGet: pkg/probe/http `HTTP probe failed with statuscode: %d` (the program answers 500);
 * - tcpSocket: the dial error, `dial tcp HOST:PORT: connect: connection refused` (HOST: the probe's
 *   host, else the pod IP);
 * - grpc: pkg/probe/grpc `service unhealthy (responded with "NOT_SERVING")`;
 * - exec: the command's output, which a simulated program does not have: empty.
 */
export function probeFailureOutput(probe: Probe, podIP: string | undefined): string {
  const h = probe.handler;
  switch (h.kind) {
    case 'httpGet':
      return 'HTTP probe failed with statuscode: 500';
    case 'tcpSocket':
      return `dial tcp ${h.host ?? podIP ?? ''}:${h.port}: connect: connection refused`;
    case 'grpc':
      return 'service unhealthy (responded with "NOT_SERVING")';
    default:
      return '';
  }
}

/** The `Unhealthy` event's message: `Readiness probe failed: HTTP probe failed with statuscode: 500`. */
export function probeFailedMessage(probe: Probe, podIP: string | undefined): string {
  return `${PROBE_NAMES[probe.type]} probe failed: ${probeFailureOutput(probe, podIP)}`;
}
