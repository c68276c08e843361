// `kubectl create namespace NAME` (pkg/cmd/create/create_namespace.go): a Namespace with that name
// and nothing else, created (or only printed with --dry-run=client, or checked by the server with
// --dry-run=server) and reported as `namespace/NAME created`.

import { StatusError } from '../../api/errors';
import type { KObject } from '../../api/types';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';
import { CommandError, type CommandDef } from '../types';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish, VALIDATE_FLAG } from './common';
import { printWritten } from './printObject';

export const createNamespaceCommand: CommandDef = {
  name: 'create namespace',
  aliases: ['ns'],
  short: 'Create a namespace with the specified name',
  usage: 'kubectl create namespace NAME [--dry-run=server|client|none] [options]',
  flags: [
    DRY_RUN_FLAG,
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-create',
      usage: 'Name of the manager used to track field ownership.',
    },
    {
      name: 'save-config',
      type: 'bool',
      usage:
        'If true, the configuration of current object will be saved in its annotation. Otherwise, the annotation will be unchanged. This flag is useful when you want to perform kubectl apply on this object in the future.',
    },
    VALIDATE_FLAG,
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    const names = ctx.args.positional;
    if (names.length !== 1)
      throw new CommandError(
        `exactly one NAME is required, got ${names.length}\nSee 'kubectl create namespace -h' for help and examples`,
      );
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    const ns = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: names[0] },
      spec: {},
      status: {},
    } as unknown as KObject;
    let created = ns;
    try {
      if (dry !== 'client')
        created = ctx.sim.store.create(ns, { dryRun: dry === 'server', fieldManager: 'kubectl-create' });
    } catch (e) {
      if (e instanceof StatusError) return finish([e]);
      throw e;
    }
    printWritten(ctx, 'Namespace', created, `created${dryRunSuffix(dry)}`);
  },
};
