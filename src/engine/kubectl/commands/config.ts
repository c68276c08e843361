// `kubectl config view|current-context|get-contexts|use-context|set-context` (pkg/cmd/config) for the
// session's kubeconfig (../kubeconfig.ts): one cluster (with no certificate authority:
// insecure-skip-tls-verify), one user (no credentials: the playground needs none), one context, which
// is current, and whose namespace `set-context` sets.

import { flagBool, flagString } from '../argv';
import { commandHelp } from '../help';
import { printTable } from '../printers/table';
import { toYAML } from '../printers/yaml';
import { Kubeconfig } from '../kubeconfig';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { ClientError, finish } from './common';
import { PLAYGROUND_CLUSTER, PLAYGROUND_CONTEXT, PLAYGROUND_USER } from './playgroundConfig';

/** The session's kubeconfig (runKubectl always hands one over). */
function kubeconfig(ctx: CommandContext): Kubeconfig {
  return ctx.opts.kubeconfig ?? new Kubeconfig();
}

/** `-o json` prints the Config struct's field order (YAML sorts keys). */
function jsonOrder(c: Record<string, unknown>): Record<string, unknown> {
  const order = ['kind', 'apiVersion', 'preferences', 'clusters', 'users', 'contexts', 'current-context'];
  const named = (list: unknown, key: string) =>
    (list as Record<string, unknown>[]).map((e) => ({ name: e.name, [key]: e[key] }));
  const out: Record<string, unknown> = {};
  for (const k of order)
    out[k] =
      k === 'clusters'
        ? named(c[k], 'cluster')
        : k === 'users'
          ? named(c[k], 'user')
          : k === 'contexts'
            ? named(c[k], 'context')
            : c[k];
  return out;
}

export const configViewCommand: CommandDef = {
  name: 'config view',
  short: 'Display merged kubeconfig settings or a specified kubeconfig file',
  usage: 'kubectl config view [flags] [options]',
  flags: [
    {
      name: 'flatten',
      type: 'bool',
      usage:
        'Flatten the resulting kubeconfig file into self-contained output (useful for creating portable kubeconfig files)',
    },
    {
      name: 'minify',
      type: 'bool',
      usage: 'Remove all information not used by current-context from the output',
    },
    {
      name: 'output',
      short: 'o',
      type: 'string',
      default: 'yaml',
      usage: 'Output format. One of: (json, yaml).',
    },
    { name: 'raw', type: 'bool', usage: 'Display raw byte data and sensitive data' },
  ],
  run(ctx) {
    const output = flagString(ctx.args, 'output') ?? 'yaml';
    // --minify keeps what the current context uses: here, with one context, all of it
    const config = kubeconfig(ctx).view();
    if (output === 'json') ctx.out.out(`${JSON.stringify(jsonOrder(config), null, 4)}\n`);
    else if (output === 'yaml') ctx.out.out(toYAML(config));
    else {
      throw new CommandError(
        `unable to match a printer suitable for the output format "${output}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`,
      );
    }
  },
};

export const configCurrentContextCommand: CommandDef = {
  name: 'config current-context',
  short: 'Display the current-context',
  usage: 'kubectl config current-context [flags] [options]',
  flags: [],
  run(ctx) {
    ctx.out.println(PLAYGROUND_CONTEXT);
  },
};

export const configGetContextsCommand: CommandDef = {
  name: 'config get-contexts',
  short: 'Describe one or many contexts',
  long: 'Display one or many contexts from the kubeconfig file.',
  usage: 'kubectl config get-contexts [(-o|--output=)name)] [options]',
  flags: [
    {
      name: 'no-headers',
      type: 'bool',
      usage:
        "When using the default or custom-column output format, don't print headers (default print headers).",
    },
    { name: 'output', short: 'o', type: 'string', usage: 'Output format. One of: (name).' },
  ],
  run(ctx) {
    const output = flagString(ctx.args, 'output') ?? '';
    if (output !== '' && output !== 'name')
      throw new CommandError(
        `--output ${output} is not available in kubectl config get-contexts; resetting to default output format`,
      );
    const wanted = ctx.args.positional.length ? ctx.args.positional : [PLAYGROUND_CONTEXT];
    const errs: unknown[] = [];
    const rows: string[][] = [];
    for (const name of wanted) {
      if (name !== PLAYGROUND_CONTEXT) {
        errs.push(new ClientError(`error: context ${name} not found`));
        continue;
      }
      const { cluster, user, namespace } = kubeconfig(ctx).context;
      rows.push(output === 'name' ? [name] : ['*', name, cluster, user, namespace]);
    }
    if (output === 'name') for (const r of rows) ctx.out.println(r[0]);
    else
      ctx.out.out(
        printTable(
          { headers: ['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE'], rows },
          flagBool(ctx.args, 'no-headers'),
        ),
      );
    finish(errs);
  },
};

export const configUseContextCommand: CommandDef = {
  name: 'config use-context',
  aliases: ['use'],
  short: 'Set the current-context in a kubeconfig file',
  usage: 'kubectl config use-context CONTEXT_NAME [options]',
  flags: [],
  run(ctx) {
    const name = ctx.args.positional[0];
    if (!name || ctx.args.positional.length !== 1)
      throw new CommandError(
        `Unexpected args: [${ctx.args.positional.join(' ')}]\nSee 'kubectl config use-context -h' for help and examples`,
      );
    if (name !== PLAYGROUND_CONTEXT) throw new CommandError(`no context exists with the name: "${name}"`);
    ctx.out.println(`Switched to context "${name}".`);
  },
};

/** `config get-clusters` and `config get-users`: a NAME column of the kubeconfig's one entry. */
function nameList(kind: 'clusters' | 'users', name: string): CommandDef {
  return {
    name: `config get-${kind}`,
    short: `Display ${kind} defined in the kubeconfig`,
    long: `Display ${kind} defined in the kubeconfig.`,
    example: `  # List the ${kind} that kubectl knows about
  kubectl config get-${kind}`,
    usage: `kubectl config get-${kind} [flags] [options]`,
    flags: [],
    run(ctx) {
      ctx.out.out(`NAME\n${name}\n`);
    },
  };
}

export const configGetClustersCommand = nameList('clusters', PLAYGROUND_CLUSTER);
export const configGetUsersCommand = nameList('users', PLAYGROUND_USER);

/**
 * `config set-context [NAME | --current] [--cluster=…] [--user=…] [--namespace=…]`
 * (pkg/cmd/config/create_context.go): kubectl's checks, then the fields given merged into the context
 * — `--namespace=X` makes X the namespace of every later command without `-n` (X need not exist:
 * kubectl does not check; `--namespace=` unsets it). The playground has one context, on its one
 * cluster and user: a new context, or another cluster or user, is refused (nothing changes).
 */
export const configSetContextCommand: CommandDef = {
  name: 'config set-context',
  short: 'Set a context entry in kubeconfig',
  long: `Set a context entry in kubeconfig.

 Specifying a name that already exists will merge new fields on top of existing values for those fields.`,
  example: `  # Set the user field on the gce context entry without touching other values
  kubectl config set-context gce --user=cluster-admin`,
  usage:
    'kubectl config set-context [NAME | --current] [--cluster=cluster_nickname] [--user=user_nickname] [--namespace=namespace] [options]',
  flags: [
    { name: 'cluster', type: 'string', usage: 'cluster for the context entry in kubeconfig' },
    { name: 'current', type: 'bool', usage: 'Modify the current context' },
    { name: 'namespace', type: 'string', usage: 'namespace for the context entry in kubeconfig' },
    { name: 'user', type: 'string', usage: 'user for the context entry in kubeconfig' },
  ],
  run(ctx) {
    const args = ctx.args.positional;
    const current = flagBool(ctx.args, 'current');
    if (args.length > 1) {
      // cmdutil.CheckErr(helpErrorf(cmd, …)): the help, then the error
      ctx.out.out(commandHelp(configSetContextCommand));
      throw new CommandError(`Unexpected args: [${args.join(' ')}]`);
    }
    const name = args[0] ?? '';
    if (name === '' && !current)
      throw new CommandError('you must specify a non-empty context name or --current');
    if (name !== '' && current)
      throw new CommandError('you cannot specify both a context name and --current');
    const target = current ? PLAYGROUND_CONTEXT : name;
    const ns = flagString(ctx.args, 'namespace');
    if (target !== PLAYGROUND_CONTEXT) {
      throw new CommandError(
        `kubectl config set-context cannot create context "${target}": the playground's kubeconfig has one context, "${PLAYGROUND_CONTEXT}" (kubectl config set-context --current${ns !== undefined ? ` --namespace=${ns}` : ' --namespace=NAMESPACE'} changes its namespace)`,
      );
    }
    const context = kubeconfig(ctx).context;
    const cluster = flagString(ctx.args, 'cluster');
    const user = flagString(ctx.args, 'user');
    // the one cluster and user are the only ones there are: naming another would leave the context
    // pointing nowhere (a real kubectl would then talk to localhost:8080)
    if (cluster !== undefined && cluster !== context.cluster)
      throw new CommandError(
        `kubectl config set-context cannot point context "${target}" at cluster "${cluster}": the playground's kubeconfig has one cluster, "${PLAYGROUND_CLUSTER}"`,
      );
    if (user !== undefined && user !== context.user)
      throw new CommandError(
        `kubectl config set-context cannot give context "${target}" user "${user}": the playground's kubeconfig has one user, "${PLAYGROUND_USER}"`,
      );
    if (ns !== undefined) context.namespace = ns;
    ctx.out.println(`Context "${target}" modified.`);
  },
};
