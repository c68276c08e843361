// `kubectl logs (POD | TYPE/NAME) [-c CONTAINER]` (pkg/cmd/logs/logs.go + polymorphichelpers
// logsforobject.go, attachablepodforobject.go): a DaemonSet picks one of its pods the way kubectl's
// GetFirstPod does (sorted by podutils.ByLogging; "Found N pods, using pod/NAME"); a pod with several
// containers defaults to the first (or its kubectl.kubernetes.io/default-container). What the
// simulated containers write: src/engine/kubelet/containerLogs.ts. `-f` keeps streaming as
// simulated time passes, until the container stops or the cluster is quiet.

import { StatusError } from '../../api/errors';
import { fromLabelSelector, matches } from '../../api/labels';
import { builderLabelSelector } from './getListing';
import { getPodCondition, isPodReady } from '../../api/podutil';
import type { Kind, KindMap, Pod } from '../../api/types';
import { parseDuration } from '../../clock';
import { containerLogLines, containerLogUnavailable, type LogLine } from '../../kubelet/containerLogs';
import { flagBool, flagString } from '../argv';
import { previousContainerLogLines, previousNotFound, servesLastTermination } from './previousContainerLog';
import { resolveResource } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { stepUntil } from './common';

const USAGE_ERROR =
  "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples";

export const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';

/** Follow at most this long in a script before giving up (the console's Ctrl+C). */
export const FOLLOW_LIMIT_MS = 60 * 60_000;

function readyTime(p: Pod): number | undefined {
  const t = getPodCondition(p, 'Ready')?.lastTransitionTime;
  return t ? Date.parse(t) : undefined;
}

function restarts(p: Pod): number {
  return Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));
}

/** podutils.ByLogging: the pod whose logs are most likely worth reading first. */
export function byLogging(a: Pod, b: Pod): number {
  const an = a.spec.nodeName ?? '';
  const bn = b.spec.nodeName ?? '';
  if (an !== bn && (!an || !bn)) return an ? -1 : 1;
  const rank: Record<string, number> = { Running: 0, Unknown: 1, Pending: 2 };
  const ra = rank[a.status?.phase ?? ''] ?? 0;
  const rb = rank[b.status?.phase ?? ''] ?? 0;
  if (ra !== rb) return ra - rb;
  if (isPodReady(a) !== isPodReady(b)) return isPodReady(a) ? -1 : 1;
  if (isPodReady(a) && isPodReady(b)) {
    const ta = readyTime(a) ?? 0;
    const tb = readyTime(b) ?? 0;
    if (ta !== tb) return ta - tb; // ready for longer first
  }
  if (restarts(a) !== restarts(b)) return restarts(b) - restarts(a);
  const ca = Date.parse(a.metadata.creationTimestamp ?? '') || Infinity;
  const cb = Date.parse(b.metadata.creationTimestamp ?? '') || Infinity;
  return ca - cb;
}

interface Target {
  pods: Pod[];
  /** a second positional word: the container */
  container?: string;
}

function podsForSelector(ctx: CommandContext, selector: string): Pod[] {
  const sel = builderLabelSelector('Pod', selector);
  return ctx.sim.store.list('Pod', ctx.namespace).filter((p) => matches(sel, p.metadata.labels));
}

/**
 * The builder's GET of the named object. A NotFound is worded as LogsOptions.Complete words it:
 * `error from server (NotFound): pods "x" not found in namespace "default"` (even for a
 * cluster-scoped object: it names the command's namespace).
 */
function builderGet<K extends Kind>(ctx: CommandContext, kind: K, name: string): KindMap[K] {
  try {
    return ctx.sim.store.mustGet(
      kind,
      kind === 'Node' || kind === 'Namespace' ? undefined : ctx.namespace,
      name,
    );
  } catch (e) {
    if (e instanceof StatusError && e.code === 404)
      throw new CommandError(`error from server (NotFound): ${e.message} in namespace "${ctx.namespace}"`);
    throw e;
  }
}

/**
 * logsForObject: a pod, or the first pod of a DaemonSet, Deployment or ReplicaSet by its selector (waiting up
 * to --pod-running-timeout for one).
 */
function resolveTarget(ctx: CommandContext): Target {
  const args = ctx.args.positional;
  const selector = flagString(ctx.args, 'selector');
  if (selector !== undefined) {
    if (args.length > 0) throw new CommandError('only a selector (-l) or a POD name is allowed');
    return { pods: podsForSelector(ctx, selector) };
  }
  if (args.length === 0 || args.length > 2) throw new CommandError(USAGE_ERROR);
  const [what, container] = args;
  if (!what.includes('/')) return { pods: [builderGet(ctx, 'Pod', what)], container };
  if (container !== undefined) throw new CommandError(USAGE_ERROR);
  const slash = what.indexOf('/');
  const kind = resolveResource(what.slice(0, slash));
  const name = what.slice(slash + 1);
  if (kind === 'Pod') return { pods: [builderGet(ctx, 'Pod', name)] };
  if (kind !== 'DaemonSet' && kind !== 'Deployment' && kind !== 'ReplicaSet') {
    builderGet(ctx, kind, name);
    // polymorphichelpers.SelectorsForObject knows no selector for it (logsForObjectWithClient).
    const t = `*v1.${kind}`;
    throw new CommandError(`cannot get the logs from ${t}: selector for ${t} not implemented`);
  }
  // SelectorsForObject: the workload's own selector; GetFirstPod: its pods in the namespace
  const workload = builderGet(ctx, kind, name);
  const sel = fromLabelSelector(workload.spec.selector);
  const list = () =>
    sel ? ctx.sim.store.list('Pod', ctx.namespace).filter((p) => matches(sel, p.metadata.labels)) : [];
  const timeout = parseDuration(flagString(ctx.args, 'pod-running-timeout') ?? '20s');
  if (list().length === 0 && !stepUntil(ctx.sim, () => list().length > 0, timeout)) {
    throw new CommandError('timed out waiting for the condition');
  }
  const pods = [...list()].sort(byLogging);
  if (flagBool(ctx.args, 'all-pods')) return { pods: [...list()] };
  if (pods.length > 1) ctx.out.eprintln(`Found ${pods.length} pods, using pod/${pods[0].metadata.name}`);
  return { pods: [pods[0]] };
}

/** The containers to read for one pod (-c, --all-containers, or the default one). */
function containersOf(ctx: CommandContext, pod: Pod, named: string | undefined, announce: boolean): string[] {
  // podutils.AllContainers: init, regular and ephemeral containers
  const all = [
    ...(pod.spec.initContainers ?? []),
    ...pod.spec.containers,
    ...(pod.spec.ephemeralContainers ?? []),
  ].map((c) => c.name);
  if (flagBool(ctx.args, 'all-containers')) return all;
  const wanted = named ?? flagString(ctx.args, 'container');
  if (wanted !== undefined) {
    if (!all.includes(wanted))
      throw new CommandError(`container ${wanted} is not valid for pod ${pod.metadata.name}`);
    return [wanted];
  }
  const annotated = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
  if (annotated && pod.spec.containers.some((c) => c.name === annotated)) return [annotated];
  const first = pod.spec.containers[0].name;
  if (announce && pod.spec.containers.length > 1) {
    ctx.out.eprintln(
      `Defaulted container "${first}" out of: ${pod.spec.containers.map((c) => c.name).join(', ')}`,
    );
  }
  return [first];
}

export function formatLogLine(ctx: CommandContext, pod: Pod, container: string, line: LogLine): string {
  const prefix =
    flagBool(ctx.args, 'prefix') || flagBool(ctx.args, 'all-pods')
      ? `[pod/${pod.metadata.name}/${container}] `
      : '';
  return `${prefix}${flagBool(ctx.args, 'timestamps') ? `${line.time} ` : ''}${line.text}\n`;
}

/** The pods and containers a `kubectl logs` line reads (kubectl's messages about its choice go to stderr). */
export function logStreams(ctx: CommandContext): { pod: Pod; container: string }[] {
  const target = resolveTarget(ctx);
  const selector = flagString(ctx.args, 'selector');
  const streams: { pod: Pod; container: string }[] = [];
  for (const pod of target.pods) {
    for (const c of containersOf(ctx, pod, target.container, selector === undefined))
      streams.push({ pod, container: c });
  }
  return streams;
}

/**
 * Following one container's log (`-f`): each call of the returned function writes the lines the
 * container wrote since the last call and says whether the stream is over — the container has
 * exited, or its pod is gone or was replaced. The emulator calls it between simulation steps, and
 * so does the API server for `pods/NAME/log?follow=true` on the paced clock.
 */
export function logFollower(
  current: () => Pod | undefined,
  pod: Pod,
  container: string,
  read: (p: Pod) => LogLine[],
  write: (p: Pod, line: LogLine) => void,
): () => boolean {
  let shown = read(pod).length;
  return () => {
    const p = current();
    if (!p || p.metadata.uid !== pod.metadata.uid) return true;
    const now = read(p);
    for (const l of now.slice(shown)) write(p, l);
    shown = Math.max(shown, now.length);
    const cs = p.status?.containerStatuses?.find((c) => c.name === container);
    return !!cs?.state.terminated;
  };
}

export const logsCommand: CommandDef = {
  name: 'logs',
  short: 'Print the logs for a container in a pod',
  usage: 'kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [options]',
  flags: [
    { name: 'all-containers', type: 'bool', usage: "Get all containers' logs in the pod(s)." },
    { name: 'all-pods', type: 'bool', usage: 'Get logs from all pod(s). Sets prefix to true.' },
    {
      name: 'ignore-errors',
      type: 'bool',
      usage: 'If watching / following pod logs, allow for any errors that occur to be non-fatal',
    },
    {
      name: 'limit-bytes',
      type: 'int',
      default: '0',
      usage: 'Maximum bytes of logs to return. Defaults to no limit.',
    },
    {
      name: 'max-log-requests',
      type: 'int',
      default: '5',
      usage: 'Specify maximum number of concurrent logs to follow when using by a selector. Defaults to 5.',
    },
    {
      name: 'since-time',
      type: 'string',
      usage:
        'Only return logs after a specific date (RFC3339). Defaults to all logs. Only one of since-time / since may be used.',
    },
    { name: 'container', short: 'c', type: 'string', usage: 'Print the logs of this container' },
    { name: 'follow', short: 'f', type: 'bool', usage: 'Specify if the logs should be streamed.' },
    {
      name: 'pod-running-timeout',
      type: 'duration',
      default: '20s',
      usage:
        'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running',
    },
    {
      name: 'prefix',
      type: 'bool',
      usage: 'Prefix each log line with the log source (pod name and container name)',
    },
    {
      name: 'previous',
      short: 'p',
      type: 'bool',
      usage: 'If true, print the logs for the previous instance of the container in a pod if it exists.',
    },
    { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on.' },
    {
      name: 'since',
      type: 'duration',
      default: '0s',
      usage: 'Only return logs newer than a relative duration like 5s, 2m, or 3h. Defaults to all logs.',
    },
    {
      name: 'tail',
      type: 'int',
      default: '-1',
      usage:
        'Lines of recent log file to display. Defaults to -1 with no selector, showing all log lines otherwise 10, if a selector is provided.',
    },
    { name: 'timestamps', type: 'bool', usage: 'Include timestamps on each line in the log output' },
  ],
  run(ctx) {
    const tailFlag = flagString(ctx.args, 'tail');
    const selector = flagString(ctx.args, 'selector');
    const tail = tailFlag !== undefined ? Number(tailFlag) : selector !== undefined ? 10 : -1;
    if (!Number.isInteger(tail))
      throw new CommandError(
        `invalid argument "${tailFlag}" for "--tail" flag: strconv.ParseInt: parsing "${tailFlag}": invalid syntax`,
      );
    if (
      flagBool(ctx.args, 'all-containers') &&
      (flagString(ctx.args, 'container') !== undefined || ctx.args.positional.length > 1)
    ) {
      throw new CommandError('--container cannot be used with --all-containers');
    }
    const since = parseDuration(flagString(ctx.args, 'since') ?? '0s');
    const sinceTimeFlag = flagString(ctx.args, 'since-time');
    if (sinceTimeFlag !== undefined && ctx.args.flags.has('since'))
      throw new CommandError('at most one of `sinceTime` or `sinceSeconds` may be specified');
    const sinceTime = sinceTimeFlag !== undefined ? Date.parse(sinceTimeFlag) : undefined;
    if (sinceTime !== undefined && Number.isNaN(sinceTime)) {
      throw new CommandError(
        `parsing time "${sinceTimeFlag}" as "2006-01-02T15:04:05Z07:00": cannot parse "${sinceTimeFlag}" as "2006"`,
      );
    }
    const limitBytes = Number(flagString(ctx.args, 'limit-bytes') ?? '0');
    const maxRequests = Number(flagString(ctx.args, 'max-log-requests') ?? '5');
    const previous = flagBool(ctx.args, 'previous');
    const follow = flagBool(ctx.args, 'follow');
    const streams = logStreams(ctx);
    // -p reads the container's previous instance (undefined when it has none), and so does a plain
    // read of a container waiting to run again (CrashLoopBackOff); else the current instance.
    const readsPrevious = (pod: Pod, container: string) => previous || servesLastTermination(pod, container);
    const instanceLines = (pod: Pod, container: string): LogLine[] | undefined =>
      readsPrevious(pod, container)
        ? previousContainerLogLines(pod, container, ctx.sim.kubelet)
        : containerLogLines(pod, container, { kubelet: ctx.sim.kubelet });
    const read = (pod: Pod, container: string): LogLine[] => {
      let lines = instanceLines(pod, container) ?? [];
      if (since > 0) lines = lines.filter((l) => Date.parse(l.time) >= ctx.sim.now() - since);
      if (sinceTime !== undefined) lines = lines.filter((l) => Date.parse(l.time) >= sinceTime);
      return lines;
    };
    if (follow && streams.length > maxRequests) {
      throw new CommandError(
        `you are attempting to follow ${streams.length} log streams, but maximum allowed concurrency is ${maxRequests}, use --max-log-requests to increase the limit`,
      );
    }
    let written = 0;
    const write = (text: string) => {
      if (limitBytes > 0) {
        if (written >= limitBytes) return;
        text = text.slice(0, limitBytes - written);
      }
      written += text.length;
      ctx.out.out(text);
    };
    // With -f every stream follows at once (parallelConsumeRequest), until each container is over.
    const following: { over: boolean; check: () => boolean }[] = [];
    for (const { pod, container } of streams) {
      // A pod not yet on a node has no kubelet to ask: an empty log.
      if (!pod.spec.nodeName) continue;
      const unavailable = readsPrevious(pod, container)
        ? instanceLines(pod, container) === undefined
          ? previousNotFound(pod, container)
          : undefined
        : containerLogUnavailable(pod, container, false);
      if (unavailable) {
        if (flagBool(ctx.args, 'ignore-errors') && follow) continue;
        throw new StatusError(400, 'BadRequest', unavailable);
      }
      let lines = read(pod, container);
      if (tail >= 0) lines = lines.slice(Math.max(0, lines.length - tail));
      for (const l of lines) write(formatLogLine(ctx, pod, container, l));
      // The previous instance has exited: there is nothing to follow (the kubelet ends the stream).
      if (!follow || readsPrevious(pod, container)) continue;
      // Stream: print new lines as simulated time passes, until the container exits or the pod goes.
      const current = () => ctx.sim.store.get('Pod', pod.metadata.namespace, pod.metadata.name);
      following.push({
        over: false,
        check: logFollower(
          current,
          pod,
          container,
          (p) => read(p, container),
          (p, l) => write(formatLogLine(ctx, p, container, l)),
        ),
      });
    }
    if (following.length > 0) {
      stepUntil(
        ctx.sim,
        () => {
          for (const f of following) if (!f.over) f.over = f.check();
          return following.every((f) => f.over);
        },
        FOLLOW_LIMIT_MS,
      );
    }
  },
};
