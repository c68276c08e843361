// `kubectl create poddisruptionbudget|pdb NAME --selector=SELECTOR --min-available=N|--max-unavailable=N`
// (pkg/cmd/create/create_pdb.go): the flags checked as kubectl checks them, then a policy/v1
// PodDisruptionBudget created (or only printed with --dry-run=client).

import { StatusError } from '../../api/errors';
import { parseSelector, SelectorParseError, type Selector } from '../../api/labels';
import type { LabelSelector, PodDisruptionBudget } from '../../api/types';
import { flagString } from '../argv';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';
import { CommandError, type CommandDef } from '../types';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, VALIDATE_FLAG } from './common';
import { printWritten } from './printObject';

/** 10, 20, 30%, 50% — not 10Pa, 20.5%, -10, -20% */
const COUNT_OR_PERCENT = /^\d+%?$/;

/** metav1.ParseToLabelSelector: `k=v` into matchLabels, every other requirement into matchExpressions. */
export function parseToLabelSelector(text: string): LabelSelector {
  const sel: LabelSelector = {};
  let requirements: Selector;
  try {
    requirements = parseSelector(text);
  } catch (e) {
    if (!(e instanceof SelectorParseError)) throw e;
    throw new CommandError(`couldn't parse the selector string "${text}": ${e.message}`);
  }
  for (const r of requirements) {
    if (r.operator === '=') {
      sel.matchLabels = { ...sel.matchLabels, [r.key]: r.values[0] };
      continue;
    }
    // a `!=` requirement has no LabelSelector operator (metav1.ParseToLabelSelector's default case)
    if (r.operator === '!=') throw new CommandError(`"!=" is not a valid label selector operator`);
    // selection.GreaterThan and LessThan are refused by a case of their own ("deliberate")
    if (r.operator === 'Gt' || r.operator === 'Lt')
      throw new CommandError(`"${r.operator.toLowerCase()}" isn't supported in label selectors`);
    const operator = r.operator;
    sel.matchExpressions = [
      ...(sel.matchExpressions ?? []),
      { key: r.key, operator, ...(r.values.length ? { values: [...r.values] } : {}) },
    ];
  }
  return sel;
}

/** intstr.Parse: digits are an int, anything else a string. */
function intstrParse(v: string): number | string {
  return /^\d+$/.test(v) && Number(v) <= 2 ** 31 - 1 ? Number(v) : v;
}

export const createPdbCommand: CommandDef = {
  name: 'create poddisruptionbudget',
  aliases: ['pdb'],
  short: 'Create a pod disruption budget with the specified name',
  usage:
    'kubectl create poddisruptionbudget NAME --selector=SELECTOR --min-available=N [--dry-run=server|client|none] [options]',
  flags: [
    DRY_RUN_FLAG,
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-create',
      usage: 'Name of the manager used to track field ownership.',
    },
    {
      name: 'max-unavailable',
      type: 'string',
      usage: 'The maximum number or percentage of unavailable pods this budget requires.',
    },
    {
      name: 'min-available',
      type: 'string',
      usage: 'The minimum number or percentage of available pods this budget requires.',
    },
    {
      name: 'save-config',
      type: 'bool',
      usage:
        'If true, the configuration of current object will be saved in its annotation. Otherwise, the annotation will be unchanged. This flag is useful when you want to perform kubectl apply on this object in the future.',
    },
    {
      name: 'selector',
      type: 'string',
      usage:
        'A label selector to use for this budget. Only equality-based selector requirements are supported.',
    },
    VALIDATE_FLAG,
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    const names = ctx.args.positional;
    if (names.length !== 1)
      throw new CommandError(
        `exactly one NAME is required, got ${names.length}\nSee 'kubectl create poddisruptionbudget -h' for help and examples`,
      );
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    // PodDisruptionBudgetOpts.Validate
    const selector = flagString(ctx.args, 'selector') ?? '';
    const minAvailable = flagString(ctx.args, 'min-available') ?? '';
    const maxUnavailable = flagString(ctx.args, 'max-unavailable') ?? '';
    if (!selector) throw new CommandError('a selector must be specified');
    if (!minAvailable && !maxUnavailable)
      throw new CommandError('one of min-available or max-unavailable must be specified');
    if (minAvailable && maxUnavailable)
      throw new CommandError('min-available and max-unavailable cannot be both specified');
    if (minAvailable && !COUNT_OR_PERCENT.test(minAvailable))
      throw new CommandError('invalid format specified for min-available');
    if (maxUnavailable && !COUNT_OR_PERCENT.test(maxUnavailable))
      throw new CommandError('invalid format specified for max-unavailable');
    const labelSelector = parseToLabelSelector(selector);
    const metadata: Record<string, unknown> = { name: names[0] };
    if (ctx.args.flags.has('namespace')) metadata.namespace = ctx.namespace;
    const pdb = {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata,
      spec: {
        ...(minAvailable ? { minAvailable: intstrParse(minAvailable) } : {}),
        selector: labelSelector,
        ...(maxUnavailable ? { maxUnavailable: intstrParse(maxUnavailable) } : {}),
      },
      status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 },
    } as unknown as PodDisruptionBudget;
    let created: PodDisruptionBudget = pdb;
    try {
      if (dry !== 'client')
        created = ctx.sim.store.create(
          { ...pdb, metadata: { ...pdb.metadata, namespace: ctx.namespace } },
          {
            dryRun: dry === 'server',
            fieldManager: flagString(ctx.args, 'field-manager') ?? 'kubectl-create',
          },
        ) as PodDisruptionBudget;
    } catch (e) {
      // the generator wraps the server's error: "failed to create poddisruptionbudgets: …"
      if (e instanceof StatusError)
        throw new CommandError(`failed to create poddisruptionbudgets: ${e.message}`);
      throw e;
    }
    printWritten(ctx, 'PodDisruptionBudget', created, `created${dryRunSuffix(dry)}`);
  },
};
