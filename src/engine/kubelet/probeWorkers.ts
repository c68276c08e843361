// The prober manager's workers for one container run (pkg/kubelet/prober/prober_manager.go AddPod,
// worker.go doProbe), on the simulated clock: when each probe runs next, and what a probe's result
// does once it comes in a row often enough (successThreshold, failureThreshold). The kubelet runs
// the probe (prober.ts says whether it fails) and acts on the result.
//
// A probe that succeeds is not run again: the simulated program stays healthy until it restarts, so
// a healthy pod costs nothing per probe period. Failing probes run every periodSeconds.

import type { Container } from '../api/types';
import type { RunBehaviour } from '../registry/registry';
import { TIMINGS } from '../timings';
import type { ContainerLife, Instance, ProbeWorker } from './podLife';
import { type Probe, probeFails, probeOf } from './prober';

function newWorker(probe: Probe, at: number): ProbeWorker {
  return { probe, at, failures: 0, successes: 0 };
}

/**
 * The workers of a run that started at `startedMs` (AddPod): the startup probe first; readiness and
 * liveness once it started. The program's own exit, if it exits, is due `afterMs` after the start.
 */
export function startProbing(cl: ContainerLife, c: Container, startedMs: number, now: number): void {
  const run = cl.cur!.run;
  cl.kill = undefined;
  cl.ready = false;
  cl.readyAt = Infinity;
  cl.exitAt = run.kind === 'crash' || run.kind === 'oom' ? startedMs + run.afterMs : Infinity;
  const startup = c.startupProbe === undefined ? undefined : probeOf(c, 'startup');
  cl.startup = startup ? newWorker(startup, startedMs + startup.firstMs) : undefined;
  const readiness = c.readinessProbe === undefined ? undefined : probeOf(c, 'readiness');
  cl.readiness = readiness ? newWorker(readiness, Infinity) : undefined;
  const liveness = c.livenessProbe === undefined ? undefined : probeOf(c, 'liveness');
  cl.liveness = liveness ? newWorker(liveness, Infinity) : undefined;
  cl.started = startup === undefined;
  if (cl.started) probeStarted(cl, startedMs, now, run);
}

/**
 * Once the container started (no startup probe, or it succeeded): readiness is probed from its
 * first time on, or reported TIMINGS.readinessDelayMs later without a probe; liveness is probed only
 * when the program fails it.
 */
export function probeStarted(cl: ContainerLife, startedMs: number, now: number, run: RunBehaviour): void {
  const r = cl.readiness;
  if (r) r.at = Math.max(now, startedMs + r.probe.firstMs);
  else cl.readyAt = now + TIMINGS.readinessDelayMs;
  const l = cl.liveness;
  if (l && probeFails('liveness', run)) l.at = Math.max(now, startedMs + l.probe.firstMs);
}

/** The container stopped, or is being stopped: its probes run no more (until its next start). */
export function stopProbing(cl: ContainerLife): void {
  cl.ready = false;
  cl.readyAt = Infinity;
  cl.exitAt = Infinity;
  if (cl.startup) cl.startup.at = Infinity;
  if (cl.liveness) cl.liveness.at = Infinity;
  if (cl.readiness) cl.readiness.at = Infinity;
}

/** The run exited with containerd's exit code and reason. */
export function runExited(
  cl: ContainerLife,
  cur: Instance,
  now: number,
  iso: string,
  exitCode: number,
  reason: string,
): void {
  cur.finishedMs = now;
  cur.finishedAt = iso;
  cur.exitCode = exitCode;
  cur.reason = reason;
  cl.started = false;
  stopProbing(cl);
}

/**
 * doProbe after the probe ran: the run of equal results grows; the result is set once
 * successThreshold successes or failureThreshold failures came in a row (undefined: below the
 * threshold, nothing changes). Then the next probe: none after a success, nor after a liveness or
 * startup failure (the worker is on hold until the container restarts); a period later otherwise.
 */
export function probeRan(w: ProbeWorker, ok: boolean, now: number): 'success' | 'failure' | undefined {
  const p = w.probe;
  if (ok) {
    w.failures = 0;
    w.successes++;
    if (w.successes >= p.successThreshold) {
      w.at = Infinity;
      return 'success';
    }
    w.at = now + p.periodMs;
    return undefined;
  }
  w.successes = 0;
  w.failures++;
  const held = w.failures >= p.failureThreshold && p.type !== 'readiness';
  w.at = held ? Infinity : now + p.periodMs;
  return w.failures >= p.failureThreshold ? 'failure' : undefined;
}

/** The worker (or the program's exit, or readiness without a probe) due first for this run, and when. */
export function nextProbeTime(cl: ContainerLife): number {
  let at = Math.min(cl.exitAt, cl.readyAt);
  if (cl.startup && cl.startup.at < at) at = cl.startup.at;
  if (cl.liveness && cl.liveness.at < at) at = cl.liveness.at;
  if (cl.readiness && cl.readiness.at < at) at = cl.readiness.at;
  return at;
}
