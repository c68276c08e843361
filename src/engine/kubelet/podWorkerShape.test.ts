// A kubelet pod worker keeps one hidden class from its pod's admission through its termination: it
// is made with every field it will get (stopAt, set when its pod is deleted, among them), so the
// kubelet's code compiled on running workers is not thrown out when the first pod terminates.

import { describe, expect, it } from 'vitest';
import { sameHiddenClass } from '../testing/hiddenClass';
import { rolloutRun } from '../testing/rolloutRun';

/** The kubelet's pod workers (a private map), as the test reads them. */
type Workers = Map<string, { stopAt: number | undefined }>;

describe('a pod worker', () => {
  it('has the hidden class of a running pod’s worker while its pod terminates', () => {
    let workers: Workers | undefined;
    const running: object[] = [];
    const terminating: object[] = [];
    rolloutRun({
      onStart: (sim) => {
        workers = (sim.kubelet as unknown as { workers: Workers }).workers;
        // after each step: the workers seen running and terminating (a worker stopping has its stopAt)
        sim.stepListeners.push(() => {
          for (const w of workers!.values()) {
            if (w.stopAt === undefined) {
              if (running.length < 50) running.push(w);
            } else if (!terminating.includes(w)) terminating.push(w);
          }
        });
      },
    });
    expect(running.length).toBeGreaterThan(0);
    expect(terminating.length).toBeGreaterThan(0);
    const other = [...running, ...terminating].filter((w) => !sameHiddenClass(running[0], w));
    expect(other.map((w) => Object.keys(w).join(','))).toEqual([]);
  });
});
