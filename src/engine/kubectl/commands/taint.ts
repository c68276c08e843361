// `kubectl taint nodes NAME k=v:Effect | k:Effect | k=v:Effect- | k:Effect- | k- ...`
// (pkg/cmd/taint/taint.go and utils.go: parseTaints, reorganizeTaints, checkIfTaintsAlreadyExists).

import { StatusError } from '../../api/errors';
import { clone } from '../../api/objects';
import { matches } from '../../api/labels';
import { builderLabelSelector } from './getListing';
import type { Node, Taint, TaintEffect } from '../../api/types';
import { labelValueError, qualifiedNameError } from '../../api/validation';
import { flagBool, flagString } from '../argv';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandDef } from '../types';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish } from './common';
import { printWritten } from './printObject';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';

export const MODIFIED = 'modified';
export const TAINTED = 'tainted';
export const UNTAINTED = 'untainted';

const EFFECTS: TaintEffect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

interface TaintSpec {
  key: string;
  value?: string;
  effect?: TaintEffect;
}

/** Taint.ToString */
export function taintToString(t: TaintSpec): string {
  if (!t.effect) return t.value ? `${t.key}=${t.value}:` : t.key;
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

function usage(msg: string): CommandError {
  return new CommandError(`${msg}\nSee 'kubectl taint -h' for help and examples`);
}

/** parseTaint: `<key>=<value>:<effect>`, `<key>:<effect>` or `<key>`. */
export function parseTaint(st: string): TaintSpec {
  const parts = st.split(':');
  let key: string;
  let value: string | undefined;
  let effect: TaintEffect | undefined;
  if (parts.length === 1) key = parts[0];
  else if (parts.length === 2) {
    if (!EFFECTS.includes(parts[1] as TaintEffect))
      throw usage(`invalid taint effect: ${parts[1]}, unsupported taint effect`);
    effect = parts[1] as TaintEffect;
    const kv = parts[0].split('=');
    if (kv.length > 2) throw usage(`invalid taint spec: ${st}`);
    key = kv[0];
    if (kv.length === 2) {
      value = kv[1];
      const ve = labelValueError(value);
      if (ve) throw usage(`invalid taint spec: ${st}, ${ve}`);
    }
  } else throw usage(`invalid taint spec: ${st}`);
  const ke = qualifiedNameError(key);
  if (ke) throw usage(`invalid taint spec: ${st}, ${ke}`);
  return { key, ...(value ? { value } : {}), ...(effect ? { effect } : {}) };
}

/** parseTaints: split into taints to add and taints to remove, validating as kubectl does. */
export function parseTaints(specs: string[]): { add: Taint[]; remove: TaintSpec[] } {
  const add: Taint[] = [];
  const remove: TaintSpec[] = [];
  const seen = new Set<string>();
  for (const s of specs) {
    if (s.endsWith('-')) {
      const t = parseTaint(s.slice(0, -1));
      remove.push({ key: t.key, ...(t.effect ? { effect: t.effect } : {}) });
      continue;
    }
    const t = parseTaint(s);
    if (!t.effect) throw usage(`invalid taint spec: ${s}`);
    const id = `${t.effect}\u0000${t.key}`;
    if (seen.has(id))
      throw usage(
        `duplicated taints with the same key and effect: {${t.key} ${t.value ?? ''} ${t.effect} <nil>}`,
      );
    seen.add(id);
    add.push(t as Taint);
  }
  return { add, remove };
}

const matchTaint = (a: TaintSpec, b: TaintSpec) => a.key === b.key && a.effect === b.effect;

/** reorganizeTaints: new taints first, then the old ones not replaced, minus the removed ones. */
export function reorganizeTaints(
  old: readonly Taint[],
  overwrite: boolean,
  toAdd: Taint[],
  toRemove: TaintSpec[],
): { operation: string; taints: Taint[]; errors: string[] } {
  let taints: Taint[] = [...toAdd];
  for (const o of old) if (!taints.some((t) => matchTaint(t, o))) taints.push(o);
  const added = old.length !== taints.length;
  const errors: string[] = [];
  let deleted = false;
  for (const r of toRemove) {
    const before = taints.length;
    taints = r.effect ? taints.filter((t) => !matchTaint(r, t)) : taints.filter((t) => t.key !== r.key);
    deleted = taints.length !== before;
    if (!deleted) errors.push(`taint "${taintToString(r)}" not found`);
  }
  const operation = (added && deleted) || overwrite ? MODIFIED : added ? TAINTED : UNTAINTED;
  return { operation, taints, errors };
}

export const taintCommand: CommandDef = {
  name: 'taint',
  // kubectl's validArgs: node
  validArgs: ['Node'],
  short: 'Update the taints on one or more nodes',
  usage: 'kubectl taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N',
  flags: [
    {
      name: 'overwrite',
      type: 'bool',
      usage:
        'If true, allow taints to be overwritten, otherwise reject taint updates that overwrite existing taints.',
    },
    { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on.' },
    { name: 'all', type: 'bool', usage: 'Select all nodes in the cluster' },
    ...OBJECT_PRINT_FLAGS,
    DRY_RUN_FLAG,
  ],
  run(ctx) {
    const resources: string[] = [];
    const taintArgs: string[] = [];
    for (const s of ctx.args.positional) {
      const isTaint = s.includes('=') || s.includes(':') || s.endsWith('-');
      if (isTaint) taintArgs.push(s);
      else if (taintArgs.length)
        throw new CommandError(`all resources must be specified before taint changes: ${s}`);
      else resources.push(s);
    }
    if (resources.length < 1)
      throw new CommandError('one or more resources must be specified as <resource> <name>');
    if (taintArgs.length < 1) throw new CommandError('at least one taint update is required');
    const { add, remove } = parseTaints(taintArgs);
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    const overwrite = flagBool(ctx.args, 'overwrite');
    const conflicts: string[] = [];
    for (const a of add) {
      for (const r of remove) {
        if (a.key === r.key && (!r.effect || a.effect === r.effect))
          conflicts.push(`{"${r.key}":"${r.effect ?? ''}"}`);
      }
    }
    if (conflicts.length)
      throw new CommandError(
        `can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`,
      );
    const selector = flagString(ctx.args, 'selector');
    const all = flagBool(ctx.args, 'all');
    if (all && selector)
      throw new CommandError("setting 'all' parameter with a non empty selector is prohibited");
    const requests = parseResourceArgs(resources, 'taint');
    if (requests.some((r) => r.kind !== 'Node'))
      throw new CommandError(`invalid resource type ${resources[0]}, only node types are supported`);
    let names = requests.flatMap((r) => r.names);
    if (!all && !selector && names.length === 0) {
      throw new CommandError("at least one resource name must be specified since 'all' parameter is not set");
    }
    if (all || selector) {
      const sel = selector ? builderLabelSelector('Node', selector) : [];
      names = ctx.sim.store
        .list('Node')
        .filter((n) => matches(sel, n.metadata.labels))
        .map((n) => n.metadata.name);
    }
    const errs: unknown[] = [];
    for (const name of names) {
      try {
        const node = ctx.sim.store.mustGet('Node', undefined, name);
        const old = node.spec?.taints ?? [];
        if (!overwrite) {
          const exists = add
            .filter((t) => old.some((o) => o.key === t.key && o.effect === t.effect))
            .map((t) => t.key);
          if (exists.length)
            throw new CommandError(
              `node ${name} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false`,
            );
        }
        const r = reorganizeTaints(old, overwrite, add, remove);
        if (r.errors.length)
          throw new CommandError(r.errors.length === 1 ? r.errors[0] : `[${r.errors.join(', ')}]`);
        const next = clone(node) as Node;
        next.spec = { ...next.spec };
        if (r.taints.length) next.spec.taints = r.taints;
        else delete next.spec.taints;
        const written =
          dry !== 'client'
            ? ctx.sim.store.update(next, { dryRun: dry === 'server', fieldManager: 'kubectl-taint' })
            : next;
        printWritten(ctx, 'Node', written, `${r.operation}${dryRunSuffix(dry)}`);
      } catch (e) {
        if (!(e instanceof StatusError) && !(e instanceof CommandError)) throw e;
        errs.push(e);
      }
    }
    finish(errs);
  },
};
