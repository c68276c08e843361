// `kubectl exec`, `attach`, `port-forward` and `cp` (kubectl/pkg/cmd/exec/exec.go, attach/attach.go,
// portforward/portforward.go, cp/cp.go, with polymorphichelpers/attachablepodforobject.go and
// util/podcmd/podcmd.go): everything the client does before it opens a stream to the pod — its
// flag and argument checks, the builder's GET of the object, the pod a workload's selector picks
// (GetFirstPod sorted by sort.Reverse(podutils.ActivePods)), the container it defaults to, the
// phase checks, the TTY notices — in kubectl 1.33's order and words.
//
// The stream itself is a pods/exec, pods/attach or pods/portforward request, which the playground's
// API server does not serve: there are no processes in its containers. It answers as an API server
// answers a route it has not registered — 404, "the server could not find the requested resource"
// (src/server/guard.ts lets kubectl's body-less upgrade POST through to that answer) — so these
// commands end as the real kubectl 1.33 ends against `npm run serve`: `Error from server (NotFound):
// the server could not find the requested resource` (exec, attach, cp, after kubectl's WebSocket
// upgrade and its SPDY fallback both got the 404), and `error: error upgrading connection: …` for
// port-forward. `kubectl debug` adds a container without attaching (commands/debug.ts).

import { SERVED } from '../../api/discovery';
import { notFound, StatusError } from '../../api/errors';
import { fromLabelSelector, matches } from '../../api/labels';
import { getPodCondition, isPodReady } from '../../api/podutil';
import type { Container, Kind, KindMap, Pod } from '../../api/types';
import { flagArray, flagBool, flagString, goDurationMs } from '../argv';
import { resolveResource } from '../resources';
import { CommandError, type CommandContext, type CommandDef, type FlagSpec } from '../types';
import { stepUntil } from './common';

/** The API server's answer to a request for a route it does not serve (notfoundhandler). */
export function unservedSubresource(): StatusError {
  return new StatusError(404, 'NotFound', 'the server could not find the requested resource');
}

// ------------------------------------------------------------------------------- shared flags

const containerFlag: FlagSpec = {
  name: 'container',
  short: 'c',
  type: 'string',
  usage:
    'Container name. If omitted, use the kubectl.kubernetes.io/default-container annotation for selecting the container to be attached or the first container in the pod will be chosen',
};

const podRunningTimeout = (def: string): FlagSpec => ({
  name: 'pod-running-timeout',
  type: 'duration',
  default: def,
  usage:
    'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running',
});

const streamFlags: FlagSpec[] = [
  { name: 'quiet', short: 'q', type: 'bool', usage: 'Only print output from the remote session' },
  { name: 'stdin', short: 'i', type: 'bool', usage: 'Pass stdin to the container' },
  { name: 'tty', short: 't', type: 'bool', usage: 'Stdin is a TTY' },
];

/** cmdutil.UsageErrorf: the message, then where to read the help. */
function usageError(command: string, message: string): CommandError {
  return new CommandError(`${message}\nSee 'kubectl ${command} -h' for help and examples`);
}

/** cmdutil.GetPodRunningTimeoutFlag: the duration, higher than zero (a usage error otherwise). */
function podRunningTimeoutMs(ctx: CommandContext, command: string): number {
  const ms = goDurationMs(flagString(ctx.args, 'pod-running-timeout') ?? '1m');
  if (ms <= 0) throw usageError(command, '--pod-running-timeout must be higher than zero');
  return ms;
}

// ------------------------------------------------------------------------ attachable pod

function podReadyTime(p: Pod): number {
  const c = getPodCondition(p, 'Ready');
  return c?.status === 'True' && c.lastTransitionTime ? Date.parse(c.lastTransitionTime) : 0;
}

function maxContainerRestarts(p: Pod): number {
  return Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));
}

/** afterOrZero: an unset time counts as after every set one. */
function afterOrZero(a: number, b: number): boolean {
  if (!a || !b) return !a;
  return a > b;
}

/**
 * podutils.ActivePods' Less: whether pod A is less active than B — unassigned before assigned,
 * Pending < Unknown < Running (other phases count as Pending), not ready before ready, ready for
 * less time before more, more restarts before fewer, newer before older.
 */
export function activePodsLess(a: Pod, b: Pod): boolean {
  const an = a.spec.nodeName ?? '';
  const bn = b.spec.nodeName ?? '';
  if (an !== bn && (!an || !bn)) return !an;
  const rank = (p: Pod) => ({ Unknown: 1, Running: 2 })[p.status?.phase as 'Unknown' | 'Running'] ?? 0;
  if (rank(a) !== rank(b)) return rank(a) < rank(b);
  if (isPodReady(a) !== isPodReady(b)) return !isPodReady(a);
  if (isPodReady(a) && isPodReady(b) && podReadyTime(a) !== podReadyTime(b))
    return afterOrZero(podReadyTime(a), podReadyTime(b));
  if (maxContainerRestarts(a) !== maxContainerRestarts(b))
    return maxContainerRestarts(a) > maxContainerRestarts(b);
  const ca = Date.parse(a.metadata.creationTimestamp ?? '') || 0;
  const cb = Date.parse(b.metadata.creationTimestamp ?? '') || 0;
  if (ca !== cb) return afterOrZero(ca, cb);
  return false;
}

/** The workload kinds polymorphichelpers.SelectorsForObject knows a selector for (of those served). */
const WITH_SELECTOR = new Set<Kind>(['DaemonSet', 'Deployment', 'ReplicaSet']);

/**
 * The builder's GET of TYPE/NAME (or of a pod by NAME): the object, or the API server's NotFound
 * (`pods "x" not found`, `daemonsets.apps "x" not found`).
 */
function builderGet(ctx: CommandContext, kind: Kind, name: string): KindMap[Kind] {
  const namespaced = SERVED.find((r) => r.kind === kind)?.namespaced ?? true;
  const obj = ctx.sim.store.get(kind, namespaced ? ctx.namespace : undefined, name);
  if (!obj) throw notFound(kind, name);
  return obj;
}

/**
 * polymorphichelpers.attachablePodForObject: a pod is itself; a DaemonSet, Deployment or ReplicaSet
 * gives the most active of the pods its selector matches (GetFirstPod sorted by
 * sort.Reverse(ActivePods)), waiting up to TIMEOUT for one to exist; any other kind has no selector.
 */
export function attachablePodForObject(
  ctx: CommandContext,
  kind: Kind,
  obj: KindMap[Kind],
  timeoutMs: number,
): Pod {
  if (kind === 'Pod') return obj as Pod;
  if (!WITH_SELECTOR.has(kind))
    throw new CommandError(`cannot attach to *v1.${kind}: selector for *v1.${kind} not implemented`);
  const workload = obj as KindMap['DaemonSet'];
  const sel = fromLabelSelector(workload.spec.selector);
  const list = () =>
    sel
      ? ctx.sim.store.list('Pod', workload.metadata.namespace).filter((p) => matches(sel, p.metadata.labels))
      : [];
  // GetFirstPod watches for the first pod to be added when the list is empty
  if (list().length === 0 && !stepUntil(ctx.sim, () => list().length > 0, timeoutMs))
    throw new CommandError('timed out waiting for the condition');
  // sort.Reverse(ActivePods): the most active first (a stable sort keeps the list's order on ties)
  return [...list()].sort((a, b) => (activePodsLess(b, a) ? -1 : activePodsLess(a, b) ? 1 : 0))[0];
}

/** The pod a `(POD | TYPE/NAME)` argument names, as the builder's ResourceNames("pods", arg) reads it. */
function podForArgument(ctx: CommandContext, arg: string, timeoutMs: number): Pod {
  const slash = arg.indexOf('/');
  const kind = slash >= 0 ? resolveResource(arg.slice(0, slash)) : 'Pod';
  const name = slash >= 0 ? arg.slice(slash + 1) : arg;
  return attachablePodForObject(ctx, kind, builderGet(ctx, kind, name), timeoutMs);
}

/** podcmd.FindContainerByName: regular, init, then ephemeral containers. */
function findContainerByName(pod: Pod, name: string): Container | undefined {
  return (
    pod.spec.containers.find((c) => c.name === name) ??
    pod.spec.initContainers?.find((c) => c.name === name) ??
    (pod.spec.ephemeralContainers?.find((c) => c.name === name) as Container | undefined)
  );
}

/**
 * podcmd.FindOrDefaultContainerByName: the named container, or the one the
 * kubectl.kubernetes.io/default-container annotation names, or the first (saying so on WARN when
 * the pod has others).
 */
function findOrDefaultContainerByName(
  pod: Pod,
  name: string,
  quiet: boolean,
  warn: (line: string) => void,
): Container {
  if (name) {
    const c = findContainerByName(pod, name);
    if (!c) throw new CommandError(`container ${name} not found in pod ${pod.metadata.name}`);
    return c;
  }
  if (pod.spec.containers.length === 0)
    throw new CommandError(`pod ${pod.metadata.namespace}/${pod.metadata.name} does not have any containers`);
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  if (annotated) {
    const c = findContainerByName(pod, annotated);
    if (c) return c;
  }
  const first = pod.spec.containers[0];
  const init = pod.spec.initContainers ?? [];
  const ephemeral = pod.spec.ephemeralContainers ?? [];
  if (!quiet && (pod.spec.containers.length > 1 || init.length > 0 || ephemeral.length > 0)) {
    const all = [
      ...pod.spec.containers.map((c) => c.name),
      ...ephemeral.map((c) => `${c.name} (ephem)`),
      ...init.map((c) => `${c.name} (init)`),
    ];
    warn(`Defaulted container ${JSON.stringify(first.name)} out of: ${all.join(', ')}`);
  }
  return first;
}

export const TTY_NOT_TERMINAL = 'Unable to use a TTY - input is not a terminal or the right kind of file';

/**
 * StreamOptions.SetupTTY: with -i and -t, kubectl wants a raw terminal; its standard input here (a
 * script, the console) is not one, so it says so and goes on without.
 */
function setupTTY(ctx: CommandContext, stdin: boolean, tty: boolean, quiet: boolean): void {
  if (stdin && tty && !quiet) ctx.out.eprintln(TTY_NOT_TERMINAL);
}

// ------------------------------------------------------------------------------------- exec

/** The words of argv after `--` (the command), and the count of positional words before it. */
function splitAtDash(ctx: CommandContext): { before: string[]; command: string[]; atDash: number } {
  const dash = ctx.argv.indexOf('--');
  const command = dash >= 0 ? ctx.argv.slice(dash + 1) : [];
  const before = ctx.args.positional.slice(0, ctx.args.positional.length - command.length);
  return { before, command, atDash: dash >= 0 ? before.length : -1 };
}

/**
 * ExecOptions.Run from the pod on: the phase check, the default container, the TTY set-up, then the
 * pods/exec stream the API server does not serve.
 */
function execInPod(ctx: CommandContext, pod: Pod, container: string, o: ExecStream): never {
  if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed')
    throw new CommandError(
      `cannot exec into a container in a completed pod; current phase is ${pod.status.phase}`,
    );
  if (!container) findOrDefaultContainerByName(pod, '', o.quiet, o.warn);
  setupTTY(ctx, o.stdin, o.tty, o.quiet);
  throw unservedSubresource();
}

interface ExecStream {
  stdin: boolean;
  tty: boolean;
  quiet: boolean;
  /** where FindOrDefaultContainerByName's notice goes (the exec's ErrOut) */
  warn: (line: string) => void;
}

export const execCommand: CommandDef = {
  name: 'exec',
  short: 'Execute a command in a container',
  long: 'Execute a command in a container.',
  example: `  # Get output from running the 'date' command from pod mypod, using the first container by default
  kubectl exec mypod -- date
  
  # Get output from running the 'date' command in ruby-container from pod mypod
  kubectl exec mypod -c ruby-container -- date
  
  # Switch to raw terminal mode; sends stdin to 'bash' in ruby-container from pod mypod
  # and sends stdout/stderr from 'bash' back to the client
  kubectl exec mypod -c ruby-container -i -t -- bash -il
  
  # List contents of /usr from the first container of pod mypod and sort by modification time
  # If the command you want to execute in the pod has any flags in common (e.g. -i),
  # you must use two dashes (--) to separate your command's flags/arguments
  # Also note, do not surround your command and its flags/arguments with quotes
  # unless that is how you would execute it normally (i.e., do ls -t /usr, not "ls -t /usr")
  kubectl exec mypod -i -t -- ls -t /usr
  
  # Get output from running 'date' command from the first pod of the deployment mydeployment, using the first container by default
  kubectl exec deploy/mydeployment -- date
  
  # Get output from running 'date' command from the first pod of the service myservice, using the first container by default
  kubectl exec svc/myservice -- date`,
  usage: 'kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [flags] -- COMMAND [args...] [options]',
  validArgs: ['Pod'],
  flags: [
    containerFlag,
    { name: 'filename', short: 'f', type: 'stringArray', usage: 'to use to exec into the resource' },
    podRunningTimeout('1m0s'),
    ...streamFlags,
  ],
  run(ctx) {
    // Complete
    const { before, command, atDash } = splitAtDash(ctx);
    const resource = before.length > 0 && atDash !== 0 ? before[0] : '';
    if (atDash === -1 && before.length > 1)
      throw usageError(
        'exec',
        'exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead',
      );
    const timeout = podRunningTimeoutMs(ctx, 'exec');
    const filenames = flagArray(ctx.args, 'filename');
    // Validate
    if (!resource && filenames.length === 0)
      throw new CommandError('pod, type/name or --filename must be specified');
    if (command.length === 0)
      throw new CommandError('you must specify at least one command for the container');
    // Run
    if (filenames.length > 0)
      throw new CommandError('exec into the object of a file (-f) is not modelled by the playground');
    const pod = podForArgument(ctx, resource, timeout);
    const quiet = flagBool(ctx.args, 'quiet');
    execInPod(ctx, pod, flagString(ctx.args, 'container') ?? '', {
      stdin: flagBool(ctx.args, 'stdin'),
      tty: flagBool(ctx.args, 'tty'),
      quiet,
      warn: (l) => ctx.out.eprintln(l),
    });
  },
};

// ----------------------------------------------------------------------------------- attach

export const attachCommand: CommandDef = {
  name: 'attach',
  short: 'Attach to a running container',
  long: 'Attach to a process that is already running inside an existing container.',
  example: `  # Get output from running pod mypod; use the 'kubectl.kubernetes.io/default-container' annotation
  # for selecting the container to be attached or the first container in the pod will be chosen
  kubectl attach mypod
  
  # Get output from ruby-container from pod mypod
  kubectl attach mypod -c ruby-container
  
  # Switch to raw terminal mode; sends stdin to 'bash' in ruby-container from pod mypod
  # and sends stdout/stderr from 'bash' back to the client
  kubectl attach mypod -c ruby-container -i -t
  
  # Get output from the first pod of a replica set named nginx
  kubectl attach rs/nginx`,
  usage: 'kubectl attach (POD | TYPE/NAME) -c CONTAINER [options]',
  validArgs: ['Pod'],
  flags: [containerFlag, podRunningTimeout('1m0s'), ...streamFlags],
  run(ctx) {
    // ToOptions, then Validate
    const timeout = podRunningTimeoutMs(ctx, 'attach');
    const args = ctx.args.positional;
    if (args.length === 0) throw new CommandError('at least 1 argument is required for attach');
    if (args.length > 2)
      throw new CommandError(
        `expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw ${args.length}: [${args.join(' ')}]`,
      );
    // Run: the builder's object (ResourceNames("pods", arg) or (TYPE, NAME)), its attachable pod
    let pod: Pod;
    if (args.length === 1) pod = podForArgument(ctx, args[0], timeout);
    else {
      const kind = resolveResource(args[0]);
      pod = attachablePodForObject(ctx, kind, builderGet(ctx, kind, args[1]), timeout);
    }
    if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed')
      throw new CommandError(
        `cannot attach a container in a completed pod; current phase is ${pod.status.phase}`,
      );
    const quiet = flagBool(ctx.args, 'quiet');
    const stdin = flagBool(ctx.args, 'stdin');
    let tty = flagBool(ctx.args, 'tty');
    let container: Container;
    try {
      container = findOrDefaultContainerByName(pod, flagString(ctx.args, 'container') ?? '', quiet, (l) =>
        ctx.out.eprintln(l),
      );
    } catch (e) {
      if (e instanceof CommandError) throw new CommandError(`cannot attach to the container: ${e.message}`);
      throw e;
    }
    if (tty && !container.tty) {
      tty = false;
      if (!quiet)
        ctx.out.eprintln(`error: Unable to use a TTY - container ${container.name} did not allocate one`);
    } else if (!tty && container.tty) {
      // a container started with a TTY forces one
      tty = true;
    }
    setupTTY(ctx, stdin, tty, quiet);
    if (!quiet) ctx.out.eprintln("If you don't see a command prompt, try pressing enter.");
    throw unservedSubresource();
  },
};

// ----------------------------------------------------------------------------- port-forward

/** Go's strconv.Atoi accepts it: an optional sign and decimal digits that fit an int64. */
function goAtoi(s: string): boolean {
  if (!/^[+-]?\d+$/.test(s)) return false;
  const n = BigInt(s);
  return n >= -(2n ** 63n) && n < 2n ** 63n;
}

/** strconv.ParseUint(s, 10, 16), or Go's error text. */
function parseUint16(s: string): number | string {
  if (!/^\d+$/.test(s)) return `strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax`;
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n > 65535)
    return `strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`;
  return n;
}

/** portforward.go's splitPort: `[LOCAL:]REMOTE` (any other count of colons: the first part twice). */
function splitPort(port: string): [string, string] {
  const parts = port.split(':');
  return parts.length === 2 ? [parts[0], parts[1]] : [parts[0], parts[0]];
}

/** util.LookupContainerPortNumberByName. */
function containerPortByName(pod: Pod, name: string): number {
  for (const c of pod.spec.containers)
    for (const p of c.ports ?? []) if (p.name === name) return p.containerPort;
  throw new CommandError(`Pod '${pod.metadata.name}' does not have a named port '${name}'`);
}

/** checkUDPPortInPod: a remote port only UDP in the pod's containers cannot be forwarded. */
function checkUDPPortInPod(ports: string[], pod: Pod): void {
  const udp = new Set<number>();
  const tcp = new Set<number>();
  for (const c of pod.spec.containers)
    for (const p of c.ports ?? [])
      (p.protocol === 'UDP' ? udp : p.protocol === 'TCP' || !p.protocol ? tcp : new Set()).add(
        p.containerPort,
      );
  for (const port of ports) {
    const remote = splitPort(port)[1];
    const num = goAtoi(remote) ? Number(remote) : containerPortByName(pod, remote);
    if (udp.has(num) && !tcp.has(num)) throw new CommandError(`UDP protocol is not supported for ${remote}`);
  }
}

/** convertPodNamedPortToNumber: named remote ports become the container's port numbers. */
function convertPodNamedPortToNumber(ports: string[], pod: Pod): string[] {
  return ports.map((port) => {
    const [local, remote] = splitPort(port);
    if (remote === '') throw new CommandError('remote port cannot be empty');
    const number = goAtoi(remote) ? remote : String(containerPortByName(pod, remote));
    return local !== remote ? `${local}:${number}` : number;
  });
}

/** client-go portforward's parsePorts: each `[LOCAL:]REMOTE` as two 16-bit numbers. */
function parsePorts(ports: string[]): void {
  for (const port of ports) {
    const parts = port.split(':');
    if (parts.length > 2) throw new CommandError(`invalid port format '${port}'`);
    const local = parts.length === 2 ? parts[0] || '0' : parts[0];
    const remote = parts.length === 2 ? parts[1] : parts[0];
    const l = parseUint16(local);
    if (typeof l === 'string') throw new CommandError(`error parsing local port '${local}': ${l}`);
    const r = parseUint16(remote);
    if (typeof r === 'string') throw new CommandError(`error parsing remote port '${remote}': ${r}`);
    if (r === 0) throw new CommandError('remote port must be > 0');
  }
}

/** Go's net.ParseIP accepts it (a dotted IPv4 address, or an IPv6 one). */
function isIP(s: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4) return v4.slice(1).every((o) => Number(o) <= 255 && !(o.length > 1 && o.startsWith('0')));
  if (!s.includes(':') || !/^[0-9a-fA-F:.]+$/.test(s)) return false;
  const [head, ...tail] = s.split('::');
  if (tail.length > 1) return false;
  const groups = (x: string) => (x === '' ? [] : x.split(':'));
  let parts = [...groups(head), ...groups(tail[0] ?? '')];
  let width = 0;
  const last = parts[parts.length - 1];
  if (last?.includes('.')) {
    if (!isIP(last)) return false;
    parts = parts.slice(0, -1);
    width = 2;
  }
  if (!parts.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  width += parts.length;
  return tail.length === 1 ? width < 8 : width === 8;
}

/** portforward's parseAddresses: `localhost` or IP addresses. */
function parseAddresses(addresses: string[]): void {
  for (const a of addresses)
    if (a !== 'localhost' && !isIP(a)) throw new CommandError(`${a} is not a valid IP`);
}

export const portForwardCommand: CommandDef = {
  name: 'port-forward',
  short: 'Forward one or more local ports to a pod',
  long: `Forward one or more local ports to a pod.

 Use resource type/name such as deployment/mydeployment to select a pod. Resource type defaults to 'pod' if omitted.

 If there are multiple pods matching the criteria, a pod will be selected automatically. The forwarding session ends when the selected pod terminates, and a rerun of the command is needed to resume forwarding.`,
  example: `  # Listen on ports 5000 and 6000 locally, forwarding data to/from ports 5000 and 6000 in the pod
  kubectl port-forward pod/mypod 5000 6000
  
  # Listen on ports 5000 and 6000 locally, forwarding data to/from ports 5000 and 6000 in a pod selected by the deployment
  kubectl port-forward deployment/mydeployment 5000 6000
  
  # Listen on port 8443 locally, forwarding to the targetPort of the service's port named "https" in a pod selected by the service
  kubectl port-forward service/myservice 8443:https
  
  # Listen on port 8888 locally, forwarding to 5000 in the pod
  kubectl port-forward pod/mypod 8888:5000
  
  # Listen on port 8888 on all addresses, forwarding to 5000 in the pod
  kubectl port-forward --address 0.0.0.0 pod/mypod 8888:5000
  
  # Listen on port 8888 on localhost and selected IP, forwarding to 5000 in the pod
  kubectl port-forward --address localhost,10.19.21.23 pod/mypod 8888:5000
  
  # Listen on a random port locally, forwarding to 5000 in the pod
  kubectl port-forward pod/mypod :5000`,
  usage:
    'kubectl port-forward TYPE/NAME [options] [LOCAL_PORT:]REMOTE_PORT [...[LOCAL_PORT_N:]REMOTE_PORT_N]',
  validArgs: ['Pod'],
  flags: [
    {
      name: 'address',
      type: 'stringArray',
      default: '[localhost]',
      usage:
        'Addresses to listen on (comma separated). Only accepts IP addresses or localhost as a value. When localhost is supplied, kubectl will try to bind on both 127.0.0.1 and ::1 and will fail if neither of these addresses are available to bind.',
    },
    podRunningTimeout('1m0s'),
  ],
  run(ctx) {
    // Complete
    const args = ctx.args.positional;
    if (args.length < 2)
      throw usageError('port-forward', 'TYPE/NAME and list of ports are required for port-forward');
    const timeout = podRunningTimeoutMs(ctx, 'port-forward');
    const pod = podForArgument(ctx, args[0], timeout);
    const requested = args.slice(1);
    checkUDPPortInPod(requested, pod);
    const ports = convertPodNamedPortToNumber(requested, pod);
    // RunPortForwardContext: the pod as it is now, running
    const now = ctx.sim.store.get('Pod', pod.metadata.namespace, pod.metadata.name);
    if (!now) throw notFound('Pod', pod.metadata.name);
    if (now.status?.phase !== 'Running')
      throw new CommandError(
        `unable to forward port because pod is not running. Current status=${now.status?.phase ?? ''}`,
      );
    // ForwardPorts: NewOnAddresses parses the ports, then the addresses, then dials the stream
    parsePorts(ports);
    const addresses = flagArray(ctx.args, 'address').flatMap((a) => a.split(','));
    parseAddresses(addresses.length > 0 ? addresses : ['localhost']);
    throw new CommandError(`error upgrading connection: ${unservedSubresource().message}`);
  },
};

// --------------------------------------------------------------------------------------- cp

interface FileSpec {
  podNamespace?: string;
  podName?: string;
  file: string;
}

/** cp.go's extractFileSpec: `[[namespace/]pod:]file/path`. */
function extractFileSpec(arg: string): FileSpec {
  const i = arg.indexOf(':');
  const wrong = new CommandError('filespec must match the canonical format: [[namespace/]pod:]file/path');
  if (i === 0) throw wrong;
  if (i === -1) return { file: arg };
  const pieces = arg.slice(0, i).split('/');
  const file = arg.slice(i + 1);
  if (pieces.length === 1) return { podName: pieces[0], file };
  if (pieces.length === 2) return { podNamespace: pieces[0], podName: pieces[1], file };
  throw wrong;
}

export const cpCommand: CommandDef = {
  name: 'cp',
  short: 'Copy files and directories to and from containers',
  long: 'Copy files and directories to and from containers.',
  example: `  # !!!Important Note!!!
  # Requires that the 'tar' binary is present in your container
  # image.  If 'tar' is not present, 'kubectl cp' will fail.
  #
  # For advanced use cases, such as symlinks, wildcard expansion or
  # file mode preservation, consider using 'kubectl exec'.
  
  # Copy /tmp/foo local file to /tmp/bar in a remote pod in namespace <some-namespace>
  tar cf - /tmp/foo | kubectl exec -i -n <some-namespace> <some-pod> -- tar xf - -C /tmp/bar
  
  # Copy /tmp/foo from a remote pod to /tmp/bar locally
  kubectl exec -n <some-namespace> <some-pod> -- tar cf - /tmp/foo | tar xf - -C /tmp/bar
  
  # Copy /tmp/foo_dir local directory to /tmp/bar_dir in a remote pod in the default namespace
  kubectl cp /tmp/foo_dir <some-pod>:/tmp/bar_dir
  
  # Copy /tmp/foo local file to /tmp/bar in a remote pod in a specific container
  kubectl cp /tmp/foo <some-pod>:/tmp/bar -c <specific-container>
  
  # Copy /tmp/foo local file to /tmp/bar in a remote pod in namespace <some-namespace>
  kubectl cp /tmp/foo <some-namespace>/<some-pod>:/tmp/bar
  
  # Copy /tmp/foo from a remote pod to /tmp/bar locally
  kubectl cp <some-namespace>/<some-pod>:/tmp/foo /tmp/bar`,
  usage: 'kubectl cp <file-spec-src> <file-spec-dest> [options]',
  validArgs: ['Pod'],
  flags: [
    containerFlag,
    {
      name: 'no-preserve',
      type: 'bool',
      usage: "The copied file/directory's ownership and permissions will not be preserved in the container",
    },
    {
      name: 'retries',
      type: 'int',
      usage:
        'Set number of retries to complete a copy operation from a container. Specify 0 to disable or any negative value for infinite retrying. The default is 0 (no retry).',
    },
  ],
  run(ctx) {
    const args = ctx.args.positional;
    if (args.length !== 2) throw new CommandError('source and destination are required');
    const src = extractFileSpec(args[0]);
    const dest = extractFileSpec(args[1]);
    if (src.podName && dest.podName)
      throw new CommandError('one of src or dest must be a local file specification');
    if (src.file === '' || dest.file === '') throw new CommandError('filepath can not be empty');
    const remote = src.podName ? src : dest.podName ? dest : undefined;
    if (!remote) throw new CommandError('one of src or dest must be a remote file specification');
    if (remote === dest) {
      // copyToPod: the local file must exist (the script's folder; the page has no files)
      let exists = false;
      try {
        if (ctx.opts.readFile) {
          ctx.opts.readFile(src.file);
          exists = true;
        }
      } catch {
        exists = false;
      }
      if (!exists) throw new CommandError(`${src.file} doesn't exist in local filesystem`);
    }
    // the exec of tar in the pod (ExecOptions.Run with PodName: a plain GET of the pod)
    const ns = remote.podNamespace || ctx.namespace;
    const pod = ctx.sim.store.get('Pod', ns, remote.podName!);
    if (!pod) throw notFound('Pod', remote.podName!);
    const container = flagString(ctx.args, 'container') ?? '';
    // copyFromPod hands the exec kubectl's standard output as its error stream
    const warn = remote === src ? (l: string) => ctx.out.println(l) : (l: string) => ctx.out.eprintln(l);
    execInPod(ctx, pod, container, { stdin: remote === dest, tty: false, quiet: false, warn });
  },
};
