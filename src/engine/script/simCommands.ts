// The `sim …` commands of scenario scripts (DESIGN §3). They print nothing on success except
// `step` and `why`; errors are `error: …` lines, and never change state. Those naming a namespaced
// object (pod fail, why pod/NAME, why NODE DAEMONSET) look in -n, else in the kubeconfig context's
// namespace (`kubectl config set-context --current --namespace=X`), as kubectl does.

import { splitTaintSpec } from '../api/taintSpec';
import { parseArgs, flagArray, flagBool, flagString } from '../kubectl/argv';
import { CommandError, type FlagSpec, type Output } from '../kubectl/types';
import { parseDuration } from '../clock';
import type { Taint } from '../api/types';
import { addNode } from '../cluster/presets';
import { failPod, setNodeCondition } from '../kubelet/kubelet';
import { formatWhy, formatWhyPod, why, whyPod } from './why';
import { runSimImage } from './simImage';
import type { Session } from './session';
import { isPreset, PRESETS } from '../cluster/presets';
import { isValidQuantity } from '../api/quantity';
import { isDNS1123Subdomain } from '../api/validation';
import { formatBudgetHours } from './budget';
import { TIMINGS } from '../timings';

const NODE_ADD_FLAGS: FlagSpec[] = [
  { name: 'label', type: 'stringArray' },
  { name: 'taint', type: 'stringArray' },
  { name: 'cpu', type: 'string' },
  { name: 'memory', type: 'string' },
  { name: 'pods', type: 'string' },
  { name: 'not-ready', type: 'bool' },
  { name: 'no-network', type: 'bool' },
];

/** The session reached the end of its simulated time (script/budget.ts). */
function budgetSpent(session: Session): string {
  return `the session has run ${formatBudgetHours(session.budget.maxSimMs)} of simulated time, the most it may run`;
}

export function parseTaintSpec(s: string): Taint {
  const r = splitTaintSpec(s);
  if (r.ok) return r.taint;
  if (r.problem === 'bad-effect')
    throw new CommandError(`invalid taint effect: ${r.effect}, unsupported taint effect`);
  throw new CommandError(`invalid taint spec: ${s}, a taint is KEY[=VALUE]:EFFECT`);
}

function parseLabel(s: string): [string, string] {
  const eq = s.indexOf('=');
  if (eq <= 0) throw new CommandError(`invalid label "${s}": expected K=V`);
  return [s.slice(0, eq), s.slice(eq + 1)];
}

export function runSim(session: Session, argv: string[], out: Output): void {
  const [sub, ...rest] = argv;
  const sim = () => session.sim;
  switch (sub) {
    case 'cluster': {
      const a = parseArgs(rest, [{ name: 'nodes', type: 'int' }], 'sim cluster');
      const preset = a.positional[0];
      if (!preset || !isPreset(preset))
        throw new CommandError(`unknown preset "${preset ?? ''}"; one of: ${PRESETS.join(', ')}`);
      const n = flagString(a, 'nodes');
      const max = session.budget.maxNodes;
      if (n !== undefined && (Number(n) < 0 || Number(n) > max))
        throw new CommandError(
          `--nodes must be between 0 and ${max} (the most nodes ${session.budget.where} runs)`,
        );
      session.reset(preset, n === undefined ? undefined : Number(n));
      return;
    }
    case 'node': {
      const [verb, ...args] = rest;
      if (verb === 'add') {
        const a = parseArgs(args, NODE_ADD_FLAGS, 'sim node add');
        const name = a.positional[0];
        if (!name) throw new CommandError('sim node add needs a NAME');
        if (!isDNS1123Subdomain(name))
          throw new CommandError(`invalid node name "${name}": must be a lowercase RFC 1123 subdomain`);
        if (sim().store.get('Node', undefined, name)) throw new CommandError(`node "${name}" already exists`);
        const labels = Object.fromEntries(flagArray(a, 'label').map(parseLabel));
        const taints = flagArray(a, 'taint').map(parseTaintSpec);
        for (const q of ['cpu', 'memory', 'pods'] as const) {
          const v = flagString(a, q);
          if (v !== undefined && !isValidQuantity(v))
            throw new CommandError(`invalid --${q} "${v}": not a quantity`);
        }
        addNode(sim(), name, {
          labels,
          taints,
          cpu: flagString(a, 'cpu'),
          memory: flagString(a, 'memory'),
          pods: flagString(a, 'pods'),
          notReady: flagBool(a, 'not-ready'),
          noNetwork: flagBool(a, 'no-network'),
        });
        return;
      }
      if (verb === 'condition') {
        const a = parseArgs(args, [], 'sim node condition');
        const [name, cond] = a.positional;
        const m = /^([A-Za-z]+)=(True|False|Unknown)$/.exec(cond ?? '');
        if (!name || !m) throw new CommandError('usage: sim node condition NAME TYPE=True|False|Unknown');
        setNodeCondition(sim(), name, m[1], m[2] as 'True' | 'False' | 'Unknown');
        return;
      }
      throw new CommandError(`unknown command "sim node ${verb ?? ''}"; one of: add, condition`);
    }
    case 'pod': {
      const [verb, ...args] = rest;
      if (verb !== 'fail') throw new CommandError(`unknown command "sim pod ${verb ?? ''}"; one of: fail`);
      const a = parseArgs(args, [], 'sim pod fail');
      const name = a.positional[0];
      if (!name) throw new CommandError('usage: sim pod fail NAME [-n NAMESPACE]');
      failPod(sim(), flagString(a, 'namespace') ?? session.kubeconfig.namespace(), name);
      return;
    }
    case 'image':
      runSimImage(session, rest, out);
      return;
    case 'advance': {
      const d = rest[0];
      if (!d) throw new CommandError('usage: sim advance DURATION (500ms, 30s, 5m, 1h30m)');
      let ms: number;
      try {
        ms = parseDuration(d);
      } catch {
        throw new CommandError(`invalid duration "${d}" (examples: 500ms, 30s, 5m, 1h30m)`);
      }
      if (ms > session.remainingMs()) {
        const used = `${Math.round((session.sim.now() - session.startMs) / 3_600_000)}h`;
        throw new CommandError(
          `sim advance ${d}: a session runs at most ${formatBudgetHours(session.budget.maxSimMs)} of simulated time, and ${used} have run`,
        );
      }
      sim().advance(ms);
      return;
    }
    case 'step': {
      const n = rest[0] === undefined ? 1 : Number(rest[0]);
      if (!Number.isInteger(n) || n < 1) throw new CommandError(`invalid step count "${rest[0]}"`);
      if (n > session.budget.maxStepCount)
        throw new CommandError(`sim step runs at most ${session.budget.maxStepCount} work items at once`);
      for (let i = 0; i < n; i++) {
        const r = sim().step();
        if (!r) {
          out.println(
            sim().queue.peekTime() === undefined
              ? 'nothing to do: the cluster is quiet'
              : `warning: ${budgetSpent(session)}`,
          );
          break;
        }
        out.println(
          `[${session.clockLabel(r.time)}] ${r.controller} ${r.key} (${r.reason}): ${r.result || 'done'}`,
        );
      }
      return;
    }
    case 'settle': {
      const bounded = session.remainingMs() < TIMINGS.settleLimitMs;
      if (!sim().settle()) {
        out.println(
          bounded
            ? `warning: the cluster did not settle: ${budgetSpent(session)}`
            : 'warning: the cluster did not settle within 24h of simulated time',
        );
      }
      return;
    }
    case 'why': {
      const a = parseArgs(rest, [], 'sim why');
      const [node, ds] = a.positional;
      if (!node)
        throw new CommandError(
          'usage: sim why NODE [-n NAMESPACE] [DAEMONSET] | sim why pod/NAME [-n NAMESPACE]',
        );
      const ns = flagString(a, 'namespace');
      // pod/NAME (a node's name has no slash): the scheduler's filters and scores for that pod
      const slash = node.indexOf('/');
      if (slash >= 0) {
        const kind = node.slice(0, slash);
        const name = node.slice(slash + 1);
        if (!['pod', 'pods', 'po'].includes(kind) || !name || ds !== undefined)
          throw new CommandError(
            'usage: sim why NODE [-n NAMESPACE] [DAEMONSET] | sim why pod/NAME [-n NAMESPACE]',
          );
        out.out(formatWhyPod(whyPod(sim(), ns ?? session.kubeconfig.namespace(), name)));
        return;
      }
      // a DaemonSet named is looked up in -n or the context's namespace; without one, every namespace's
      out.out(formatWhy(why(sim(), node, ds ? (ns ?? session.kubeconfig.namespace()) : ns, ds), node));
      return;
    }
    default:
      throw new CommandError(
        `unknown command "sim ${sub ?? ''}"; one of: cluster, node, pod, image, advance, step, settle, why`,
      );
  }
}
