// One budget for every input that adds nodes or simulated time: scenario scripts in the CLI, the page's
// console, embed `load` scripts, share links and scenario files. Two guards use it:
//  - before running (`checkScriptBudget`): the lines as written — `sim cluster … --nodes N`, `sim node add`,
//    `sim advance D`, `sim step N` — so a script or a link that asks for too much is refused with its line;
//  - while running (`Session`): the simulation's clock cannot pass the session's horizon (so `sim settle`,
//    `kubectl rollout status`, `drain` waits and the play loop all count) and the API server refuses a node
//    past the cap (so `kubectl create -f node.yaml` counts too).

import { tokenize } from '../kubectl/argv';
import { parseDuration } from '../clock';
import { presetNodeCount, isPreset } from '../cluster/presets';
import { parseScript, ScriptParseError, type ScriptCommand } from './parse';

export interface Budget {
  /** who runs under it, for messages: "the page", "the CLI" */
  where: string;
  /** nodes in the cluster at once */
  maxNodes: number;
  /** simulated time a session may run, ms from its start */
  maxSimMs: number;
  /** work items of one `sim step N` */
  maxStepCount: number;
}

const DAY_MS = 24 * 3_600_000;

/** The page, share links, scenario files and embed `load` scripts: what a browser tab can replay. */
export const PAGE_BUDGET: Budget = {
  where: 'the page',
  maxNodes: 5_000,
  maxSimMs: 30 * DAY_MS,
  maxStepCount: 100_000,
};
/** The headless CLI: large clusters for benchmarks and course authors. */
export const CLI_BUDGET: Budget = {
  where: 'the CLI',
  maxNodes: 65_000,
  maxSimMs: 30 * DAY_MS,
  maxStepCount: 100_000,
};

/** "720h (30 days)", "2h": in the form `sim advance` takes, with days when it is whole days. */
export function formatBudgetHours(ms: number): string {
  const h = `${Math.round(ms / 3_600_000)}h`;
  return ms >= DAY_MS && ms % DAY_MS === 0 ? `${h} (${ms / DAY_MS} days)` : h;
}

export type BudgetKind = 'nodes' | 'time' | 'steps';

export class BudgetError extends Error {
  constructor(
    /** index of the offending entry in the list given (a script line number, a share input index); -1: the start */
    readonly index: number,
    /** which limit: nodes in the cluster, simulated time, work items of one `sim step` */
    readonly kind: BudgetKind,
    /** the limit (nodes, ms, items) */
    readonly limit: number,
    message: string,
  ) {
    super(message);
    this.name = 'BudgetError';
  }
}

export interface BudgetLine {
  /** what the error names: a script line number, or an input index */
  index: number;
  /** the command line */
  line: string;
  /** simulated ms since the start at which it runs, when known (share-link inputs) */
  at?: number;
}

export interface BudgetStart {
  preset: string;
  nodes?: number;
}

function flagValue(words: string[], name: string): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === `--${name}`) return words[i + 1];
    if (w.startsWith(`--${name}=`)) return w.slice(name.length + 3);
  }
  return undefined;
}

/**
 * Checks the lines as written against the budget; throws a BudgetError naming the first line over it.
 * Nodes count from the last `sim cluster` (or the start preset): each `sim node add` adds one, whether or
 * not a node is deleted later. Time adds up the `sim advance` durations (and, for share inputs, the time
 * at which each input ran). What cannot be known before running (`sim settle`, `rollout status` waits,
 * nodes from manifests) is bounded while running.
 */
export function checkScriptBudget(lines: readonly BudgetLine[], start: BudgetStart, budget: Budget): void {
  const hours = formatBudgetHours(budget.maxSimMs);
  let nodes = isPreset(start.preset) ? presetNodeCount(start.preset, start.nodes) : 0;
  if (nodes > budget.maxNodes)
    throw new BudgetError(
      -1,
      'nodes',
      budget.maxNodes,
      `the ${start.preset} preset with ${nodes} nodes is over the limit of ${budget.maxNodes} nodes`,
    );
  let t = 0;
  for (const { index, line, at } of lines) {
    if (at !== undefined) t = Math.max(t, at);
    if (t > budget.maxSimMs)
      throw new BudgetError(
        index,
        'time',
        budget.maxSimMs,
        `runs the simulated clock past ${hours}, the most a session runs`,
      );
    let words: string[];
    try {
      words = tokenize(line);
    } catch {
      continue; // the engine answers it with an error, as when it was typed
    }
    if (words[0] !== 'sim') continue;
    if (words[1] === 'cluster') {
      const preset = words[2];
      const n = flagValue(words, 'nodes');
      const count = Number(n);
      if (n !== undefined && Number.isFinite(count) && count > budget.maxNodes) {
        throw new BudgetError(
          index,
          'nodes',
          budget.maxNodes,
          `sim cluster asks for ${n} nodes; ${budget.where} runs at most ${budget.maxNodes}`,
        );
      }
      if (preset && isPreset(preset))
        nodes = presetNodeCount(preset, n === undefined || !Number.isInteger(count) ? undefined : count);
    } else if (words[1] === 'node' && words[2] === 'add') {
      nodes++;
      if (nodes > budget.maxNodes)
        throw new BudgetError(
          index,
          'nodes',
          budget.maxNodes,
          `sim node add: more than ${budget.maxNodes} nodes, the most ${budget.where} runs`,
        );
    } else if (words[1] === 'advance' && words[2] !== undefined) {
      let ms: number;
      try {
        ms = parseDuration(words[2]);
      } catch {
        continue;
      }
      t += ms;
      if (t > budget.maxSimMs)
        throw new BudgetError(
          index,
          'time',
          budget.maxSimMs,
          `sim advance ${words[2]} runs the simulated clock past ${hours}, the most a session runs`,
        );
    } else if (words[1] === 'step' && words[2] !== undefined) {
      if (Number(words[2]) > budget.maxStepCount)
        throw new BudgetError(
          index,
          'steps',
          budget.maxStepCount,
          `sim step asks for ${words[2]} work items; the limit is ${budget.maxStepCount}`,
        );
    }
  }
}

/**
 * Parses a scenario script (parse.ts) and checks it against the budget before anything runs: a line
 * over the budget is reported like a parse error, with its line (embed `load` scripts use this).
 */
export function parseScriptInBudget(
  source: string,
  budget: Budget = PAGE_BUDGET,
  start: BudgetStart = { preset: 'empty' },
): ScriptCommand[] {
  const commands = parseScript(source);
  try {
    checkScriptBudget(
      commands.map((c) => ({ index: c.line, line: c.command })),
      start,
      budget,
    );
  } catch (e) {
    if (e instanceof BudgetError) throw new ScriptParseError(Math.max(1, e.index), e.message);
    throw e;
  }
  return commands;
}
