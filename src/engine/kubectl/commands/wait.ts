// `kubectl wait` (kubectl/pkg/cmd/wait: wait.go, condition.go, delete.go, create.go, json.go):
// --for=condition=NAME[=VALUE] (status.conditions, case-folded, observedGeneration respected),
// --for=delete, --for=create, --for=jsonpath='{…}'[=VALUE]; TYPE/NAME, TYPE NAME…, -l, --all, -A,
// -f. Each resource is waited for in turn, up to --timeout (default 30s; 0 checks once; negative
// waits a week) of simulated time — the simulation runs while kubectl waits. `pod/x condition met`
// when it holds, `timed out waiting for the condition on pods/x` when it does not (--for=create
// waits for all the named objects at once, and its timeout names none: RunWait).

import { notFound, StatusError } from '../../api/errors';
import { SelectorParseError } from '../../api/labels';
import { kindGroup, NAMESPACED, RESOURCE, type Kind, type KObject } from '../../api/types';
import { parseDuration } from '../../clock';
import { flagArray, flagBool, flagString } from '../argv';
import { loadManifests } from '../manifests';
import { relaxedJSONPathExpression } from '../printers/customColumns';
import { goV, isMap, toUnstructured } from '../printers/goValue';
import { JSONPath, plainValue } from '../printers/jsonpath';
import { OBJECT_PRINT_FLAGS, PrintError, resolvePrinter, type Printer } from '../printers/printFlags';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { FILENAME_FLAG, finish, formatSingleError } from './common';
import { objectFilter } from './getListing';

const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The test one object must pass, or a failure that stops the wait. */
type Check = (obj: KObject | undefined) => boolean;

interface Condition {
  mode: 'delete' | 'create' | 'check';
  check: Check;
}

/** splitJSONPathInput: `{.a.b}=value` → [`{.a.b}`, `value`]. */
function splitJSONPathInput(input: string): string[] {
  const close = input.lastIndexOf('}');
  const at = close >= 0 ? input.indexOf('=', close) : input.indexOf('=');
  return at < 0 ? [input] : [input.slice(0, at), input.slice(at + 1)];
}

/** conditionFuncFor. */
export function conditionFor(condition: string): Condition {
  const lower = condition.toLowerCase();
  if (lower === 'delete') return { mode: 'delete', check: (o) => o === undefined };
  if (lower === 'create') return { mode: 'create', check: (o) => o !== undefined };
  if (condition.startsWith('condition=')) {
    let name = lower.slice('condition='.length);
    let value = 'true';
    const eq = name.indexOf('=');
    if (eq >= 0) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    }
    return {
      mode: 'check',
      check: (o) => {
        const conds = (o?.status as { conditions?: unknown } | undefined)?.conditions;
        if (!Array.isArray(conds)) return false;
        for (const c of conds as Record<string, unknown>[]) {
          if (typeof c.type !== 'string' || c.type.toLowerCase() !== name) continue;
          if (typeof c.status !== 'string') continue;
          const gen = o?.metadata.generation;
          const observed =
            typeof c.observedGeneration === 'number'
              ? c.observedGeneration
              : (o?.status as { observedGeneration?: number } | undefined)?.observedGeneration;
          if (gen !== undefined && observed !== undefined && observed < gen) return false;
          return c.status.toLowerCase() === value;
        }
        return false;
      },
    };
  }
  if (condition.startsWith('jsonpath=')) {
    const parts = splitJSONPathInput(condition.slice('jsonpath='.length));
    if (parts.length < 1 || parts.length > 2) {
      throw new CommandError(
        "jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'",
      );
    }
    let expr: string;
    try {
      expr = relaxedJSONPathExpression(parts[0]);
    } catch (e) {
      throw new CommandError((e as Error).message);
    }
    if (expr === '') throw new CommandError('jsonpath expression cannot be empty');
    const j = new JSONPath({ allowMissingKeys: true });
    try {
      j.parse(expr);
    } catch (e) {
      throw new CommandError((e as Error).message);
    }
    const want = parts.length === 2 ? parts[1].replace(/^['"]+|['"]+$/g, '') : undefined;
    return {
      mode: 'check',
      check: (o) => {
        if (!o) return false;
        const results = j.findResults(toUnstructured(o));
        if (results.length === 0 || results[0].length === 0) return false;
        if (results.length > 1)
          throw new CommandError('given jsonpath expression matches more than one list');
        if (results[0].length > 1)
          throw new CommandError('given jsonpath expression matches more than one value');
        if (want === undefined) return true;
        const v = plainValue(results[0][0]);
        if (Array.isArray(v) || isMap(v))
          throw new CommandError('jsonpath leads to a nested object or list which is not supported');
        return goV(v).trim() === want.trim();
      },
    };
  }
  throw new CommandError(`unrecognized condition: ${JSON.stringify(condition)}`);
}

interface Target {
  kind: Kind;
  namespace?: string;
  name: string;
}

function timeoutMs(ctx: CommandContext): number {
  const v = flagString(ctx.args, 'timeout') ?? '30s';
  let ms: number;
  try {
    ms = v.startsWith('-') ? -parseDuration(v.slice(1)) : v === '0' ? 0 : parseDuration(v);
  } catch {
    throw new CommandError(
      `invalid argument ${JSON.stringify(v)} for "--timeout" flag: time: invalid duration ${JSON.stringify(v)}\nSee 'kubectl wait --help' for usage.`,
    );
  }
  return ms < 0 ? WEEK_MS : ms;
}

function targets(ctx: CommandContext, mode: Condition['mode'], errs: unknown[]): Target[] {
  const files = flagArray(ctx.args, 'filename');
  const all = flagBool(ctx.args, 'all');
  const allNs = flagBool(ctx.args, 'all-namespaces');
  const selector = flagString(ctx.args, 'selector');
  const out: Target[] = [];
  if (files.length > 0) {
    for (const e of loadManifests(ctx, files)) {
      if (e.error || !e.obj || !e.kind) errs.push(e.error);
      else
        out.push({
          kind: e.kind,
          namespace: NAMESPACED[e.kind] ? (e.obj.metadata.namespace ?? ctx.namespace) : undefined,
          name: e.obj.metadata.name,
        });
    }
    return out;
  }
  if (ctx.args.positional.length === 0) throw new CommandError(NO_RESOURCES);
  for (const { kind, names } of parseResourceArgs(ctx.args.positional, 'wait')) {
    const ns = NAMESPACED[kind] ? ctx.namespace : undefined;
    if (names.length > 0) {
      for (const name of names) {
        if (mode !== 'create' && !ctx.sim.store.get(kind, ns, name)) {
          if (mode !== 'delete') errs.push(notFound(kind, name));
          continue;
        }
        out.push({ kind, namespace: ns, name });
      }
      continue;
    }
    const fieldSelector = flagString(ctx.args, 'field-selector');
    if (!all && selector === undefined && fieldSelector === undefined)
      throw new CommandError('resource(s) were provided, but no name was specified');
    let keep: (o: KObject) => boolean;
    try {
      keep = objectFilter(kind, { allNamespaces: allNs, labelSelector: selector, fieldSelector });
    } catch (e) {
      if (e instanceof SelectorParseError) throw new CommandError(e.message);
      throw e;
    }
    for (const o of ctx.sim.store.list(kind, NAMESPACED[kind] && !allNs ? ns : undefined)) {
      if (keep(o)) out.push({ kind, namespace: o.metadata.namespace, name: o.metadata.name });
    }
  }
  return out;
}

function printMet(ctx: CommandContext, printer: Printer, t: Target, obj: KObject | undefined): void {
  if (printer.kind === 'generic' && obj) {
    try {
      ctx.out.out(printer.print(obj));
    } catch (e) {
      if (!(e instanceof PrintError)) throw e;
      throw new CommandError(formatSingleError(e), 1, true);
    }
    return;
  }
  ctx.out.println(`${kindGroup(t.kind)}/${t.name}${printer.kind === 'name' ? '' : ' condition met'}`);
}

/** Runs the simulation until `done` holds (true) or `ms` of simulated time pass (false, the clock at the deadline). */
function stepUntilOr(ctx: CommandContext, done: () => boolean, ms: number): boolean {
  const sim = ctx.sim;
  const deadline = sim.now() + ms;
  while (!done()) {
    const next = sim.nextAt();
    if (next === undefined || next > deadline) {
      if (sim.now() < deadline) sim.advance(deadline - sim.now());
      return false;
    }
    sim.step();
  }
  return true;
}

/** Runs the simulation until `cond` holds for the target or `ms` of simulated time pass. */
function waitFor(ctx: CommandContext, t: Target, cond: Condition, ms: number): KObject | undefined | null {
  const sim = ctx.sim;
  const get = () => sim.store.get(t.kind, t.namespace, t.name);
  let last = get();
  if (cond.check(last)) return last;
  const deadline = sim.now() + ms;
  for (;;) {
    const next = sim.nextAt();
    if (next === undefined || next > deadline) {
      if (sim.now() < deadline) sim.advance(deadline - sim.now());
      return null;
    }
    sim.step();
    const cur = get();
    if (cond.check(cur)) return cur ?? last;
    if (cur) last = cur;
  }
}

function run(ctx: CommandContext): void {
  const printer = resolvePrinter(ctx);
  const cond = conditionFor(flagString(ctx.args, 'for') ?? '');
  const ms = timeoutMs(ctx);
  const errs: unknown[] = [];
  const list = targets(ctx, cond.mode, errs);
  // --for=create first polls until every named object exists (RunWait); its timeout names none.
  if (
    cond.mode === 'create' &&
    !stepUntilOr(
      ctx,
      () => list.every((t) => ctx.sim.store.get(t.kind, t.namespace, t.name) !== undefined),
      ms,
    )
  ) {
    throw new CommandError('timed out waiting for the condition');
  }
  for (const t of list) {
    try {
      const obj = waitFor(ctx, t, cond, ms);
      if (obj === null) {
        errs.push(
          new CommandError(`timed out waiting for the condition on ${RESOURCE[t.kind].plural}/${t.name}`),
        );
        continue;
      }
      printMet(ctx, printer, t, obj);
    } catch (e) {
      if (!(e instanceof CommandError) && !(e instanceof StatusError)) throw e;
      errs.push(e);
    }
  }
  if (list.length === 0 && errs.length === 0 && cond.mode !== 'delete')
    throw new CommandError('no matching resources found');
  finish(errs);
}

export const waitCommand: CommandDef = {
  name: 'wait',
  short: 'Experimental: Wait for a specific condition on one or many resources',
  usage:
    "kubectl wait ([-f FILENAME] | resource.group/resource.name | resource.group [(-l label | --all)]) [--for=create|--for=delete|--for condition=available|--for=jsonpath='{}'[=value]] [options]",
  flags: [
    {
      name: 'all',
      type: 'bool',
      usage: 'Select all resources in the namespace of the specified resource types',
    },
    {
      name: 'all-namespaces',
      short: 'A',
      type: 'bool',
      usage:
        'If present, list the requested object(s) across all namespaces. Namespace in current context is ignored even if specified with --namespace.',
    },
    {
      name: 'field-selector',
      type: 'string',
      usage:
        "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type.",
    },
    { ...FILENAME_FLAG, usage: 'identifying the resource.' },
    {
      name: 'for',
      type: 'string',
      usage:
        "The condition to wait on: [create|delete|condition=condition-name[=condition-value]|jsonpath='{JSONPath expression}'=[JSONPath value]]. The default condition-value is true. Condition values are compared after Unicode simple case folding, which is a more general form of case-insensitivity.",
    },
    {
      name: 'local',
      type: 'bool',
      usage: 'If true, annotation will NOT contact api-server but run locally.',
    },
    ...OBJECT_PRINT_FLAGS,
    {
      name: 'recursive',
      short: 'R',
      type: 'bool',
      default: 'true',
      usage:
        'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.',
    },
    {
      name: 'selector',
      short: 'l',
      type: 'string',
      usage:
        "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2)",
    },
    {
      name: 'timeout',
      type: 'duration',
      default: '30s',
      usage:
        "The length of time to wait before giving up. Zero means check once and don't wait, negative means wait for a week.",
    },
  ],
  run,
};
