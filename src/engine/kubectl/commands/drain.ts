// `kubectl drain NODE` (pkg/cmd/drain/drain.go + pkg/drain/{drain,filters}.go): cordon, list the
// node's pods through the filters (DaemonSet-managed, mirror, local storage, unreplicated), print
// warnings, refuse with the collected errors, otherwise evict (or delete) and wait — by running
// the simulation — until each pod is gone.

import { StatusError } from '../../api/errors';
import { matches, parseSelector, SelectorParseError } from '../../api/labels';
import { controllerRef, isPodTerminal } from '../../api/podutil';
import type { Node, Pod } from '../../api/types';
import { evictPod } from '../../api/eviction';
import { goDuration } from '../../clock';
import { TIMINGS } from '../../timings';
import { flagBool, flagString, goDurationMs } from '../argv';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { DRY_RUN_FLAG, dryRunStrategy, nameLine, stepUntil } from './common';
import { cordonNode, selectNodes } from './cordon';

const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
// Upstream's constant already starts with "cannot delete", and PodDeleteList.errors() prefixes it
// again: current kubectl really prints "cannot delete cannot delete Pods that declare no controller".
const UNMANAGED_FATAL = 'cannot delete Pods that declare no controller (use --force to override)';
const UNMANAGED_WARNING = 'deleting Pods that declare no controller';
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';

type Reason = 'Okay' | 'Skip' | 'Warning' | 'Error';
interface Status {
  delete: boolean;
  reason: Reason;
  message?: string;
}
const OKAY: Status = { delete: true, reason: 'Okay' };

interface DrainOptions {
  force: boolean;
  ignoreDaemonSets: boolean;
  deleteEmptyDirData: boolean;
}

type Filter = (pod: Pod) => Status;

function makeFilters(ctx: CommandContext, o: DrainOptions): Filter[] {
  const daemonSetFilter: Filter = (pod) => {
    const ref = controllerRef(pod);
    if (!ref || ref.kind !== 'DaemonSet') return OKAY;
    if (isPodTerminal(pod)) return OKAY;
    if (!ctx.sim.store.get('DaemonSet', pod.metadata.namespace, ref.name)) {
      const msg = `daemonsets.apps "${ref.name}" not found`;
      return o.force
        ? { delete: true, reason: 'Warning', message: msg }
        : { delete: false, reason: 'Error', message: msg };
    }
    if (!o.ignoreDaemonSets) return { delete: false, reason: 'Error', message: DAEMONSET_FATAL };
    return { delete: false, reason: 'Warning', message: DAEMONSET_WARNING };
  };
  const mirrorPodFilter: Filter = (pod) =>
    pod.metadata.annotations?.[MIRROR_ANNOTATION] !== undefined ? { delete: false, reason: 'Skip' } : OKAY;
  const localStorageFilter: Filter = (pod) => {
    if (!(pod.spec.volumes ?? []).some((v) => v.emptyDir)) return OKAY;
    if (isPodTerminal(pod)) return OKAY;
    if (!o.deleteEmptyDirData) return { delete: false, reason: 'Error', message: LOCAL_STORAGE_FATAL };
    return { delete: true, reason: 'Warning', message: LOCAL_STORAGE_WARNING };
  };
  const unreplicatedFilter: Filter = (pod) => {
    if (isPodTerminal(pod)) return OKAY;
    if (controllerRef(pod)) return OKAY;
    if (o.force) return { delete: true, reason: 'Warning', message: UNMANAGED_WARNING };
    return { delete: false, reason: 'Error', message: UNMANAGED_FATAL };
  };
  return [daemonSetFilter, mirrorPodFilter, localStorageFilter, unreplicatedFilter];
}

/** filterPods: the last filter's status wins; a filter that says "don't delete" stops the chain. */
function filterPods(pods: Pod[], filters: Filter[]): { pod: Pod; status: Status }[] {
  return pods.map((pod) => {
    let status = OKAY;
    for (const f of filters) {
      status = f(pod);
      if (!status.delete) break;
    }
    return { pod, status };
  });
}

/** Groups `ns/name` by message, in order of first appearance (upstream iterates a Go map). */
function grouped(list: { pod: Pod; status: Status }[], reason: Reason): [string, string[]][] {
  const m = new Map<string, string[]>();
  for (const { pod, status } of list) {
    if (status.reason !== reason) continue;
    const msg = status.message || 'unexpected error';
    m.set(msg, [...(m.get(msg) ?? []), `${pod.metadata.namespace}/${pod.metadata.name}`]);
  }
  return [...m.entries()];
}

function aggregateText(msgs: string[]): string {
  return msgs.length === 1 ? msgs[0] : `[${msgs.join(', ')}]`;
}

function podsOnNode(ctx: CommandContext, node: string): Pod[] {
  const sel = flagString(ctx.args, 'pod-selector');
  const s = sel ? parseSelector(sel) : [];
  return ctx.sim.store.list('Pod').filter((p) => p.spec.nodeName === node && matches(s, p.metadata.labels));
}

/** deleteOrEvictPodsSimple: returns the node's errors (an aggregate when several), or null when drained. */
function drainNode(ctx: CommandContext, node: Node, o: DrainOptions): string[] | null {
  const dry = dryRunStrategy(ctx);
  const list = filterPods(podsOnNode(ctx, node.metadata.name), makeFilters(ctx, o));
  const errors = grouped(list, 'Error').map(([msg, pods]) => `cannot delete ${msg}: ${pods.join(', ')}`);
  if (errors.length) return errors;
  const warnings = grouped(list, 'Warning').map(([msg, pods]) => `${msg}: ${pods.join(', ')}`);
  if (warnings.length) ctx.out.eprintln(`Warning: ${warnings.join('; ')}`);
  const pods = list.filter((x) => x.status.delete).map((x) => x.pod);
  if (dry === 'client') {
    for (const p of pods)
      ctx.out.println(`evicting pod ${p.metadata.namespace}/${p.metadata.name} (dry run)`);
    return null;
  }
  const gp = Number(flagString(ctx.args, 'grace-period') ?? '-1');
  const grace = gp >= 0 ? gp : undefined;
  const err = flagBool(ctx.args, 'disable-eviction')
    ? deletePods(ctx, pods, grace, dry === 'server')
    : evictPods(ctx, pods, grace, dry === 'server');
  if (err.length === 0) return null;
  // GetPodsForDeletion again: what is still on the node
  const left = filterPods(podsOnNode(ctx, node.metadata.name), makeFilters(ctx, o)).filter(
    (x) => x.status.delete,
  );
  if (left.length) {
    ctx.out.eprintln(
      `There are pending pods in node "${node.metadata.name}" when an error occurred: ${aggregateText(err)}`,
    );
    for (const x of left) ctx.out.eprintln(`pod/${x.pod.metadata.name}`);
  }
  return err;
}

/** kubectl's retry interval after a 429 from the eviction API */
export const EVICTION_RETRY_MS = 5000;

interface Eviction {
  pod: Pod;
  phase: 'evict' | 'wait' | 'done';
  /** when the next eviction attempt is due */
  at: number;
}

/** The drain's --timeout: 0 means none. */
function globalTimeout(ctx: CommandContext): { ms: number; text: string } {
  const timeout = flagString(ctx.args, 'timeout');
  const ms = timeout ? goDurationMs(timeout) : 0;
  return { ms, text: goDuration(ms) };
}

/**
 * evictPods (k8s.io/kubectl/pkg/drain): one worker per pod, as upstream's goroutines, here taking
 * turns on the simulated clock. Each prints `evicting pod`, asks the eviction API, and on 429 says
 * so and tries again 5 s later; once a pod is evicted it waits for it to be gone (waitForDelete).
 * The global --timeout ends every worker. Returns the errors, in the order the workers ended.
 */
function evictPods(
  ctx: CommandContext,
  pods: Pod[],
  grace: number | undefined,
  serverDry: boolean,
): string[] {
  const sim = ctx.sim;
  const timeout = globalTimeout(ctx);
  const start = sim.now();
  const deadline = timeout.ms > 0 ? start + timeout.ms : Infinity;
  // The session's time budget ends every wait, also one without a timeout.
  const end = Math.min(start + TIMINGS.settleLimitMs, sim.horizon);
  const errors: string[] = [];
  const workers: Eviction[] = pods.map((pod) => ({ pod, phase: 'evict', at: start }));
  const where = (p: Pod) => `pods/"${p.metadata.name}" -n "${p.metadata.namespace}"`;
  const attempt = (w: Eviction) => {
    const p = w.pod;
    ctx.out.println(
      `evicting pod ${p.metadata.namespace}/${p.metadata.name}${serverDry ? ' (server dry run)' : ''}`,
    );
    if (sim.now() >= deadline) {
      errors.push(`error when evicting ${where(p)}: global timeout reached: ${timeout.text}`);
      w.phase = 'done';
      return;
    }
    try {
      evictPod(
        sim.store,
        p.metadata.namespace!,
        p.metadata.name,
        { gracePeriodSeconds: grace, dryRun: serverDry },
        sim.now(),
      );
      w.phase = serverDry ? 'done' : 'wait';
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      w.phase = 'done';
      if (e.reason === 'NotFound') return;
      if (e.reason === 'TooManyRequests') {
        ctx.out.eprintln(`error when evicting ${where(p)} (will retry after 5s): ${e.message}`);
        w.phase = 'evict';
        w.at = sim.now() + EVICTION_RETRY_MS;
        return;
      }
      errors.push(`error when evicting ${where(p)}: ${e.message}`);
    }
  };
  const gone = (w: Eviction) => {
    const cur = sim.store.get('Pod', w.pod.metadata.namespace, w.pod.metadata.name);
    return !cur || cur.metadata.uid !== w.pod.metadata.uid;
  };
  for (;;) {
    const now = sim.now();
    for (const w of workers) if (w.phase === 'evict' && w.at <= now) attempt(w);
    for (const w of workers) {
      if (w.phase !== 'wait') continue;
      if (gone(w)) {
        ctx.out.println(nameLine('Pod', w.pod.metadata.name, 'evicted'));
        w.phase = 'done';
      } else if (now >= deadline) {
        errors.push(
          `error when waiting for pod "${w.pod.metadata.name}" in namespace "${w.pod.metadata.namespace}" to terminate: global timeout reached: ${timeout.text}`,
        );
        w.phase = 'done';
      }
    }
    const pending = workers.filter((w) => w.phase !== 'done');
    if (pending.length === 0) return errors;
    const retries = pending.filter((w) => w.phase === 'evict').map((w) => w.at);
    const work = sim.nextAt();
    const waiting = pending.some((w) => w.phase === 'wait') ? deadline : Infinity;
    const next = Math.min(...retries, work ?? Infinity, waiting);
    if (next > end || (work === undefined && timeout.ms === 0)) {
      // Nothing will change any more (or the session's time is up): real kubectl would retry or
      // wait forever; the emulator says so and stops.
      for (const w of pending)
        errors.push(
          `error when ${w.phase === 'evict' ? `evicting ${where(w.pod)}` : `waiting for pod "${w.pod.metadata.name}" in namespace "${w.pod.metadata.namespace}" to terminate`}: the simulated cluster is quiet, nothing will change: kubectl would go on ${w.phase === 'evict' ? 'retrying every 5s' : 'waiting'} forever (give drain a --timeout)`,
        );
      return errors;
    }
    if (work !== undefined && work <= next) sim.step();
    else sim.advance(next - now);
  }
}

/**
 * deletePods: delete every pod, then wait for all of them to be gone (waitForDelete, polling up to
 * the global timeout, after which wait.PollImmediate says it timed out).
 */
function deletePods(
  ctx: CommandContext,
  pods: Pod[],
  grace: number | undefined,
  serverDry: boolean,
): string[] {
  const pending: Pod[] = [];
  for (const p of pods) {
    try {
      ctx.sim.store.delete('Pod', p.metadata.namespace, p.metadata.name, {
        gracePeriodSeconds: grace,
        dryRun: serverDry,
      });
    } catch (e) {
      if (e instanceof StatusError && e.reason === 'NotFound') continue;
      if (e instanceof StatusError) return [e.message];
      throw e;
    }
    pending.push(p);
  }
  if (serverDry) return [];
  const timeout = globalTimeout(ctx);
  const limit = timeout.ms > 0 ? timeout.ms : TIMINGS.settleLimitMs;
  let left = [...pending];
  const sweep = () => {
    const still: Pod[] = [];
    for (const p of left) {
      const cur = ctx.sim.store.get('Pod', p.metadata.namespace, p.metadata.name);
      if (!cur || cur.metadata.uid !== p.metadata.uid)
        ctx.out.println(nameLine('Pod', p.metadata.name, 'deleted'));
      else still.push(p);
    }
    left = still;
    return left.length === 0;
  };
  const start = ctx.sim.now();
  if (stepUntil(ctx.sim, sweep, limit)) return [];
  if (timeout.ms > 0 && ctx.sim.now() < start + timeout.ms)
    ctx.sim.advance(start + timeout.ms - ctx.sim.now());
  return ['timed out waiting for the condition'];
}

export const drainCommand: CommandDef = {
  name: 'drain',
  short: 'Drain node in preparation for maintenance',
  usage: 'kubectl drain NODE',
  flags: [
    {
      name: 'force',
      type: 'bool',
      usage: 'Continue even if there are pods that do not declare a controller.',
    },
    { name: 'ignore-daemonsets', type: 'bool', usage: 'Ignore DaemonSet-managed pods.' },
    {
      name: 'delete-emptydir-data',
      type: 'bool',
      usage:
        'Continue even if there are pods using emptyDir (local data that will be deleted when the node is drained).',
    },
    {
      name: 'delete-local-data',
      type: 'bool',
      deprecated: 'This option is deprecated and will be deleted. Use --delete-emptydir-data.',
    },
    {
      name: 'grace-period',
      type: 'int',
      default: '-1',
      usage: 'Period of time in seconds given to each pod to terminate gracefully.',
    },
    {
      name: 'timeout',
      type: 'duration',
      default: '0s',
      usage: 'The length of time to wait before giving up, zero means infinite',
    },
    { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on' },
    { name: 'pod-selector', type: 'string', usage: 'Label selector to filter pods on the node' },
    {
      name: 'disable-eviction',
      type: 'bool',
      usage: 'Force drain to use delete, even if eviction is supported.',
    },
    {
      name: 'skip-wait-for-delete-timeout',
      type: 'int',
      default: '0',
      usage: 'If pod DeletionTimestamp older than N seconds, skip waiting for the pod.',
    },
    DRY_RUN_FLAG,
  ],
  run(ctx) {
    const nodes = selectNodes(ctx, 'drain NODE', () => {
      // DrainCmdOptions.Complete parses the pod selector on the client, with its own words
      const podSelector = flagString(ctx.args, 'pod-selector');
      if (podSelector) {
        try {
          parseSelector(podSelector);
        } catch (e) {
          if (!(e instanceof SelectorParseError)) throw e;
          throw new CommandError('--pod-selector=<pod_selector> must be a valid label selector');
        }
      }
    });
    const dry = dryRunStrategy(ctx);
    const o: DrainOptions = {
      force: flagBool(ctx.args, 'force'),
      ignoreDaemonSets: flagBool(ctx.args, 'ignore-daemonsets'),
      deleteEmptyDirData:
        flagBool(ctx.args, 'delete-emptydir-data') || flagBool(ctx.args, 'delete-local-data'),
    };
    for (const n of nodes) cordonNode(ctx, n, true, dry);
    const fatal: string[][] = [];
    const remaining: string[] = [];
    for (const n of nodes) {
      const node = ctx.sim.store.get('Node', undefined, n.metadata.name) ?? n;
      const err = drainNode(ctx, node, o);
      if (err === null) {
        ctx.out.println(
          nameLine(
            'Node',
            node.metadata.name,
            `drained${dry === 'client' ? ' (dry run)' : dry === 'server' ? ' (server dry run)' : ''}`,
          ),
        );
        continue;
      }
      ctx.out.eprintln(
        `error: unable to drain node "${node.metadata.name}" due to error: ${aggregateText(err)}, continuing command...`,
      );
      fatal.push(err);
      remaining.push(node.metadata.name);
    }
    if (remaining.length)
      ctx.out.err(`There are pending nodes to be drained:\n${remaining.map((r) => ` ${r}\n`).join('')}`);
    // The errors come back as one aggregate, which kubectl's CheckErr prints one per line (MultipleErrors).
    if (fatal.length) throw new CommandError(fatal.flat().join('\n'), 1, true);
  },
};
