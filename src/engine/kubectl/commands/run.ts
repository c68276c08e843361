// `kubectl run NAME --image=IMAGE` (pkg/cmd/run/run.go + generate/versioned/run.go BasicPod): a bare
// Pod labelled run=NAME, so the scheduler's treatment of ordinary pods can be shown.

import { StatusError } from '../../api/errors';
import { ownSet } from '../../api/own';
import type { Container, Pod } from '../../api/types';
import { flagArray, flagString } from '../argv';
import { CommandError, type CommandDef } from '../types';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish } from './common';
import { printWritten } from './printObject';
import { mergeOverrides } from './runOverrides';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';

function parseLabelList(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of s.split(',')) {
    const i = part.indexOf('=');
    if (i <= 0) throw new CommandError(`invalid label spec: ${part}`);
    ownSet(out, part.slice(0, i), part.slice(i + 1));
  }
  return out;
}

export const runCommand: CommandDef = {
  name: 'run',
  short: 'Run a particular image on the cluster',
  usage:
    'kubectl run NAME --image=image [--env="key=value"] [--port=port] [--dry-run=server|client] [--overrides=inline-json] [--command] -- [COMMAND] [args...]',
  flags: [
    { name: 'image', type: 'string', usage: 'The image for the container to run.' },
    { name: 'labels', short: 'l', type: 'string', usage: 'Comma separated labels to apply to the pod(s).' },
    {
      name: 'restart',
      type: 'string',
      default: 'Always',
      usage: 'The restart policy for this Pod.  Legal values [Always, OnFailure, Never].',
    },
    { name: 'port', type: 'string', usage: 'The port that this container exposes.' },
    { name: 'env', type: 'stringArray', usage: 'Environment variables to set in the container.' },
    {
      name: 'command',
      type: 'bool',
      usage: 'If true and extra arguments are present, use them as the command field in the container.',
    },
    { name: 'image-pull-policy', type: 'string', usage: 'The image pull policy for the container.' },
    { name: 'annotations', type: 'stringArray', usage: 'Annotations to apply to the pod.' },
    {
      name: 'overrides',
      type: 'string',
      usage:
        'An inline JSON override for the generated object. If this is non-empty, it is used to override the generated object. Requires that the object supply a valid apiVersion field.',
    },
    DRY_RUN_FLAG,
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    resolvePrinter(ctx);
    const image = flagString(ctx.args, 'image');
    if (image === undefined) throw new CommandError('required flag(s) "image" not set');
    const [name, ...rest] = ctx.args.positional;
    if (!name) throw new CommandError("NAME is required for run\nSee 'kubectl run -h' for help and examples");
    const dry = dryRunStrategy(ctx);
    const restart = flagString(ctx.args, 'restart') ?? 'Always';
    if (!['Always', 'OnFailure', 'Never'].includes(restart))
      throw new CommandError(`invalid restart policy: ${restart}`);
    const labelsFlag = flagString(ctx.args, 'labels');
    const labels = labelsFlag ? parseLabelList(labelsFlag) : { run: name };
    const container: Container = { name, image, resources: {} };
    const port = flagString(ctx.args, 'port');
    if (port) {
      // generate/versioned BasicPod: strconv.Atoi of the flag
      if (!/^[+-]?\d+$/.test(port))
        throw new CommandError(`strconv.Atoi: parsing ${JSON.stringify(port)}: invalid syntax`);
      container.ports = [{ containerPort: Number(port) }];
    }
    const env = flagArray(ctx.args, 'env');
    if (env.length)
      container.env = env.map((e) => ({
        name: e.slice(0, e.indexOf('=')),
        value: e.slice(e.indexOf('=') + 1),
      }));
    if (rest.length) {
      if (ctx.args.flags.has('command')) container.command = rest;
      else container.args = rest;
    }
    const pullPolicy = flagString(ctx.args, 'image-pull-policy');
    if (pullPolicy) container.imagePullPolicy = pullPolicy;
    const annotations: Record<string, string> = {};
    for (const a of flagArray(ctx.args, 'annotations'))
      ownSet(annotations, a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1));
    let pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        labels,
        ...(Object.keys(annotations).length ? { annotations } : {}),
      },
      spec: { containers: [container], dnsPolicy: 'ClusterFirst', restartPolicy: restart },
      status: {},
    } as unknown as Pod;
    const overrides = flagString(ctx.args, 'overrides');
    if (overrides) pod = mergeOverrides(pod, overrides);
    let created: Pod = pod;
    try {
      if (dry !== 'client')
        // the generator leaves the namespace out (a client dry run prints none); the request names it
        created = ctx.sim.store.create(
          { ...pod, metadata: { ...pod.metadata, namespace: ctx.namespace } },
          { dryRun: dry === 'server', fieldManager: 'kubectl-run' },
        ) as Pod;
    } catch (e) {
      if (e instanceof StatusError) return finish([e]);
      throw e;
    }
    printWritten(ctx, 'Pod', created, `created${dryRunSuffix(dry)}`);
  },
};
