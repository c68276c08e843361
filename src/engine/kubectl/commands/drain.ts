// `kubectl drain NODE` (pkg/cmd/drain/drain.go + pkg/drain/{drain,filters}.go): cordon, list the
// node's pods through the filters (DaemonSet-managed, mirror, local storage, unreplicated), print
// warnings, refuse with the collected errors, otherwise evict (or delete) and wait — by running
// the simulation — until each pod is gone.

import { StatusError } from '../../api/errors';
import { matches, parseSelector } from '../../api/labels';
import { controllerRef, isPodTerminal } from '../../api/podutil';
import type { Node, Pod } from '../../api/types';
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
  const eviction = !flagBool(ctx.args, 'disable-eviction');
  const gp = Number(flagString(ctx.args, 'grace-period') ?? '-1');
  const pending: { pod: Pod; grace: number }[] = [];
  for (const p of pods) {
    if (eviction)
      ctx.out.println(
        `evicting pod ${p.metadata.namespace}/${p.metadata.name}${dry === 'server' ? ' (server dry run)' : ''}`,
      );
    try {
      ctx.sim.store.delete('Pod', p.metadata.namespace, p.metadata.name, {
        gracePeriodSeconds: gp >= 0 ? gp : undefined,
        dryRun: dry === 'server',
      });
    } catch (e) {
      if (e instanceof StatusError && e.reason === 'NotFound') continue;
      if (e instanceof StatusError)
        return [`error when evicting pods/"${p.metadata.name}" -n "${p.metadata.namespace}": ${e.message}`];
      throw e;
    }
    pending.push({ pod: p, grace: gp >= 0 ? gp : (p.spec.terminationGracePeriodSeconds ?? 30) });
  }
  if (dry === 'server') return null;
  const err = waitForPods(ctx, node, pending, eviction ? 'evicted' : 'deleted');
  return err === null ? null : [err];
}

function waitForPods(
  ctx: CommandContext,
  node: Node,
  pending: { pod: Pod; grace: number }[],
  verb: string,
): string | null {
  const timeout = flagString(ctx.args, 'timeout');
  const timeoutMs = timeout ? goDurationMs(timeout) : 0;
  const limit = timeoutMs > 0 ? timeoutMs : TIMINGS.settleLimitMs;
  let left = [...pending];
  const sweep = () => {
    const still: typeof left = [];
    for (const x of left) {
      const cur = ctx.sim.store.get('Pod', x.pod.metadata.namespace, x.pod.metadata.name);
      if (!cur || cur.metadata.uid !== x.pod.metadata.uid)
        ctx.out.println(nameLine('Pod', x.pod.metadata.name, verb));
      else still.push(x);
    }
    left = still;
    return left.length === 0;
  };
  const start = ctx.sim.now();
  if (stepUntil(ctx.sim, sweep, limit)) return null;
  if (timeoutMs > 0 && ctx.sim.now() < start + timeoutMs) ctx.sim.advance(start + timeoutMs - ctx.sim.now());
  const first = left[0].pod;
  const err = `error when evicting pods/"${first.metadata.name}" -n "${first.metadata.namespace}": global timeout reached: ${timeout ?? '0s'}`;
  ctx.out.eprintln(`There are pending pods in node "${node.metadata.name}" when an error occurred: ${err}`);
  for (const x of left) ctx.out.eprintln(`pod/${x.pod.metadata.name}`);
  return err;
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
    const nodes = selectNodes(ctx, 'drain NODE');
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
