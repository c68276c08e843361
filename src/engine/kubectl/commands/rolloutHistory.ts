// `kubectl rollout history ds/x [--revision=N]` (pkg/cmd/rollout/rollout_history.go +
// polymorphichelpers/history.go DaemonSetHistoryViewer / printHistory).

import type { ControllerRevision } from '../../api/types';
import { templateFromRevision } from '../../controller/daemonset/history';
import { flagString } from '../argv';
import { describePodTemplate } from '../printers/describe';
import { HISTORY_TABWRITER, tabwrite } from '../printers/tabwriter';
import { CommandError, type CommandDef } from '../types';
import { CHANGE_CAUSE_ANNOTATION } from '../changeCause';
import { nameLine } from './common';
import { daemonSetHistory, getDaemonSet, rolloutTargets } from './rolloutTarget';
import { viewDeploymentHistory } from './rolloutDeployment';

/** printHistory: the table (or one revision's template) kubectl hands to the name printer. */
export function printHistory(history: ControllerRevision[], revision: number): string {
  const byRevision = new Map<number, ControllerRevision>();
  for (const h of history) byRevision.set(h.revision, h);
  if (byRevision.size === 0) return 'No rollout history found.';
  if (revision > 0) {
    const h = byRevision.get(revision);
    if (!h) throw new CommandError('unable to find the specified revision');
    return describePodTemplate(templateFromRevision(h));
  }
  const rows = [...byRevision.keys()]
    .sort((a, b) => a - b)
    .map((r) => {
      const cause = byRevision.get(r)!.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION] || '<none>';
      return `${r}\t${cause}\n`;
    });
  return tabwrite(`REVISION\tCHANGE-CAUSE\n${rows.join('')}`, HISTORY_TABWRITER);
}

export const rolloutHistoryCommand: CommandDef = {
  name: 'rollout history',
  // kubectl's validArgs: deployment, daemonset, statefulset (no StatefulSets here)
  validArgs: ['Deployment', 'DaemonSet'],
  short: 'View rollout history',
  usage: 'kubectl rollout history (TYPE NAME | TYPE/NAME) [flags]',
  flags: [
    {
      name: 'revision',
      type: 'int',
      default: '0',
      usage: 'See the details, including podTemplate of the revision specified',
    },
  ],
  run(ctx) {
    const revision = Number(flagString(ctx.args, 'revision') ?? '0');
    for (const { kind, name } of rolloutTargets(ctx)) {
      if (kind === 'Deployment') {
        const d = ctx.sim.store.mustGet('Deployment', ctx.namespace, name);
        const info = viewDeploymentHistory(ctx, d, revision);
        ctx.out.println(nameLine(kind, name, `${revision > 0 ? `with revision #${revision}` : ''}\n${info}`));
        continue;
      }
      if (kind !== 'DaemonSet') {
        ctx.sim.store.mustGet(kind, kind === 'Node' ? undefined : ctx.namespace, name);
        throw new CommandError(`no history viewer has been implemented for ${JSON.stringify(kind)}`);
      }
      const ds = getDaemonSet(ctx, name);
      const info = printHistory(daemonSetHistory(ctx, ds), revision);
      const withRevision = revision > 0 ? `with revision #${revision}` : '';
      ctx.out.println(nameLine('DaemonSet', name, `${withRevision}\n${info}`));
    }
  },
};
