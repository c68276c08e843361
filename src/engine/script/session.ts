// A session: one simulation and the commands typed into it (kubectl and sim). The CLI, the tests and
// the page's console all go through here, so they print the same thing.

import { Simulation } from '../simulation';
import { applyPreset, type PresetName } from '../cluster/presets';
import { tokenize } from '../kubectl/argv';
import { CommandError, Output, type Chunk, type KubectlResult } from '../kubectl/types';
import { runKubectl } from '../kubectl/index';
import { Kubeconfig } from '../kubectl/kubeconfig';
import { StatusError, kubectlErrorText } from '../api/errors';
import { runSim } from './simCommands';
import type { Budget } from './budget';
import {
  checkPreset,
  limitSimulation,
  startSession,
  type SessionOptions,
  type StartedSession,
} from './start';

export type { SessionOptions } from './start';

export class Session {
  sim: Simulation;
  readonly budget: Budget;
  /** simulated time the session started at: its time budget counts from here, across `sim cluster` */
  readonly startMs: number;
  private readonly opts: SessionOptions;
  /**
   * kubectl's kubeconfig (the current context's namespace): client state, so it outlives `sim
   * cluster` and a new session starts from the default one.
   */
  readonly kubeconfig = new Kubeconfig();
  /**
   * A new session on a new cluster (from its options), or on a cluster already started (from
   * startSession: the engine worker starts the cluster before kubectl's code has loaded).
   */
  constructor(from: SessionOptions | StartedSession = {}) {
    const started = 'sim' in from ? from : startSession(from);
    this.opts = started.opts;
    this.budget = started.budget;
    this.sim = started.sim;
    this.startMs = started.startMs;
  }

  /** Throws a CommandError when a preset has more nodes than the budget allows. */
  checkPreset(preset: PresetName, nodes?: number): void {
    checkPreset(this.budget, preset, nodes);
  }

  private limit(sim: Simulation): void {
    limitSimulation(sim, this.budget, this.startMs);
  }

  /** Simulated time left in the session's budget. */
  remainingMs(): number {
    return Math.max(0, this.sim.horizon - this.sim.now());
  }

  /**
   * Replaces the cluster with a preset; the clock goes on from where it is. The image registry is
   * outside the cluster, so its `sim image` rules stay.
   */
  reset(preset: PresetName, nodes?: number): void {
    this.checkPreset(preset, nodes);
    const now = this.sim.now();
    const registry = this.sim.registry;
    this.sim = new Simulation({
      seed: this.opts.seed ?? 1,
      start: now,
      daemonSetController: this.opts.daemonSetController,
    });
    this.sim.registry.copyFrom(registry);
    this.limit(this.sim);
    applyPreset(this.sim, preset, nodes);
  }

  /** `+1m05.250s` style offset from the start, for step lines. */
  clockLabel(ms: number): string {
    return (
      this.sim
        .iso(ms)
        .replace(/^\d{4}-\d\d-\d\dT/, '')
        .replace('Z', '') + `.${String(ms % 1000).padStart(3, '0')}`
    );
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
