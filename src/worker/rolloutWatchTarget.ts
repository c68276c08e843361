// Which `kubectl rollout status` lines watch (the page streams those live): parsing only, so the main
// thread can ask without loading the command itself.

import { tokenize, parseArgs, flagString, parseResourceArgs, ROLLOUT_STATUS_FLAGS } from '../engine/scripts';

export interface WatchTarget {
  namespace: string;
  name: string;
}

/**
 * The DaemonSet a `kubectl rollout status` line watches, when it is a watching one (no
 * `--watch=false`, no `--timeout`, one DaemonSet); else null (the command then runs as in the CLI).
 * Without `-n`, in `defaultNamespace` (the session's kubeconfig context's).
 */
export function rolloutWatchTarget(line: string, defaultNamespace = 'default'): WatchTarget | null {
  let words: string[];
  try {
    words = tokenize(line);
  } catch {
    return null;
  }
  if (words[0] !== 'kubectl' || words[1] !== 'rollout' || words[2] !== 'status') return null;
  try {
    const args = parseArgs(words.slice(3), ROLLOUT_STATUS_FLAGS, 'kubectl rollout status');
    if (flagString(args, 'watch') === 'false' || flagString(args, 'timeout') !== undefined) return null;
    const reqs = parseResourceArgs(args.positional, 'rollout status');
    if (reqs.length !== 1 || reqs[0].kind !== 'DaemonSet' || reqs[0].names.length !== 1) return null;
    return { namespace: flagString(args, 'namespace') || defaultNamespace, name: reqs[0].names[0] };
  } catch {
    return null;
  }
}
