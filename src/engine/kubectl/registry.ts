// The command table: every `kubectl` word the emulator understands, with the command-group words
// (`rollout`, `set`) that only hold subcommands.

import type { CommandDef } from './types';
import { getCommand } from './commands/get';
import { describeCommand } from './commands/describe';
import { explainCommand } from './commands/explain';
import { versionCommand } from './commands/version';
import { createCommand } from './commands/create';
import { applyCommand } from './commands/apply';
import { deleteCommand } from './commands/delete';
import { taintCommand } from './commands/taint';
import { cordonCommand, uncordonCommand } from './commands/cordon';
import { drainCommand } from './commands/drain';
import { labelCommand, annotateCommand } from './commands/label';
import { runCommand } from './commands/run';
import { setImageCommand } from './commands/setImage';
import {
  rolloutHistoryCommand,
  rolloutRestartCommand,
  rolloutStatusCommand,
  rolloutUndoCommand,
} from './commands/rollout';

export const COMMANDS: CommandDef[] = [
  createCommand,
  applyCommand,
  getCommand,
  describeCommand,
  explainCommand,
  deleteCommand,
  runCommand,
  setImageCommand,
  rolloutStatusCommand,
  rolloutHistoryCommand,
  rolloutUndoCommand,
  rolloutRestartCommand,
  taintCommand,
  cordonCommand,
  uncordonCommand,
  drainCommand,
  labelCommand,
  annotateCommand,
  versionCommand,
];

/** Words that group subcommands, with their one-line description (cobra parents without Run). */
export const GROUPS: ReadonlyMap<string, string> = new Map([
  ['rollout', 'Manage the rollout of a resource'],
  ['set', 'Set specific features on objects'],
]);

/** Root help sections (kubectl's `kubectl --help` layout). */
export const ROOT_SECTIONS: { title: string; names: string[] }[] = [
  { title: 'Basic Commands (Beginner)', names: ['create', 'run', 'set'] },
  { title: 'Basic Commands (Intermediate)', names: ['explain', 'get', 'delete'] },
  { title: 'Deploy Commands', names: ['rollout'] },
  { title: 'Cluster Management Commands', names: ['cordon', 'uncordon', 'drain', 'taint'] },
  { title: 'Troubleshooting and Debugging Commands', names: ['describe'] },
  { title: 'Advanced Commands', names: ['apply'] },
  { title: 'Settings Commands', names: ['label', 'annotate'] },
  { title: 'Other Commands', names: ['version'] },
];

/** Name (and alias) → command, read from COMMANDS on every lookup (so tests may add commands). */
function byName(): Map<string, CommandDef> {
  const m = new Map<string, CommandDef>();
  for (const c of COMMANDS) {
    m.set(c.name, c);
    for (const a of c.aliases ?? []) m.set(c.name.includes(' ') ? `${c.name.split(' ')[0]} ${a}` : a, c);
  }
  return m;
}

/** Finds a command by one or two words (longest match first). */
export function findCommand(words: string[]): { def: CommandDef; used: number } | undefined {
  const m = byName();
  if (words.length >= 2) {
    const two = m.get(`${words[0]} ${words[1]}`);
    if (two) return { def: two, used: 2 };
  }
  const one = words.length >= 1 ? m.get(words[0]) : undefined;
  if (one && !one.name.includes(' ')) return { def: one, used: 1 };
  return undefined;
}

/** Subcommands of a group word (`rollout` → status, history, undo, restart). */
export function subcommands(group: string): CommandDef[] {
  return COMMANDS.filter((c) => c.name.startsWith(`${group} `));
}

/** Top-level command words (commands and groups), sorted. */
export function topLevelWords(): string[] {
  const words = new Set<string>();
  for (const c of COMMANDS) words.add(c.name.split(' ')[0]);
  for (const g of GROUPS.keys()) words.add(g);
  return [...words].sort();
}

/** One-line description of a top-level word. */
export function shortFor(word: string): string {
  return GROUPS.get(word) ?? byName().get(word)?.short ?? '';
}
