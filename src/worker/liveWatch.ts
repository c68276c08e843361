// `kubectl rollout status` on the page: instead of running the simulation to the end inside one
// command (what the CLI does), the console prints the current line and then one line each time the
// DaemonSet changes while the clock runs, as a real watch would, until the rollout is done.

import { tokenize, parseArgs, flagString } from '../engine/kubectl/argv'
import { parseResourceArgs } from '../engine/kubectl/resources'
import { daemonSetStatus, rolloutStatusCommand } from '../engine/kubectl/commands/rolloutStatus'
import type { Simulation } from '../engine/simulation'
import type { DaemonSet } from '../engine/api/types'

export interface WatchTarget {
  namespace: string
  name: string
}

/**
 * The DaemonSet a `kubectl rollout status` line watches, when it is a watching one (no
 * `--watch=false`, no `--timeout`, one DaemonSet); else null (the command then runs as in the CLI).
 */
export function rolloutWatchTarget(line: string): WatchTarget | null {
  let words: string[]
  try {
    words = tokenize(line)
  } catch {
    return null
  }
  if (words[0] !== 'kubectl' || words[1] !== 'rollout' || words[2] !== 'status') return null
  try {
    const args = parseArgs(words.slice(3), rolloutStatusCommand.flags, 'kubectl rollout status')
    if (flagString(args, 'watch') === 'false' || flagString(args, 'timeout') !== undefined) return null
    const reqs = parseResourceArgs(args.positional, 'rollout status')
    if (reqs.length !== 1 || reqs[0].kind !== 'DaemonSet' || reqs[0].names.length !== 1) return null
    return { namespace: flagString(args, 'namespace') ?? 'default', name: reqs[0].names[0] }
  } catch {
    return null
  }
}

/**
 * Prints a status line for every change of the DaemonSet, like a watch. Calls `done` once the
 * rollout finished, the DaemonSet went away, or the status cannot be shown. Returns a stop function.
 */
export function watchRollout(sim: Simulation, target: WatchTarget, print: (line: string, stream: 'stdout' | 'stderr') => void, done: (exitCode: number) => void): () => void {
  const ds = sim.store.get('DaemonSet', target.namespace, target.name)
  if (!ds) {
    done(1)
    return () => {}
  }
  const uid = ds.metadata.uid
  let finished = false
  const stop = sim.watch((c) => {
    if (finished || c.kind !== 'DaemonSet' || c.obj.metadata.uid !== uid) return
    if (c.type === 'DELETED') {
      finish()
      print('error: object has been deleted\n', 'stderr')
      done(1)
      return
    }
    try {
      const s = daemonSetStatus(c.obj as DaemonSet)
      print(`${s.message}\n`, 'stdout')
      if (s.done) {
        finish()
        done(0)
      }
    } catch (e) {
      finish()
      print(`error: ${(e as Error).message}\n`, 'stderr')
      done(1)
    }
  })
  function finish() {
    finished = true
    queueMicrotask(stop)
  }
  return () => {
    finished = true
    stop()
  }
}
