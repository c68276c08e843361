// `kubectl rollout pause|resume` (pkg/cmd/rollout/rollout_pause.go, rollout_resume.go +
// polymorphichelpers objectpauser.go / objectresumer.go): only Deployments can be paused, so for a
// DaemonSet kubectl fetches the object and then reports `… pausing is not supported`.

import { qualifiedResource } from '../../api/types';
import type { CommandDef } from '../types';
import { ClientError, finish, nsFor } from './common';
import { rolloutTargets } from './rolloutTarget';

function notSupported(verb: 'pausing' | 'resuming') {
  return (ctx: Parameters<CommandDef['run']>[0]) => {
    const errs: unknown[] = [];
    for (const { kind, name } of rolloutTargets(ctx)) {
      ctx.sim.store.mustGet(kind, nsFor(ctx, kind), name);
      errs.push(new ClientError(`error: ${qualifiedResource(kind)} ${JSON.stringify(name)} ${verb} is not supported`));
    }
    finish(errs);
  };
}

export const rolloutPauseCommand: CommandDef = {
  name: 'rollout pause',
  short: 'Mark the provided resource as paused',
  usage: 'kubectl rollout pause RESOURCE [options]',
  flags: [],
  run: notSupported('pausing'),
};

export const rolloutResumeCommand: CommandDef = {
  name: 'rollout resume',
  short: 'Resume a paused resource',
  usage: 'kubectl rollout resume RESOURCE [options]',
  flags: [],
  run: notSupported('resuming'),
};
