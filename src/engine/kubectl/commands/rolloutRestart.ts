// `kubectl rollout restart ds/x` (pkg/cmd/rollout/rollout_restart.go + polymorphichelpers
// objectrestarter.go): stamps the pod template with kubectl.kubernetes.io/restartedAt (RFC 3339).

import { StatusError } from '../../api/errors';
import { clone } from '../../api/objects';
import { qualifiedResource, type Deployment, type KObject } from '../../api/types';
import type { CommandDef } from '../types';
import { ClientError, dryRunStrategy, dryRunSuffix, finish } from './common';
import { printWritten } from './printObject';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';
import { getDaemonSet, rolloutTargets } from './rolloutTarget';

export const RESTARTED_AT_ANNOTATION = 'kubectl.kubernetes.io/restartedAt';

export const rolloutRestartCommand: CommandDef = {
  name: 'rollout restart',
  // kubectl's validArgs: deployment, daemonset, statefulset (no StatefulSets here)
  validArgs: ['Deployment', 'DaemonSet'],
  short: 'Restart a resource',
  usage: 'kubectl rollout restart RESOURCE',
  // kubectl 1.33's rollout restart has no --dry-run (an unknown flag there; it came in a later release)
  flags: [...OBJECT_PRINT_FLAGS],
  run(ctx) {
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    const errs: unknown[] = [];
    for (const { kind, name } of rolloutTargets(ctx)) {
      if (kind !== 'DaemonSet' && kind !== 'Deployment') {
        ctx.sim.store.mustGet(kind, kind === 'Node' ? undefined : ctx.namespace, name);
        errs.push(
          new ClientError(
            `error: ${qualifiedResource(kind)} ${JSON.stringify(name)} restarting is not supported`,
          ),
        );
        continue;
      }
      const ds =
        kind === 'DaemonSet'
          ? getDaemonSet(ctx, name)
          : ctx.sim.store.mustGet('Deployment', ctx.namespace, name);
      if (kind === 'Deployment' && (ds as Deployment).spec.paused) {
        errs.push(
          new ClientError(
            `error: ${qualifiedResource(kind)} ${JSON.stringify(name)} can't restart paused deployment (run rollout resume first)`,
          ),
        );
        continue;
      }
      const now = ctx.sim.iso();
      const annotations = ds.spec.template.metadata?.annotations ?? {};
      if (annotations[RESTARTED_AT_ANNOTATION] === now) {
        errs.push(
          new ClientError(
            `failed to create patch for ${name}: if restart has already been triggered within the past second, please wait before attempting to trigger another`,
          ),
        );
        continue;
      }
      const next = clone(ds);
      next.spec.template.metadata = {
        ...next.spec.template.metadata,
        annotations: { ...annotations, [RESTARTED_AT_ANNOTATION]: now },
      };
      let written: KObject = next;
      try {
        if (dry !== 'client')
          written = ctx.sim.store.update(next, { dryRun: dry === 'server', fieldManager: 'kubectl-rollout' });
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        errs.push(e);
        continue;
      }
      printWritten(ctx, kind, written, `restarted${dryRunSuffix(dry)}`);
    }
    finish(errs);
  },
};
