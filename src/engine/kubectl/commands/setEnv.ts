// `kubectl set env RESOURCE/NAME KEY_1=VAL_1 ... KEY_N=VAL_N` (pkg/cmd/set/set_env.go, set/env/
// env_parse.go): adds, updates (`KEY=VAL`, `-e KEY=VAL`) or removes (`KEY-`) environment variables
// of the selected containers (`-c`, every container by default, init containers last), or lists them
// with --list. It has no --record: a Deployment's earlier change-cause stays on it and so is copied to
// the ReplicaSet this change creates. `--from` needs ConfigMaps or Secrets, which the playground does
// not serve: the builder refuses the type as the server's discovery would.

import { StatusError } from '../../api/errors';
import { clone, deepEqual } from '../../api/objects';
import type { Container, EnvVar, Kind, KObject } from '../../api/types';
import { flagArray, flagBool, flagString } from '../argv';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { ClientError, DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish } from './common';
import { targets } from './label';
import { printWritten } from './printObject';
import { POD_TEMPLATE_KINDS, podSpecOf } from './setImage';
import { objectName, selectContainers } from './setHelpers';

const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const ENV_NAME_MSG =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";

/** envutil.SplitEnvironmentFromResources: resources first, then `K=V` / `K-` words. */
export function splitEnvironmentFromResources(
  args: string[],
): { resources: string[]; envArgs: string[] } | null {
  const resources: string[] = [];
  const envArgs: string[] = [];
  let first = true;
  for (const s of args) {
    const isEnv = /^.+=/s.test(s) || s.endsWith('-');
    if (isEnv) {
      first = false;
      envArgs.push(s);
    } else if (first) resources.push(s);
    else return null;
  }
  return { resources, envArgs };
}

/** envutil.ParseEnv (without `-`, standard input, which the console does not have). */
export function parseEnv(spec: string[]): { env: EnvVar[]; remove: string[] } {
  const env: EnvVar[] = [];
  const exists = new Set<string>();
  const remove: string[] = [];
  for (const s of spec) {
    if (s === '-') throw new CommandError("when '-' is used, STDIN must be open");
    const eq = s.indexOf('=');
    if (eq >= 0) {
      const name = s.slice(0, eq);
      const value = s.slice(eq + 1);
      if (!ENV_NAME.test(name))
        throw new CommandError(`${JSON.stringify(name)} is not a valid key name: ${ENV_NAME_MSG}`);
      exists.add(name);
      env.push(value === '' ? { name } : { name, value });
    } else if (s.endsWith('-')) remove.push(s.slice(0, -1));
    else throw new CommandError(`unknown environment variable: ${s}`);
  }
  if (remove.some((r) => exists.has(r)))
    throw new CommandError(
      'can not both modify and remove the same environment variable in the same command',
    );
  return { env, remove };
}

/** updateEnv (set/helper.go): replaced in place, removed, new ones appended in order. */
export function updateEnv(existing: EnvVar[] | undefined, env: EnvVar[], remove: string[]): EnvVar[] {
  const out: EnvVar[] = [];
  const covered = new Set(remove);
  for (const e of existing ?? []) {
    if (covered.has(e.name)) continue;
    const newer = env.find((n) => n.name === e.name);
    if (newer) {
      covered.add(e.name);
      out.push(newer);
      continue;
    }
    out.push(e);
  }
  for (const e of env) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(e);
  }
  return out;
}

/** envutil.GetEnvVarRefString: `# NAME from field path metadata.name` and the like. */
function refString(from: unknown): string {
  const f = (from ?? {}) as Record<string, Record<string, unknown> | undefined>;
  if (f.configMapKeyRef) return `configmap ${f.configMapKeyRef.name}, key ${f.configMapKeyRef.key}`;
  if (f.secretKeyRef) return `secret ${f.secretKeyRef.name}, key ${f.secretKeyRef.key}`;
  if (f.fieldRef) return `field path ${f.fieldRef.fieldPath}`;
  if (f.resourceFieldRef) {
    const r = f.resourceFieldRef;
    return `resource field ${r.containerName ? `${r.containerName}/` : ''}${r.resource}`;
  }
  return 'invalid valueFrom';
}

function listEnv(ctx: CommandContext, kind: Kind, name: string, c: Container): void {
  ctx.out.println(`# ${kind} ${name}, container ${c.name}`);
  for (const e of c.env ?? []) {
    if (e.valueFrom === undefined || e.valueFrom === null) ctx.out.println(`${e.name}=${e.value ?? ''}`);
    else ctx.out.println(`# ${e.name} from ${refString(e.valueFrom)}`);
  }
}

/** `--from=TYPE/NAME`: only ConfigMaps and Secrets can be read, and the playground serves neither. */
function refuseFrom(from: string): void {
  // an unknown type is refused by resolveResource with the discovery's words
  parseResourceArgs([from], 'get');
  throw new CommandError('unsupported resource specified in --from');
}

export const setEnvCommand: CommandDef = {
  name: 'set env',
  // the kinds with a pod template podSpecOf updates (kubectl 1.32's `set env` has no completion
  // function, its shell falls back to file names; the console, with no files, offers these)
  validArgs: POD_TEMPLATE_KINDS,
  short: 'Update environment variables on a pod template',
  usage: 'kubectl set env RESOURCE/NAME KEY_1=VAL_1 ... KEY_N=VAL_N',
  flags: [
    {
      name: 'all',
      type: 'bool',
      usage: 'If true, select all resources in the namespace of the specified resource types',
    },
    {
      name: 'containers',
      short: 'c',
      type: 'string',
      default: '*',
      usage: 'The names of containers in the selected pod templates to change - may use wildcards',
    },
    {
      name: 'env',
      short: 'e',
      type: 'stringArray',
      usage: 'Specify a key-value pair for an environment variable to set into each container.',
    },
    {
      name: 'from',
      type: 'string',
      usage: 'The name of a resource from which to inject environment variables',
    },
    {
      name: 'keys',
      type: 'stringArray',
      usage: 'Comma-separated list of keys to import from specified resource',
    },
    {
      name: 'list',
      type: 'bool',
      usage:
        'If true, display the environment and any changes in the standard format. this flag will removed when we have kubectl view env.',
    },
    {
      name: 'overwrite',
      type: 'bool',
      default: 'true',
      usage:
        'If true, allow environment to be overwritten, otherwise reject updates that overwrite existing environment.',
    },
    { name: 'prefix', type: 'string', usage: 'Prefix to append to variable names' },
    {
      name: 'resolve',
      type: 'bool',
      usage: 'If true, show secret or configmap references when listing variables',
    },
    { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on.' },
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-set',
      usage: 'Name of the manager used to track field ownership.',
    },
    DRY_RUN_FLAG,
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    // Complete
    if (flagBool(ctx.args, 'all') && flagString(ctx.args, 'selector'))
      throw new CommandError('cannot set --all and --selector at the same time');
    const split = splitEnvironmentFromResources(ctx.args.positional);
    if (!split)
      throw new CommandError(
        `all resources must be specified before environment changes: ${ctx.args.positional.join(' ')}`,
      );
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    // Validate
    if (split.resources.length < 1)
      throw new CommandError(
        'one or more resources must be specified as <resource> <name> or <resource>/<name>',
      );
    const list = flagBool(ctx.args, 'list');
    if (list && flagString(ctx.args, 'output'))
      throw new CommandError('--list and --output may not be specified together');
    const from = flagString(ctx.args, 'from');
    if (flagArray(ctx.args, 'keys').length > 0 && !from)
      throw new CommandError('when specifying --keys, a configmap or secret must be provided with --from');
    // RunEnv
    const { env, remove } = parseEnv([...flagArray(ctx.args, 'env'), ...split.envArgs]);
    if (from) refuseFrom(from);
    const prefix = flagString(ctx.args, 'prefix') ?? '';
    const named = env.map((e) => ({ ...e, name: `${prefix}${e.name}` }));
    const selector = flagString(ctx.args, 'containers') ?? '*';
    const overwrite = flagString(ctx.args, 'overwrite') !== 'false';
    const errs: unknown[] = [];
    for (const { kind, obj } of targets(ctx, split.resources, 'set')) {
      const name = obj.metadata.name;
      const next = clone(obj) as KObject;
      const spec = podSpecOf(kind, next);
      if (!spec) {
        errs.push(
          new ClientError(
            `error: ${objectName(kind, name)} the object is not a pod or does not have a pod template: *v1.${kind}\n`,
          ),
        );
        continue;
      }
      const containers = [
        ...selectContainers(spec.containers, selector),
        ...selectContainers(spec.initContainers, selector),
      ];
      if (containers.length === 0) {
        // kubectl 1.33 prints `Warning:` (checked with the real client; some source trees say `warning:`)
        ctx.out.eprintln(
          `Warning: ${kind}/${name} does not have any containers matching ${JSON.stringify(selector)}`,
        );
        continue;
      }
      let failed: string | undefined;
      for (const c of containers) {
        if (!overwrite) {
          const clash = named.find((e) => {
            const cur = c.env?.find((x) => x.name === e.name);
            return cur !== undefined && (cur.value ?? '') !== (e.value ?? '');
          });
          if (clash) {
            const cur = c.env!.find((x) => x.name === clash.name)!;
            failed = `'${cur.name}' already has a value (${cur.value ?? ''}), and --overwrite is false`;
            break;
          }
        }
        const updated = updateEnv(c.env, named, remove);
        if (updated.length > 0) c.env = updated;
        else delete c.env;
        if (list) listEnv(ctx, kind, name, c);
      }
      if (failed !== undefined) {
        errs.push(new ClientError(`error: ${objectName(kind, name)} ${failed}\n`));
        continue;
      }
      if (list || deepEqual(next, obj)) continue;
      if (dry === 'client') {
        printWritten(ctx, kind, next, `env updated${dryRunSuffix(dry)}`);
        continue;
      }
      try {
        const written = ctx.sim.store.update(next, {
          dryRun: dry === 'server',
          fieldManager: flagString(ctx.args, 'field-manager') ?? 'kubectl-set',
        });
        printWritten(ctx, kind, written, `env updated${dryRunSuffix(dry)}`);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        errs.push(new ClientError(`failed to patch env update to pod template: ${e.message}`));
      }
    }
    finish(errs);
  },
};
