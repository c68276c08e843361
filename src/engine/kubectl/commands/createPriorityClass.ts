// `kubectl create priorityclass|pc NAME [--value=N] [--global-default] [--description=TEXT]
// [--preemption-policy=POLICY]` (pkg/cmd/create/create_priorityclass.go): the generator's
// scheduling.k8s.io/v1 PriorityClass, created on the cluster (or only printed with --dry-run=client);
// the server's refusal comes back wrapped as the command wraps it.

import { StatusError } from '../../api/errors';
import type { PriorityClass } from '../../api/types';
import { flagString } from '../argv';
import { resolvePrinter } from '../printers/printFlags';
import { CommandError, type CommandDef } from '../types';
import { dryRunStrategy, dryRunSuffix } from './common';
import { COMMON_FLAGS, oneName } from './createGenerators';
import { printWritten } from './printObject';

export const createPriorityClassCommand: CommandDef = {
  name: 'create priorityclass',
  aliases: ['pc'],
  short: 'Create a priority class with the specified name',
  usage:
    'kubectl create priorityclass NAME --value=VALUE --global-default=BOOL [--dry-run=server|client|none]',
  flags: [
    { name: 'value', type: 'int', bits: 32, default: '0', usage: 'the value of this priority class.' },
    {
      name: 'global-default',
      type: 'bool',
      usage:
        'global-default specifies whether this PriorityClass should be considered as the default priority.',
    },
    {
      name: 'description',
      type: 'string',
      usage:
        'description is an arbitrary string that usually provides guidelines on when this priority class should be used.',
    },
    {
      name: 'preemption-policy',
      type: 'string',
      default: 'PreemptLowerPriority',
      usage: 'preemption-policy is the policy for preempting pods with lower priority.',
    },
    ...COMMON_FLAGS,
  ],
  run(ctx) {
    const name = oneName(ctx, 'create priorityclass');
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    const description = flagString(ctx.args, 'description') ?? '';
    // the generator's struct: description and globalDefault are omitempty, value is not
    const pc = {
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name },
      value: Number(flagString(ctx.args, 'value') ?? '0'),
      ...(flagString(ctx.args, 'global-default') === 'true' ? { globalDefault: true } : {}),
      ...(description ? { description } : {}),
      preemptionPolicy: flagString(ctx.args, 'preemption-policy') ?? 'PreemptLowerPriority',
    } as PriorityClass;
    let written: PriorityClass = pc;
    if (dry !== 'client') {
      try {
        written = ctx.sim.store.create<'PriorityClass'>(pc, {
          dryRun: dry === 'server',
          fieldManager: flagString(ctx.args, 'field-manager') ?? 'kubectl-create',
        });
      } catch (e) {
        if (e instanceof StatusError) throw new CommandError(`failed to create priorityclass: ${e.message}`);
        throw e;
      }
    }
    printWritten(ctx, 'PriorityClass', written, `created${dryRunSuffix(dry)}`);
  },
};
