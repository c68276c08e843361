// `kubectl logs -f` on the page: like the live `rollout status` (liveWatch.ts), the console prints
// what the container has written so far, then each new line as the clock runs, until the container
// exits or its pod goes away (or Ctrl+C). The CLI instead runs the simulation inside the command.

import {
  flagBool,
  parseArgs,
  tokenize,
  containerLogLines,
  formatLogLine,
  logStreams,
  logsCommand,
  Output,
  type CommandContext,
  type ParsedArgs,
  type Pod,
  type Simulation,
} from '../engine';

export interface LogsFollowTarget {
  args: ParsedArgs;
  namespace: string;
}

/** The parsed arguments of a following `kubectl logs -f …` line (no selector), else null. */
export function logsFollowTarget(line: string, defaultNamespace = 'default'): LogsFollowTarget | null {
  let words: string[];
  try {
    words = tokenize(line);
  } catch {
    return null;
  }
  if (words[0] !== 'kubectl' || words[1] !== 'logs') return null;
  try {
    const args = parseArgs(words.slice(2), logsCommand.flags, 'kubectl logs');
    if (!flagBool(args, 'follow') || args.flags.has('selector') || flagBool(args, 'previous')) return null;
    return { args, namespace: args.flags.get('namespace')?.at(-1) || defaultNamespace };
  } catch {
    return null;
  }
}

/**
 * Streams the new lines of the target's containers as the simulation changes their pods. Calls
 * `done` when every container has exited or its pod is gone. Returns a stop function.
 */
export function followLogs(
  sim: Simulation,
  target: LogsFollowTarget,
  print: (text: string) => void,
  done: (exitCode: number) => void,
): () => void {
  const ctx: CommandContext = {
    sim,
    opts: {},
    out: new Output(),
    namespace: target.namespace,
    namespaceExplicit: true,
    args: target.args,
    argv: [],
  };
  let streams: { pod: Pod; container: string; shown: number; over: boolean }[];
  try {
    streams = logStreams(ctx).map((s) => ({
      ...s,
      shown: containerLogLines(s.pod, s.container).length,
      over: false,
    }));
  } catch {
    done(1);
    return () => {};
  }
  let finished = false;
  const check = () => {
    for (const s of streams) {
      if (s.over) continue;
      const p = sim.store.get('Pod', s.pod.metadata.namespace, s.pod.metadata.name);
      if (!p || p.metadata.uid !== s.pod.metadata.uid) {
        s.over = true;
        continue;
      }
      const lines = containerLogLines(p, s.container);
      for (const l of lines.slice(s.shown)) print(formatLogLine(ctx, p, s.container, l));
      s.shown = Math.max(s.shown, lines.length);
      if (p.status?.containerStatuses?.find((c) => c.name === s.container)?.state.terminated) s.over = true;
    }
    if (streams.every((s) => s.over)) {
      finished = true;
      queueMicrotask(stop);
      done(0);
    }
  };
  const uids = new Set(streams.map((s) => s.pod.metadata.uid));
  const stop = sim.watch((c) => {
    if (finished || c.kind !== 'Pod' || !uids.has(c.obj.metadata.uid)) return;
    check();
  });
  // A container that has already exited has nothing more to say.
  check();
  return () => {
    finished = true;
    stop();
  };
}
