// `kubectl rollout status` on the page: instead of running the simulation to the end inside one
// command (what the CLI does), the console prints the current line and then one line each time the
// DaemonSet changes while the clock runs, as a real watch would, until the rollout is done.

import { daemonSetStatus, type Simulation, type DaemonSet } from '../engine';

export { rolloutWatchTarget, type WatchTarget } from './rolloutWatchTarget';
import type { WatchTarget } from './rolloutWatchTarget';

/**
 * Prints a status line for every change of the DaemonSet, like a watch. Calls `done` once the
 * rollout finished, the DaemonSet went away, or the status cannot be shown. Returns a stop function.
 */
export function watchRollout(
  sim: Simulation,
  target: WatchTarget,
  print: (line: string, stream: 'stdout' | 'stderr') => void,
  done: (exitCode: number) => void,
): () => void {
  const ds = sim.store.get('DaemonSet', target.namespace, target.name);
  if (!ds) {
    done(1);
    return () => {};
  }
  const uid = ds.metadata.uid;
  let finished = false;
  const stop = sim.watch((c) => {
    if (finished || c.kind !== 'DaemonSet' || c.obj.metadata.uid !== uid) return;
    if (c.type === 'DELETED') {
      finish();
      print('error: object has been deleted\n', 'stderr');
      done(1);
      return;
    }
    try {
      const s = daemonSetStatus(c.obj as DaemonSet);
      print(`${s.message}\n`, 'stdout');
      if (s.done) {
        finish();
        done(0);
      }
    } catch (e) {
      finish();
      print(`error: ${(e as Error).message}\n`, 'stderr');
      done(1);
    }
  });
  function finish() {
    finished = true;
    queueMicrotask(stop);
  }
  return () => {
    finished = true;
    stop();
  };
}
