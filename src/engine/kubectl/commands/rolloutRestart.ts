// `kubectl rollout restart ds/x` (pkg/cmd/rollout/rollout_restart.go + polymorphichelpers
// objectrestarter.go, kubectl 1.33): TYPE NAME…, TYPE/NAME…, a lone TYPE (all of it) or TYPE -l SEL;
// stamps the pod template with kubectl.kubernetes.io/restartedAt (RFC 3339).

import { StatusError } from '../../api/errors';
import { clone } from '../../api/objects';
import { qualifiedResource, type DaemonSet, type Deployment, type KObject } from '../../api/types';
import { flagString } from '../argv';
import { CommandError, type CommandDef } from '../types';
import { builderTargets } from './builderTargets';
import { ClientError, dryRunStrategy, dryRunSuffix, finish } from './common';
import { printWritten } from './printObject';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';

export const RESTARTED_AT_ANNOTATION = 'kubectl.kubernetes.io/restartedAt';

export const rolloutRestartCommand: CommandDef = {
  name: 'rollout restart',
  // kubectl's validArgs: deployment, daemonset, statefulset (no StatefulSets here)
  validArgs: ['Deployment', 'DaemonSet'],
  short: 'Restart a resource',
  usage: 'kubectl rollout restart RESOURCE',
  // kubectl 1.33's rollout restart has no --dry-run (an unknown flag there; it came in a later release)
  flags: [
    {
      name: 'selector',
      short: 'l',
      type: 'string',
      usage:
        "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.(e.g. -l key1=value1,key2=value2,key3 in (value3)). Matching objects must satisfy all of the specified label constraints.",
    },
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    // Validate
    if (ctx.args.positional.length === 0) throw new CommandError('required resource not specified');
    // RunRestart: a lone TYPE restarts every object of it (ResourceTypeOrNameArgs(true, …)), -l some
    const { found, errs } = builderTargets(ctx, ctx.args.positional, 'rollout', {
      allowEmptySelector: true,
      selector: flagString(ctx.args, 'selector'),
    });
    if (found.length === 0 && errs.length === 0) {
      ctx.out.eprintln(`No resources found in ${ctx.namespace} namespace.`);
      return;
    }
    for (const { kind, obj } of found) {
      const name = obj.metadata.name;
      if (kind !== 'DaemonSet' && kind !== 'Deployment') {
        errs.push(
          new ClientError(
            `error: ${qualifiedResource(kind)} ${JSON.stringify(name)} restarting is not supported`,
          ),
        );
        continue;
      }
      const ds = obj as DaemonSet | Deployment;
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
