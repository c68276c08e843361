// `kubectl describe`: the kind-specific describers (pod, node, daemonset, namespace), the generic
// one for the rest (controllerrevision, event), name-prefix matching for `TYPE NAME` when no
// object has exactly that name, descriptions separated by a blank line.

import { pushAll } from '../../api/objects';
import { kubectlErrorText, type StatusError } from '../../api/errors';
import type {
  DaemonSet,
  Deployment,
  Kind,
  KObject,
  Namespace,
  Node,
  Pod,
  PodDisruptionBudget,
  PriorityClass,
  ReplicaSet,
} from '../../api/types';
import { NAMESPACED } from '../../api/types';
import type { Simulation } from '../../simulation';
import { flagBool, flagString } from '../argv';
import { tabbedString } from '../printers/describe';
import { describeDaemonSet } from '../printers/describeDaemonSet';
import { describeDeployment, describeReplicaSet } from '../printers/describeDeployment';
import { describeGeneric } from '../printers/describeGeneric';
import { describeNode } from '../printers/describeNode';
import { describePod } from '../printers/describePod';
import { describePodDisruptionBudget } from '../printers/describePdb';
import { describePriorityClass } from '../printers/describePriorityClass';
import { PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from '../printers/prefixWriter';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { fetchObjects } from './getListing';

function describeNamespace(ns: Namespace): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${ns.metadata.name}\n`);
  printLabelsMultiline(w, 'Labels', ns.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ns.metadata.annotations);
  w.write(0, `Status:\t${ns.status?.phase ?? 'Active'}\n`);
  w.write(0, '\nNo resource quota.\n');
  w.write(0, '\nNo LimitRange resource.\n');
  return tabbedString(w.toString());
}

/** The describer kubectl picks for a kind (DescriberFor, else the generic describer). */
export function describeObject(sim: Simulation, obj: KObject): string {
  switch (obj.kind as Kind) {
    case 'Pod':
      return describePod(sim, obj as Pod);
    case 'Node':
      return describeNode(sim, obj as Node);
    case 'DaemonSet':
      return describeDaemonSet(sim, obj as DaemonSet);
    case 'Deployment':
      return describeDeployment(sim, obj as Deployment);
    case 'ReplicaSet':
      return describeReplicaSet(sim, obj as ReplicaSet);
    case 'Namespace':
      return describeNamespace(obj as Namespace);
    case 'PodDisruptionBudget':
      return describePodDisruptionBudget(sim, obj as PodDisruptionBudget);
    case 'PriorityClass':
      return describePriorityClass(sim, obj as PriorityClass);
    default:
      return describeGeneric(sim, obj);
  }
}

function run(ctx: CommandContext): void {
  const args = ctx.args;
  if (args.positional.length === 0) {
    throw new CommandError(
      'You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.',
    );
  }
  const allNamespaces = flagBool(args, 'all-namespaces');
  const requests = parseResourceArgs(args.positional, 'describe');
  const fetch = { allNamespaces, labelSelector: flagString(args, 'selector') };
  const objs: KObject[] = [];
  const errors: StatusError[] = [];
  for (const req of requests) {
    const r = fetchObjects(ctx, req, fetch);
    pushAll(objs, r.objects);
    pushAll(errors, r.errors);
  }
  // `describe TYPE NAME` with no exact match describes every object whose name starts with NAME.
  const typeName =
    args.positional.length === 2 && !args.positional[0].includes('/') && !args.positional[0].includes(',');
  if (typeName && objs.length === 0 && errors.length === 1 && errors[0].reason === 'NotFound') {
    const kind = requests[0].kind;
    const prefix = args.positional[1];
    const matches = ctx.sim.store
      .list(kind, NAMESPACED[kind] ? ctx.namespace : undefined)
      .filter((o) => o.metadata.name.startsWith(prefix));
    if (matches.length === 0) throw errors[0];
    for (const o of matches) ctx.out.out(`${describeObject(ctx.sim, o)}\n`);
    return;
  }
  objs.forEach((o, i) =>
    ctx.out.out(i === 0 ? describeObject(ctx.sim, o) : `\n\n${describeObject(ctx.sim, o)}`),
  );
  if (objs.length === 0 && errors.length === 0) {
    ctx.out.eprintln(
      allNamespaces ? 'No resources found' : `No resources found in ${ctx.namespace} namespace.`,
    );
  }
  if (errors.length > 0) {
    for (const e of errors) ctx.out.eprintln(kubectlErrorText(e));
    throw new CommandError('', 1, true);
  }
}

export const describeCommand: CommandDef = {
  name: 'describe',
  short: 'Show details of a specific resource or group of resources',
  usage: 'kubectl describe (-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME)',
  flags: [
    {
      name: 'selector',
      short: 'l',
      type: 'string',
      usage: "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.",
    },
    {
      name: 'all-namespaces',
      short: 'A',
      type: 'bool',
      usage: 'If present, list the requested object(s) across all namespaces.',
    },
    {
      name: 'show-events',
      type: 'bool',
      default: 'true',
      usage: 'If true, display events related to the described object.',
    },
  ],
  run,
};
