// `kubectl label` and `kubectl annotate` (pkg/cmd/label/label.go, pkg/cmd/annotate/annotate.go):
// TYPE NAME / TYPE/NAME / --all / -l, then `k=v` and `k-` pairs; --overwrite; --record.

import { StatusError } from '../../api/errors';
import { builderTargets } from './builderTargets';
import { clone } from '../../api/objects';
import { hasOwn, ownSet } from '../../api/own';
import { type Kind, type KObject, type Labels } from '../../api/types';
import { labelValueError } from '../../api/validation';
import { flagBool, flagString } from '../argv';
import {
  CHANGE_CAUSE_ANNOTATION,
  changeCause,
  RECORD_FLAG,
  shouldRecord,
  withChangeCause,
} from '../changeCause';
import { CommandError, type CommandContext, type CommandDef, type FlagSpec } from '../types';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish, resourcesAndPairs } from './common';
import { printWritten } from './printObject';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';

interface Pairs {
  set: [string, string][];
  remove: string[];
}

/** label's parseLabels. */
export function parseLabels(spec: string[]): Pairs {
  const set: [string, string][] = [];
  const remove: string[] = [];
  for (const s of spec) {
    if (s.includes('=')) {
      const parts = s.split('=');
      if (parts.length !== 2) throw new CommandError(`invalid label spec: ${s}`);
      const ve = labelValueError(parts[1]);
      if (ve) throw new CommandError(`invalid label value: ${JSON.stringify(s)}: ${ve}`);
      set.push([parts[0], parts[1]]);
    } else if (s.endsWith('-')) remove.push(s.slice(0, -1));
    else throw new CommandError(`unknown label spec: ${s}`);
  }
  if (remove.some((r) => set.some(([k]) => k === r)))
    throw new CommandError('can not both modify and remove a label in the same command');
  return { set, remove };
}

/** cmdutil.ParsePairs(…, "annotation", true) plus annotate's conflict check. */
export function parseAnnotations(spec: string[]): Pairs {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const s of spec) {
    if (s.includes('=') && s[0] !== '=') {
      const i = s.indexOf('=');
      set.push([s.slice(0, i), s.slice(i + 1)]);
    } else if (s.endsWith('-') && s !== '-') remove.push(s.slice(0, -1));
    else invalid.push(s);
  }
  if (invalid.length) throw new CommandError(`invalid annotation format: ${invalid.join(', ')}`);
  const both = remove.filter((r) => set.some(([k]) => k === r));
  if (both.length)
    throw new CommandError(
      `can not both modify and remove the following annotation(s) in the same command: ${both.join(', ')}`,
    );
  return { set, remove };
}

/** updateDataChangeMsg */
function labelChangeMsg(oldL: Labels, newL: Labels): string {
  let labeled = false;
  let unlabeled = false;
  for (const [k, v] of Object.entries(oldL)) {
    if (!hasOwn(newL, k)) unlabeled = true;
    else if (newL[k] !== v) labeled = true;
  }
  for (const k of Object.keys(newL)) if (!hasOwn(oldL, k)) labeled = true;
  if (labeled && unlabeled) return 'label(s) changed';
  if (labeled) return 'labeled';
  if (unlabeled) return 'unlabeled';
  return 'not labeled';
}

/** The objects named by TYPE NAME…, TYPE/NAME…, or TYPE with --all or -l (the builder's ResourceTypeOrNameArgs). */
export function targets(
  ctx: CommandContext,
  resources: string[],
  verb: string,
): { kind: Kind; obj: KObject }[] {
  const all = flagBool(ctx.args, 'all');
  const selector = flagString(ctx.args, 'selector');
  if (all && selector) throw new CommandError('cannot set --all and --selector at the same time');
  const { found, errs } = builderTargets(ctx, resources, verb, { allowEmptySelector: all, selector });
  finish(errs);
  return found;
}

type Mode = 'label' | 'annotate';

function run(ctx: CommandContext, mode: Mode): void {
  const { resources, pairs } = resourcesAndPairs(
    ctx.args.positional,
    mode === 'label' ? 'label' : 'annotation',
  );
  const parsed = mode === 'label' ? parseLabels(pairs) : parseAnnotations(pairs);
  if (resources.length < 1)
    throw new CommandError(
      'one or more resources must be specified as <resource> <name> or <resource>/<name>',
    );
  if (parsed.set.length < 1 && parsed.remove.length < 1) {
    throw new CommandError(`at least one ${mode === 'label' ? 'label' : 'annotation'} update is required`);
  }
  const dry = dryRunStrategy(ctx);
  resolvePrinter(ctx);
  const overwrite = flagBool(ctx.args, 'overwrite');
  const cause = shouldRecord(ctx) ? changeCause(ctx, mode) : undefined;
  const errs: unknown[] = [];
  const list = targets(ctx, resources, mode);
  if (list.length === 0) ctx.out.eprintln(`No resources found in ${ctx.namespace} namespace.`);
  for (const { kind, obj } of list) {
    const field = mode === 'label' ? 'labels' : 'annotations';
    const current: Labels = { ...obj.metadata[field] };
    try {
      if (!overwrite) {
        const clash = parsed.set.filter(
          ([k, v]) =>
            (mode === 'label' || k !== CHANGE_CAUSE_ANNOTATION) && hasOwn(current, k) && current[k] !== v,
        );
        if (clash.length && mode === 'label') {
          const msgs = clash.map(
            ([k]) => `'${k}' already has a value (${current[k]}), and --overwrite is false`,
          );
          throw new CommandError(msgs.length === 1 ? msgs[0] : `[${msgs.join(', ')}]`);
        }
        if (clash.length) {
          throw new CommandError(
            `--overwrite is false but found the following declared annotation(s): ${clash.map(([k]) => `'${k}' already has a value (${current[k]})`).join('; ')}`,
          );
        }
      }
      if (mode === 'label' && dry !== 'client') {
        for (const r of parsed.remove)
          if (!hasOwn(current, r)) ctx.out.println(`label ${JSON.stringify(r)} not found.`);
      }
      const next: Labels = { ...current };
      for (const [k, v] of parsed.set) ownSet(next, k, v);
      for (const r of parsed.remove) delete next[r];
      let updated = clone(obj);
      updated.metadata = { ...updated.metadata, [field]: next };
      if (cause) updated = withChangeCause(updated, cause);
      const written =
        dry !== 'client'
          ? ctx.sim.store.update(updated, { dryRun: dry === 'server', fieldManager: `kubectl-${mode}` })
          : updated;
      const op = mode === 'label' ? labelChangeMsg(current, next) : 'annotated';
      printWritten(ctx, kind, written, `${op}${dryRunSuffix(dry)}`);
    } catch (e) {
      if (!(e instanceof StatusError) && !(e instanceof CommandError)) throw e;
      errs.push(e);
    }
  }
  finish(errs);
}

const COMMON_FLAGS: FlagSpec[] = [
  { name: 'overwrite', type: 'bool', usage: 'If true, allow existing values to be overwritten.' },
  {
    name: 'all',
    type: 'bool',
    usage: 'Select all resources, in the namespace of the specified resource types',
  },
  { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on.' },
  DRY_RUN_FLAG,
  RECORD_FLAG,
  ...OBJECT_PRINT_FLAGS,
];

export const labelCommand: CommandDef = {
  name: 'label',
  short: 'Update the labels on a resource',
  usage: 'kubectl label [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N',
  flags: COMMON_FLAGS,
  run: (ctx) => run(ctx, 'label'),
};

export const annotateCommand: CommandDef = {
  name: 'annotate',
  short: 'Update the annotations on a resource',
  usage: 'kubectl annotate [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N',
  flags: COMMON_FLAGS,
  run: (ctx) => run(ctx, 'annotate'),
};
