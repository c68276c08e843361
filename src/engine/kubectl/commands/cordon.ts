// `kubectl cordon|uncordon NODE...` (pkg/cmd/drain/drain.go RunCordonOrUncordon, pkg/drain/cordon.go):
// flips spec.unschedulable; the node lifecycle controller then adds or removes the
// node.kubernetes.io/unschedulable:NoSchedule taint.

import { StatusError } from '../../api/errors';
import { matches } from '../../api/labels';
import { builderLabelSelector } from './getListing';
import type { Node } from '../../api/types';
import { flagString } from '../argv';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { DRY_RUN_FLAG, type DryRun, dryRunStrategy, dryRunSuffix, nameLine } from './common';

/**
 * The nodes a cordon/uncordon/drain command names: `NODE...` (or `node/NODE`) or `-l selector`.
 * `complete` runs the command's own checks between the argument checks and the builder (drain's
 * pod selector), as its Complete orders them.
 */
export function selectNodes(ctx: CommandContext, use: string, complete?: () => void): Node[] {
  const selector = flagString(ctx.args, 'selector');
  const args = ctx.args.positional;
  if (args.length === 0 && selector === undefined) {
    throw new CommandError(
      `USAGE: ${use} [flags]\nSee 'kubectl ${use.split(' ')[0]} -h' for help and examples`,
    );
  }
  if (args.length > 0 && selector) {
    throw new CommandError(
      `error: cannot specify both a node name and a --selector option\nSee 'kubectl ${use.split(' ')[0]} -h' for help and examples`,
      1,
      true,
    );
  }
  complete?.();
  if (selector !== undefined) {
    const sel = builderLabelSelector('Node', selector);
    return ctx.sim.store.list('Node').filter((n) => matches(sel, n.metadata.labels));
  }
  const names = args.every((a) => a.includes('/')) ? parseResourceArgs(args).flatMap((r) => r.names) : args;
  return names.map((n) => ctx.sim.store.mustGet('Node', undefined, n));
}

/** RunCordonOrUncordon for one node: prints `node/x cordoned` / `already cordoned` (or un-). */
export function cordonNode(ctx: CommandContext, node: Node, desired: boolean, dry: DryRun): void {
  const word = desired ? 'cordoned' : 'uncordoned';
  if ((node.spec?.unschedulable ?? false) === desired) {
    ctx.out.println(nameLine('Node', node.metadata.name, `already ${word}${dryRunSuffix(dry)}`));
    return;
  }
  if (dry !== 'client') {
    const next = { ...node, spec: { ...node.spec } };
    if (desired) next.spec.unschedulable = true;
    else delete next.spec.unschedulable;
    try {
      ctx.sim.store.update(next, { dryRun: dry === 'server', fieldManager: 'kubectl' });
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      ctx.out.eprintln(
        `error: unable to ${desired ? 'cordon' : 'uncordon'} node "${node.metadata.name}": ${e.message}`,
      );
      return;
    }
  }
  ctx.out.println(nameLine('Node', node.metadata.name, `${word}${dryRunSuffix(dry)}`));
}

function cordonDef(desired: boolean): CommandDef {
  const name = desired ? 'cordon' : 'uncordon';
  return {
    name,
    short: desired ? 'Mark node as unschedulable' : 'Mark node as schedulable',
    usage: `kubectl ${name} NODE`,
    flags: [
      { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on' },
      DRY_RUN_FLAG,
    ],
    run(ctx) {
      const dry = dryRunStrategy(ctx);
      for (const n of selectNodes(ctx, `${name} NODE`)) cordonNode(ctx, n, desired, dry);
    },
  };
}

export const cordonCommand = cordonDef(true);
export const uncordonCommand = cordonDef(false);
