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
  createSecretDockerRegistryCommand,
  createSecretGenericCommand,
  createSecretTLSCommand,
  createServiceCommand,
  CREATE_SERVICE_COMMANDS,
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
import {
  alphaCommand,
  certificateApproveCommand,
  certificateDenyCommand,
  completionCommand,
  kustomizeCommand,
  optionsCommand,
  pluginListCommand,
  proxyCommand,
} from './commands/clientSide';
import { drainCommand } from './commands/drain';
import { labelCommand, annotateCommand } from './commands/label';
import { runCommand } from './commands/run';
import { setImageCommand } from './commands/setImage';
import { setEnvCommand } from './commands/setEnv';
import { setResourcesCommand } from './commands/setResources';
import { CONFIG_WRITERS } from './commands/configWriters';
import { setSelectorCommand, setServiceAccountCommand } from './commands/setServiceAccount';
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
  configGetClustersCommand,
  configGetContextsCommand,
  configGetUsersCommand,
  configSetContextCommand,
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
  createSecretDockerRegistryCommand,
  createSecretGenericCommand,
  createSecretTLSCommand,
  createServiceCommand,
  ...CREATE_SERVICE_COMMANDS,
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
  setSelectorCommand,
  setServiceAccountCommand,
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
  proxyCommand,
  kustomizeCommand,
  completionCommand,
  optionsCommand,
  alphaCommand,
  pluginListCommand,
  certificateApproveCommand,
  certificateDenyCommand,
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
  configGetClustersCommand,
  configGetContextsCommand,
  configGetUsersCommand,
  configSetContextCommand,
  configUseContextCommand,
  configViewCommand,
  ...CONFIG_WRITERS,
];

/** Words that group subcommands, with their one-line description (cobra parents without Run). */
export const GROUPS: ReadonlyMap<string, string> = new Map([
  ['rollout', 'Manage the rollout of a resource'],
  ['set', 'Set specific features on objects'],
  ['auth', 'Inspect authorization'],
  ['config', 'Modify kubeconfig files'],
  ['top', 'Display resource (CPU/memory) usage'],
  ['certificate', 'Modify certificate resources'],
  ['plugin', 'Provides utilities for interacting with plugins'],
]);

/** A group word's help (kubectl 1.33's text) and what it does without a known subcommand. */
export interface GroupHelp {
  long: string;
  example?: string;
  usage: string;
  /**
   * cobra's Run of the group: `stdout` prints the help and exits 1 (rollout), `stderr` prints it on
   * standard error and exits 1 (cmdutil.DefaultSubCommandRun; an unknown word is an `unknown
   * command` error for both), `help` prints it and exits 0 whatever follows (certificate).
   */
  bare: 'stdout' | 'stderr' | 'help';
}

const BARE: Record<string, GroupHelp['bare']> = {
  rollout: 'stdout',
  certificate: 'help',
};

/** The help of each group word, as `kubectl GROUP --help` prints it. */
export const GROUP_HELP: ReadonlyMap<string, GroupHelp> = new Map(
  (
    [
      [
        'rollout',
        {
          long: `Manage the rollout of one or many resources.
        
 Valid resource types include:

  *  deployments
  *  daemonsets
  *  statefulsets`,
          example: `  # Rollback to the previous deployment
  kubectl rollout undo deployment/abc
  
  # Check the rollout status of a daemonset
  kubectl rollout status daemonset/foo
  
  # Restart a deployment
  kubectl rollout restart deployment/abc
  
  # Restart deployments with the 'app=nginx' label
  kubectl rollout restart deployment --selector=app=nginx`,
          usage: 'kubectl rollout SUBCOMMAND [options]',
        },
      ],
      [
        'set',
        {
          long: `Configure application resources.

 These commands help you make changes to existing application resources.`,
          usage: 'kubectl set SUBCOMMAND [options]',
        },
      ],
      [
        'auth',
        {
          long: `Inspect authorization.`,
          usage: 'kubectl auth [flags] [options]',
        },
      ],
      [
        'config',
        {
          long: `Modify kubeconfig files using subcommands like "kubectl config set current-context my-context".

 The loading order follows these rules:

  1.  If the --kubeconfig flag is set, then only that file is loaded. The flag may only be set once and no merging takes place.
  2.  If $KUBECONFIG environment variable is set, then it is used as a list of paths (normal path delimiting rules for your system). These paths are merged. When a value is modified, it is modified in the file that defines the stanza. When a value is created, it is created in the first file that exists. If no files in the chain exist, then it creates the last file in the list.
  3.  Otherwise, \${HOME}/.kube/config is used and no merging takes place.`,
          usage: 'kubectl config SUBCOMMAND [options]',
        },
      ],
      [
        'top',
        {
          long: `Display resource (CPU/memory) usage.

 The top command allows you to see the resource consumption for nodes or pods.

 This command requires Metrics Server to be correctly configured and working on the server.`,
          usage: 'kubectl top [flags] [options]',
        },
      ],
      [
        'certificate',
        {
          long: `Modify certificate resources.`,
          usage: 'kubectl certificate SUBCOMMAND [options]',
        },
      ],
      [
        'plugin',
        {
          long: `Provides utilities for interacting with plugins.

 Plugins provide extended functionality that is not part of the major command-line distribution. Please refer to the documentation and examples for more information about how write your own plugins.

 The easiest way to discover and install plugins is via the kubernetes sub-project krew: [krew.sigs.k8s.io]. To install krew, visit https://krew.sigs.k8s.io/docs/user-guide/setup/install`,
          example: `  # List all available plugins
  kubectl plugin list
  
  # List only binary names of available plugins without paths
  kubectl plugin list --name-only`,
          usage: 'kubectl plugin [flags] [options]',
        },
      ],
    ] as [string, Omit<GroupHelp, 'bare'>][]
  ).map(([g, h]) => [g, { ...h, bare: BARE[g] ?? 'stderr' }]),
);

/** Root help sections (kubectl's `kubectl --help` layout). */
export const ROOT_SECTIONS: { title: string; names: string[]; always?: boolean }[] = [
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
  // kubectl lists the `kubectl-*` executables on PATH here; the console has no PATH (plugin list)
  { title: 'Subcommands provided by plugins', names: [], always: true },
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

/** Finds a command by one, two or three words (longest match first; `create svc clusterip`). */
export function findCommand(words: string[]): { def: CommandDef; used: number } | undefined {
  const m = byName();
  if (words.length >= 3) {
    const parent = m.get(`${words[0]} ${words[1]}`);
    const three = parent && m.get(`${parent.name} ${words[2]}`);
    if (three) return { def: three, used: 3 };
  }
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
