// `kubectl get -w` on the page: the console prints the listing, then a row for each change of a
// watched object while the clock runs, until Ctrl+C — the same rows as the CLI (which runs the
// simulation until it is quiet instead). Lines with --request-timeout run as in the CLI.

import {
  tokenize,
  parseArgs,
  flagString,
  getCommand,
  openLiveGetWatch,
  type LiveGetWatch,
  Output,
  type Chunk,
  type CommandContext,
  type Simulation,
} from '../engine';

/**
 * Starts a live watch when `line` is a watching `kubectl get`; null otherwise (the line then runs
 * as any other command). `write` receives the listing and every later row.
 */
export function startLiveGetWatch(
  sim: Simulation,
  line: string,
  write: (chunk: Chunk) => void,
  /** the namespace without `-n`: the session's kubeconfig context's */
  defaultNamespace = 'default',
): LiveGetWatch | null {
  let words: string[];
  try {
    words = tokenize(line);
  } catch {
    return null;
  }
  if (words[0] !== 'kubectl' || words[1] !== 'get') return null;
  try {
    const args = parseArgs(words.slice(2), getCommand.flags, 'kubectl get');
    const ns = flagString(args, 'namespace');
    const ctx: CommandContext = {
      sim,
      opts: {},
      out: new Output(),
      namespace: ns || defaultNamespace,
      namespaceExplicit: ns !== undefined,
      args,
      argv: words.slice(1),
    };
    return openLiveGetWatch(ctx, (text) => write({ stream: 'stdout', text }));
  } catch {
    return null;
  }
}
