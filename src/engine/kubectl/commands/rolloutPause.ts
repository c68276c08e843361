// `kubectl rollout pause|resume` (pkg/cmd/rollout/rollout_pause.go, rollout_resume.go +
// polymorphichelpers objectpauser.go / objectresumer.go): only Deployments can be paused (spec.paused);
// for a DaemonSet kubectl fetches the object and then reports `… pausing is not supported`.

import { StatusError } from '../../api/errors';
import { qualifiedResource, type Deployment } from '../../api/types';
import type { CommandDef } from '../types';
import { ClientError, finish, nsFor } from './common';
import { printWritten } from './printObject';
import { rolloutTargets } from './rolloutTarget';

function notSupported(verb: 'pausing' | 'resuming') {
  const pause = verb === 'pausing';
  return (ctx: Parameters<CommandDef['run']>[0]) => {
    const errs: unknown[] = [];
    for (const { kind, name } of rolloutTargets(ctx)) {
      const obj = ctx.sim.store.mustGet(kind, nsFor(ctx, kind), name);
      if (kind !== 'Deployment') {
        errs.push(
          new ClientError(
            `error: ${qualifiedResource(kind)} ${JSON.stringify(name)} ${verb} is not supported`,
          ),
        );
        continue;
      }
      const d = obj as Deployment;
      if (!!d.spec.paused === pause) {
        errs.push(
          new ClientError(
            `error: ${qualifiedResource(kind)} ${JSON.stringify(name)} ${pause ? 'is already paused' : 'is not paused'}`,
          ),
        );
        continue;
      }
      try {
        const spec = { ...d.spec };
        if (pause) spec.paused = true;
        else delete spec.paused;
        const written = ctx.sim.store.update({ ...d, spec }, { fieldManager: 'kubectl-rollout' });
        printWritten(ctx, kind, written, pause ? 'paused' : 'resumed');
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        errs.push(e);
      }
    }
    finish(errs);
  };
}

export const rolloutPauseCommand: CommandDef = {
  name: 'rollout pause',
  // kubectl's validArgs: deployment only (`pausing is not supported` for the rest)
  validArgs: ['Deployment'],
  short: 'Mark the provided resource as paused',
  usage: 'kubectl rollout pause RESOURCE [options]',
  flags: [],
  run: notSupported('pausing'),
};

export const rolloutResumeCommand: CommandDef = {
  name: 'rollout resume',
  // kubectl's validArgs: deployment only (`pausing is not supported` for the rest)
  validArgs: ['Deployment'],
  short: 'Resume a paused resource',
  usage: 'kubectl rollout resume RESOURCE [options]',
  flags: [],
  run: notSupported('resuming'),
};
