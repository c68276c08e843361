// `kubectl debug POD --image IMAGE [--target C] [-c NAME]` (kubectl/pkg/cmd/debug/debug.go): adds an
// ephemeral container to a running pod through the pods/ephemeralcontainers subresource. The
// simulated cluster does not model ephemeral containers: its API server has no such subresource,
// and kubectl says what it says to a cluster where they are disabled (the same words a real kubectl
// prints against `npm run serve`, src/scenarios/debug.sim). Pod copies (--copy-to) and node
// debugging are not modelled either, and say so.

import { notFound } from '../../api/errors';
import { generateName, Random } from '../../random';
import { flagBool, flagString } from '../argv';
import { CommandError, type CommandDef } from '../types';

const PROFILES = new Set(['legacy', 'general', 'baseline', 'restricted', 'netadmin', 'sysadmin']);

export const debugCommand: CommandDef = {
  name: 'debug',
  short: 'Create debugging sessions for troubleshooting workloads and nodes',
  usage: 'kubectl debug (POD | TYPE[[.VERSION].GROUP]/NAME) [ -- COMMAND [args...] ]',
  flags: [
    { name: 'image', type: 'string', usage: 'Container image to use for debug container.' },
    { name: 'container', short: 'c', type: 'string', usage: 'Container name to use for debug container.' },
    {
      name: 'target',
      type: 'string',
      usage: 'When using an ephemeral container, target processes in this container name.',
    },
    { name: 'copy-to', type: 'string', usage: 'Create a copy of the target Pod with this name.' },
    {
      name: 'profile',
      type: 'string',
      default: 'legacy',
      usage:
        'Options are "legacy", "general", "baseline", "netadmin", "restricted" or "sysadmin". Defaults to "legacy".',
    },
    { name: 'stdin', short: 'i', type: 'bool', usage: 'Keep stdin open on the container(s) in the pod.' },
    { name: 'tty', short: 't', type: 'bool', usage: 'Allocate a TTY for the debugging container.' },
    {
      name: 'attach',
      type: 'bool',
      usage: 'If true, wait for the container to start running, and then attach.',
    },
    { name: 'quiet', short: 'q', type: 'bool', usage: 'If true, suppress informational messages.' },
  ],
  run(ctx) {
    const args = ctx.args.positional;
    if (args.length === 0) throw new CommandError('NAME or filename is required for debug');
    const copyTo = flagString(ctx.args, 'copy-to');
    const image = flagString(ctx.args, 'image');
    if (!image && !copyTo) throw new CommandError('you must specify --image when not using --copy-to.');
    const profile = flagString(ctx.args, 'profile') ?? 'legacy';
    if (!PROFILES.has(profile)) throw new CommandError(`unknown profile: ${profile}`);
    const quiet = flagBool(ctx.args, 'quiet');
    const target = flagString(ctx.args, 'target');
    if (target && !quiet)
      ctx.out.eprintln(
        `Targeting container "${target}". If you don't see processes from this container it may be because the container runtime doesn't support this feature.`,
      );
    const ref = args[0];
    const slash = ref.indexOf('/');
    const node = slash >= 0 && /^(node|nodes|no)$/.test(ref.slice(0, slash));
    if (node || copyTo !== undefined)
      throw new CommandError(
        `${node ? 'node debugging' : 'debugging a copy of a pod (--copy-to)'} is not modelled by the playground's cluster`,
      );
    if (profile === 'legacy' && flagString(ctx.args, 'profile') === undefined)
      ctx.out.eprintln(
        '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".',
      );
    const name = slash >= 0 ? ref.slice(slash + 1) : ref;
    if (!ctx.sim.store.get('Pod', ctx.namespace, name)) throw notFound('Pod', name);
    if (!flagString(ctx.args, 'container') && !quiet) {
      // kubectl names the container client-side (utilrand.String(5)); a generator of its own, so
      // the simulation's draws are the ones the server would make
      const rand = new Random((ctx.sim.seed ^ ctx.sim.now()) >>> 0);
      ctx.out.eprintln(`Defaulting debug container name to ${generateName('debugger-', rand)}.`);
    }
    // The pods/ephemeralcontainers subresource is not served: the API server's 404, which kubectl
    // reports as a cluster with ephemeral containers disabled.
    throw new CommandError(
      'ephemeral containers are disabled for this cluster (error from server: "the server could not find the requested resource")',
    );
  },
};
