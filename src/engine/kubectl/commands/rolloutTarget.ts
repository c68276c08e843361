// Resolving the one resource a `rollout` subcommand works on (`ds/x`, `daemonset x`, `daemonsets.apps/x`).

import { controllerRef } from '../../api/podutil';
import { fromLabelSelector, matches } from '../../api/labels';
import type { ControllerRevision, DaemonSet, Kind } from '../../api/types';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext } from '../types';
import { nsFor } from './common';

export interface RolloutTarget {
  kind: Kind;
  name: string;
}

/** Every `TYPE NAME` / `TYPE/NAME` given (names required). */
export function rolloutTargets(ctx: CommandContext): RolloutTarget[] {
  if (ctx.args.positional.length === 0) throw new CommandError('required resource not specified');
  const out: RolloutTarget[] = [];
  for (const { kind, names } of parseResourceArgs(ctx.args.positional, 'rollout')) {
    if (names.length === 0) throw new CommandError('resource(s) were provided, but no name was specified');
    for (const name of names) out.push({ kind, name });
  }
  return out;
}

export function getDaemonSet(ctx: CommandContext, name: string): DaemonSet {
  return ctx.sim.store.mustGet('DaemonSet', nsFor(ctx, 'DaemonSet'), name);
}

/** polymorphichelpers controlledHistories: CRs matching the selector and controlled by the DS. */
export function daemonSetHistory(ctx: CommandContext, ds: DaemonSet): ControllerRevision[] {
  const sel = fromLabelSelector(ds.spec.selector);
  if (!sel) return [];
  return ctx.sim.store
    .list('ControllerRevision', ds.metadata.namespace)
    .filter((cr) => matches(sel, cr.metadata.labels) && controllerRef(cr)?.uid === ds.metadata.uid);
}
