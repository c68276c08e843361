// Test helper: runs one command through the real dispatcher (runKubectl), returning stdout, stderr,
// the interleaved terminal text and the exit code.

import { Simulation, Simulation as SimulationCtor } from '../simulation';
import { newNode } from '../cluster/nodeFactory';
import { tokenize } from '../kubectl/argv';
import { runKubectl } from '../kubectl/index';
import type { CommandDef, KubectlOptions } from '../kubectl/types';

export interface RunResult {
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved as a terminal shows them */
  text: string;
  exitCode: number;
}

export function runDef(
  sim: Simulation,
  def: CommandDef,
  argv: string[] | string,
  opts: KubectlOptions = {},
): RunResult {
  const words = typeof argv === 'string' ? tokenize(argv) : argv;
  const r = runKubectl(sim, [...def.name.split(' '), ...words], opts);
  const pick = (s: 'stdout' | 'stderr') =>
    r.chunks
      .filter((c) => c.stream === s)
      .map((c) => c.text)
      .join('');
  return {
    stdout: pick('stdout'),
    stderr: pick('stderr'),
    text: r.chunks.map((c) => c.text).join(''),
    exitCode: r.exitCode,
  };
}

/** A simulation with registered nodes (Ready once settled), for command tests. */
export function simWithNodes(
  names: string[],
  opts: { taints?: Record<string, import('../api/types').Taint[]> } = {},
): Simulation {
  const sim = new SimulationCtor();
  names.forEach((name, index) => {
    sim.store.create(newNode(name, { index, now: sim.iso(), taints: opts.taints?.[name] }));
  });
  sim.settle();
  return sim;
}
