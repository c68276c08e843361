// A session's cluster and what the `sim` commands change it through (its budget, its clock, a new
// preset), without kubectl. Session (session.ts) is this plus kubectl; the engine worker replays a
// lesson's `sim` setup on one before kubectl's code has loaded (issue 24), and the Session it makes
// later adopts its cluster.

import { Simulation } from '../simulation';
import { applyPreset, type PresetName } from '../cluster/presets';
import type { Budget } from './budget';
import {
  checkPreset,
  limitSimulation,
  startSession,
  type SessionOptions,
  type StartedSession,
} from './start';

export class SimSession implements StartedSession {
  sim: Simulation;
  readonly budget: Budget;
  /** simulated time the session started at: its time budget counts from here, across `sim cluster` */
  readonly startMs: number;
  readonly opts: SessionOptions;

  /**
   * A new session on a new cluster (from its options), or on a cluster already started (from
   * startSession, or another session's: the engine worker's Session adopts the one its `sim` setup
   * ran on).
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

  /**
   * The namespace `sim` commands naming a namespaced object look in without -n: `default` here (no
   * kubectl has run); Session's is its kubeconfig context's, as kubectl's.
   */
  namespace(): string {
    return 'default';
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
}
