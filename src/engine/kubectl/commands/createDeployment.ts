// `kubectl create deployment NAME --image=IMAGE… [--replicas=N] [--port=P] [-- COMMAND…]`
// (pkg/cmd/create/create_deployment.go): a Deployment labelled app=NAME, one container per image.

import { StatusError } from '../../api/errors';
import type { Container, Deployment } from '../../api/types';
import { flagArray, flagString } from '../argv';
import { CommandError, type CommandDef } from '../types';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish } from './common';
import { printWritten } from './printObject';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';

/**
 * buildPodSpec's container name: the image's last path element without tag or digest; `_` and `.`
 * become `-` and, as upstream, a random 5-character suffix is added then (from the seeded generator).
 */
export function containerNameForImage(image: string, random: () => string): string {
  let name = image.split('/').pop() ?? image;
  if (name.includes(':')) name = name.split(':')[0];
  if (name.includes('@')) name = name.split('@')[0];
  if (/[_.]/.test(name)) name = `${name.replace(/_/g, '-').replace(/\./g, '-')}-${random()}`;
  return name;
}

function int32Flag(v: string | undefined, flag: string, def: number): number {
  if (v === undefined) return def;
  if (!/^[+-]?\d+$/.test(v))
    throw new CommandError(
      `invalid argument "${v}" for "--${flag}" flag: strconv.ParseInt: parsing "${v}": invalid syntax\nSee 'kubectl create deployment --help' for usage.`,
    );
  return Number(v);
}

export const createDeploymentCommand: CommandDef = {
  name: 'create deployment',
  aliases: ['deploy'],
  short: 'Create a deployment with the specified name',
  usage: 'kubectl create deployment NAME --image=image -- [COMMAND] [args...] [options]',
  flags: [
    {
      name: 'image',
      type: 'stringArray',
      usage: 'Image names to run. A deployment can have multiple images set for multi-container pod.',
    },
    {
      name: 'replicas',
      short: 'r',
      type: 'int',
      bits: 32,
      default: '1',
      usage: 'Number of replicas to create. Default is 1.',
    },
    {
      name: 'port',
      type: 'int',
      bits: 32,
      default: '-1',
      usage: 'The containerPort that this deployment exposes.',
    },
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-create',
      usage: 'Name of the manager used to track field ownership.',
    },
    {
      name: 'save-config',
      type: 'bool',
      usage: 'If true, the configuration of current object will be saved in its annotation.',
    },
    {
      name: 'validate',
      type: 'string',
      noOptDefault: 'strict',
      default: 'strict',
      usage: 'Must be one of: strict (or true), warn, ignore (or false).',
    },
    DRY_RUN_FLAG,
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    resolvePrinter(ctx);
    // --image may also be comma-separated (StringSlice)
    const images = flagArray(ctx.args, 'image').flatMap((v) => v.split(','));
    if (images.length === 0) throw new CommandError('required flag(s) "image" not set');
    const [name, ...command] = ctx.args.positional;
    if (!name)
      throw new CommandError(
        "exactly one NAME is required, got 0\nSee 'kubectl create deployment -h' for help and examples",
      );
    if (images.length > 1 && command.length > 0)
      throw new CommandError('cannot specify multiple --image options and command');
    const replicas = int32Flag(flagString(ctx.args, 'replicas'), 'replicas', 1);
    const port = int32Flag(flagString(ctx.args, 'port'), 'port', -1);
    const dry = dryRunStrategy(ctx);
    const suffix = () => {
      let s = '';
      for (let i = 0; i < 5; i++) s += 'bcdfghjklmnpqrstvwxz2456789'[ctx.sim.rand.int(27)];
      return s;
    };
    const containers: Container[] = images.map((image) => {
      const c: Container = { name: containerNameForImage(image, suffix), image, resources: {} };
      if (command.length) c.command = command;
      return c;
    });
    if (port >= 0) containers[0].ports = [{ containerPort: port }];
    const labels = { app: name };
    const metadata: Record<string, unknown> = { name, labels: { ...labels } };
    if (ctx.args.flags.has('namespace')) metadata.namespace = ctx.namespace;
    const deploy = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata,
      spec: {
        replicas,
        selector: { matchLabels: { ...labels } },
        strategy: {},
        template: { metadata: { labels: { ...labels } }, spec: { containers } },
      },
      status: {},
    } as unknown as Deployment;
    let created: Deployment = deploy;
    try {
      if (dry !== 'client')
        created = ctx.sim.store.create(
          { ...deploy, metadata: { ...deploy.metadata, namespace: ctx.namespace } },
          { dryRun: dry === 'server', fieldManager: 'kubectl-create' },
        ) as Deployment;
    } catch (e) {
      if (e instanceof StatusError) return finish([e]);
      throw e;
    }
    printWritten(ctx, 'Deployment', created, `created${dryRunSuffix(dry)}`);
  },
};
