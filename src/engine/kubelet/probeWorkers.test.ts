// worker.go doProbe's thresholds and the next probe, on the simulated clock.

import { describe, expect, it } from 'vitest';
import type { Container } from '../api/types';
import type { ProbeWorker } from './podLife';
import { newContainerLife } from './podLife';
import { nextProbeTime, probeRan, startProbing } from './probeWorkers';
import { type ProbeType, probeOf } from './prober';

function worker(type: ProbeType, fields: Record<string, number> = {}): ProbeWorker {
  const c = { name: 'c', [`${type}Probe`]: { httpGet: { port: 80 }, ...fields } } as Container;
  return { probe: probeOf(c, type)!, at: 0, failures: 0, successes: 0 };
}

describe('probeRan', () => {
  it('sets readiness after successThreshold successes in a row, then probes no more', () => {
    const w = worker('readiness', { periodSeconds: 5, successThreshold: 3 });
    expect([probeRan(w, true, 0), w.at]).toEqual([undefined, 5000]);
    expect([probeRan(w, false, 5000), w.at]).toEqual([undefined, 10_000]);
    expect([probeRan(w, true, 10_000), probeRan(w, true, 15_000)]).toEqual([undefined, undefined]);
    expect([probeRan(w, true, 20_000), w.at]).toEqual(['success', Infinity]);
  });

  it('fails readiness after failureThreshold failures in a row, and keeps probing every period', () => {
    const w = worker('readiness', { periodSeconds: 10, failureThreshold: 2 });
    expect(probeRan(w, false, 0)).toBeUndefined();
    expect(probeRan(w, true, 10_000)).toBe('success');
    w.at = 20_000;
    expect(probeRan(w, false, 20_000)).toBeUndefined();
    expect([probeRan(w, false, 30_000), w.at]).toEqual(['failure', 40_000]);
    expect([probeRan(w, false, 40_000), w.at]).toEqual(['failure', 50_000]);
  });

  it('fails liveness (and startup) after failureThreshold failures, then holds until the restart', () => {
    for (const type of ['liveness', 'startup'] as const) {
      const w = worker(type, { periodSeconds: 10 });
      expect(w.probe.failureThreshold).toBe(3);
      expect([probeRan(w, false, 0), probeRan(w, false, 10_000)]).toEqual([undefined, undefined]);
      expect([probeRan(w, false, 20_000), w.at]).toEqual(['failure', Infinity]);
      const healthy = worker(type);
      expect([probeRan(healthy, true, 0), healthy.at]).toEqual(['success', Infinity]);
    }
  });
});

describe('startProbing', () => {
  it('probes startup first, readiness from initialDelaySeconds, liveness only when the program fails it', () => {
    const c = {
      name: 'c',
      readinessProbe: { httpGet: { port: 80 }, initialDelaySeconds: 7 },
      livenessProbe: { httpGet: { port: 80 }, initialDelaySeconds: 3 },
    } as Container;
    const cl = newContainerLife('c');
    cl.cur = {
      id: 'x',
      attempt: 0,
      image: 'i',
      imageID: 'd',
      startedMs: 1000,
      startedAt: '',
      run: { kind: 'runs' },
    };
    startProbing(cl, c, 1000, 1000);
    expect([cl.started, cl.readiness!.at, cl.liveness!.at, cl.exitAt, nextProbeTime(cl)]).toEqual([
      true,
      8000,
      Infinity,
      Infinity,
      8000,
    ]);
    cl.cur.run = { kind: 'unready', liveness: true };
    startProbing(cl, c, 1000, 1000);
    expect([cl.liveness!.at, nextProbeTime(cl)]).toEqual([4000, 4000]);
    const withStartup = { ...c, startupProbe: { httpGet: { port: 80 }, periodSeconds: 2 } } as Container;
    cl.cur.run = { kind: 'crash', afterMs: 60_000, exitCode: 1 };
    startProbing(cl, withStartup, 1000, 1000);
    expect([cl.started, cl.startup!.at, cl.readiness!.at, cl.exitAt]).toEqual([
      false,
      1500,
      Infinity,
      61_000,
    ]);
  });
});
