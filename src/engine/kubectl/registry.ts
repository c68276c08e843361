// The command table: every `kubectl` word the emulator understands, with the command-group words
// (`rollout`, `set`) that only hold subcommands.

import type { CommandDef } from './types';
import { getCommand } from './commands/get';
import { describeCommand } from './commands/describe';
import { explainCommand } from './commands/explain';
import { versionCommand } from './commands/version';
import { createCommand } from './commands/create';
import { createNamespaceCommand } from './commands/createNamespace';
import { createPdbCommand } from './commands/createPdb';
import { createPriorityClassCommand } from './commands/createPriorityClass';
import { createDeploymentCommand } from './commands/createDeployment';
import {
  createConfigMapCommand,
  createCronJobCommand,
  createJobCommand,
  createSecretCommand,
  createServiceCommand,
} from './commands/createGenerators';
import { scaleCommand } from './commands/scale';
import { exposeCommand } from './commands/expose';
import { autoscaleCommand } from './commands/autoscale';
import { applyCommand } from './commands/apply';
import { deleteCommand } from './commands/delete';
import { taintCommand } from './commands/taint';
import { cordonCommand, uncordonCommand } from './commands/cordon';
import { debugCommand } from './commands/debug';
import { attachCommand, cpCommand, execCommand, portForwardCommand } from './commands/podStreams';
import { drainCommand } from './commands/drain';
import { labelCommand, annotateCommand } from './commands/label';
import { runCommand } from './commands/run';
import { setImageCommand } from './commands/setImage';
import { setEnvCommand } from './commands/setEnv';
import { setResourcesCommand } from './commands/setResources';
import { patchCommand } from './commands/patch';
import { waitCommand } from './commands/wait';
import {
  rolloutHistoryCommand,
  rolloutRestartCommand,
  rolloutStatusCommand,
  rolloutUndoCommand,
} from './commands/rollout';
import { rolloutPauseCommand, rolloutResumeCommand } from './commands/rolloutPause';
import { replaceCommand } from './commands/replace';
import { diffCommand } from './commands/diff';
import { editCommand } from './commands/edit';
import { logsCommand } from './commands/logs';
import { apiResourcesCommand, apiVersionsCommand } from './commands/discovery';
import { clusterInfoCommand } from './commands/clusterInfo';
import { topNodeCommand, topPodCommand } from './commands/top';
import { authCanICommand } from './commands/authCanI';
import { authWhoamiCommand } from './commands/authWhoami';
import { eventsCommand } from './commands/events';
import {
  configCurrentContextCommand,
  configGetContextsCommand,
  configUseContextCommand,
  configViewCommand,
} from './commands/config';

export const COMMANDS: CommandDef[] = [
  createCommand,
  createNamespaceCommand,
  createDeploymentCommand,
  createPdbCommand,
  createConfigMapCommand,
  createSecretCommand,
  createServiceCommand,
  createJobCommand,
  createCronJobCommand,
  createPriorityClassCommand,
  scaleCommand,
  exposeCommand,
  autoscaleCommand,
  applyCommand,
  patchCommand,
  waitCommand,
  getCommand,
  describeCommand,
  explainCommand,
  deleteCommand,
  runCommand,
  setImageCommand,
  setEnvCommand,
  setResourcesCommand,
  rolloutStatusCommand,
  rolloutHistoryCommand,
  rolloutUndoCommand,
  rolloutRestartCommand,
  taintCommand,
  cordonCommand,
  debugCommand,
  execCommand,
  attachCommand,
  portForwardCommand,
  cpCommand,
  uncordonCommand,
  drainCommand,
  labelCommand,
  annotateCommand,
  versionCommand,
  rolloutPauseCommand,
  rolloutResumeCommand,
  replaceCommand,
  diffCommand,
  editCommand,
  logsCommand,
  apiResourcesCommand,
  apiVersionsCommand,
  clusterInfoCommand,
  topNodeCommand,
  topPodCommand,
  authCanICommand,
  authWhoamiCommand,
  eventsCommand,
  configCurrentContextCommand,
  configGetContextsCommand,
  configUseContextCommand,
  configViewCommand,
];

/** Words that group subcommands, with their one-line description (cobra parents without Run). */
export const GROUPS: ReadonlyMap<string, string> = new Map([
  ['rollout', 'Manage the rollout of a resource'],
  ['set', 'Set specific features on objects'],
  ['auth', 'Inspect authorization'],
  ['config', 'Modify kubeconfig files'],
  ['top', 'Display resource (CPU/memory) usage'],
]);

/** Root help sections (kubectl's `kubectl --help` layout). */
export const ROOT_SECTIONS: { title: string; names: string[] }[] = [
  { title: 'Basic Commands (Beginner)', names: ['create', 'expose', 'run', 'set'] },
  { title: 'Basic Commands (Intermediate)', names: ['explain', 'get', 'edit', 'delete'] },
  { title: 'Deploy Commands', names: ['rollout', 'scale', 'autoscale'] },
  {
    title: 'Cluster Management Commands',
    names: ['certificate', 'cluster-info', 'top', 'cordon', 'uncordon', 'drain', 'taint'],
  },
  {
    title: 'Troubleshooting and Debugging Commands',
    names: ['describe', 'logs', 'attach', 'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events'],
  },
  { title: 'Advanced Commands', names: ['diff', 'apply', 'patch', 'replace', 'wait', 'kustomize'] },
  { title: 'Settings Commands', names: ['label', 'annotate', 'completion'] },
  { title: 'Other Commands', names: ['api-resources', 'api-versions', 'config', 'plugin', 'version'] },
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
