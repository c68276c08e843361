// A session's start: the simulation, its budget and its preset, without kubectl. Session (session.ts)
// starts here; so does the engine worker, whose first chunk holds only this and the controllers, so
// that the page's first snapshot does not wait for kubectl's code (issue 24).

import { Simulation } from '../simulation';
import { applyPreset, presetNodeCount, type PresetName } from '../cluster/presets';
import { CommandError } from '../kubectl/types';
import { PAGE_BUDGET, type Budget } from './budget';

export interface SessionOptions {
  seed?: number;
  start?: number;
  preset?: PresetName;
  nodes?: number;
  /** reads `-f FILE` paths */
  readFile?: (path: string) => string;
  /** nodes and simulated time this session may use (default: the page's, PAGE_BUDGET) */
  budget?: Budget;
  /** which DaemonSet controller runs (the full pass is the oracle of the property test) */
  daemonSetController?: 'incremental' | 'fullPass';
}

/** A started cluster: what a Session adopts (new Session(opts, started)). */
export interface StartedSession {
  readonly opts: SessionOptions;
  readonly sim: Simulation;
  readonly budget: Budget;
  /** simulated time the session started at: its time budget counts from here, across `sim cluster` */
  readonly startMs: number;
}

/** Throws a CommandError when a preset has more nodes than the budget allows. */
export function checkPreset(budget: Budget, preset: PresetName, nodes?: number): void {
  const n = presetNodeCount(preset, nodes);
  if (n > budget.maxNodes)
    throw new CommandError(
      `--nodes must be between 0 and ${budget.maxNodes} (the most nodes ${budget.where} runs)`,
    );
}

/** Holds a simulation to its session's budget: its clock's horizon and its node cap. */
export function limitSimulation(sim: Simulation, budget: Budget, startMs: number): void {
  sim.horizon = startMs + budget.maxSimMs;
  sim.store.nodeLimit = budget.maxNodes;
}

/** Starts a session's cluster: a new simulation under the budget, with the preset applied. */
export function startSession(opts: SessionOptions = {}): StartedSession {
  const budget = opts.budget ?? PAGE_BUDGET;
  const sim = new Simulation({
    seed: opts.seed ?? 1,
    start: opts.start,
    daemonSetController: opts.daemonSetController,
  });
  const startMs = sim.now();
  checkPreset(budget, opts.preset ?? 'article', opts.nodes);
  limitSimulation(sim, budget, startMs);
  applyPreset(sim, opts.preset ?? 'article', opts.nodes);
  return { opts, sim, budget, startMs };
}
