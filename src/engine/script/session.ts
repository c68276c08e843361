// A session: one simulation and the commands typed into it (kubectl and sim). The CLI, the tests and
// the page's console all go through here, so they print the same thing.

import { Simulation } from '../simulation';
import { applyPreset, type PresetName } from '../cluster/presets';
import { tokenize } from '../kubectl/argv';
import { CommandError, Output, type Chunk, type KubectlResult } from '../kubectl/types';
import { runKubectl } from '../kubectl/index';
import { StatusError, kubectlErrorText } from '../api/errors';
import { runSim } from './simCommands';

export interface SessionOptions {
  seed?: number;
  start?: number;
  preset?: PresetName;
  nodes?: number;
  /** reads `-f FILE` paths */
  readFile?: (path: string) => string;
  /** which DaemonSet controller runs (the full pass is the oracle of the property test) */
  daemonSetController?: 'incremental' | 'fullPass';
}

export class Session {
  sim: Simulation;
  constructor(private readonly opts: SessionOptions = {}) {
    this.sim = new Simulation({ seed: opts.seed ?? 1, start: opts.start, daemonSetController: opts.daemonSetController });
    applyPreset(this.sim, opts.preset ?? 'article', opts.nodes);
  }

  /** Replaces the cluster with a preset; the clock goes on from where it is. */
  reset(preset: PresetName, nodes?: number): void {
    const now = this.sim.now();
    this.sim = new Simulation({ seed: this.opts.seed ?? 1, start: now, daemonSetController: this.opts.daemonSetController });
    applyPreset(this.sim, preset, nodes);
  }

  /** `+1m05.250s` style offset from the start, for step lines. */
  clockLabel(ms: number): string {
    return this.sim.iso(ms).replace(/^\d{4}-\d\d-\d\dT/, '').replace('Z', '') + `.${String(ms % 1000).padStart(3, '0')}`;
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
      return runKubectl(this.sim, args, { stdin, readFile: this.opts.readFile, onChunk, argv0: 'kubectl' });
    }
    if (cmd === 'sim') {
      try {
        runSim(this, args, out);
        return { chunks: out.chunks, exitCode: 0 };
      } catch (e) {
        if (e instanceof StatusError) out.eprintln(kubectlErrorText(e));
        else if (e instanceof CommandError) out.eprintln(e.raw ? e.message : `error: ${e.message}`);
        else out.eprintln(`error: ${(e as Error).message}`);
        return { chunks: out.chunks, exitCode: 1 };
      }
    }
    out.eprintln(`${cmd}: command not found (try kubectl or sim)`);
    return { chunks: out.chunks, exitCode: 127 };
  }
}
