// `kubectl rollout undo ds/x [--to-revision=N]` (pkg/cmd/rollout/rollout_undo.go + polymorphichelpers
// rollback.go DaemonSetRollbacker): patch the DaemonSet's template back to a ControllerRevision's.
// No new revision is made here; the controller renumbers the reused one.

import { canonicalJSON, clone } from '../../api/objects';
import type { ControllerRevision, DaemonSet, Deployment } from '../../api/types';
import { RESOURCE } from '../../api/types';
import { StatusError } from '../../api/errors';
import { getPatch, templateFromRevision } from '../../controller/daemonset/history';
import { flagString } from '../argv';
import { describePodTemplate } from '../printers/describe';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { LAST_APPLIED_ANNOTATION } from './applyMerge';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, nameLine } from './common';
import { daemonSetHistory, getDaemonSet, rolloutTargets } from './rolloutTarget';
import { rollbackDeployment } from './rolloutDeployment';

const revisionNotFound = (r: number) => new CommandError(`unable to find specified revision ${r} in history`);

/** findHistory: N=0 → the second-highest revision; otherwise the one numbered N. */
export function findHistory(
  toRevision: number,
  history: ControllerRevision[],
): ControllerRevision | undefined {
  if (toRevision === 0) {
    if (history.length <= 1) return undefined;
    return [...history].sort((a, b) => a.revision - b.revision)[history.length - 2];
  }
  return history.find((h) => h.revision === toRevision);
}

/** DaemonSetRollbacker.Rollback: returns the operation text for the name printer. */
function rollback(ctx: CommandContext, ds: DaemonSet, toRevision: number): string {
  const dry = dryRunStrategy(ctx);
  if (toRevision < 0) throw revisionNotFound(toRevision);
  const history = daemonSetHistory(ctx, ds);
  if (toRevision === 0 && history.length <= 1) throw new CommandError('no last revision to roll back to');
  const to = findHistory(toRevision, history);
  if (!to) throw revisionNotFound(toRevision);
  if (dry === 'client') return `will roll back to ${describePodTemplate(templateFromRevision(to))}`;
  if (canonicalJSON(getPatch(ds)) === canonicalJSON(to.data)) {
    return `skipped rollback (current template already matches revision ${toRevision})`;
  }
  const next = clone(ds);
  next.spec.template = templateFromRevision(to);
  try {
    ctx.sim.store.update(next, { dryRun: dry === 'server', fieldManager: 'kubectl-rollout' });
  } catch (e) {
    if (e instanceof StatusError)
      throw new CommandError(`failed restoring revision ${toRevision}: ${e.message}`);
    throw e;
  }
  return 'rolled back';
}

export const rolloutUndoCommand: CommandDef = {
  name: 'rollout undo',
  // kubectl's validArgs: deployment, daemonset, statefulset (no StatefulSets here)
  validArgs: ['Deployment', 'DaemonSet'],
  short: 'Undo a previous rollout',
  usage: 'kubectl rollout undo (TYPE NAME | TYPE/NAME) [flags]',
  flags: [
    {
      name: 'to-revision',
      type: 'int',
      default: '0',
      usage: 'The revision to rollback to. Default to 0 (last revision).',
    },
    DRY_RUN_FLAG,
  ],
  run(ctx) {
    const toRevision = Number(flagString(ctx.args, 'to-revision') ?? '0');
    const dry = dryRunStrategy(ctx);
    for (const { kind, name } of rolloutTargets(ctx)) {
      if (kind !== 'DaemonSet' && kind !== 'Deployment') {
        ctx.sim.store.mustGet(kind, kind === 'Node' ? undefined : ctx.namespace, name);
        throw new CommandError(`no rollbacker has been implemented for ${JSON.stringify(kind)}`);
      }
      const ds =
        kind === 'DaemonSet'
          ? getDaemonSet(ctx, name)
          : ctx.sim.store.mustGet('Deployment', ctx.namespace, name);
      if (ds.metadata.annotations?.[LAST_APPLIED_ANNOTATION] !== undefined) {
        ctx.out.eprintln(
          `Warning: resource ${RESOURCE[kind].plural}/${name} was previously managed with 'kubectl apply'. Rolling back will not update the ${LAST_APPLIED_ANNOTATION} annotation, which may cause unexpected behavior on future 'kubectl apply' operations. Consider using 'kubectl apply' with your previous configuration file instead.`,
        );
      }
      const result =
        kind === 'DaemonSet'
          ? rollback(ctx, ds as DaemonSet, toRevision)
          : rollbackDeployment(ctx, ds as Deployment, toRevision, dry);
      ctx.out.println(nameLine(kind, name, `${result}${dryRunSuffix(dry)}`));
    }
  },
};
