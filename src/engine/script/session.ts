// A session: one simulation and the commands typed into it (kubectl and sim). The CLI, the tests and
// the page's console all go through here, so they print the same thing.

import { tokenize } from '../kubectl/argv';
import { Output, type Chunk, type KubectlResult } from '../kubectl/types';
import { runKubectl } from '../kubectl/index';
import { Kubeconfig } from '../kubectl/kubeconfig';
import { runSim } from './simCommands';
import { simResult } from './simStart';
import { SimSession } from './simSession';

export type { SessionOptions } from './start';

export class Session extends SimSession {
  /**
   * kubectl's kubeconfig (the current context's namespace): client state, so it outlives `sim
   * cluster` and a new session starts from the default one.
   */
  readonly kubeconfig = new Kubeconfig();

  /** The kubeconfig context's namespace: where `sim pod fail` and `sim why` look without -n. */
  override namespace(): string {
    return this.kubeconfig.namespace();
  }

  /** Runs one command line (`kubectl …` or `sim …`), with an optional heredoc as stdin. */
  exec(line: string, stdin?: string, onChunk?: (c: Chunk) => void): KubectlResult {
    let words: string[];
    const out = new Output(onChunk);
    try {
      words = tokenize(line);
    } catch (e) {
      out.eprintln(`error: ${(e as Error).message}`);
      return { chunks: out.chunks, exitCode: 1 };
    }
    if (words.length === 0) return { chunks: [], exitCode: 0 };
    const [cmd, ...args] = words;
    if (cmd === 'kubectl') {
      return runKubectl(this.sim, args, {
        stdin,
        readFile: this.opts.readFile,
        onChunk,
        argv0: 'kubectl',
        kubeconfig: this.kubeconfig,
      });
    }
    if (cmd === 'sim') return simResult(out, () => runSim(this, args, out));
    out.eprintln(`${cmd}: command not found (try kubectl or sim)`);
    return { chunks: out.chunks, exitCode: 127 };
  }
}
