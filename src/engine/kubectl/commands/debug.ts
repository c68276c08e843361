// `kubectl debug POD --image IMAGE [--target C] [-c NAME] [-i] [-t] [--profile P] [-- COMMAND…]`
// (kubectl/pkg/cmd/debug/debug.go, profiles.go): adds an ephemeral container to a running pod
// through the pods/ephemeralcontainers subresource, as kubectl does — Complete and Validate's checks
// and messages in their order, the container kubectl builds (stdin/tty as given,
// terminationMessagePolicy File, the profile's securityContext), the default name
// `debugger-` + five characters (kubectl's utilrand.String; here from a generator seeded by the
// simulation, so a transcript is the same every run). The API server's side: api/ephemeral.ts; the
// kubelet's: kubelet/ephemeralContainers.ts.
//
// Attaching (`-i`, `--attach`) needs the pods/attach stream, which the playground's API server does
// not serve: after the container runs, kubectl's attach gets the 404 and it falls back to the
// container's log, as the real kubectl does against `npm run serve`. Pod copies (--copy-to), node
// debugging, --custom and -f are not modelled, and say so.

import type { EphemeralContainer, Pod } from '../../api/types';
import { notFound } from '../../api/errors';
import { strategicMergePatch } from '../../api/patch/strategicMerge';
import { generateName, Random } from '../../random';
import { flagBool, flagString, flagArray } from '../argv';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { stepUntil } from './common';
import { containerLogLines } from '../../kubelet/containerLogs';
import { TTY_NOT_TERMINAL, unservedSubresource } from './podStreams';

const PROFILES = new Set(['legacy', 'general', 'baseline', 'restricted', 'netadmin', 'sysadmin']);

/** distribution/reference's ReferenceRegexp, anchored (name[:tag][@digest]). */
const ALNUM = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[(?:[a-fA-F0-9:]+)\\])(?::[0-9]+)?`;
const REFERENCE = new RegExp(
  `^((?:${DOMAIN}/)?${COMPONENT}(?:/${COMPONENT})*)(?::([\\w][\\w.-]{0,127}))?(?:@([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9A-Fa-f]{32,}))?$`,
);

/** How long `-i` waits for the container to run before saying it does not (simulated time). */
const ATTACH_WAIT_MS = 5 * 60_000;

const b = (name: string, usage: string, short?: string, def = 'false') =>
  ({ name, short, type: 'bool', default: def, usage }) as const;

export const debugCommand: CommandDef = {
  name: 'debug',
  short: 'Create debugging sessions for troubleshooting workloads and nodes',
  usage: 'kubectl debug (POD | TYPE[[.VERSION].GROUP]/NAME) [ -- COMMAND [args...] ]',
  flags: [
    b(
      'arguments-only',
      'If specified, everything after -- will be passed to the new container as Args instead of Command.',
    ),
    b(
      'attach',
      "If true, wait for the container to start running, and then attach as if 'kubectl attach ...' were called.  Default false, unless '-i/--stdin' is set, in which case the default is true.",
    ),
    { name: 'container', short: 'c', type: 'string', usage: 'Container name to use for debug container.' },
    { name: 'copy-to', type: 'string', usage: 'Create a copy of the target Pod with this name.' },
    {
      name: 'custom',
      type: 'string',
      usage:
        'Path to a JSON or YAML file containing a partial container spec to customize built-in debug profiles.',
    },
    { name: 'env', type: 'stringArray', usage: 'Environment variables to set in the container.' },
    { name: 'filename', short: 'f', type: 'stringArray', usage: 'identifying the resource to debug' },
    { name: 'image', type: 'string', usage: 'Container image to use for debug container.' },
    {
      name: 'image-pull-policy',
      type: 'string',
      usage:
        'The image pull policy for the container. If left empty, this value will not be specified by the client and defaulted by the server.',
    },
    b(
      'keep-annotations',
      "If true, keep the original pod annotations.(This flag only works when used with '--copy-to')",
    ),
    b(
      'keep-init-containers',
      "Run the init containers for the pod. Defaults to true.(This flag only works when used with '--copy-to')",
      undefined,
      'true',
    ),
    b(
      'keep-labels',
      "If true, keep the original pod labels.(This flag only works when used with '--copy-to')",
    ),
    b(
      'keep-liveness',
      "If true, keep the original pod liveness probes.(This flag only works when used with '--copy-to')",
    ),
    b(
      'keep-readiness',
      "If true, keep the original pod readiness probes.(This flag only works when used with '--copy-to')",
    ),
    b(
      'keep-startup',
      "If true, keep the original startup probes.(This flag only works when used with '--copy-to')",
    ),
    {
      name: 'profile',
      type: 'string',
      default: 'legacy',
      usage: 'Options are "legacy", "general", "baseline", "netadmin", "restricted" or "sysadmin".',
    },
    b('quiet', 'If true, suppress informational messages.', 'q'),
    b('replace', "When used with '--copy-to', delete the original Pod."),
    b('same-node', "When used with '--copy-to', schedule the copy of target Pod on the same node."),
    {
      name: 'set-image',
      type: 'stringArray',
      usage:
        "When used with '--copy-to', a list of name=image pairs for changing container images, similar to how 'kubectl set image' works.",
    },
    b(
      'share-processes',
      "When used with '--copy-to', enable process namespace sharing in the copy.",
      undefined,
      'true',
    ),
    b('stdin', 'Keep stdin open on the container(s) in the pod, even if nothing is attached.', 'i'),
    {
      name: 'target',
      type: 'string',
      usage: 'When using an ephemeral container, target processes in this container name.',
    },
    b('tty', 'Allocate a TTY for the debugging container.', 't'),
  ],
  run(ctx) {
    const a = ctx.args;
    // Complete: the arguments after `--` are the container's command; the profile's applier
    const dash = ctx.argv.indexOf('--');
    const commandArgs = dash >= 0 ? ctx.argv.slice(dash + 1) : [];
    const targets = a.positional.slice(0, a.positional.length - commandArgs.length);
    const interactive = flagBool(a, 'stdin');
    const attachChanged = a.flags.has('attach');
    const attach = attachChanged ? flagBool(a, 'attach') : interactive;
    const env = envVars(flagArray(a, 'env'));
    const profile = flagString(a, 'profile') ?? 'legacy';
    if (!PROFILES.has(profile)) throw new CommandError(`unknown profile: ${profile}`);
    if (flagString(a, 'custom') !== undefined)
      throw new CommandError('--custom profiles are not modelled by the playground');

    // Validate, in kubectl's order
    const image = flagString(a, 'image') ?? '';
    const container = flagString(a, 'container') ?? '';
    const copyTo = flagString(a, 'copy-to') ?? '';
    if (attach && attachChanged && image === '' && container === '')
      throw new CommandError(
        'you must specify --container or create a new container using --image in order to attach.',
      );
    const setImages = flagArray(a, 'set-image');
    if (copyTo !== '') {
      if (image === '' && setImages.length === 0 && commandArgs.length === 0)
        throw new CommandError('you must specify --image, --set-image or command arguments.');
      if (commandArgs.length > 0 && container === '' && image === '')
        throw new CommandError('you must specify an existing container or a new image when specifying args.');
    } else if (flagBool(a, 'replace')) throw new CommandError('--replace may only be used with --copy-to.');
    else if (flagBool(a, 'same-node')) throw new CommandError('--same-node may only be used with --copy-to.');
    else if (setImages.length > 0) throw new CommandError('--set-image may only be used with --copy-to.');
    else if (image === '') throw new CommandError('you must specify --image when not using --copy-to.');
    if (image !== '' && !REFERENCE.test(image))
      throw new CommandError(`invalid image name ${JSON.stringify(image)}: invalid reference format`);
    const filenames = flagArray(a, 'filename');
    if (targets.length === 0 && filenames.length === 0)
      throw new CommandError('NAME or filename is required for debug');
    const pullPolicy = flagString(a, 'image-pull-policy') ?? '';
    if (!['Always', 'IfNotPresent', 'Never', ''].includes(pullPolicy))
      throw new CommandError(`invalid image pull policy: ${pullPolicy}`);
    const target = flagString(a, 'target') ?? '';
    const quiet = flagBool(a, 'quiet');
    if (target !== '') {
      if (copyTo !== '')
        throw new CommandError('--target is incompatible with --copy-to. Use --share-processes instead.');
      if (!quiet)
        ctx.out.println(
          `Targeting container ${JSON.stringify(target)}. If you don't see processes from this container it may be because the container runtime doesn't support this feature.`,
        );
    }
    const tty = flagBool(a, 'tty');
    if (tty && !interactive)
      throw new CommandError('-i/--stdin is required for containers with -t/--tty=true');
    if (profile === 'legacy')
      ctx.out.eprintln(
        '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".',
      );

    // Run
    if (filenames.length > 0)
      throw new CommandError('debugging the objects of a file (-f) is not modelled by the playground');
    for (const ref of targets) {
      const slash = ref.indexOf('/');
      const type = slash >= 0 ? ref.slice(0, slash) : 'pods';
      const name = slash >= 0 ? ref.slice(slash + 1) : ref;
      if (/^(node|nodes|no)$/.test(type))
        throw new CommandError("node debugging is not modelled by the playground's cluster");
      if (!/^(pod|pods|po)$/.test(type))
        throw new CommandError(`the server doesn't have a resource type "${type}"`);
      const pod = ctx.sim.store.get('Pod', ctx.namespace, name);
      if (!pod) throw notFound('Pod', name);
      if (copyTo !== '')
        throw new CommandError(
          "debugging a copy of a pod (--copy-to) is not modelled by the playground's cluster",
        );
      const ec = debugContainer(ctx, pod, {
        name: container,
        image,
        pullPolicy,
        env,
        interactive,
        tty,
        target,
        profile,
        quiet,
        command: commandArgs,
        argsOnly: flagBool(a, 'arguments-only'),
      });
      // PATCH pods/NAME/ephemeralcontainers with kubectl's strategic merge patch
      const patched = strategicMergePatch(
        pod as unknown as Record<string, unknown>,
        { spec: ephemeralPatch(pod, ec) },
        'Pod',
      ) as unknown as Pod;
      ctx.sim.store.updateEphemeralContainers(patched, { fieldManager: 'kubectl' });
      if (attach) handleAttachPod(ctx, ctx.namespace, name, ec.name, { interactive, tty, quiet });
    }
  },
};

/**
 * The list item of kubectl's two-way strategic merge patch (the pod before and after the container
 * was appended), merged by name: a new name sends the whole container (as Go marshals it:
 * `resources: {}` always); a name the pod already has (two items with one key, which kubectl's diff
 * tolerates) sends the fields that differ from the existing one's, which the API server then refuses
 * as a change.
 */
function ephemeralPatch(pod: Pod, ec: EphemeralContainer): Record<string, unknown> {
  const existing = pod.spec.ephemeralContainers ?? [];
  const list = { ephemeralContainers: [patchItem(pod, ec)] };
  if (existing.length === 0) return list;
  // the list's order after the change, as the two-way diff of a non-empty list sends it
  const order = [...existing.map((c) => c.name), ec.name].map((name) => ({ name }));
  return { '$setElementOrder/ephemeralContainers': order, ...list };
}

function patchItem(pod: Pod, ec: EphemeralContainer): Record<string, unknown> {
  const full: Record<string, unknown> = { ...ec, resources: {} };
  const old = pod.spec.ephemeralContainers?.find((c) => c.name === ec.name);
  if (!old) return full;
  const item: Record<string, unknown> = { name: ec.name };
  for (const [k, v] of Object.entries(full)) {
    if (JSON.stringify(canonical(v)) !== JSON.stringify(canonical(old[k]))) item[k] = v;
  }
  return item;
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

interface DebugOptions {
  name: string;
  image: string;
  pullPolicy: string;
  env: { name: string; value: string }[];
  interactive: boolean;
  tty: boolean;
  target: string;
  profile: string;
  quiet: boolean;
  command: string[];
  argsOnly: boolean;
}

/** `--env K=V` (a StringToString flag: its pairs sorted by name, as Go's map iteration here is). */
function envVars(values: string[]): { name: string; value: string }[] {
  const m = new Map<string, string>();
  for (const v of values) {
    for (const pair of v.split(',')) {
      const eq = pair.indexOf('=');
      if (eq < 0)
        throw new CommandError(
          `invalid argument "${v}" for "--env" flag: ${pair} must be formatted as key=value`,
        );
      m.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  return [...m].sort(([x], [y]) => (x < y ? -1 : 1)).map(([name, value]) => ({ name, value }));
}

/** generateDebugContainer: the EphemeralContainer kubectl sends, the profile applied. */
function debugContainer(ctx: CommandContext, pod: Pod, o: DebugOptions): EphemeralContainer {
  const name = o.name !== '' ? o.name : defaultName(ctx, pod, o.quiet);
  const ec: EphemeralContainer = { name, image: o.image };
  if (o.command.length > 0) ec[o.argsOnly ? 'args' : 'command'] = o.command;
  if (o.env.length > 0) ec.env = o.env;
  if (o.pullPolicy !== '') ec.imagePullPolicy = o.pullPolicy;
  if (o.interactive) ec.stdin = true;
  ec.terminationMessagePolicy = 'File';
  if (o.tty) ec.tty = true;
  const sc = profileSecurityContext(o.profile);
  if (sc) ec.securityContext = sc;
  if (o.target !== '') ec.targetContainerName = o.target;
  return ec;
}

/** profiles.go for the ephemeral style: the container's securityContext each profile sets. */
function profileSecurityContext(profile: string): Record<string, unknown> | undefined {
  switch (profile) {
    case 'general':
      return { capabilities: { add: ['SYS_PTRACE'] } };
    case 'restricted':
      return {
        capabilities: { drop: ['ALL'] },
        runAsNonRoot: true,
        allowPrivilegeEscalation: false,
        seccompProfile: { type: 'RuntimeDefault' },
      };
    case 'netadmin':
      return { capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } };
    case 'sysadmin':
      return { privileged: true };
    default:
      // legacy: nothing; baseline: the securityContext cleared (kubectl's new container has none)
      return undefined;
  }
}

/**
 * computeDebugContainerName: `debugger-` and five characters until no container of the pod has the
 * name. kubectl draws them from its own generator; here one seeded by the simulation's seed and
 * clock, so the simulation's own draws are untouched and a replay names it the same.
 */
function defaultName(ctx: CommandContext, pod: Pod, quiet: boolean): string {
  const taken = new Set(
    [...pod.spec.containers, ...(pod.spec.initContainers ?? []), ...(pod.spec.ephemeralContainers ?? [])].map(
      (c) => c.name,
    ),
  );
  const rand = new Random((ctx.sim.seed ^ ctx.sim.now()) >>> 0);
  let name = '';
  while (name === '' || taken.has(name)) name = generateName('debugger-', rand);
  if (!quiet) ctx.out.println(`Defaulting debug container name to ${name}.`);
  return name;
}

/**
 * debug.go's handleAttachPod (`-i`, `--attach`): kubectl waits for the container to run, then
 * attaches to it — a pods/attach stream, which the playground's API server does not serve (its
 * containers run no processes: the router's 404, as for `kubectl attach`, commands/podStreams.ts).
 * kubectl then says it could not attach and falls back to printing the container's log, and ends
 * well; a container that already terminated gets its log at once. A container that never runs is
 * waited for up to ATTACH_WAIT_MS of simulated time (kubectl would wait on), then the playground says so.
 */
function handleAttachPod(
  ctx: CommandContext,
  ns: string,
  pod: string,
  container: string,
  o: { interactive: boolean; tty: boolean; quiet: boolean },
): void {
  const state = () =>
    ctx.sim.store.get('Pod', ns, pod)?.status?.ephemeralContainerStatuses?.find((s) => s.name === container)
      ?.state;
  stepUntil(
    ctx.sim,
    () => state()?.running !== undefined || state()?.terminated !== undefined,
    ATTACH_WAIT_MS,
  );
  const s = state();
  if (!s?.running && !s?.terminated) {
    ctx.out.eprintln(
      `playground: container ${container} is not running (${s?.waiting?.reason ?? 'not started'}): a real kubectl would keep waiting for it before attaching; see 'kubectl describe pod ${pod}' and 'kubectl logs ${pod} -c ${container}'`,
    );
    return;
  }
  if (s.running) {
    // AttachOptions.Run: the TTY set-up (stdin is no terminal here), the prompt hint, the stream's 404
    if (o.interactive && o.tty && !o.quiet) ctx.out.eprintln(TTY_NOT_TERMINAL);
    if (!o.quiet) ctx.out.eprintln("If you don't see a command prompt, try pressing enter.");
    ctx.out.eprintln(
      `warning: couldn't attach to pod/${pod}, falling back to streaming logs: ${unservedSubresource().message}`,
    );
  }
  // logOpts: the container's log as it is now (not followed)
  const now = ctx.sim.store.get('Pod', ns, pod);
  if (now)
    for (const line of containerLogLines(now, container, { kubelet: ctx.sim.kubelet }))
      ctx.out.println(line.text);
}
